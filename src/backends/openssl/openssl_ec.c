/* Placeholder: filled in by the ec adapter work. */
#include "backends/openssl/openssl_common.h"

const cb_alg_info *const cb_openssl_ec_algs[] = {NULL};
