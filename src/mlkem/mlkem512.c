/* ML-KEM-512, portable C: the shared implementation instantiated with k = 2. */
#include "mlkem/mlkem.h"

#define MLKEM_K 2
#define MLKEM_FN(name) cb_mlkem512_c_##name

#include "mlkem/kem.inc"
