/* Test-only importers (openssl_ec_import.h). */
#include "backends/openssl/openssl_ec_import.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/bn.h>
#include <openssl/x509.h>
#include <limits.h>
#include <string.h>

#include "backends/openssl/openssl_ec_internal.h"

/* The key type of one of our classes (its variant), or -1: known by its methods. */
static int kex_type(const cb_kex_class *cls)
{
	return cls && cls->derive == cb_ossl_kex_derive ? cb_ossl_ec_variant_of(&cls->info)->type : -1;
}

static int sig_type(const cb_sig_class *cls)
{
	return cls && cls->verify == cb_ossl_sig_verify ? cb_ossl_ec_variant_of(&cls->info)->type : -1;
}

static int pke_type(const cb_pke_class *cls)
{
	return cls && cls->key_free == cb_ossl_sm2_pke_free ? cb_ossl_ec_variant_of(&cls->info)->type : -1;
}

int cb_ossl_kex_import_private(const cb_kex_class *cls, const uint8_t *priv, size_t len,
			     const cb_opts *opts, void **key)
{
	int type = kex_type(cls);
	EVP_PKEY *pk;
	if (type < 0 || !priv || !key)
		return CB_ERR_ARG;
	if (type == CB_OSSL_X25519) {
		if (len != 32)
			return CB_ERR_INVALID_KEY;
		pk = EVP_PKEY_new_raw_private_key_ex(NULL, "X25519", NULL, priv, len);
	} else {
		pk = cb_ossl_ec_from_point(type, NULL, 0, priv, len);
	}
	if (!pk) {
		ERR_clear_error();
		return CB_ERR_INVALID_KEY;
	}
	return cb_ossl_kex_from_pkey(type, pk, key);
}

/* A private key from DER PKCS#8 with nothing after it; NULL (queue cleared) if not. */
static EVP_PKEY *pkcs8_key(const uint8_t *der, size_t len)
{
	const unsigned char *p = der;
	PKCS8_PRIV_KEY_INFO *p8;
	EVP_PKEY *pk = NULL;
	if (len > LONG_MAX)
		return NULL;
	p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)len);
	if (p8 && p == der + len)
		pk = EVP_PKCS82PKEY(p8);
	PKCS8_PRIV_KEY_INFO_free(p8);
	if (!pk)
		ERR_clear_error();
	return pk;
}

/* A public key from DER SubjectPublicKeyInfo with nothing after it; NULL (queue cleared) if not. */
static EVP_PKEY *spki_key(const uint8_t *der, size_t len)
{
	const unsigned char *p = der;
	EVP_PKEY *pk = len > LONG_MAX ? NULL : d2i_PUBKEY(NULL, &p, (long)len);

	if (pk && p != der + len) {
		EVP_PKEY_free(pk);
		pk = NULL;
	}
	if (!pk)
		ERR_clear_error();
	return pk;
}

static int has_group(EVP_PKEY *pk, const char *want)
{
	char group[32];
	return EVP_PKEY_get_utf8_string_param(pk, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof(group),
					      NULL) > 0 &&
	       strcmp(group, want) == 0;
}

/*
 * An SM2 private key that a decoder may give as key type "EC" on the SM2
 * curve: rebuilt from its scalar as key type "SM2".  Consumes pk.
 */
static EVP_PKEY *private_as_sm2(EVP_PKEY *pk)
{
	uint8_t d[32];
	BIGNUM *bn = NULL;
	EVP_PKEY *r = NULL;
	if (!pk || EVP_PKEY_is_a(pk, "SM2"))
		return pk;
	if (EVP_PKEY_is_a(pk, "EC") && has_group(pk, "SM2") &&
	    EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, &bn) > 0 &&
	    BN_bn2binpad(bn, d, sizeof(d)) == (int)sizeof(d))
		r = cb_ossl_ec_from_point(CB_OSSL_SM2, NULL, 0, d, sizeof(d));
	OPENSSL_cleanse(d, sizeof(d));
	BN_clear_free(bn);
	EVP_PKEY_free(pk);
	return r;
}

/* An SM2 public key that a decoder gave as key type "EC" on the SM2 curve.  Consumes pk. */
static EVP_PKEY *as_sm2(EVP_PKEY *pk)
{
	uint8_t pt[CB_OSSL_EC_MAX_PEER];
	size_t len = 0;
	EVP_PKEY *r = NULL;
	if (!pk || EVP_PKEY_is_a(pk, "SM2"))
		return pk;
	if (EVP_PKEY_is_a(pk, "EC") && has_group(pk, "SM2") &&
	    EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, pt, sizeof(pt),
					    &len) > 0)
		r = cb_ossl_ec_from_point(CB_OSSL_SM2, pt, len, NULL, 0);
	EVP_PKEY_free(pk);
	return r;
}

