/*
 * BoringSSL RSA: encryption (PKCS#1 v1.5, OAEP, raw) and signatures
 * (PKCS#1 v1.5, PSS), RFC 8017, with the OpenSSL classes' semantics.
 *
 * A key handle holds the EVP_PKEY and EVP_PKEY_CTXs initialised once for
 * the class's operation with its padding and digests set, so a timed call
 * is one EVP_PKEY_encrypt/decrypt/sign/verify.  sign() and verify() hash
 * the message with SHA256() and sign the digest.  BoringSSL always blinds
 * its private-key operations (RSA_FLAG_NO_BLINDING does nothing) and
 * checks the CRT result against the public key; PKCS#1 v1.5 decryption
 * fails explicitly on bad padding (no implicit rejection), as OpenSSL 3.0.
 * Keys: SPKI / PKCS#8 through EVP_marshal_* / EVP_parse_*; an imported key
 * of another modulus size than the class's is refused.
 */
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "core/util.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

#ifdef CB_BSSL_BUILT

#include <openssl/bn.h>
#include <openssl/bytestring.h>
#include <openssl/digest.h>
#include <openssl/evp.h>
#include <openssl/mem.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>

struct rsa_variant {
	int bits;
	cb_kind kind;                 /* CB_KIND_PKE or CB_KIND_SIG */
	int pad;                      /* RSA_*_PADDING */
	const EVP_MD *(*md)(void);    /* OAEP label hash or signature hash; NULL for none */
	int saltlen;                  /* PSS */
	size_t overhead;              /* k - max_plaintext (encryption) */
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
	size_t k;           /* modulus length in bytes */
	uint8_t *n;         /* modulus, k bytes big-endian (raw encryption bound) */
	uint8_t *buf;       /* k bytes: decryption output when the caller's buffer is short */
};

static void rsa_key_free(void *p)
{
	struct rsa_key *k = p;
	if (!k)
		return;
	EVP_PKEY_CTX_free(k->pub);
	EVP_PKEY_CTX_free(k->priv);
	EVP_PKEY_free(k->pkey);
	OPENSSL_free(k->n);
	if (k->buf)
		OPENSSL_cleanse(k->buf, k->k);
	OPENSSL_free(k->buf);
	OPENSSL_free(k);
}

/* Padding and digests on a context already initialised for its operation. */
static int rsa_ctx_params(const struct rsa_variant *v, EVP_PKEY_CTX *ctx)
{
	if (!EVP_PKEY_CTX_set_rsa_padding(ctx, v->pad))
		return 0;
	if (v->pad == RSA_PKCS1_OAEP_PADDING)
		return EVP_PKEY_CTX_set_rsa_oaep_md(ctx, v->md()) && EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, v->md());
	if (v->kind == CB_KIND_SIG && !EVP_PKEY_CTX_set_signature_md(ctx, v->md()))
		return 0;
	if (v->pad == RSA_PKCS1_PSS_PADDING)
		return EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, v->md()) && EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, v->saltlen);
	return 1;
}

/* Wraps pkey (taking ownership) into a handle with prepared contexts. */
static int rsa_key_make(const struct rsa_variant *v, EVP_PKEY *pkey, int is_private, struct rsa_key **out)
{
	struct rsa_key *k = OPENSSL_zalloc(sizeof(*k));
	const RSA *rsa;

	if (!k) {
		EVP_PKEY_free(pkey);
		return CB_ERR_NOMEM;
	}
	k->v = v;
	k->pkey = pkey;
	rsa = EVP_PKEY_get0_RSA(pkey);
	if (!rsa)
		goto fail;
	if (EVP_PKEY_bits(pkey) != v->bits) {
		rsa_key_free(k);
		return CB_ERR_INVALID_KEY;
	}
	k->k = EVP_PKEY_size(pkey);
	k->n = OPENSSL_malloc(k->k);
	k->buf = OPENSSL_malloc(k->k);
	if (!k->n || !k->buf || !BN_bn2bin_padded(k->n, k->k, RSA_get0_n(rsa)))
		goto fail;
	k->pub = EVP_PKEY_CTX_new(pkey, NULL);
	if (!k->pub ||
	    !(v->kind == CB_KIND_PKE ? EVP_PKEY_encrypt_init(k->pub) : EVP_PKEY_verify_init(k->pub)) ||
	    !rsa_ctx_params(v, k->pub))
		goto fail;
	if (is_private) {
		k->priv = EVP_PKEY_CTX_new(pkey, NULL);
		if (!k->priv ||
		    !(v->kind == CB_KIND_PKE ? EVP_PKEY_decrypt_init(k->priv) : EVP_PKEY_sign_init(k->priv)) ||
		    !rsa_ctx_params(v, k->priv))
			goto fail;
	}
	*out = k;
	return CB_OK;
fail:
	rsa_key_free(k);
	return cb_bssl_fail(CB_ERR_BACKEND);
}

