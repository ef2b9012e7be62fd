/*
 * OpenSSL 3 classes for SM2 on sm2p256v1 (GM/T 0003-2012, GM/T 0009-2012).
 *
 *   sig  sm2-sign        SM3 with the Z_A user-identity hash (ID from
 *                        cb_opts, default "1234567812345678"), DER
 *                        signatures; SPKI / PKCS#8 DER keys
 *   pke  sm2-enc-c1c3c2  0x04||x||y||C3||C2 (GM/T 0003.4-2012 order)
 *   pke  sm2-enc-c1c2c3  0x04||x||y||C2||C3 (older order)
 *   pke  sm2-enc-der     GM/T 0009 DER SEQUENCE, as OpenSSL emits
 *   kex  sm2-dh          plain ECDH (x-coordinate) on the SM2 curve
 *
 * OpenSSL only speaks the DER ciphertext; the raw forms are converted from
 * and to it (cb_sm2_ct_convert) inside the timed operation.
 *
 * OpenSSL 3.0 refuses EVP_PKEY_derive_init for keys of type "SM2" ("operation
 * not supported for this keytype": the SM2 key manager names no key
 * exchange), so sm2-dh uses key type "EC" with group "SM2", for which ECDH
 * works.  This is not the GM/T 0003.3 key-exchange protocol (KDF, user IDs,
 * confirmation hashes); that one is sm2-kx (openssl_sm2kx.c).
 */
#include "backends/openssl/openssl_ec_import.h"
#include "backends/openssl/openssl_ec_internal.h"

#include <openssl/err.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "cryptobench/sm2.h"

static const char *unavailable_sm2(void)
{
	const char *why = cb_ossl_unavailable(CB_KIND_SIG, "SM2");
	EVP_MD *md;
	EVP_SIGNATURE *s;
	EVP_ASYM_CIPHER *c;
	int ok;

	if (why)
		return why;
	md = EVP_MD_fetch(NULL, "SM3", NULL);
	s = EVP_SIGNATURE_fetch(NULL, "SM2", NULL);
	c = EVP_ASYM_CIPHER_fetch(NULL, "SM2", NULL);
	ok = md && s && c;
	EVP_MD_free(md);
	EVP_SIGNATURE_free(s);
	EVP_ASYM_CIPHER_free(c);
	ERR_clear_error();
	return ok ? NULL : "this OpenSSL cannot fetch SM2 or SM3";
}

static const char *unavailable_sm2_dh(void)
{
	EVP_PKEY *pk;
	const char *why = cb_ossl_unavailable(CB_KIND_KEX, "EC");
	if (why)
		return why;
	pk = cb_ossl_ec_generate(CB_OSSL_EC_SM2);
	if (!pk)
		return "this OpenSSL has no SM2 curve for EC keys";
	EVP_PKEY_free(pk);
	return NULL;
}

/*
 * ------------------------------------------------------------------ pke
 * The handle is sm2-sign's (openssl_ec_internal.h), with its encryption
 * contexts, ciphertext form and scratch buffer.
 */

static int scratch_reserve(struct cb_ossl_sig_key *k, size_t n)
{
	uint8_t *p;
	if (n <= k->scratch_cap)
		return CB_OK;
	p = malloc(n);
	if (!p)
		return CB_ERR_NOMEM;
	/* Keep the contents: decrypt grows the buffer behind a converted ciphertext. */
	if (k->scratch) {
		memcpy(p, k->scratch, k->scratch_cap);
		cb_wipe(k->scratch, k->scratch_cap);
	}
	free(k->scratch);
	k->scratch = p;
	k->scratch_cap = n;
	return CB_OK;
}

static size_t sm2_pke_max_plaintext(const void *key)
{
	return SIZE_MAX;
}

static size_t sm2_pke_max_ciphertext(const void *key, size_t mlen)
{
	const struct cb_ossl_sig_key *k = key;
	return k ? cb_sm2_ct_size(k->fmt, mlen) : 0;
}

static int sm2_pke_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct cb_ossl_sig_key *k = key;
	size_t der_max, need, len;
	uint8_t *dst;
	int r;

	if (mlen == 0)
		return CB_ERR_UNSUPPORTED; /* GM/T 0003.4 6.1: the KDF output t must not be empty */
	der_max = cb_sm2_ct_size(CB_SM2_DER, mlen);
	need = cb_sm2_ct_size(k->fmt, mlen);
	if (!der_max || !need)
		return CB_ERR_LENGTH;
	if (*clen < need)
		return CB_ERR_LENGTH;
	if (k->fmt == CB_SM2_DER) {
		dst = c; /* OpenSSL wants room for its bound, which is need */
	} else {
		if ((r = scratch_reserve(k, der_max)))
			return r;
		dst = k->scratch;
	}
	len = der_max;
	if (EVP_PKEY_encrypt(k->ectx, dst, &len, m, mlen) <= 0)
		return cb_ossl_fail();
	if (k->fmt == CB_SM2_DER) {
		*clen = len;
		return CB_OK;
	}
	return cb_sm2_ct_convert(CB_SM2_DER, dst, len, k->fmt, c, clen);
}

