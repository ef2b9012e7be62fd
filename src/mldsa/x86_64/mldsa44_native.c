/*
 * ML-DSA-44, native x86-64 path: the same sign.inc with k = 4 and the
 * four-way samplers (sample4x.h).  Plain C; the dispatcher (dispatch.c)
 * calls these functions only when CPUID reports AVX2.
 */
#ifdef CB_MLKEM_HAVE_AVX2
#include "mldsa/mldsa.h"

#define MLDSA_K 4
#define MLDSA_NATIVE 1
#define MLDSA_FN(name) cb_mldsa44_native_##name

#include "mldsa/sign.inc"
#else
typedef int cb_mldsa44_native_unused;
#endif
