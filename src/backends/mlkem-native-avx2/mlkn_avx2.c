/*
 * Backend "mlkem-native-avx2": mlkem-native with its AVX2 backends (pinned
 * in scripts/anchors.list), ML-KEM-512/768/1024.  The code runs only when
 * `make anchors` unpacked it (backend.cmake defines CB_ANCHOR_BUILT);
 * otherwise the classes are listed as not built.  They are unavailable on
 * CPUs without AVX2, BMI2 and POPCNT.
 */
#define MLKN_IMPL avx2
#define MLKN_BACKEND "mlkem-native-avx2"
#define MLKN_LABEL "AVX2"
#define MLKN_AVAILABILITY cb_anchor_avx2_unavailable
#include "backends/mlkem-native-c/mlkn_classes.inc"

const cb_backend cb_backend_mlkem_native_avx2 = {"mlkem-native-avx2", "mlkem-native", cb_anchor_commit,
						 mlkn_classes};
