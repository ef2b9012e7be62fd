/*
 * OpenSSL 3 symmetric ciphers (AES, ChaCha20-Poly1305, SM4) and hashes
 * (SHA-256, SHA3-256, SM3).
 *
 * A cipher context keeps one fetched EVP_CIPHER and two EVP_CIPHER_CTXs,
 * one keyed for encryption and one for decryption, each keyed once in
 * init().  Two are needed because AES-ECB/CBC expand a different key
 * schedule for decryption, and OpenSSL 3.0 does not redo the schedule when
 * only the direction changes on a re-init without a key.  Each call then
 * only sets the IV (EVP_CipherInit_ex2 with a NULL cipher and key), as
 * `openssl speed -evp` does, so the timed operation is the cipher itself.
 */
#include <limits.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/openssl/openssl_common.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"

enum sym_mode { SYM_BLOCK, SYM_STREAM, SYM_AEAD };

struct sym_variant {
	const char *ossl_name; /* name for EVP_CIPHER_fetch */
	enum sym_mode mode;
	size_t max_ivlen; /* AEAD: longest IV accepted; equal to iv_bytes: only that length */
};

struct sym_ctx {
	const cb_cipher_class *cls;
	const struct sym_variant *v;
	EVP_CIPHER *cipher;
	EVP_CIPHER_CTX *enc;
	EVP_CIPHER_CTX *dec;
	size_t enc_ivlen; /* IV length the AEAD contexts are set to */
	size_t dec_ivlen;
};

static void sym_free(void *p)
{
	struct sym_ctx *c = p;
	if (!c)
		return;
	/* EVP_CIPHER_CTX_free cleanses the key schedule. */
	EVP_CIPHER_CTX_free(c->enc);
	EVP_CIPHER_CTX_free(c->dec);
	EVP_CIPHER_free(c->cipher);
	OPENSSL_free(c);
}

static int sym_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	const struct sym_variant *v = cls->info.variant;
	struct sym_ctx *c;

	*out = NULL;
	c = OPENSSL_zalloc(sizeof(*c));
	if (!c)
		return CB_ERR_NOMEM;
	c->cls = cls;
	c->v = v;
	c->cipher = EVP_CIPHER_fetch(NULL, v->ossl_name, NULL);
	if (!c->cipher) {
		sym_free(c);
		ERR_clear_error();
		return CB_ERR_UNSUPPORTED;
	}
	if ((size_t)EVP_CIPHER_get_key_length(c->cipher) != cls->key_bytes)
		goto fail;
	c->enc = EVP_CIPHER_CTX_new();
	c->dec = EVP_CIPHER_CTX_new();
	if (!c->enc || !c->dec)
		goto fail;
	if (!EVP_EncryptInit_ex2(c->enc, c->cipher, key, NULL, NULL) ||
	    !EVP_DecryptInit_ex2(c->dec, c->cipher, key, NULL, NULL))
		goto fail;
	if (v->mode == SYM_BLOCK &&
	    (!EVP_CIPHER_CTX_set_padding(c->enc, cls->padded) || !EVP_CIPHER_CTX_set_padding(c->dec, cls->padded)))
		goto fail;
	c->enc_ivlen = c->dec_ivlen = cls->iv_bytes;
	*out = c;
	return CB_OK;
fail:
	sym_free(c);
	return cb_ossl_fail();
}

/* Sets the IV (and, for AEADs, its length) for one message, then an AEAD's aad. */
static int sym_start(struct sym_ctx *c, EVP_CIPHER_CTX *ctx, size_t *cur_ivlen, const uint8_t *iv, size_t ivlen,
		     const uint8_t *aad, size_t aadlen, int enc)
{
	int n;

	if (c->v->mode == SYM_AEAD) {
		if (ivlen == 0 || ivlen > c->v->max_ivlen ||
		    (c->v->max_ivlen == c->cls->iv_bytes && ivlen != c->cls->iv_bytes))
			return CB_ERR_LENGTH;
		if (ivlen != *cur_ivlen) {
			if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)ivlen, NULL) <= 0)
				return cb_ossl_fail();
			*cur_ivlen = ivlen;
		}
	} else if (c->cls->iv_bytes == 0) {
		iv = NULL; /* ECB: no IV */
	} else if (ivlen != c->cls->iv_bytes) {
		return CB_ERR_LENGTH;
	}
	if (!iv && c->cls->iv_bytes)
		return CB_ERR_ARG;
	if (!EVP_CipherInit_ex2(ctx, NULL, NULL, iv, enc, NULL))
		return cb_ossl_fail();
	if (c->v->mode != SYM_AEAD || aadlen == 0)
		return CB_OK;
	if (!aad || aadlen > INT_MAX)
		return CB_ERR_ARG;
	if (!EVP_CipherUpdate(ctx, NULL, &n, aad, (int)aadlen))
		return cb_ossl_fail();
	return CB_OK;
}

