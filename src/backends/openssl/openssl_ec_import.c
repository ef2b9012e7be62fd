/*
 * The EC classes' key imports (openssl_ec_import.h): one path for every
 * kind.  Key files are read by OpenSSL's decoders, SM2 ones by core/der.h
 * (their raw bytes given to OpenSSL); the handle is the kex one, or the
 * one of the signature and SM2 encryption classes.
 */
#include "backends/openssl/openssl_ec_import.h"

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <stdlib.h>
#include <string.h>

#include "backends/openssl/openssl_ec_internal.h"
#include "core/der.h"
#include "core/util.h"

/* The key type of one of our classes (its variant), known by its key_free; or -1. */
static int our_type(const cb_alg_info *info, void (*key_free)(void *))
{
	return key_free == cb_ossl_kex_free || key_free == cb_ossl_sig_free ? cb_ossl_ec_variant_of(info)->type : -1;
}

/* A class of any kind as its info (its first member) and key_free, NULL for NULL. */
#define CLASS(cls) (const cb_alg_info *)(cls), (cls) ? (cls)->key_free : NULL

/* d*G as an uncompressed point; 0 when d is not in [1, n-1]. */
static int ec_public_from_scalar(int type, const BIGNUM *d, uint8_t pub[CB_OSSL_EC_MAX_PEER])
{
	EC_GROUP *g = EC_GROUP_new_by_curve_name(type == CB_OSSL_P256 ? NID_X9_62_prime256v1 : NID_sm2);
	EC_POINT *p = g ? EC_POINT_new(g) : NULL;
	int ok = 0;
	if (p && !BN_is_zero(d) && !BN_is_negative(d) && BN_cmp(d, EC_GROUP_get0_order(g)) < 0 &&
	    EC_POINT_mul(g, p, d, NULL, NULL, NULL) &&
	    EC_POINT_point2oct(g, p, POINT_CONVERSION_UNCOMPRESSED, pub, CB_OSSL_EC_MAX_PEER,
			       NULL) == CB_OSSL_EC_MAX_PEER)
		ok = 1;
	EC_POINT_free(p);
	EC_GROUP_free(g);
	return ok;
}

/*
 * A key from an X9.62 point (pub, may be NULL when d is given: the point
 * is then computed) and / or a big-endian scalar d (NULL for a public key).
 * For CB_OSSL_P256 and CB_OSSL_SM2; OpenSSL 3.0 refuses to import keys of
 * type "EC" on the SM2 curve, so CB_OSSL_EC_SM2 fails.  NULL on failure.
 */
static EVP_PKEY *ec_from_point(int type, const uint8_t *pub, size_t publen, const uint8_t *d, size_t dlen)
{
	const char *keytype = type == CB_OSSL_SM2 ? "SM2" : "EC";
	const char *group = type == CB_OSSL_P256 ? "prime256v1" : "SM2";
	uint8_t point[CB_OSSL_EC_MAX_PEER];
	OSSL_PARAM_BLD *bld = NULL;
	OSSL_PARAM *params = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	EVP_PKEY *pk = NULL;
	BIGNUM *bn = NULL;

	if (d) {
		bn = BN_secure_new();
		if (!bn || !BN_bin2bn(d, (int)dlen, bn))
			goto out;
		if (!pub) {
			if (!ec_public_from_scalar(type, bn, point))
				goto out;
			pub = point;
			publen = sizeof(point);
		}
	}
	bld = OSSL_PARAM_BLD_new();
	if (!bld || !OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group, 0) ||
	    !OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub, publen) ||
	    (bn && !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, bn)))
		goto out;
	params = OSSL_PARAM_BLD_to_param(bld);
	ctx = EVP_PKEY_CTX_new_from_name(NULL, keytype, NULL);
	if (!params || !ctx || EVP_PKEY_fromdata_init(ctx) <= 0 ||
	    EVP_PKEY_fromdata(ctx, &pk, bn ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) <= 0)
		pk = NULL;
out:
	if (!pk)
		ERR_clear_error();
	EVP_PKEY_CTX_free(ctx);
	/* d came from a secure BIGNUM: its copy in params is in secure memory, cleared here. */
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(bld);
	BN_clear_free(bn);
	return pk;
}

/*
 * A key of the type from raw bytes: X25519 / Ed25519 32 bytes (d, else
 * pub); the Weierstrass types an X9.62 point and / or a big-endian
 * scalar (ec_from_point).  NULL (queue cleared) if OpenSSL
 * refuses them.
 */
static EVP_PKEY *raw_key(int type, const uint8_t *pub, size_t publen, const uint8_t *d, size_t dlen)
{
	const char *name = type == CB_OSSL_X25519 ? "X25519" : "ED25519";
	EVP_PKEY *pk;

	if (type != CB_OSSL_X25519 && type != CB_OSSL_ED25519)
		pk = ec_from_point(type, pub, publen, d, dlen);
	else if (d)
		pk = dlen == 32 ? EVP_PKEY_new_raw_private_key_ex(NULL, name, NULL, d, dlen) : NULL;
	else
		pk = pub && publen == 32 ? EVP_PKEY_new_raw_public_key_ex(NULL, name, NULL, pub, publen) : NULL;
	if (!pk)
		ERR_clear_error();
	return pk;
}