static int rsa_keygen(const struct rsa_variant *v, void **out)
{
	RSA *rsa = RSA_new();
	BIGNUM *e = BN_new();
	EVP_PKEY *pkey = EVP_PKEY_new();
	struct rsa_key *k = NULL;
	int err;

	*out = NULL;
	if (!rsa || !e || !pkey || !BN_set_word(e, RSA_F4) || !RSA_generate_key_ex(rsa, v->bits, e, NULL) ||
	    !EVP_PKEY_assign_RSA(pkey, rsa)) {
		RSA_free(rsa);
		BN_free(e);
		EVP_PKEY_free(pkey);
		return cb_bssl_fail(CB_ERR_BACKEND);
	}
	BN_free(e);
	err = rsa_key_make(v, pkey, 1, &k);
	if (err)
		return err;
	*out = k;
	return CB_OK;
}

static int rsa_export(const void *p, int secret, uint8_t *out, size_t *outlen)
{
	const struct rsa_key *k = p;

	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	if (secret && !k->priv)
		return CB_ERR_UNSUPPORTED;
	return cb_bssl_export_key(k->pkey, secret, out, outlen);
}

static int rsa_export_public(const void *p, uint8_t *out, size_t *outlen)
{
	return rsa_export(p, 0, out, outlen);
}

static int rsa_export_secret(const void *p, uint8_t *out, size_t *outlen)
{
	return rsa_export(p, 1, out, outlen);
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
 * Raw RSA ("rsaN-raw") encrypts exactly k bytes whose value is below n;
 * anything else is CB_ERR_LENGTH or CB_ERR_ARG (as the OpenSSL class).
 */
static int rsa_encrypt(void *p, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct rsa_key *k = p;
	size_t outlen;

	if (!k || (!m && mlen) || !c || !clen)
		return CB_ERR_ARG;
	if (mlen > rsa_max_plaintext(k) || *clen < k->k)
		return CB_ERR_LENGTH;
	if (k->v->pad == RSA_NO_PADDING) {
		if (mlen != k->k)
			return CB_ERR_LENGTH;
		if (memcmp(m, k->n, k->k) >= 0)
			return CB_ERR_ARG;
	}
	outlen = *clen;
	if (!EVP_PKEY_encrypt(k->pub, c, &outlen, m, mlen))
		return cb_bssl_fail(CB_ERR_BACKEND);
	*clen = outlen;
	return CB_OK;
}

static int rsa_decrypt(void *p, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct rsa_key *k = p;
	uint8_t *dst;
	size_t outlen;

	if (!k || (!c && clen) || !m || !mlen)
		return CB_ERR_ARG;
	if (!k->priv)
		return CB_ERR_UNSUPPORTED;
	/* RFC 8017 7.1.2 / 7.2.2 step 1: the ciphertext is exactly k bytes. */
	if (clen != k->k)
		return CB_ERR_DECRYPT;
	/* BoringSSL wants room for k bytes whatever the message length. */
	dst = *mlen >= k->k ? m : k->buf;
	outlen = k->k;
	if (!EVP_PKEY_decrypt(k->priv, dst, &outlen, c, clen)) {
		cb_wipe(dst, k->k);
		return cb_bssl_fail(CB_ERR_DECRYPT);
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

static int rsa_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct rsa_key *k = p;
	uint8_t dg[SHA256_DIGEST_LENGTH];
	size_t outlen;

	if (!k || (!m && mlen) || !sig || !siglen)
		return CB_ERR_ARG;
	if (!k->priv)
		return CB_ERR_UNSUPPORTED;
	if (*siglen < k->k)
		return CB_ERR_LENGTH;
	SHA256(m, mlen, dg);
	outlen = *siglen;
	if (!EVP_PKEY_sign(k->priv, sig, &outlen, dg, sizeof(dg)))
		return cb_bssl_fail(CB_ERR_BACKEND);
	*siglen = outlen;
	return CB_OK;
}

static int rsa_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct rsa_key *k = p;
	uint8_t dg[SHA256_DIGEST_LENGTH];

	if (!k || (!m && mlen) || (!sig && siglen))
		return CB_ERR_ARG;
	/* RFC 8017 8.1.2 / 8.2.2 step 1. */
	if (siglen != k->k)
		return CB_ERR_VERIFY;
	SHA256(m, mlen, dg);
	if (!EVP_PKEY_verify(k->pub, sig, siglen, dg, sizeof(dg)))
		return cb_bssl_fail(CB_ERR_VERIFY);
	return CB_OK;
}

/* DER SPKI / PKCS#8 of an RSA key of the class's size, nothing after it. */
static int rsa_import(const struct rsa_variant *v, const uint8_t *in, size_t len, int is_private, void **key)
{
	struct rsa_key *k = NULL;
	EVP_PKEY *pkey;
	int err;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if ((err = cb_bssl_parse_key(in, len, is_private, EVP_PKEY_RSA, &pkey)) != 0)
		return err;
	err = rsa_key_make(v, pkey, is_private, &k);
	if (err)
		return err;
	*key = k;
	return CB_OK;
}

/* The class methods: the class's variant says which RSA (each kind has its own class type). */
static int rsa_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key)
{
	(void)opts;
	return key ? rsa_keygen(cls->info.variant, key) : CB_ERR_ARG;
}

