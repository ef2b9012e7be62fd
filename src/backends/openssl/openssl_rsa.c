/* Placeholder: filled in by the rsa adapter work. */
#include "backends/openssl/openssl_common.h"

const cb_alg_info *const cb_openssl_rsa_algs[] = {NULL};
