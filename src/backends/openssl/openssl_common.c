#include "backends/openssl/openssl_common.h"

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/x509.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cb_ossl_fail(void)
{
	ERR_clear_error();
	return CB_ERR_BACKEND;
}

const char *cb_openssl_version(void)
{
	return OpenSSL_version(OPENSSL_VERSION);
}

const char *cb_openssl_version_short(void)
{
	return OpenSSL_version(OPENSSL_VERSION_STRING);
}

const char *cb_openssl_implementation(void)
{
	static char label[64];
	if (!label[0]) {
		/* Benign race: every thread writes the same bytes. */
		char tmp[64];
		snprintf(tmp, sizeof(tmp), "openssl-%s", OpenSSL_version(OPENSSL_VERSION_STRING));
		memcpy(label, tmp, sizeof(label));
	}
	return label;
}

const char *cb_ossl_unavailable(int kind, const char *name)
{
	int have;

	if (kind == CB_KIND_CIPHER) {
		EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
		have = c != NULL;
		EVP_CIPHER_free(c);
	} else if (kind == CB_KIND_HASH) {
		EVP_MD *md = EVP_MD_fetch(NULL, name, NULL);
		have = md != NULL;
		EVP_MD_free(md);
	} else {
		EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, name, NULL);
		have = ctx != NULL;
		EVP_PKEY_CTX_free(ctx);
	}
	if (have)
		return NULL;
	ERR_clear_error();
	return kind == CB_KIND_CIPHER ? "this OpenSSL has no implementation of the cipher (EVP_CIPHER_fetch failed)"
	       : kind == CB_KIND_HASH ? "this OpenSSL has no implementation of the hash (EVP_MD_fetch failed)"
				      : "this OpenSSL has no provider for the key type";
}

void *cb_ossl_handle_new(EVP_PKEY *pk, void **key, size_t size, int *err)
{
	void *k = key && pk ? calloc(1, size) : NULL;

	if (!k) {
		EVP_PKEY_free(pk);
		*err = key && pk ? CB_ERR_NOMEM : CB_ERR_ARG;
	}
	return k;
}

static int export_der(int len, unsigned char *buf, uint8_t *out, size_t *outlen)
{
	if (len <= 0)
		return cb_ossl_fail();
	if ((size_t)len > *outlen) {
		OPENSSL_clear_free(buf, (size_t)len);
		return CB_ERR_LENGTH;
	}
	memcpy(out, buf, (size_t)len);
	*outlen = (size_t)len;
	OPENSSL_clear_free(buf, (size_t)len);
	return CB_OK;
}

int cb_ossl_export_spki(const EVP_PKEY *pk, uint8_t *out, size_t *outlen)
{
	unsigned char *buf = NULL;
	int len = i2d_PUBKEY((EVP_PKEY *)pk, &buf);
	return export_der(len, buf, out, outlen);
}

int cb_ossl_export_pkcs8(const EVP_PKEY *pk, uint8_t *out, size_t *outlen)
{
	unsigned char *buf = NULL;
	PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(pk);
	int len;
	if (!p8)
		return cb_ossl_fail();
	len = i2d_PKCS8_PRIV_KEY_INFO(p8, &buf);
	PKCS8_PRIV_KEY_INFO_free(p8);
	return export_der(len, buf, out, outlen);
}

EVP_PKEY *cb_ossl_decode(int secret, const uint8_t *der, size_t len)
{
	const unsigned char *p = der;
	PKCS8_PRIV_KEY_INFO *p8 = NULL;
	EVP_PKEY *pk = NULL;

	if (len <= LONG_MAX && !secret)
		pk = d2i_PUBKEY(NULL, &p, (long)len);
	else if (len <= LONG_MAX && (p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)len)) != NULL && p == der + len)
		pk = EVP_PKCS82PKEY(p8);
	PKCS8_PRIV_KEY_INFO_free(p8);
	if (pk && p != der + len) {
		EVP_PKEY_free(pk);
		pk = NULL;
	}
	if (!pk)
		ERR_clear_error();
	return pk;
}

static const cb_alg_info *const *const openssl_classes[] = {
	cb_openssl_rsa_algs, cb_openssl_ec_algs, cb_openssl_sm2_algs, cb_openssl_sm2kx_algs, cb_openssl_sym_algs, cb_openssl_tls_algs, NULL,
};

const cb_backend cb_backend_openssl = {"openssl", "openssl", cb_openssl_version_short, openssl_classes};