static int rsa_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	(void)opts;
	return key ? rsa_keygen(cls->info.variant, key) : CB_ERR_ARG;
}

static int rsa_pke_import_secret(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				 void **key)
{
	(void)opts;
	return rsa_import(cls->info.variant, in, len, 1, key);
}

static int rsa_pke_import_public(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				 void **key)
{
	(void)opts;
	return rsa_import(cls->info.variant, in, len, 0, key);
}

static int rsa_sig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				 void **key)
{
	(void)opts;
	return rsa_import(cls->info.variant, in, len, 1, key);
}

static int rsa_sig_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				 void **key)
{
	(void)opts;
	return rsa_import(cls->info.variant, in, len, 0, key);
}

#define RSA_NOTES "EVP_PKEY with prepared contexts; private-key operations always blinded (BoringSSL has no switch)"

#define RSA_PKE(id, nm, nbits, padding, md_, ovh)                                                                  \
	static const struct rsa_pke id = {                                                                          \
		.c = {.info = BSSL_INFO(CB_KIND_PKE, nm, RSA_NOTES, &id.v),                                         \
		      .keygen = rsa_pke_keygen,                                                                     \
		      .key_free = rsa_key_free,                                                                     \
		      .export_public = rsa_export_public,                                                           \
		      .export_secret = rsa_export_secret,                                                           \
		      .max_plaintext = rsa_max_plaintext,                                                           \
		      .max_ciphertext = rsa_max_ciphertext,                                                         \
		      .encrypt = rsa_encrypt,                                                                       \
		      .decrypt = rsa_decrypt,                                                                       \
		      .import_secret = rsa_pke_import_secret,                                                       \
		      .import_public = rsa_pke_import_public},                                                      \
		.v = {nbits, CB_KIND_PKE, padding, md_, 0, ovh},                                                    \
	}

#define RSA_SIG(id, nm, nbits, padding, salt)                                                                      \
	static const struct rsa_sig id = {                                                                          \
		.c = {.info = BSSL_INFO(CB_KIND_SIG, nm, RSA_NOTES, &id.v),                                         \
		      .keygen = rsa_sig_keygen,                                                                     \
		      .key_free = rsa_key_free,                                                                     \
		      .export_public = rsa_export_public,                                                           \
		      .export_secret = rsa_export_secret,                                                           \
		      .max_signature = rsa_max_signature,                                                           \
		      .sign = rsa_sign,                                                                             \
		      .verify = rsa_verify,                                                                         \
		      .import_public = rsa_sig_import_public,                                                       \
		      .import_secret = rsa_sig_import_secret},                                                      \
		.v = {nbits, CB_KIND_SIG, padding, EVP_sha256, salt, 0},                                            \
	}

