/*
 * ML-KEM-768, native x86-64 path: the same kem.inc / indcpa.inc with k = 3,
 * calling the AVX2 kernels (native.h).  This file itself is compiled
 * without -mavx2; only the kernels are, and the dispatcher (dispatch.c)
 * calls these functions only when CPUID reports AVX2.
 */
#include "mlkem/mlkem.h"

#define MLKEM_K 3
#define MLKEM_NATIVE 1
#define MLKEM_FN(name) cb_mlkem768_avx2_##name

#include "mlkem/kem.inc"
