/*
 * ML-DSA-87, native x86-64 path: the same sign.inc with k = 8 and the
 * four-way samplers (sample4x.h).  Plain C; the dispatcher (dispatch.c)
 * calls these functions only when CPUID reports AVX2.
 */
#ifdef CB_MLKEM_HAVE_AVX2
#include "mldsa/mldsa.h"

#define MLDSA_K 8
#define MLDSA_NATIVE 1
#define MLDSA_FN(name) cb_mldsa87_native_##name

#include "mldsa/sign.inc"
#else
typedef int cb_mldsa87_native_unused;
#endif
