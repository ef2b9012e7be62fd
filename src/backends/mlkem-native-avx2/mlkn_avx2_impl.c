/*
 * mlkem-native with its x86-64 native backends (AVX2 arithmetic, four-way
 * Keccak), when the anchor is built.  backend.cmake compiles this file alone
 * with -mavx2 -mbmi2 -mpopcnt; mlkn_avx2.c calls it only where CPUID says
 * AVX2.
 */
#if defined(CB_ANCHOR_BUILT) && defined(__x86_64__)
#define CB_MLKN_NATIVE 1
#define CB_MLKN_NAMESPACE cb_anchor_mlkn_avx2
#define CB_MLKN_FN(bits) cb_mlkn_avx2_##bits
#include "backends/mlkem-native-c/mlkn_impl.inc"
#else
typedef int cb_mlkn_avx2_not_built; /* ISO C wants a declaration in every translation unit */
#endif
