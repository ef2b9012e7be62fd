/* ML-DSA-44, portable C: the shared implementation instantiated with k = 4. */
#include "mldsa/mldsa.h"

#define MLDSA_K 4
#define MLDSA_FN(name) cb_mldsa44_c_##name

#include "mldsa/sign.inc"
