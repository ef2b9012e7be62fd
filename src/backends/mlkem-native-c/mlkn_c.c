/*
 * Backend "mlkem-native-c": mlkem-native's portable C (pinned in
 * scripts/anchors.list), ML-KEM-512/768/1024.  The code runs only when
 * `make anchors` unpacked it (backend.cmake defines CB_ANCHOR_BUILT);
 * otherwise the classes are listed as not built.
 */
#include "backends/anchors.h"
#include "backends/mlkem-native-c/mlkn.h"

#if defined(CB_ANCHOR_BUILT)
#define MLKN(bits, op) cb_mlkn_c_##bits##_##op
#define MLKN_UNAVAILABLE NULL
#else
#define MLKN(bits, op) cb_anchor_stub_##op
#define cb_anchor_stub_keypair_derand cb_anchor_stub_keypair
#define cb_anchor_stub_encaps_derand cb_anchor_stub_encaps
#define MLKN_UNAVAILABLE cb_anchor_not_built
#endif

#ifndef CB_ANCHOR_COMMIT /* the pinned commit, from scripts/anchors.list (backend.cmake) */
#define CB_ANCHOR_COMMIT "unknown"
#endif

static const char *mlkn_c_implementation(void)
{
	return "mlkem-native " CB_ANCHOR_COMMIT " portable C";
}

static const char *mlkn_c_version(void)
{
	return CB_ANCHOR_COMMIT;
}

#define MLKN_CLASS(bits)                                                                           \
	CB_ANCHOR_MLKEM_CLASS(mlkem##bits, bits, "mlkem-native-c", NULL, MLKN_UNAVAILABLE,          \
			      mlkn_c_implementation, 0, MLKN(bits, keypair_derand),                 \
			      MLKN(bits, encaps_derand), MLKN(bits, decaps))

MLKN_CLASS(512);
MLKN_CLASS(768);
MLKN_CLASS(1024);

static const cb_alg_info *const mlkn_c_algs[] = {&mlkem512.info, &mlkem768.info, &mlkem1024.info, NULL};
static const cb_alg_info *const *const mlkn_c_classes[] = {mlkn_c_algs, NULL};

const cb_backend cb_backend_mlkem_native_c = {"mlkem-native-c", "mlkem-native", mlkn_c_version, mlkn_c_classes};
