/* Placeholder until the libsodium adapters land: the library's version only. */
#include <sodium.h>

#include "backends/backends.h"

const cb_alg_info *const cb_sodium_algs[] = {NULL};

const char *cb_sodium_version(void)
{
	return sodium_version_string();
}
