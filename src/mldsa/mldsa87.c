/* ML-DSA-87, portable C: the shared implementation instantiated with k = 8. */
#include "mldsa/mldsa.h"

#define MLDSA_K 8
#define MLDSA_FN(name) cb_mldsa87_c_##name

#include "mldsa/sign.inc"
