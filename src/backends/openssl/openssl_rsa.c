/*
 * OpenSSL 3 RSA: encryption (PKCS#1 v1.5, OAEP, raw) and signatures
 * (PKCS#1 v1.5, PSS), RFC 8017.
 *
 * A key handle holds the EVP_PKEY and EVP_PKEY_CTXs already initialised
 * for the class's operation with its padding and digests set, so a timed
 * call is one EVP_PKEY_encrypt/decrypt/sign/verify, as a server with its
 * key loaded (and `openssl speed`) would do.  An initialised context may be
 * used for any number of operations.  sign() and verify() hash the message
 * with a fetched EVP_MD and a kept EVP_MD_CTX, then sign the digest.
 */
#include <limits.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
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

struct rsa_pke {
	cb_pke_class c; /* first: the registry points at c.info */
	struct rsa_variant v;
};

struct rsa_sig {
	cb_sig_class c;
	struct rsa_variant v;
};

struct rsa_key {
	const struct rsa_variant *v;
	EVP_PKEY *pkey;
	EVP_PKEY_CTX *pub;  /* encrypt / verify */
	EVP_PKEY_CTX *priv; /* decrypt / sign; NULL for a public key */
	EVP_MD *md;         /* signatures: message hash */
	EVP_MD_CTX *mdctx;
	size_t k;    /* modulus length in bytes */
	uint8_t *n;  /* modulus, k bytes big-endian (raw encryption bound) */
	uint8_t *buf; /* k bytes: decryption output when the caller's buffer is short */
};

static const char *rsa_unavailable(void)
{
	return cb_ossl_unavailable_keytype("RSA");
}

static void rsa_key_free(void *p)
{
	struct rsa_key *k = p;
	if (!k)
		return;
	EVP_PKEY_CTX_free(k->pub);
	EVP_PKEY_CTX_free(k->priv);
	EVP_MD_CTX_free(k->mdctx);
	EVP_MD_free(k->md);
	EVP_PKEY_free(k->pkey);
	OPENSSL_free(k->n);
	OPENSSL_clear_free(k->buf, k->k);
	OPENSSL_free(k);
}

/* Padding and digests on a context already initialised for its operation. */
static int rsa_ctx_params(const struct rsa_key *k, EVP_PKEY_CTX *ctx, int is_private)
{
	const struct rsa_variant *v = k->v;

	if (EVP_PKEY_CTX_set_rsa_padding(ctx, v->pad) <= 0)
		return -1;
	if (v->pad == RSA_PKCS1_OAEP_PADDING) {
		if (EVP_PKEY_CTX_set_rsa_oaep_md_name(ctx, v->md, NULL) <= 0 ||
		    EVP_PKEY_CTX_set_rsa_mgf1_md_name(ctx, v->mgf1, NULL) <= 0)
			return -1;
	}
	if (v->kind == CB_KIND_SIG && EVP_PKEY_CTX_set_signature_md(ctx, k->md) <= 0)
		return -1;
	if (v->pad == RSA_PKCS1_PSS_PADDING) {
		if (EVP_PKEY_CTX_set_rsa_mgf1_md_name(ctx, v->mgf1, NULL) <= 0 ||
		    EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, v->saltlen) <= 0)
			return -1;
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
				return -1;
		}
	}
	return 0;
}

