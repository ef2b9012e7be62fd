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

#if defined(CB_ANCHOR_BUILT)
#include <oqs/oqs.h>

/* One parameter set: liboqs's OQS_KEM_ml_kem_<bits>_*; for ML-KEM the error of encaps and decaps is a failed 7.2 / 7.3 check. */
#define OQS_LEVEL(bits)                                                                            \
	static const cb_anchor_level oqs##bits = {OQS_KEM_ml_kem_##bits##_keypair_derand,           \
						  OQS_KEM_ml_kem_##bits##_encaps_derand,            \
						  OQS_KEM_ml_kem_##bits##_decaps, cb_anchor_invalid_key};
OQS_LEVEL(512)
OQS_LEVEL(768)
OQS_LEVEL(1024)
#define OQS_VARIANT(bits) (&oqs##bits)
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
#define OQS_VARIANT(bits) NULL
#define OQS_UNAVAILABLE cb_anchor_not_built

static const char *oqs_implementation(void)
{
	return "liboqs " CB_ANCHOR_COMMIT " (not built)";
}

#define oqs_version cb_anchor_commit
#endif

#define OQS_CLASS(bits)                                                                                        \
	CB_ANCHOR_MLKEM_CLASS(mlkem##bits, bits, "oqs", NULL, OQS_UNAVAILABLE, oqs_implementation, 0, OQS_VARIANT(bits))
OQS_CLASS(512);
OQS_CLASS(768);
OQS_CLASS(1024);

static const cb_alg_info *const oqs_algs[] = {&mlkem512.info, &mlkem768.info, &mlkem1024.info, NULL};
extern const cb_alg_info *const cb_oqs_sig_algs[]; /* oqs_sig.c: ML-DSA and SLH-DSA */
static const cb_alg_info *const *const oqs_classes[] = {oqs_algs, cb_oqs_sig_algs, NULL};

const cb_backend cb_backend_oqs = {"oqs", "liboqs", oqs_version, oqs_classes};
