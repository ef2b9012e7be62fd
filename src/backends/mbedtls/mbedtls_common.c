/*
 * mbedTLS 2.28 backend: the descriptor, the version and the per-handle
 * random generator the adapters share.
 */
#include <mbedtls/version.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/mbedtls/mbedtls_common.h"
#include "core/util.h"

const char *cb_mbedtls_implementation(void)
{
	return "mbedtls-" MBEDTLS_VERSION_STRING;
}

static char version_rt[18];
static pthread_once_t version_once = PTHREAD_ONCE_INIT;

static void version_fill(void)
{
	mbedtls_version_get_string(version_rt); /* "x.y.z", at most 9 bytes */
}

static const char *mbedtls_version_rt(void)
{
	pthread_once(&version_once, version_fill);
	return version_rt;
}

static const char pers[] = "cryptobench-mbedtls";

int cbm_rng_init(cbm_rng *r)
{
	mbedtls_entropy_init(&r->entropy);
	mbedtls_ctr_drbg_init(&r->drbg);
	if (mbedtls_ctr_drbg_seed(&r->drbg, mbedtls_entropy_func, &r->entropy, (const unsigned char *)pers,
				  sizeof(pers) - 1) != 0) {
		cbm_rng_free(r);
		return CB_ERR_RANDOM;
	}
	return CB_OK;
}

void cbm_rng_free(cbm_rng *r)
{
	mbedtls_ctr_drbg_free(&r->drbg);
	mbedtls_entropy_free(&r->entropy);
}

int cbm_rng_cb(void *p_rng, unsigned char *out, size_t len)
{
	return mbedtls_ctr_drbg_random(&((cbm_rng *)p_rng)->drbg, out, len);
}

static const cb_alg_info *const mbedtls_hash_algs[] = {&cb_mbedtls_sha256.info, NULL};

static const cb_alg_info *const *const mbedtls_classes[] = {mbedtls_hash_algs, cb_mbedtls_cipher_algs, cb_mbedtls_ec_algs,
							       cb_mbedtls_rsa_algs, NULL};

const cb_backend cb_backend_mbedtls = {"mbedtls", "mbedTLS", mbedtls_version_rt, mbedtls_classes};

