/* ML-KEM-1024: the shared implementation instantiated with k = 4. */
#include "mlkem/mlkem.h"

#define MLKEM_K 4
#define MLKEM_FN(name) cb_mlkem1024_##name

#include "mlkem/kem.inc"
