/* ML-KEM-1024, portable C: the shared implementation instantiated with k = 4. */
#include "mlkem/mlkem.h"

#define MLKEM_K 4
#define MLKEM_FN(name) cb_mlkem1024_c_##name

#include "mlkem/kem.inc"
