/*
 * nettle + hogweed backend: the registry's arrays (the classes of every
 * nettle_*.c file) and the library's version.
 */
#include <nettle/version.h>
#include <stdio.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/nettle/nettle_common.h"
#include "core/util.h"

void cb_nettle_random(void *ctx, size_t len, uint8_t *dst)
{
	if (cb_random_bytes(dst, len) != 0) {
		((struct cb_nettle_rand *)ctx)->failed = 1;
		memset(dst, 0, len);
	}
}

#define CB_STR_(x) #x
#define CB_STR(x) CB_STR_(x)

const cb_alg_info *const cb_nettle_algs[] = {&cb_nettle_sha256.info, &cb_nettle_sha3_256.info, &cb_nettle_sm3.info,
					     NULL};

const char *cb_nettle_version(void)
{
	static char v[16];
	snprintf(v, sizeof(v), "%d.%d", nettle_version_major(), nettle_version_minor());
	return v;
}

/* The headers' version (the run-time one is in the context record). */
const char *cb_nettle_implementation(void)
{
	return "nettle-" CB_STR(NETTLE_VERSION_MAJOR) "." CB_STR(NETTLE_VERSION_MINOR);
}

static const cb_alg_info *const *const nettle_classes[] = {cb_nettle_algs, cb_nettle_cipher_algs, cb_nettle_ec_algs,
								      cb_nettle_rsa_algs, NULL};

const cb_backend cb_backend_nettle = {"nettle", "nettle", cb_nettle_version, nettle_classes};
