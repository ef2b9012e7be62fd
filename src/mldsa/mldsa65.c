/* ML-DSA-65, portable C: the shared implementation instantiated with k = 6. */
#include "mldsa/mldsa.h"

#define MLDSA_K 6
#define MLDSA_FN(name) cb_mldsa65_c_##name

#include "mldsa/sign.inc"
