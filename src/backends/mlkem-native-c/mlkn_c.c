/*
 * Backend "mlkem-native-c": mlkem-native's portable C (pinned in
 * scripts/anchors.list), ML-KEM-512/768/1024.  The code runs only when
 * `make anchors` unpacked it (backend.cmake defines CB_ANCHOR_BUILT);
 * otherwise the classes are listed as not built.
 */
#define MLKN_IMPL c
#define MLKN_BACKEND "mlkem-native-c"
#define MLKN_LABEL "portable C"
#define MLKN_AVAILABILITY NULL
#include "backends/mlkem-native-c/mlkn_classes.inc"

const cb_backend cb_backend_mlkem_native_c = {"mlkem-native-c", "mlkem-native", cb_anchor_commit, mlkn_classes};