/*
 * One message in the direction enc (1 encrypt, 0 decrypt), through that
 * direction's context: the sizes, sym_start, the data, then the tag (the
 * encryption appends it; a decryption takes it from the last tag_bytes of
 * in and the final call checks it).  EVP_CipherUpdate and
 * EVP_CipherFinal_ex go the context's way.  A failed decryption releases
 * no plaintext.
 */
static int sym_run(struct sym_ctx *c, int enc, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
		   const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	const cb_cipher_class *cls = c->cls;
	EVP_CIPHER_CTX *ctx = enc ? c->enc : c->dec;
	size_t len; /* the data: the plaintext, or the ciphertext before its tag */
	int n1 = 0, n2 = 0, err;

	err = enc ? cb_cipher_encrypt_size(cls, in, inlen, out, outlen, INT_MAX - 2 * cls->block_bytes, &len)
		  : cb_cipher_decrypt_size(cls, in, inlen, out, outlen, INT_MAX, &len);
	if (err != 0 ||
	    (err = sym_start(c, ctx, enc ? &c->enc_ivlen : &c->dec_ivlen, iv, ivlen, aad, aadlen, enc)) != 0)
		return err;
	if (enc)
		len = inlen;
	/* The API takes a non-const pointer but only reads the tag. */
	else if (c->v->mode == SYM_AEAD && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)cls->tag_bytes,
							       (void *)(uintptr_t)(in + len)) <= 0)
		return cb_ossl_fail();
	if (len && !EVP_CipherUpdate(ctx, out, &n1, in, (int)len)) {
		if (!enc)
			cb_wipe(out, len);
		return cb_ossl_fail();
	}
	if (!EVP_CipherFinal_ex(ctx, out + n1, &n2)) {
		if (enc)
			return cb_ossl_fail();
		/* Never release unauthenticated or badly padded plaintext. */
		cb_wipe(out, len);
		ERR_clear_error();
		return c->v->mode == SYM_AEAD ? CB_ERR_VERIFY : CB_ERR_DECRYPT;
	}
	len = (size_t)n1 + (size_t)n2;
	if (enc && cls->tag_bytes) {
		if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)cls->tag_bytes, out + len) <= 0)
			return cb_ossl_fail();
		len += cls->tag_bytes;
	}
	*outlen = len;
	return CB_OK;
}

static int sym_encrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		       size_t inlen, uint8_t *out, size_t *outlen)
{
	return sym_run(p, 1, iv, ivlen, aad, aadlen, in, inlen, out, outlen);
}

static int sym_decrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		       size_t inlen, uint8_t *out, size_t *outlen)
{
	return sym_run(p, 0, iv, ivlen, aad, aadlen, in, inlen, out, outlen);
}

