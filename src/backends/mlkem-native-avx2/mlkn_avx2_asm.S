/*
 * mlkem-native's x86-64 assembly (level-independent, so once for the three
 * parameter sets), under the same namespace and configuration as
 * mlkn_avx2_impl.c.  Added to the build only when the anchor is there.
 */
#define CB_MLKN_NATIVE 1
#define CB_MLKN_NAMESPACE cb_anchor_mlkn_avx2
#define MLK_CONFIG_FILE "backends/mlkem-native-c/mlkn_config.h"
#define MLK_CONFIG_MULTILEVEL_WITH_SHARED 1
#include "mlkem_native_asm.S"
