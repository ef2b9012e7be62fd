/*
 * OpenSSL 3 RSA: encryption (PKCS#1 v1.5, OAEP, raw) and signatures
 * (PKCS#1 v1.5, PSS), RFC 8017: the hooks of src/backends/libcrypto_rsa.inc
 * (the key handle, its prepared EVP_PKEY_CTXs and the classes' methods,
 * shared with BoringSSL's) and the classes.  sign() and verify() hash the
 * message with a fetched EVP_MD and a kept EVP_MD_CTX.  Key files go
 * through openssl_import.h's cb_ossl_rsa_import_*, which the known-answer
 * tests also call (of any modulus size).
 */
#include <limits.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <string.h>

#include "backends/openssl/openssl_common.h"
#include "backends/openssl/openssl_import.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "core/util.h"

struct rsa_variant {
	int bits;
	cb_kind kind;     /* CB_KIND_PKE or CB_KIND_SIG */
	int pad;          /* RSA_*_PADDING */
	const char *md;   /* OAEP label hash or signature hash; NULL for none */
	const char *mgf1; /* MGF1 hash (OAEP, PSS) */
	int saltlen;      /* PSS */
	size_t overhead;  /* k - max_plaintext (encryption) */
};

struct rsa_hash {
	EVP_MD *md; /* the variant's, fetched */
	EVP_MD_CTX *mdctx;
};

#include "backends/libcrypto_rsa.inc"

static const char *rsa_unavailable(void)
{
	return cb_ossl_unavailable(CB_KIND_PKE, "RSA");
}

static int rsa_generate(int bits, EVP_PKEY **pkey)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
	/* The public exponent defaults to 65537. */
	int ok = ctx && EVP_PKEY_keygen_init(ctx) > 0 && EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, bits) > 0 &&
		 EVP_PKEY_generate(ctx, pkey) > 0;
	EVP_PKEY_CTX_free(ctx);
	return ok;
}

static int rsa_modulus(const struct rsa_variant *v, EVP_PKEY *pkey, struct rsa_key *k)
{
	BIGNUM *n = NULL;
	int size = EVP_PKEY_get_size(pkey);
	int ok;

	(void)v;
	if (size <= 0 || !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &n))
		return CB_ERR_BACKEND;
	k->k = (size_t)size;
	k->n = OPENSSL_malloc(k->k);
	ok = k->n && BN_bn2binpad(n, k->n, size) == size;
	BN_free(n);
	return ok ? CB_OK : CB_ERR_BACKEND;
}

static int rsa_hash_init(struct rsa_hash *h, const struct rsa_variant *v)
{
	h->md = EVP_MD_fetch(NULL, v->md, NULL);
	h->mdctx = EVP_MD_CTX_new();
	return h->md && h->mdctx;
}

static void rsa_hash_free(struct rsa_hash *h)
{
	EVP_MD_CTX_free(h->mdctx);
	EVP_MD_free(h->md);
}

static int rsa_hash(struct rsa_hash *h, const uint8_t *m, size_t mlen, uint8_t *dg, size_t *dglen)
{
	unsigned int n = 0;
	if (!EVP_DigestInit_ex2(h->mdctx, h->md, NULL) || !EVP_DigestUpdate(h->mdctx, m, mlen) ||
	    !EVP_DigestFinal_ex(h->mdctx, dg, &n))
		return cb_ossl_fail();
	*dglen = n;
	return CB_OK;
}

static int rsa_ctx_params(const struct rsa_key *k, EVP_PKEY_CTX *ctx, int is_private)
{
	const struct rsa_variant *v = k->v;

	if (EVP_PKEY_CTX_set_rsa_padding(ctx, v->pad) <= 0)
		return 0;
	if (v->pad == RSA_PKCS1_OAEP_PADDING) {
		if (EVP_PKEY_CTX_set_rsa_oaep_md_name(ctx, v->md, NULL) <= 0 ||
		    EVP_PKEY_CTX_set_rsa_mgf1_md_name(ctx, v->mgf1, NULL) <= 0)
			return 0;
	}
	if (v->kind == CB_KIND_SIG && EVP_PKEY_CTX_set_signature_md(ctx, k->hash.md) <= 0)
		return 0;
	if (v->pad == RSA_PKCS1_PSS_PADDING) {
		if (EVP_PKEY_CTX_set_rsa_mgf1_md_name(ctx, v->mgf1, NULL) <= 0 ||
		    EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, v->saltlen) <= 0)
			return 0;
	}
	if (v->pad == RSA_PKCS1_PADDING && v->kind == CB_KIND_PKE && is_private) {
		/*
		 * OpenSSL 3.2 and later answer a bad PKCS#1 v1.5 padding with a
		 * pseudo-random message ("implicit rejection", the Marvin attack
		 * counter-measure) unless told not to.  OpenSSL 3.0 has no such
		 * parameter and always fails explicitly.  The class promises
		 * CB_ERR_DECRYPT on bad padding (and the Wycheproof vectors mark
		 * those cases invalid), so ask for explicit rejection where the
		 * parameter exists, and get the same behaviour on every version.
		 */
		const OSSL_PARAM *s = EVP_PKEY_CTX_settable_params(ctx);
		if (s && OSSL_PARAM_locate_const(s, "implicit-rejection")) {
			unsigned int off = 0;
			OSSL_PARAM p[2] = {OSSL_PARAM_construct_uint("implicit-rejection", &off),
					   OSSL_PARAM_construct_end()};
			if (EVP_PKEY_CTX_set_params(ctx, p) <= 0)
				return 0;
		}
	}
	return 1;
}