/* Wraps pkey (taking ownership) into a handle with prepared contexts. */
static int rsa_key_make(const struct rsa_variant *v, EVP_PKEY *pkey, int is_private, struct rsa_key **out)
{
	struct rsa_key *k;
	BIGNUM *n = NULL;
	int size;

	k = OPENSSL_zalloc(sizeof(*k));
	if (!k) {
		EVP_PKEY_free(pkey);
		return CB_ERR_NOMEM;
	}
	k->v = v;
	k->pkey = pkey;
	size = EVP_PKEY_get_size(pkey);
	if (size <= 0 || !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &n))
		goto fail;
	k->k = (size_t)size;
	k->n = OPENSSL_malloc(k->k);
	k->buf = OPENSSL_malloc(k->k);
	if (!k->n || !k->buf || BN_bn2binpad(n, k->n, size) != size)
		goto fail;
	BN_free(n);
	n = NULL;

	if (v->kind == CB_KIND_SIG) {
		k->md = EVP_MD_fetch(NULL, v->md, NULL);
		k->mdctx = EVP_MD_CTX_new();
		if (!k->md || !k->mdctx)
			goto fail;
	}
	k->pub = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
	if (!k->pub)
		goto fail;
	if ((v->kind == CB_KIND_PKE ? EVP_PKEY_encrypt_init(k->pub) : EVP_PKEY_verify_init(k->pub)) <= 0 ||
	    rsa_ctx_params(k, k->pub, 0) < 0)
		goto fail;
	if (is_private) {
		k->priv = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
		if (!k->priv)
			goto fail;
		if ((v->kind == CB_KIND_PKE ? EVP_PKEY_decrypt_init(k->priv) : EVP_PKEY_sign_init(k->priv)) <= 0 ||
		    rsa_ctx_params(k, k->priv, 1) < 0)
			goto fail;
	}
	*out = k;
	return CB_OK;
fail:
	BN_free(n);
	rsa_key_free(k);
	return cb_ossl_fail();
}

static int rsa_keygen(const struct rsa_variant *v, void **out)
{
	EVP_PKEY_CTX *ctx;
	EVP_PKEY *pkey = NULL;
	struct rsa_key *k = NULL;
	int err;

	*out = NULL;
	ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
	/* The public exponent defaults to 65537. */
	if (!ctx || EVP_PKEY_keygen_init(ctx) <= 0 || EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, v->bits) <= 0 ||
	    EVP_PKEY_generate(ctx, &pkey) <= 0) {
		EVP_PKEY_CTX_free(ctx);
		return cb_ossl_fail();
	}
	EVP_PKEY_CTX_free(ctx);
	err = rsa_key_make(v, pkey, 1, &k);
	if (err)
		return err;
	*out = k;
	return CB_OK;
}

static int rsa_export_public(const void *p, uint8_t *out, size_t *outlen)
{
	const struct rsa_key *k = p;
	return cb_ossl_export_spki(k->pkey, out, outlen);
}

static int rsa_export_secret(const void *p, uint8_t *out, size_t *outlen)
{
	const struct rsa_key *k = p;
	if (!k->priv)
		return CB_ERR_UNSUPPORTED;
	return cb_ossl_export_pkcs8(k->pkey, out, outlen);
}

static size_t rsa_max_plaintext(const void *p)
{
	const struct rsa_key *k = p;
	if (!k || k->k < k->v->overhead)
		return 0;
	return k->k - k->v->overhead;
}

static size_t rsa_max_ciphertext(const void *p, size_t mlen)
{
	const struct rsa_key *k = p;
	(void)mlen;
	return k ? k->k : 0;
}

/*
 * Raw RSA ("rsaN-raw") encrypts exactly k bytes whose value is below n
 * (the generic layer gives it k-byte messages with a zero first byte);
 * anything else is CB_ERR_LENGTH or CB_ERR_ARG.
 */
static int rsa_encrypt(void *p, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct rsa_key *k = p;
	size_t outlen;

	if (mlen > rsa_max_plaintext(k))
		return CB_ERR_LENGTH;
	if (k->v->pad == RSA_NO_PADDING) {
		if (mlen != k->k)
			return CB_ERR_LENGTH;
		if (memcmp(m, k->n, k->k) >= 0)
			return CB_ERR_ARG;
	}
	if (*clen < k->k)
		return CB_ERR_LENGTH;
	outlen = *clen;
	if (EVP_PKEY_encrypt(k->pub, c, &outlen, m, mlen) <= 0)
		return cb_ossl_fail();
	*clen = outlen;
	return CB_OK;
}

