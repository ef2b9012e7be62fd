/*
 * mlkem-native, portable C (no native backend), when the anchor is built.
 * Compiled with the anchor's mlkem/ folder on the include path and our
 * warnings off (backend.cmake).
 */
#if defined(CB_ANCHOR_BUILT)
#define CB_MLKN_NAMESPACE cb_anchor_mlkn_c
#define CB_MLKN_FN(bits) cb_mlkn_c_##bits
#include "backends/mlkem-native-c/mlkn_impl.inc"
#else
typedef int cb_mlkn_c_not_built; /* ISO C wants a declaration in every translation unit */
#endif
