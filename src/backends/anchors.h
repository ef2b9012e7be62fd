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
 * An adapter provides FIPS 203's derandomised interfaces with the class's
 * conventions (each receives the class first):
 *
 *   keypair_derand(cls, ek, dk, d || z)   KeyGen_internal
 *   encaps_derand(cls, ct, ss, ek, m)     Encaps_internal, with the 7.2 check
 *                                         where the implementation has it
 *   decaps(cls, ss, ct, dk)               Decaps, with the 7.3 check likewise
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

/* The functions of a class whose anchor was not built; never reached (the class is unavailable). */
static inline int cb_anchor_stub_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_anchor_stub_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_anchor_stub_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	return CB_ERR_UNSUPPORTED;
}

/*
 * static const cb_kem_class var: ML-KEM-<bits> of backend be from the
 * three methods above (the adapter's generic functions, which find the
 * parameter set's functions in variant, or the stubs), keypair and encaps
 * being cb_anchor_keypair and cb_anchor_encaps.
 */
#define CB_ANCHOR_MLKEM_CLASS(var, bits, be, notes_, unavail, impl, skipped, variant_, kpd, encd, dec)       \
	static const cb_kem_class var = {.info = {CB_KIND_KEM, "mlkem" #bits, be, notes_, unavail, impl, variant_}, \
					 CB_MLKEM_SIZES(bits),                                                     \
					 .keypair = cb_anchor_keypair,                                             \
					 .encaps = cb_anchor_encaps,                                               \
					 .decaps = dec,                                                            \
					 .keypair_derand = kpd,                                                    \
					 .encaps_derand = encd,                                                    \
					 .skipped_checks = skipped}

#endif
