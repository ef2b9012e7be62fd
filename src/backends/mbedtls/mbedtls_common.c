/*
 * mbedTLS 2.28 backend: the descriptor, the version, the per-handle random
 * generator and the DER output the adapters share.
 */
#include <mbedtls/asn1write.h>
#include <mbedtls/ecp.h>
#include <mbedtls/oid.h>
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

int cbm_key_new(size_t size, void **out)
{
	cbm_key *k;
	int r;

	*out = NULL;
	k = calloc(1, size);
	if (!k)
		return CB_ERR_NOMEM;
	mbedtls_pk_init(&k->pk);
	if ((r = cbm_rng_init(&k->rng)) != 0) {
		free(k);
		return r;
	}
	*out = k;
	return CB_OK;
}

void cbm_key_free(void *key, size_t size)
{
	cbm_key *k = key;

	if (!k)
		return;
	mbedtls_pk_free(&k->pk);
	cbm_rng_free(&k->rng);
	cb_wipe(k, size);
	free(k);
}

/* A P-256 SubjectPublicKeyInfo or ECPrivateKey is far below it. */
#define DER_BUF 512

static int cbm_write_spki(mbedtls_pk_context *pk, uint8_t *out, size_t *outlen)
{
	unsigned char buf[DER_BUF];
	int n;

	if (!pk || !out || !outlen)
		return CB_ERR_ARG;
	n = mbedtls_pk_write_pubkey_der(pk, buf, sizeof(buf));
	if (n <= 0)
		return CB_ERR_BACKEND;
	if (*outlen < (size_t)n)
		return CB_ERR_LENGTH;
	memcpy(out, buf + sizeof(buf) - n, (size_t)n);
	*outlen = (size_t)n;
	return CB_OK;
}

static int cbm_write_pkcs8(mbedtls_pk_context *pk, uint8_t *out, size_t *outlen)
{
	unsigned char buf[DER_BUF + 64];
	unsigned char *p;
	size_t len;
	int n, r = CB_ERR_BACKEND;

	if (!pk || !out || !outlen)
		return CB_ERR_ARG;
	/* The inner key (SEC1), written at the end of buf. */
	n = mbedtls_pk_write_key_der(pk, buf, sizeof(buf));
	if (n <= 0)
		goto out;
	p = buf + sizeof(buf) - n;
	len = (size_t)n;
#define W(call)                     \
	do {                        \
		int w_ = (call);    \
		if (w_ < 0)         \
			goto out;   \
		len += (size_t)w_;  \
	} while (0)
	W(mbedtls_asn1_write_len(&p, buf, len));
	W(mbedtls_asn1_write_tag(&p, buf, MBEDTLS_ASN1_OCTET_STRING));
	if (mbedtls_pk_get_type(pk) == MBEDTLS_PK_ECKEY &&
		   mbedtls_pk_ec(*pk)->grp.id == MBEDTLS_ECP_DP_SECP256R1) {
		int par = mbedtls_asn1_write_oid(&p, buf, MBEDTLS_OID_EC_GRP_SECP256R1,
						 MBEDTLS_OID_SIZE(MBEDTLS_OID_EC_GRP_SECP256R1));
		if (par < 0)
			goto out;
		/* mbedtls_asn1_write_algorithm_identifier's count includes the parameters. */
		W(mbedtls_asn1_write_algorithm_identifier(&p, buf, MBEDTLS_OID_EC_ALG_UNRESTRICTED,
							   MBEDTLS_OID_SIZE(MBEDTLS_OID_EC_ALG_UNRESTRICTED),
							   (size_t)par));
	} else {
		r = CB_ERR_UNSUPPORTED;
		goto out;
	}
	W(mbedtls_asn1_write_int(&p, buf, 0));
	W(mbedtls_asn1_write_len(&p, buf, len));
	W(mbedtls_asn1_write_tag(&p, buf, MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE));
#undef W
	if (*outlen < len) {
		r = CB_ERR_LENGTH;
		goto out;
	}
	memcpy(out, p, len);
	*outlen = len;
	r = CB_OK;
out:
	cb_wipe(buf, sizeof(buf));
	return r;
}

/* mbedTLS's writers take a non-const context that they do not change. */
int cbm_key_export_spki(const void *key, uint8_t *out, size_t *outlen)
{
	cbm_key *k = (cbm_key *)key;

	return k ? cbm_write_spki(&k->pk, out, outlen) : CB_ERR_ARG;
}

int cbm_key_export_pkcs8(const void *key, uint8_t *out, size_t *outlen)
{
	cbm_key *k = (cbm_key *)key;

	if (!k || !k->has_secret)
		return CB_ERR_ARG;
	return cbm_write_pkcs8(&k->pk, out, outlen);
}

static const cb_alg_info *const mbedtls_sym_algs[] = {
	&cb_mbedtls_sha256.info,
	&cb_mbedtls_aes128_ecb.info,
	&cb_mbedtls_aes128_ecb_p.info,
	&cb_mbedtls_aes128_cbc.info,
	&cb_mbedtls_aes128_cbc_p.info,
	&cb_mbedtls_aes128_ctr.info,
	&cb_mbedtls_aes128_gcm.info,
	&cb_mbedtls_aes256_ecb.info,
	&cb_mbedtls_aes256_ecb_p.info,
	&cb_mbedtls_aes256_cbc.info,
	&cb_mbedtls_aes256_cbc_p.info,
	&cb_mbedtls_aes256_ctr.info,
	&cb_mbedtls_aes256_gcm.info,
	&cb_mbedtls_chacha20_poly1305.info,
	NULL,
};

static const cb_alg_info *const mbedtls_ec_algs[] = {
	&cb_mbedtls_x25519.info,
	&cb_mbedtls_ecdh_p256.info,
	&cb_mbedtls_ecdsa_p256.info,
	NULL,
};

static const cb_alg_info *const *const mbedtls_classes[] = {mbedtls_sym_algs, mbedtls_ec_algs, cb_mbedtls_rsa_algs,
							       NULL};

const cb_backend cb_backend_mbedtls = {"mbedtls", "mbedTLS", mbedtls_version_rt, mbedtls_classes};