/* A handle of the class's kind owning pk (CB_ERR_INVALID_KEY when pk is NULL). */
static int handle(const cb_alg_info *info, int type, EVP_PKEY *pk, int secret, const cb_opts *opts, void **key)
{
	if (!pk)
		return CB_ERR_INVALID_KEY;
	if (info->kind == CB_KIND_KEX)
		return cb_ossl_kex_from_pkey(type, pk, key);
	return cb_ossl_sig_from_pkey(info, pk, secret, opts, key);
}

static int import_raw(const cb_alg_info *info, void (*key_free)(void *), const uint8_t *pub, size_t publen,
		      const uint8_t *d, size_t dlen, const cb_opts *opts, void **key)
{
	int type = our_type(info, key_free);

	if (type < 0 || (!pub && !d) || !key)
		return CB_ERR_ARG;
	return handle(info, type, raw_key(type, pub, publen, d, dlen), d != NULL, opts, key);
}

/* 1 when OpenSSL's key pk is one of the type (X25519, Ed25519, or "EC" on P-256). */
static int is_type(EVP_PKEY *pk, int type)
{
	char group[32];

	if (type != CB_OSSL_P256)
		return EVP_PKEY_is_a(pk, type == CB_OSSL_X25519 ? "X25519" : "ED25519");
	return EVP_PKEY_is_a(pk, "EC") &&
	       EVP_PKEY_get_utf8_string_param(pk, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof(group), NULL) > 0 &&
	       strcmp(group, "prime256v1") == 0;
}

/*
 * A handle from DER: PKCS#8 when secret, else SubjectPublicKeyInfo, of a
 * key of the class's type.  OpenSSL 3.0's decoders give an SM2 key as key
 * type "EC", which cannot sign or encrypt with SM2: an SM2 key is made of
 * its raw bytes as der.h finds them (any form it converts).
 */
static int import_der(const cb_alg_info *info, void (*key_free)(void *), int secret, const uint8_t *der,
		      size_t len, const cb_opts *opts, void **key)
{
	int type = our_type(info, key_free);
	cb_key_type got;
	uint8_t *canon = NULL;
	size_t clen = 0, rawlen;
	const uint8_t *raw;
	EVP_PKEY *pk = NULL;

	if (type < 0 || !der || !key)
		return CB_ERR_ARG;
	if (type != CB_OSSL_SM2) {
		if ((pk = cb_ossl_decode(secret, der, len)) && !is_type(pk, type)) {
			EVP_PKEY_free(pk);
			ERR_clear_error();
			pk = NULL;
		}
	} else if (!(secret ? cb_key_private_pkcs8(der, len, &got, &canon, &clen)
			    : cb_key_public_spki(der, len, &got, &canon, &clen)) &&
		   got == CB_KEY_SM2 && !cb_key_raw(canon, clen, secret, &raw, &rawlen)) {
		pk = secret ? raw_key(type, NULL, 0, raw, rawlen) : raw_key(type, raw, rawlen, NULL, 0);
	}
	if (canon)
		cb_wipe(canon, clen);
	free(canon);
	return handle(info, type, pk, secret, opts, key);
}

int cb_ossl_kex_import_private(const cb_kex_class *cls, const uint8_t *priv, size_t len, const cb_opts *opts,
			       void **key)
{
	return priv ? import_raw(CLASS(cls), NULL, 0, priv, len, opts, key) : CB_ERR_ARG;
}

int cb_ossl_kex_import_pkcs8(const cb_kex_class *cls, const uint8_t *der, size_t len, const cb_opts *opts,
			     void **key)
{
	return import_der(CLASS(cls), 1, der, len, opts, key);
}

int cb_ossl_sig_import_raw(const cb_sig_class *cls, const uint8_t *pub, size_t publen, const uint8_t *d,
			   size_t dlen, const cb_opts *opts, void **key)
{
	return import_raw(CLASS(cls), pub, publen, d, dlen, opts, key);
}

int cb_ossl_pke_import_raw(const cb_pke_class *cls, const uint8_t *pub, size_t publen, const uint8_t *d,
			   size_t dlen, void **key)
{
	return import_raw(CLASS(cls), pub, publen, d, dlen, NULL, key);
}

/* The sig and pke classes' import_public (SPKI) and import_secret (PKCS#8). */
#define DER_ENTRIES(kind)                                                                                      \
	int cb_ossl_##kind##_import_spki(const cb_##kind##_class *cls, const uint8_t *der, size_t len,         \
					 const cb_opts *opts, void **key)                                      \
	{                                                                                                      \
		return import_der(CLASS(cls), 0, der, len, opts, key);                          \
	}                                                                                                      \
	int cb_ossl_##kind##_import_pkcs8(const cb_##kind##_class *cls, const uint8_t *der, size_t len,        \
					  const cb_opts *opts, void **key)                                     \
	{                                                                                                      \
		return import_der(CLASS(cls), 1, der, len, opts, key);                          \
	}

DER_ENTRIES(sig)
DER_ENTRIES(pke)
