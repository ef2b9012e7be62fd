/*
 * What the comparison backends share: the ML-KEM implementations built from
 * the pinned public sources of scripts/anchors.list (backends oqs,
 * mlkem-native-c, mlkem-native-avx2, pqcrystals-ref, pqcrystals-avx2).
 *
 * A backend is always built and listed.  Its backend.cmake compiles the
 * anchor's code and defines CB_ANCHOR_BUILT for the adapter only when
 * ${CB_ANCHORS_DIR}/<anchor> exists (`make anchors`); otherwise each class
 * says "not built (make anchors)" and its functions are stubs, so that the
 * list shows what could be compared and how to get it.
 *
 * An adapter gives each parameter set's FIPS 203 functions in a
 * cb_anchor_level (below):
 *
 *   keypair_derand(ek, dk, d || z)   KeyGen_internal
 *   enc_derand(ct, ss, ek, m)        Encaps_internal, with the 7.2 check
 *                                    where the implementation has it
 *   dec(ss, ct, dk)                  Decaps, with the 7.3 check likewise
 *
 * and CB_ANCHOR_MLKEM_CLASS makes the class.  Its keypair and encaps
 * (cb_anchor_keypair, cb_anchor_encaps) draw d || z and m from
 * cb_random_bytes, as the builtin does: every ML-KEM of a
 * run takes the same generator at the same cost, and a generator failure
 * is returned (the anchors' randombytes hooks return void or abort).
 */
#ifndef CB_BACKENDS_ANCHORS_H
#define CB_BACKENDS_ANCHORS_H

#include "backends/backends.h"
#include "backends/class_tables.h"
#include "core/util.h"
#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "mlkem/mlkem.h"

static inline const char *cb_anchor_not_built(void)
{
	return CB_UNAVAILABLE_NOT_BUILT;
}

/*
 * 1 when this CPU (and its operating system, which must save the YMM
 * registers) runs AVX2, BMI2 and POPCNT: what the anchors' AVX2 code
 * uses.  CPUID through the compiler's cached probe, so cheap to call.
 */
static inline int cb_anchor_cpu_avx2(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
	       __builtin_cpu_supports("popcnt");
#else
	return 0;
#endif
}

static inline const char *cb_anchor_avx2_unavailable(void)
{
	return cb_anchor_cpu_avx2() ? NULL : "this CPU lacks AVX2 (with BMI2 and POPCNT)";
}

/*
 * The keypair and encaps of every anchor class: coins from cb_random_bytes,
 * then the class's own keypair_derand / encaps_derand.
 */
static inline int cb_anchor_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk)
{
	uint8_t coins[64];
	int r = cb_random_bytes(coins, sizeof(coins));

	if (r == CB_OK)
		r = cls->keypair_derand(cls, pk, sk, coins);
	cb_wipe(coins, sizeof(coins));
	return r;
}

static inline int cb_anchor_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
	uint8_t m[32];
	int r = cb_random_bytes(m, sizeof(m));

	if (r == CB_OK)
		r = cls->encaps_derand(cls, ct, ss, pk, m);
	cb_wipe(m, sizeof(m));
	return r;
}

/*
 * One parameter set of an anchor, a class's variant: its derandomised
 * functions (0 on success) and err, what a nonzero return of enc_derand
 * or dec means as a CB_ERR_* code (a failed keypair_derand is
 * CB_ERR_BACKEND).  The variant of a class whose anchor was not built is
 * NULL: its functions say CB_ERR_UNSUPPORTED (never reached, the class is
 * unavailable).
 */
typedef struct cb_anchor_level {
	int (*keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *coins);
	int (*enc_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m);
	int (*dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
	int (*err)(int r);
} cb_anchor_level;

static inline int cb_anchor_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	const cb_anchor_level *l = cls->info.variant;

	if (!l)
		return CB_ERR_UNSUPPORTED;
	return l->keypair_derand(pk, sk, coins) ? CB_ERR_BACKEND : CB_OK;
}

static inline int cb_anchor_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk,
					  const uint8_t *m)
{
	const cb_anchor_level *l = cls->info.variant;
	int r;

	if (!l)
		return CB_ERR_UNSUPPORTED;
	r = l->enc_derand(ct, ss, pk, m);
	return r ? l->err(r) : CB_OK;
}

static inline int cb_anchor_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	const cb_anchor_level *l = cls->info.variant;
	int r;

	if (!l)
		return CB_ERR_UNSUPPORTED;
	r = l->dec(ss, ct, sk);
	return r ? l->err(r) : CB_OK;
}

/* The err of an anchor whose failure is its 7.2 / 7.3 check, and of one that cannot fail (pq-crystals). */
static inline int cb_anchor_invalid_key(int r)
{
	return CB_ERR_INVALID_KEY;
}

static inline int cb_anchor_backend_error(int r)
{
	return CB_ERR_BACKEND;
}

#ifndef CB_ANCHOR_COMMIT /* the pinned commit, from scripts/anchors.list (backend.cmake) */
#define CB_ANCHOR_COMMIT "unknown"
#endif

/* The anchor's version: its pinned commit. */
static inline const char *cb_anchor_commit(void)
{
	return CB_ANCHOR_COMMIT;
}

/*
 * static const cb_kem_class var: ML-KEM-<bits> of backend be over the
 * anchor's parameter set variant_ (a cb_anchor_level, or NULL when not
 * built), keypair and encaps being cb_anchor_keypair and cb_anchor_encaps.
 */
#define CB_ANCHOR_MLKEM_CLASS(var, bits, be, notes_, unavail, impl, skipped, variant_)                       \
	static const cb_kem_class var = {.info = {CB_KIND_KEM, "mlkem" #bits, be, notes_, unavail, impl, variant_}, \
					 CB_MLKEM_SIZES(bits),                                                     \
					 .keypair = cb_anchor_keypair,                                             \
					 .encaps = cb_anchor_encaps,                                               \
					 .decaps = cb_anchor_decaps,                                               \
					 .keypair_derand = cb_anchor_keypair_derand,                               \
					 .encaps_derand = cb_anchor_encaps_derand,                                 \
					 .skipped_checks = skipped}

/* The three classes of an anchor, ML-KEM-512/768/1024, with the list algs_ and the backend's one list classes_. */
#define CB_ANCHOR_MLKEM_CLASSES(algs_, classes_, be, notes_, unavail, impl, skipped, v512, v768, v1024)        \
	CB_ANCHOR_MLKEM_CLASS(mlkem512, 512, be, notes_, unavail, impl, skipped, v512);                        \
	CB_ANCHOR_MLKEM_CLASS(mlkem768, 768, be, notes_, unavail, impl, skipped, v768);                        \
	CB_ANCHOR_MLKEM_CLASS(mlkem1024, 1024, be, notes_, unavail, impl, skipped, v1024);                     \
	static const cb_alg_info *const algs_[] = {&mlkem512.info, &mlkem768.info, &mlkem1024.info, NULL};    \
	static const cb_alg_info *const *const classes_[] = {algs_, NULL}

#endif