/* unavailable() gets no class argument: each class has its own, into the shared code above. */
#define SYM_CIPHER(id, nm, oname, md, maxiv, kb, ivb, bb, tb, pad)                                          \
	static const struct sym_variant id##_v = {oname, md, maxiv};                                        \
	static const char *id##_unavailable(void)                                                           \
	{                                                                                                   \
		return cb_ossl_unavailable(CB_KIND_CIPHER, oname);                                          \
	}                                                                                                   \
	static const cb_cipher_class id = {                                                                 \
		.info = {.kind = CB_KIND_CIPHER, .name = nm, .backend = "openssl",                          \
			 .unavailable = id##_unavailable, .implementation = cb_openssl_implementation,      \
			 .variant = &id##_v},                                                               \
		.key_bytes = kb,                                                                            \
		.iv_bytes = ivb,                                                                            \
		.block_bytes = bb,                                                                          \
		.tag_bytes = tb,                                                                            \
		.padded = pad,                                                                              \
		CB_CIPHER_METHODS(sym),                                                                     \
	}

/* GCM accepts IVs up to 128 bytes in OpenSSL 3.0 (GCM_IV_MAX_SIZE). */
#define GCM_MAX_IV 128

/*
 * The six classes of a 128-bit block cipher with a kb-byte key (OpenSSL's
 * name onm): ECB and CBC without and with PKCS#7, CTR, GCM.
 */
#define BLOCK_CLASSES(id, nm, onm, kb)                                                                      \
	SYM_CIPHER(id##_ecb, nm "-ecb", onm "-ECB", SYM_BLOCK, 0, kb, 0, 16, 0, 0);                         \
	SYM_CIPHER(id##_ecb_p, nm "-ecb-pkcs7", onm "-ECB", SYM_BLOCK, 0, kb, 0, 16, 0, 1);                 \
	SYM_CIPHER(id##_cbc, nm "-cbc", onm "-CBC", SYM_BLOCK, 0, kb, 16, 16, 0, 0);                        \
	SYM_CIPHER(id##_cbc_p, nm "-cbc-pkcs7", onm "-CBC", SYM_BLOCK, 0, kb, 16, 16, 0, 1);                \
	SYM_CIPHER(id##_ctr, nm "-ctr", onm "-CTR", SYM_STREAM, 0, kb, 16, 1, 0, 0);                        \
	SYM_CIPHER(id##_gcm, nm "-gcm", onm "-GCM", SYM_AEAD, GCM_MAX_IV, kb, 12, 1, 16, 0)

BLOCK_CLASSES(aes128, "aes-128", "AES-128", 16);
BLOCK_CLASSES(aes256, "aes-256", "AES-256", 32);
/* OpenSSL 3.0 has no SM4-GCM (added in 3.2); unavailable() then says so. */
BLOCK_CLASSES(sm4, "sm4", "SM4", 16);
/* RFC 8439; OpenSSL 3.0 initialises it only with a 12-byte nonce. */
SYM_CIPHER(chacha20_poly1305, "chacha20-poly1305", "ChaCha20-Poly1305", SYM_AEAD, 12, 32, 12, 1, 16, 0);

/* Hashes: a fetched EVP_MD (the algorithm OpenSSL's name of the hash) and one EVP_MD_CTX reused by every call. */

struct hash_state {
	EVP_MD *md;
	EVP_MD_CTX *ctx;
};

static void hash_close(void *state)
{
	struct hash_state *h = state;

	EVP_MD_CTX_free(h->ctx);
	EVP_MD_free(h->md);
}

static int hash_open(const cb_hash_class *cls, const void *alg, void *state)
{
	struct hash_state *h = state;

	h->md = EVP_MD_fetch(NULL, alg, NULL);
	if (!h->md) {
		ERR_clear_error();
		return CB_ERR_UNSUPPORTED;
	}
	h->ctx = EVP_MD_CTX_new();
	if (!h->ctx || (size_t)EVP_MD_get_size(h->md) != cls->digest_bytes) {
		hash_close(h);
		return cb_ossl_fail();
	}
	return CB_OK;
}

static int hash_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	cb_hash_handle *hh = p;
	struct hash_state *h = (struct hash_state *)hh->state;
	unsigned int n = 0;
	if (!EVP_DigestInit_ex2(h->ctx, h->md, NULL) || !EVP_DigestUpdate(h->ctx, in, inlen) ||
	    !EVP_DigestFinal_ex(h->ctx, out, &n))
		return cb_ossl_fail();
	return n == hh->cls->digest_bytes ? CB_OK : CB_ERR_BACKEND;
}

static const cb_hash_lib ossl_hash = {sizeof(struct hash_state), hash_open, hash_close};

#define SYM_HASH_INFO(kind_, name_, unavailable_, variant_)                                                       \
	{.kind = (kind_), .name = (name_), .backend = "openssl", .unavailable = (unavailable_),                    \
	 .implementation = cb_openssl_implementation, .variant = (variant_)}
#define SYM_HASH(id, oname, row)                                                                                  \
	static const char *id##_unavailable(void)                                                                 \
	{                                                                                                         \
		return cb_ossl_unavailable(CB_KIND_HASH, oname);                                                  \
	}                                                                                                         \
	static CB_HASH_CLASS(id, SYM_HASH_INFO, id##_unavailable, &ossl_hash, oname, hash_digest, row)

SYM_HASH(sha256, "SHA2-256", CB_HASH_SHA256);
SYM_HASH(sha512, "SHA2-512", CB_HASH_SHA512);
SYM_HASH(sha3_256, "SHA3-256", CB_HASH_SHA3_256);
SYM_HASH(sm3, "SM3", CB_HASH_SM3);

const cb_alg_info *const cb_openssl_sym_algs[] = {
	&aes128_ecb.info,  &aes128_ecb_p.info, &aes128_cbc.info, &aes128_cbc_p.info, &aes128_ctr.info,
	&aes128_gcm.info,  &aes256_ecb.info,   &aes256_ecb_p.info, &aes256_cbc.info, &aes256_cbc_p.info,
	&aes256_ctr.info,  &aes256_gcm.info,   &chacha20_poly1305.info, &sm4_ecb.info, &sm4_ecb_p.info,
	&sm4_cbc.info,     &sm4_cbc_p.info,    &sm4_ctr.info,    &sm4_gcm.info,    &sha256.info,
	&sha512.info,      &sha3_256.info,     &sm3.info,        NULL,
};
