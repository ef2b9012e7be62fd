/* Placeholder: ML-KEM registers here (issue 3). */
#include "backends/backends.h"

const cb_alg_info *const cb_builtin_algs[] = {NULL};