static int rsa_decrypt(void *p, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct rsa_key *k = p;
	uint8_t *dst;
	size_t outlen = 0;

	if (!k->priv)
		return CB_ERR_UNSUPPORTED;
	/* RFC 8017 7.1.2 / 7.2.2 step 1: the ciphertext is exactly k bytes. */
	if (clen != k->k)
		return CB_ERR_DECRYPT;
	/* OpenSSL wants room for k bytes whatever the message length. */
	dst = *mlen >= k->k ? m : k->buf;
	outlen = k->k;
	if (EVP_PKEY_decrypt(k->priv, dst, &outlen, c, clen) <= 0) {
		ERR_clear_error();
		cb_wipe(dst, k->k);
		return CB_ERR_DECRYPT;
	}
	if (dst == k->buf) {
		if (outlen > *mlen) {
			cb_wipe(k->buf, k->k);
			return CB_ERR_LENGTH;
		}
		memcpy(m, k->buf, outlen);
		cb_wipe(k->buf, outlen);
	}
	*mlen = outlen;
	return CB_OK;
}

static size_t rsa_max_signature(const void *p)
{
	const struct rsa_key *k = p;
	return k ? k->k : 0;
}

static int rsa_hash(struct rsa_key *k, const uint8_t *m, size_t mlen, uint8_t *dg, size_t *dglen)
{
	unsigned int n = 0;
	if (!EVP_DigestInit_ex2(k->mdctx, k->md, NULL) || !EVP_DigestUpdate(k->mdctx, m, mlen) ||
	    !EVP_DigestFinal_ex(k->mdctx, dg, &n))
		return cb_ossl_fail();
	*dglen = n;
	return CB_OK;
}

static int rsa_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct rsa_key *k = p;
	uint8_t dg[EVP_MAX_MD_SIZE];
	size_t dglen = 0, outlen;
	int err;

	if (!k->priv)
		return CB_ERR_UNSUPPORTED;
	if (*siglen < k->k)
		return CB_ERR_LENGTH;
	err = rsa_hash(k, m, mlen, dg, &dglen);
	if (err)
		return err;
	outlen = *siglen;
	if (EVP_PKEY_sign(k->priv, sig, &outlen, dg, dglen) <= 0)
		return cb_ossl_fail();
	*siglen = outlen;
	return CB_OK;
}

static int rsa_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct rsa_key *k = p;
	uint8_t dg[EVP_MAX_MD_SIZE];
	size_t dglen = 0;
	int err;

	/* RFC 8017 8.1.2 / 8.2.2 step 1. */
	if (siglen != k->k)
		return CB_ERR_VERIFY;
	err = rsa_hash(k, m, mlen, dg, &dglen);
	if (err)
		return err;
	if (EVP_PKEY_verify(k->pub, sig, siglen, dg, dglen) != 1) {
		ERR_clear_error();
		return CB_ERR_VERIFY;
	}
	return CB_OK;
}

/* The class methods: the class's variant says which RSA (each kind has its own class type). */
static int rsa_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key)
{
	return rsa_keygen(cls->info.variant, key);
}

static int rsa_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	return rsa_keygen(cls->info.variant, key);
}

static int rsa_pke_import_secret(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				 void **key)
{
	return cb_ossl_rsa_import_pkcs8(&cls->info, in, len, key);
}

static int rsa_pke_import_public(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				 void **key)
{
	return cb_ossl_rsa_import_public_der(&cls->info, in, len, key);
}

static int rsa_sig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				 void **key)
{
	return cb_ossl_rsa_import_pkcs8(&cls->info, in, len, key);
}

static int rsa_sig_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				 void **key)
{
	return cb_ossl_rsa_import_public_der(&cls->info, in, len, key);
}

#define RSA_INFO(kind_, nm, id)                                                                             \
	{.kind = (kind_), .name = (nm), .backend = "openssl", .unavailable = rsa_unavailable,                 \
	 .implementation = cb_openssl_implementation, .variant = &id.v}

#define RSA_PKE(id, nm, nbits, padding, mdname, mgfname, ovh)                                               \
	static const struct rsa_pke id = {                                                                  \
		.c = {.info = RSA_INFO(CB_KIND_PKE, nm, id),                                                \
		      .keygen = rsa_pke_keygen,                                                             \
		      .key_free = rsa_key_free,                                                             \
		      .export_public = rsa_export_public,                                                   \
		      .export_secret = rsa_export_secret,                                                   \
		      .max_plaintext = rsa_max_plaintext,                                                   \
		      .max_ciphertext = rsa_max_ciphertext,                                                 \
		      .encrypt = rsa_encrypt,                                                               \
		      .decrypt = rsa_decrypt,                                                               \
		      .import_secret = rsa_pke_import_secret,                                               \
		      .import_public = rsa_pke_import_public},                                              \
		.v = {nbits, CB_KIND_PKE, padding, mdname, mgfname, 0, ovh},                                \
	}