static int rsa_export_der(EVP_PKEY *pkey, int secret, uint8_t *out, size_t *outlen)
{
	return secret ? cb_ossl_export_pkcs8(pkey, out, outlen) : cb_ossl_export_spki(pkey, out, outlen);
}

/* The variant of one of this file's classes (known by its unavailable()), or NULL for any other alg. */
static const struct rsa_variant *variant_of(const cb_alg_info *alg)
{
	return alg && alg->unavailable == rsa_unavailable ? alg->variant : NULL;
}

/* A DER PKCS#8 (is_private) or SPKI RSA key, nothing after it, for one of this file's classes (of any size). */
static int rsa_import(const cb_alg_info *alg, const uint8_t *in, size_t len, int is_private, void **key)
{
	const struct rsa_variant *v = variant_of(alg);
	struct rsa_key *k = NULL;
	EVP_PKEY *pkey;
	int err;

	if (!key || !in || len > LONG_MAX)
		return CB_ERR_ARG;
	*key = NULL;
	if (!v)
		return CB_ERR_ARG;
	pkey = cb_ossl_decode(is_private, in, len);
	if (!pkey || !EVP_PKEY_is_a(pkey, "RSA")) {
		EVP_PKEY_free(pkey);
		return CB_ERR_FORMAT;
	}
	if ((err = rsa_key_make(v, pkey, is_private, &k)) != 0)
		return err;
	*key = k;
	return CB_OK;
}

#define RSA_INFO(kind_, nm, id)                                                                             \
	{.kind = (kind_), .name = (nm), .backend = "openssl", .unavailable = rsa_unavailable,                 \
	 .implementation = cb_openssl_implementation, .variant = &id.v}

/* OAEP's MGF1 takes the message's digest (RSA_PKE), or another one (RSA_PKE_MGF: the internal classes below). */
#define RSA_PKE_MGF(id, nm, nbits, padding, mdname, mgfname, ovh)                                           \
	static const struct rsa_pke id = {                                                                  \
		.c = {.info = RSA_INFO(CB_KIND_PKE, nm, id), RSA_PKE_METHODS},                              \
		.v = {nbits, CB_KIND_PKE, padding, mdname, mgfname, 0, ovh},                                \
	}
#define RSA_PKE(id, nm, nbits, padding, mdname, ovh) RSA_PKE_MGF(id, nm, nbits, padding, mdname, mdname, ovh)

#define RSA_SIG(id, nm, nbits, padding, salt)                                                               \
	static const struct rsa_sig id = {                                                                  \
		.c = {.info = RSA_INFO(CB_KIND_SIG, nm, id), RSA_SIG_METHODS},                              \
		.v = {nbits, CB_KIND_SIG, padding, "SHA256", "SHA256", salt, 0},                            \
	}

#define RSA_SHA256 "SHA256"
#define RSA_SHA1 "SHA1"
RSA_CLASSES(2048);
RSA_CLASSES(3072);
RSA_CLASSES(4096);

/* Internal only (openssl_import.h): OAEP with SHA-256 and MGF1-SHA-1. */
RSA_PKE_MGF(rsa2048_oaep256_mgf1, "rsa2048-oaep-sha256-mgf1sha1", 2048, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA1", OV_OAEP256);
RSA_PKE_MGF(rsa3072_oaep256_mgf1, "rsa3072-oaep-sha256-mgf1sha1", 3072, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA1", OV_OAEP256);
RSA_PKE_MGF(rsa4096_oaep256_mgf1, "rsa4096-oaep-sha256-mgf1sha1", 4096, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA1", OV_OAEP256);

const cb_alg_info *const cb_openssl_rsa_algs[] = RSA_ALGS;

const cb_pke_class *cb_ossl_rsa_oaep_sha256_mgf1sha1(int bits)
{
	switch (bits) {
	case 2048:
		return &rsa2048_oaep256_mgf1.c;
	case 3072:
		return &rsa3072_oaep256_mgf1.c;
	case 4096:
		return &rsa4096_oaep256_mgf1.c;
	default:
		return NULL;
	}
}

int cb_ossl_rsa_import_pkcs8(const cb_alg_info *alg, const uint8_t *der, size_t len, void **key)
{
	return rsa_import(alg, der, len, 1, key);
}

int cb_ossl_rsa_import_public_der(const cb_alg_info *alg, const uint8_t *der, size_t len, void **key)
{
	return rsa_import(alg, der, len, 0, key);
}

int cb_ossl_rsa_set_oaep_label(void *p, const uint8_t *label, size_t len)
{
	struct rsa_key *k = p;
	EVP_PKEY_CTX *ctxs[2];

	if (!k || k->v->pad != RSA_PKCS1_OAEP_PADDING || (!label && len) || len > INT_MAX)
		return CB_ERR_ARG;
	ctxs[0] = k->pub;
	ctxs[1] = k->priv;
	for (int i = 0; i < 2; i++) {
		uint8_t *copy;
		if (!ctxs[i])
			continue;
		/* set0 takes ownership of a heap copy; (NULL, 0) means the empty label. */
		copy = len ? OPENSSL_memdup(label, len) : NULL;
		if (len && !copy)
			return CB_ERR_NOMEM;
		if (EVP_PKEY_CTX_set0_rsa_oaep_label(ctxs[i], copy, (int)len) <= 0) {
			OPENSSL_free(copy);
			return cb_ossl_fail();
		}
	}
	return CB_OK;
}
