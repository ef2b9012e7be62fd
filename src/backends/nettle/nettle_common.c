/* Placeholder until the nettle adapters land: the library's version only. */
#include <nettle/version.h>
#include <stdio.h>

#include "backends/backends.h"

const cb_alg_info *const cb_nettle_algs[] = {NULL};

const char *cb_nettle_version(void)
{
	static char v[16];
	snprintf(v, sizeof(v), "%d.%d", nettle_version_major(), nettle_version_minor());
	return v;
}