#define RSA_SIG(id, nm, nbits, padding, salt)                                                               \
	static const struct rsa_sig id = {                                                                  \
		.c = {.info = RSA_INFO(CB_KIND_SIG, nm, id),                                                \
		      .keygen = rsa_sig_keygen,                                                             \
		      .key_free = rsa_key_free,                                                             \
		      .export_public = rsa_export_public,                                                   \
		      .export_secret = rsa_export_secret,                                                   \
		      .max_signature = rsa_max_signature,                                                   \
		      .sign = rsa_sign,                                                                     \
		      .verify = rsa_verify,                                                                 \
		      .import_public = rsa_sig_import_public,                                               \
		      .import_secret = rsa_sig_import_secret},                                              \
		.v = {nbits, CB_KIND_SIG, padding, "SHA256", "SHA256", salt, 0},                            \
	}

/* Overheads: PKCS#1 v1.5 11 bytes; OAEP 2*hLen + 2 (RFC 8017 7.1.1). */
#define OV_PKCS1 11
#define OV_OAEP256 (2 * 32 + 2)
#define OV_OAEP1 (2 * 20 + 2)

RSA_PKE(rsa2048_pkcs1, "rsa2048-pkcs1", 2048, RSA_PKCS1_PADDING, NULL, NULL, OV_PKCS1);
RSA_PKE(rsa2048_oaep256, "rsa2048-oaep-sha256", 2048, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA256", OV_OAEP256);
RSA_PKE(rsa2048_oaep1, "rsa2048-oaep-sha1", 2048, RSA_PKCS1_OAEP_PADDING, "SHA1", "SHA1", OV_OAEP1);
RSA_PKE(rsa2048_raw, "rsa2048-raw", 2048, RSA_NO_PADDING, NULL, NULL, 0);
RSA_PKE(rsa3072_pkcs1, "rsa3072-pkcs1", 3072, RSA_PKCS1_PADDING, NULL, NULL, OV_PKCS1);
RSA_PKE(rsa3072_oaep256, "rsa3072-oaep-sha256", 3072, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA256", OV_OAEP256);
RSA_PKE(rsa3072_oaep1, "rsa3072-oaep-sha1", 3072, RSA_PKCS1_OAEP_PADDING, "SHA1", "SHA1", OV_OAEP1);
RSA_PKE(rsa3072_raw, "rsa3072-raw", 3072, RSA_NO_PADDING, NULL, NULL, 0);
RSA_PKE(rsa4096_pkcs1, "rsa4096-pkcs1", 4096, RSA_PKCS1_PADDING, NULL, NULL, OV_PKCS1);
RSA_PKE(rsa4096_oaep256, "rsa4096-oaep-sha256", 4096, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA256", OV_OAEP256);
RSA_PKE(rsa4096_oaep1, "rsa4096-oaep-sha1", 4096, RSA_PKCS1_OAEP_PADDING, "SHA1", "SHA1", OV_OAEP1);
RSA_PKE(rsa4096_raw, "rsa4096-raw", 4096, RSA_NO_PADDING, NULL, NULL, 0);

RSA_SIG(rsa2048_pkcs1_sha256, "rsa2048-pkcs1-sha256", 2048, RSA_PKCS1_PADDING, 0);
RSA_SIG(rsa2048_pss_sha256, "rsa2048-pss-sha256", 2048, RSA_PKCS1_PSS_PADDING, 32);
RSA_SIG(rsa3072_pkcs1_sha256, "rsa3072-pkcs1-sha256", 3072, RSA_PKCS1_PADDING, 0);
RSA_SIG(rsa3072_pss_sha256, "rsa3072-pss-sha256", 3072, RSA_PKCS1_PSS_PADDING, 32);
RSA_SIG(rsa4096_pkcs1_sha256, "rsa4096-pkcs1-sha256", 4096, RSA_PKCS1_PADDING, 0);
RSA_SIG(rsa4096_pss_sha256, "rsa4096-pss-sha256", 4096, RSA_PKCS1_PSS_PADDING, 32);

/* Internal only (openssl_import.h): OAEP with SHA-256 and MGF1-SHA-1. */
RSA_PKE(rsa2048_oaep256_mgf1, "rsa2048-oaep-sha256-mgf1sha1", 2048, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA1", OV_OAEP256);
RSA_PKE(rsa3072_oaep256_mgf1, "rsa3072-oaep-sha256-mgf1sha1", 3072, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA1", OV_OAEP256);
RSA_PKE(rsa4096_oaep256_mgf1, "rsa4096-oaep-sha256-mgf1sha1", 4096, RSA_PKCS1_OAEP_PADDING, "SHA256", "SHA1", OV_OAEP256);

const cb_alg_info *const cb_openssl_rsa_algs[] = {
	&rsa2048_pkcs1.c.info,        &rsa2048_oaep256.c.info,    &rsa2048_oaep1.c.info,
	&rsa2048_raw.c.info,          &rsa3072_pkcs1.c.info,      &rsa3072_oaep256.c.info,
	&rsa3072_oaep1.c.info,        &rsa3072_raw.c.info,        &rsa4096_pkcs1.c.info,
	&rsa4096_oaep256.c.info,      &rsa4096_oaep1.c.info,      &rsa4096_raw.c.info,
	&rsa2048_pkcs1_sha256.c.info, &rsa2048_pss_sha256.c.info, &rsa3072_pkcs1_sha256.c.info,
	&rsa3072_pss_sha256.c.info,   &rsa4096_pkcs1_sha256.c.info, &rsa4096_pss_sha256.c.info,
	NULL,
};

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

/* The variant of one of this file's classes (known by its unavailable()), or NULL for any other alg. */
static const struct rsa_variant *variant_of(const cb_alg_info *alg)
{
	return alg && alg->unavailable == rsa_unavailable ? alg->variant : NULL;
}

static int rsa_import(const cb_alg_info *alg, EVP_PKEY *pkey, int is_private, void **key)
{
	const struct rsa_variant *v = variant_of(alg);
	struct rsa_key *k = NULL;
	int err;

	if (!v) {
		EVP_PKEY_free(pkey);
		return CB_ERR_ARG;
	}
	if (!pkey) {
		ERR_clear_error();
		return CB_ERR_FORMAT;
	}
	if (!EVP_PKEY_is_a(pkey, "RSA")) {
		EVP_PKEY_free(pkey);
		return CB_ERR_FORMAT;
	}
	err = rsa_key_make(v, pkey, is_private, &k);
	if (err)
		return err;
	*key = k;
	return CB_OK;
}

int cb_ossl_rsa_import_pkcs8(const cb_alg_info *alg, const uint8_t *der, size_t len, void **key)
{
	const unsigned char *p = der;
	PKCS8_PRIV_KEY_INFO *p8;
	EVP_PKEY *pkey = NULL;

	if (!key || !der || len > LONG_MAX)
		return CB_ERR_ARG;
	*key = NULL;
	p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)len);
	if (p8 && p == der + len)
		pkey = EVP_PKCS82PKEY(p8);
	PKCS8_PRIV_KEY_INFO_free(p8);
	return rsa_import(alg, pkey, 1, key);
}

int cb_ossl_rsa_import_public_der(const cb_alg_info *alg, const uint8_t *der, size_t len, void **key)
{
	const unsigned char *p = der;
	EVP_PKEY *pkey;

	if (!key || !der || len > LONG_MAX)
		return CB_ERR_ARG;
	*key = NULL;
	pkey = d2i_PUBKEY(NULL, &p, (long)len);
	if (pkey && p != der + len) {
		EVP_PKEY_free(pkey);
		pkey = NULL;
	}
	return rsa_import(alg, pkey, 0, key);
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