/* pk if it is a key of type (an SM2 key made key type "SM2"), else NULL (pk freed, queue cleared). */
static EVP_PKEY *typed_key(int type, EVP_PKEY *pk, int secret)
{
	int ok;

	if (!pk)
		return NULL;
	if (type == CB_OSSL_ED25519)
		ok = EVP_PKEY_is_a(pk, "ED25519");
	else if (type == CB_OSSL_P256)
		ok = EVP_PKEY_is_a(pk, "EC") && has_group(pk, "prime256v1");
	else
		ok = (pk = secret ? private_as_sm2(pk) : as_sm2(pk)) != NULL;
	if (!ok) {
		EVP_PKEY_free(pk);
		ERR_clear_error();
		return NULL;
	}
	return pk;
}

int cb_ossl_kex_import_pkcs8(const cb_kex_class *cls, const uint8_t *der, size_t len,
			     const cb_opts *opts, void **key)
{
	int type = kex_type(cls);
	EVP_PKEY *pk;
	if (type != CB_OSSL_P256 || !der || !key)
		return CB_ERR_ARG;
	if (!(pk = typed_key(type, pkcs8_key(der, len), 1)))
		return CB_ERR_INVALID_KEY;
	return cb_ossl_kex_from_pkey(type, pk, key);
}

/* A signature handle from DER (PKCS#8 when secret, else SPKI; nothing after it) of a key of the class's type. */
static int sig_import_der(const cb_sig_class *cls, int secret, const uint8_t *der, size_t len, const cb_opts *opts,
			  void **key)
{
	int type = sig_type(cls);
	EVP_PKEY *pk;
	if (type < 0 || !der || !key)
		return CB_ERR_ARG;
	if (!(pk = typed_key(type, secret ? pkcs8_key(der, len) : spki_key(der, len), secret)))
		return CB_ERR_INVALID_KEY;
	return cb_ossl_sig_from_pkey(type, pk, secret, opts, key);
}

int cb_ossl_sig_import_spki(const cb_sig_class *cls, const uint8_t *der, size_t len,
			    const cb_opts *opts, void **key)
{
	return sig_import_der(cls, 0, der, len, opts, key);
}

int cb_ossl_sig_import_pkcs8(const cb_sig_class *cls, const uint8_t *der, size_t len,
			     const cb_opts *opts, void **key)
{
	return sig_import_der(cls, 1, der, len, opts, key);
}

static EVP_PKEY *raw_key(int type, const uint8_t *pub, size_t publen, const uint8_t *d, size_t dlen)
{
	EVP_PKEY *pk;
	if (type == CB_OSSL_ED25519) {
		if (d)
			pk = dlen == 32 ? EVP_PKEY_new_raw_private_key_ex(NULL, "ED25519", NULL, d,
									  dlen)
					: NULL;
		else
			pk = pub && publen == 32 ? EVP_PKEY_new_raw_public_key_ex(NULL, "ED25519",
										  NULL, pub, publen)
						 : NULL;
	} else {
		pk = cb_ossl_ec_from_point(type, pub, publen, d, dlen);
	}
	if (!pk)
		ERR_clear_error();
	return pk;
}

int cb_ossl_sig_import_raw(const cb_sig_class *cls, const uint8_t *pub, size_t publen,
			   const uint8_t *d, size_t dlen, const cb_opts *opts, void **key)
{
	int type = sig_type(cls);
	EVP_PKEY *pk;
	if (type < 0 || (!pub && !d) || !key)
		return CB_ERR_ARG;
	pk = raw_key(type, pub, publen, d, dlen);
	if (!pk)
		return CB_ERR_INVALID_KEY;
	return cb_ossl_sig_from_pkey(type, pk, d != NULL, opts, key);
}

int cb_ossl_pke_import_raw(const cb_pke_class *cls, const uint8_t *pub, size_t publen,
			   const uint8_t *d, size_t dlen, void **key)
{
	int type = pke_type(cls);
	EVP_PKEY *pk;
	if (type != CB_OSSL_SM2 || (!pub && !d) || !key)
		return CB_ERR_ARG;
	pk = raw_key(type, pub, publen, d, dlen);
	if (!pk)
		return CB_ERR_INVALID_KEY;
	return cb_ossl_sm2_pke_from_pkey(cls, pk, key);
}

/* An SM2 encryption handle from DER (PKCS#8 when secret, else SPKI; nothing after it). */
static int pke_import_der(const cb_pke_class *cls, int secret, const uint8_t *der, size_t len, void **key)
{
	int type = pke_type(cls);
	EVP_PKEY *pk;
	if (type != CB_OSSL_SM2 || !der || !key)
		return CB_ERR_ARG;
	if (!(pk = typed_key(type, secret ? pkcs8_key(der, len) : spki_key(der, len), secret)))
		return CB_ERR_INVALID_KEY;
	return cb_ossl_sm2_pke_from_pkey(cls, pk, key);
}

int cb_ossl_pke_import_pkcs8(const cb_pke_class *cls, const uint8_t *der, size_t len,
			     const cb_opts *opts, void **key)
{
	return pke_import_der(cls, 1, der, len, key);
}

int cb_ossl_pke_import_spki(const cb_pke_class *cls, const uint8_t *der, size_t len,
			    const cb_opts *opts, void **key)
{
	return pke_import_der(cls, 0, der, len, key);
}
