/*
 * Backend "oqs": liboqs (pinned in scripts/anchors.list), ML-KEM-512/768/
 * 1024 through its per-algorithm functions (no OQS_KEM object, so nothing
 * is allocated), built when `make anchors` unpacked it (backend.cmake);
 * otherwise listed as not built.  liboqs chooses between its portable and
 * AVX2 ML-KEM (both mlkem-native) at run time from CPUID; implementation()
 * says which it takes here, by the same test liboqs makes.
 */
#include "backends/anchors.h"

#include <pthread.h>
#include <stdio.h>

#ifndef CB_ANCHOR_COMMIT /* the pinned commit, from scripts/anchors.list (backend.cmake) */
#define CB_ANCHOR_COMMIT "unknown"
#endif

#if defined(CB_ANCHOR_BUILT)
#include <oqs/oqs.h>

/* One parameter set: liboqs's OQS_KEM_ml_kem_<bits>_* (the class's variant). */
typedef struct oqs_level {
	OQS_STATUS (*keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *coins);
	OQS_STATUS (*encaps_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m);
	OQS_STATUS (*decaps)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
} oqs_level;

static const oqs_level *oqs_ops(const cb_kem_class *cls)
{
	return cls->info.variant;
}

/* liboqs returns OQS_SUCCESS or OQS_ERROR; for ML-KEM the error of encaps and decaps is a failed 7.2 / 7.3 check. */
static int oqs_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	return oqs_ops(cls)->keypair_derand(pk, sk, coins) == OQS_SUCCESS ? CB_OK : CB_ERR_BACKEND;
}

static int oqs_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m)
{
	return oqs_ops(cls)->encaps_derand(ct, ss, pk, m) == OQS_SUCCESS ? CB_OK : CB_ERR_INVALID_KEY;
}

static int oqs_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	return oqs_ops(cls)->decaps(ss, ct, sk) == OQS_SUCCESS ? CB_OK : CB_ERR_INVALID_KEY;
}

#define OQS_LEVEL(bits)                                                                            \
	static const oqs_level oqs##bits = {OQS_KEM_ml_kem_##bits##_keypair_derand,                 \
					    OQS_KEM_ml_kem_##bits##_encaps_derand,                  \
					    OQS_KEM_ml_kem_##bits##_decaps};
#define OQS_VARIANT(bits) (&oqs##bits)
#define OQS_OP(op) oqs_##op
#define OQS_UNAVAILABLE NULL

static char oqs_impl[96];
static pthread_once_t oqs_once = PTHREAD_ONCE_INIT;

/*
 * The choice kem_ml_kem_<bits>.c makes on each call: the x86-64 code when
 * it was compiled in and the CPU has AVX2, BMI2 and POPCNT.
 */
static void oqs_describe(void)
{
	const char *impl = "portable C";

	OQS_init();
#if defined(OQS_ENABLE_KEM_ml_kem_768_x86_64)
	if (OQS_CPU_has_extension(OQS_CPU_EXT_AVX2) && OQS_CPU_has_extension(OQS_CPU_EXT_BMI2) &&
	    OQS_CPU_has_extension(OQS_CPU_EXT_POPCNT))
		impl = "AVX2";
#endif
	snprintf(oqs_impl, sizeof(oqs_impl), "liboqs %s " CB_ANCHOR_COMMIT " mlkem-native %s", OQS_version(),
		 impl);
}

static const char *oqs_implementation(void)
{
	pthread_once(&oqs_once, oqs_describe);
	return oqs_impl;
}

static const char *oqs_version(void)
{
	return OQS_version();
}
#else
#define OQS_LEVEL(bits)
#define OQS_VARIANT(bits) NULL
#define OQS_OP(op) OQS_STUB_##op
#define OQS_STUB_keypair_derand cb_anchor_stub_keypair
#define OQS_STUB_encaps_derand cb_anchor_stub_encaps
#define OQS_STUB_decaps cb_anchor_stub_decaps
#define OQS_UNAVAILABLE cb_anchor_not_built

static const char *oqs_implementation(void)
{
	return "liboqs " CB_ANCHOR_COMMIT " (not built)";
}

static const char *oqs_version(void)
{
	return CB_ANCHOR_COMMIT;
}
#endif

#define OQS_CLASS(bits)                                                                            \
	OQS_LEVEL(bits)                                                                            \
	CB_ANCHOR_MLKEM_CLASS(mlkem##bits, bits, "oqs", NULL, OQS_UNAVAILABLE, oqs_implementation, 0, \
			      OQS_VARIANT(bits), OQS_OP(keypair_derand), OQS_OP(encaps_derand),     \
			      OQS_OP(decaps))

OQS_CLASS(512);
OQS_CLASS(768);
OQS_CLASS(1024);

static const cb_alg_info *const oqs_algs[] = {&mlkem512.info, &mlkem768.info, &mlkem1024.info, NULL};
extern const cb_alg_info *const cb_oqs_sig_algs[]; /* oqs_sig.c: ML-DSA and SLH-DSA */
static const cb_alg_info *const *const oqs_classes[] = {oqs_algs, cb_oqs_sig_algs, NULL};

const cb_backend cb_backend_oqs = {"oqs", "liboqs", oqs_version, oqs_classes};
