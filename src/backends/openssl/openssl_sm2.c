/* Placeholder: filled in by the sm2 adapter work. */
#include "backends/openssl/openssl_common.h"

const cb_alg_info *const cb_openssl_sm2_algs[] = {NULL};
