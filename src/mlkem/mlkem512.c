/* ML-KEM-512: the shared implementation instantiated with k = 2. */
#include "mlkem/mlkem.h"

#define MLKEM_K 2
#define MLKEM_FN(name) cb_mlkem512_##name

#include "mlkem/kem.inc"
