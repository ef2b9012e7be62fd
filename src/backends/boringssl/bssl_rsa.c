/*
 * BoringSSL RSA: encryption (PKCS#1 v1.5, OAEP, raw) and signatures
 * (PKCS#1 v1.5, PSS), RFC 8017, with the OpenSSL classes' semantics: the
 * hooks of src/backends/libcrypto_rsa.inc (the key handle, its prepared
 * EVP_PKEY_CTXs and the classes' methods, shared with OpenSSL's) and the
 * classes.  sign() and verify() hash the message with SHA256().
 * BoringSSL always blinds its private-key operations (RSA_FLAG_NO_BLINDING
 * does nothing) and checks the CRT result against the public key; PKCS#1 v1.5 decryption
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
#include <openssl/err.h>
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

/* SHA256() keeps no state. */
struct rsa_hash {
	char none;
};

#include "backends/libcrypto_rsa.inc"

static int rsa_generate(int bits, EVP_PKEY **pkey)
{
	RSA *rsa = RSA_new();
	BIGNUM *e = BN_new();
	EVP_PKEY *pk = EVP_PKEY_new();
	int ok = rsa && e && pk && BN_set_word(e, RSA_F4) && RSA_generate_key_ex(rsa, bits, e, NULL) &&
		 EVP_PKEY_assign_RSA(pk, rsa);

	BN_free(e);
	if (!ok) {
		RSA_free(rsa);
		EVP_PKEY_free(pk);
		return 0;
	}
	*pkey = pk;
	return 1;
}

/* An imported key of another size than the class's is refused. */
static int rsa_modulus(const struct rsa_variant *v, EVP_PKEY *pkey, struct rsa_key *k)
{
	const RSA *rsa = EVP_PKEY_get0_RSA(pkey);

	if (!rsa)
		return CB_ERR_BACKEND;
	if (EVP_PKEY_bits(pkey) != v->bits)
		return CB_ERR_INVALID_KEY;
	k->k = EVP_PKEY_size(pkey);
	k->n = OPENSSL_malloc(k->k);
	return k->n && BN_bn2bin_padded(k->n, k->k, RSA_get0_n(rsa)) ? CB_OK : CB_ERR_BACKEND;
}

static int rsa_hash_init(struct rsa_hash *h, const struct rsa_variant *v)
{
	(void)h;
	(void)v;
	return 1;
}

static void rsa_hash_free(struct rsa_hash *h)
{
	(void)h;
}

static int rsa_hash(struct rsa_hash *h, const uint8_t *m, size_t mlen, uint8_t *dg, size_t *dglen)
{
	(void)h;
	SHA256(m, mlen, dg);
	*dglen = SHA256_DIGEST_LENGTH;
	return CB_OK;
}

static int rsa_ctx_params(const struct rsa_key *k, EVP_PKEY_CTX *ctx, int is_private)
{
	const struct rsa_variant *v = k->v;

	(void)is_private;
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

static int rsa_export_der(EVP_PKEY *pkey, int secret, uint8_t *out, size_t *outlen)
{
	return cb_bssl_export_key(pkey, secret, out, outlen);
}

/* DER SPKI / PKCS#8 of an RSA key of the class's size, nothing after it. */
static int rsa_import(const cb_alg_info *alg, const uint8_t *in, size_t len, int is_private, void **key)
{
	struct rsa_key *k = NULL;
	EVP_PKEY *pkey;
	int err;

	if ((err = cb_bssl_parse_key(in, len, is_private, EVP_PKEY_RSA, key, &pkey)) != 0)
		return err;
	err = rsa_key_make(alg->variant, pkey, is_private, &k);
	if (err)
		return err;
	*key = k;
	return CB_OK;
}

#define RSA_NOTES "EVP_PKEY with prepared contexts; private-key operations always blinded (BoringSSL has no switch)"

#define RSA_PKE(id, nm, nbits, padding, md_, ovh)                                                                  \
	static const struct rsa_pke id = {                                                                          \
		.c = {.info = BSSL_INFO(CB_KIND_PKE, nm, RSA_NOTES, &id.v), RSA_PKE_METHODS},                       \
		.v = {nbits, CB_KIND_PKE, padding, md_, 0, ovh},                                                    \
	}

#define RSA_SIG(id, nm, nbits, padding, salt)                                                                      \
	static const struct rsa_sig id = {                                                                          \
		.c = {.info = BSSL_INFO(CB_KIND_SIG, nm, RSA_NOTES, &id.v), RSA_SIG_METHODS},                       \
		.v = {nbits, CB_KIND_SIG, padding, EVP_sha256, salt, 0},                                            \
	}

#define RSA_SHA256 EVP_sha256
#define RSA_SHA1 EVP_sha1
RSA_CLASSES(2048);
RSA_CLASSES(3072);
RSA_CLASSES(4096);

const cb_alg_info *const cb_bssl_rsa_algs[] = RSA_ALGS;

#endif