static int sm2_pke_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct cb_ossl_sig_key *k = key;
	const uint8_t *der = c;
	size_t derlen = clen, bound, len, off = 0;
	uint8_t *dst;
	int r;

	if (k->fmt != CB_SM2_DER) {
		if (clen < CB_SM2_RAW_OVERHEAD)
			return CB_ERR_DECRYPT;
		derlen = cb_sm2_ct_size(CB_SM2_DER, clen - CB_SM2_RAW_OVERHEAD);
		if (!derlen)
			return CB_ERR_DECRYPT;
		if ((r = scratch_reserve(k, derlen)))
			return r;
		if (cb_sm2_ct_convert(k->fmt, c, clen, CB_SM2_DER, k->scratch, &derlen))
			return CB_ERR_DECRYPT;
		der = k->scratch;
		off = derlen; /* a plaintext copy, if needed, goes after the DER */
	}
	/* OpenSSL asks for its upper bound of the plaintext, not the exact size. */
	if (EVP_PKEY_decrypt(k->dctx, NULL, &bound, der, derlen) <= 0) {
		ERR_clear_error();
		return CB_ERR_DECRYPT;
	}
	if (*mlen >= bound) {
		dst = m;
	} else {
		if (bound > SIZE_MAX - off)
			return CB_ERR_LENGTH;
		if ((r = scratch_reserve(k, off + bound)))
			return r;
		der = k->fmt == CB_SM2_DER ? c : k->scratch;
		dst = k->scratch + off;
	}
	len = bound;
	if (EVP_PKEY_decrypt(k->dctx, dst, &len, der, derlen) <= 0) {
		ERR_clear_error();
		return CB_ERR_DECRYPT;
	}
	if (dst != m) {
		if (len > *mlen) {
			cb_wipe(dst, len);
			return CB_ERR_LENGTH;
		}
		memcpy(m, dst, len);
		cb_wipe(dst, len);
	}
	*mlen = len;
	return CB_OK;
}

/* ------------------------------------------------------------- sig, kex */

static const struct cb_ossl_ec_variant v_sm2 = {CB_OSSL_SM2, 0}, v_ec_sm2 = {CB_OSSL_EC_SM2, 0},
					 v_c1c3c2 = {CB_OSSL_SM2, CB_SM2_C1C3C2}, v_c1c2c3 = {CB_OSSL_SM2, CB_SM2_C1C2C3},
					 v_der = {CB_OSSL_SM2, CB_SM2_DER};

#define GM_INFO(kind_, name_, notes_, unavail_, variant_)                                                    \
	{.kind = (kind_), .name = (name_), .backend = "openssl", .notes = (notes_), .unavailable = (unavail_), \
	 .implementation = cb_openssl_implementation, .variant = (variant_)}

static const cb_sig_class sm2_sign = {.info = GM_INFO(CB_KIND_SIG, "sm2-sign", NULL, unavailable_sm2, &v_sm2),
				      CB_OSSL_SIG_METHODS};

#define SM2_PKE(name_, notes_, variant_)                                                                          \
	{                                                                                                         \
		.info = GM_INFO(CB_KIND_PKE, name_, notes_, unavailable_sm2, variant_), CB_OSSL_PKE_METHODS,       \
		.max_plaintext = sm2_pke_max_plaintext, .max_ciphertext = sm2_pke_max_ciphertext,                 \
		.encrypt = sm2_pke_encrypt, .decrypt = sm2_pke_decrypt                                            \
	}

static const cb_pke_class sm2_enc_c1c3c2 = SM2_PKE("sm2-enc-c1c3c2", "includes a small DER-to-raw conversion", &v_c1c3c2);
static const cb_pke_class sm2_enc_c1c2c3 = SM2_PKE("sm2-enc-c1c2c3", "includes a small DER-to-raw conversion", &v_c1c2c3);
static const cb_pke_class sm2_enc_der = SM2_PKE("sm2-enc-der", "OpenSSL's native form", &v_der);

static const cb_kex_class sm2_dh = {
	.info = GM_INFO(CB_KIND_KEX, "sm2-dh", NULL, unavailable_sm2_dh, &v_ec_sm2),
	CB_OSSL_KEX_METHODS,
	/* No import_secret: OpenSSL 3.0 cannot import "EC" keys on the SM2 curve. */
};

const cb_alg_info *const cb_openssl_sm2_algs[] = {
	&sm2_sign.info,
	&sm2_enc_c1c3c2.info,
	&sm2_enc_c1c2c3.info,
	&sm2_enc_der.info,
	&sm2_dh.info,
	NULL,
};
