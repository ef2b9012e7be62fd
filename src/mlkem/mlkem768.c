/* ML-KEM-768, portable C: the shared implementation instantiated with k = 3. */
#include "mlkem/mlkem.h"

#define MLKEM_K 3
#define MLKEM_FN(name) cb_mlkem768_c_##name

#include "mlkem/kem.inc"
