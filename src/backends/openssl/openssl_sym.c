/* Placeholder: filled in by the sym adapter work. */
#include "backends/openssl/openssl_common.h"

const cb_alg_info *const cb_openssl_sym_algs[] = {NULL};
