/* Placeholder until the libgcrypt adapters land: the library's version only. */
#include <gcrypt.h>

#include "backends/backends.h"

const cb_alg_info *const cb_gcrypt_algs[] = {NULL};

const char *cb_gcrypt_version(void)
{
	return gcry_check_version(NULL);
}