/* Overheads: PKCS#1 v1.5 11 bytes; OAEP 2*hLen + 2 (RFC 8017 7.1.1). */
#define OV_PKCS1 11
#define OV_OAEP256 (2 * 32 + 2)
#define OV_OAEP1 (2 * 20 + 2)

RSA_PKE(rsa2048_pkcs1, "rsa2048-pkcs1", 2048, RSA_PKCS1_PADDING, NULL, OV_PKCS1);
RSA_PKE(rsa2048_oaep256, "rsa2048-oaep-sha256", 2048, RSA_PKCS1_OAEP_PADDING, EVP_sha256, OV_OAEP256);
RSA_PKE(rsa2048_oaep1, "rsa2048-oaep-sha1", 2048, RSA_PKCS1_OAEP_PADDING, EVP_sha1, OV_OAEP1);
RSA_PKE(rsa2048_raw, "rsa2048-raw", 2048, RSA_NO_PADDING, NULL, 0);
RSA_PKE(rsa3072_pkcs1, "rsa3072-pkcs1", 3072, RSA_PKCS1_PADDING, NULL, OV_PKCS1);
RSA_PKE(rsa3072_oaep256, "rsa3072-oaep-sha256", 3072, RSA_PKCS1_OAEP_PADDING, EVP_sha256, OV_OAEP256);
RSA_PKE(rsa3072_oaep1, "rsa3072-oaep-sha1", 3072, RSA_PKCS1_OAEP_PADDING, EVP_sha1, OV_OAEP1);
RSA_PKE(rsa3072_raw, "rsa3072-raw", 3072, RSA_NO_PADDING, NULL, 0);
RSA_PKE(rsa4096_pkcs1, "rsa4096-pkcs1", 4096, RSA_PKCS1_PADDING, NULL, OV_PKCS1);
RSA_PKE(rsa4096_oaep256, "rsa4096-oaep-sha256", 4096, RSA_PKCS1_OAEP_PADDING, EVP_sha256, OV_OAEP256);
RSA_PKE(rsa4096_oaep1, "rsa4096-oaep-sha1", 4096, RSA_PKCS1_OAEP_PADDING, EVP_sha1, OV_OAEP1);
RSA_PKE(rsa4096_raw, "rsa4096-raw", 4096, RSA_NO_PADDING, NULL, 0);

RSA_SIG(rsa2048_pkcs1_sha256, "rsa2048-pkcs1-sha256", 2048, RSA_PKCS1_PADDING, 0);
RSA_SIG(rsa2048_pss_sha256, "rsa2048-pss-sha256", 2048, RSA_PKCS1_PSS_PADDING, 32);
RSA_SIG(rsa3072_pkcs1_sha256, "rsa3072-pkcs1-sha256", 3072, RSA_PKCS1_PADDING, 0);
RSA_SIG(rsa3072_pss_sha256, "rsa3072-pss-sha256", 3072, RSA_PKCS1_PSS_PADDING, 32);
RSA_SIG(rsa4096_pkcs1_sha256, "rsa4096-pkcs1-sha256", 4096, RSA_PKCS1_PADDING, 0);
RSA_SIG(rsa4096_pss_sha256, "rsa4096-pss-sha256", 4096, RSA_PKCS1_PSS_PADDING, 32);

const cb_alg_info *const cb_bssl_rsa_algs[] = {
	&rsa2048_pkcs1.c.info,	      &rsa2048_oaep256.c.info,	    &rsa2048_oaep1.c.info,
	&rsa2048_raw.c.info,	      &rsa3072_pkcs1.c.info,	    &rsa3072_oaep256.c.info,
	&rsa3072_oaep1.c.info,	      &rsa3072_raw.c.info,	    &rsa4096_pkcs1.c.info,
	&rsa4096_oaep256.c.info,      &rsa4096_oaep1.c.info,	    &rsa4096_raw.c.info,
	&rsa2048_pkcs1_sha256.c.info, &rsa2048_pss_sha256.c.info,   &rsa3072_pkcs1_sha256.c.info,
	&rsa3072_pss_sha256.c.info,   &rsa4096_pkcs1_sha256.c.info, &rsa4096_pss_sha256.c.info,
	NULL,
};

#endif
