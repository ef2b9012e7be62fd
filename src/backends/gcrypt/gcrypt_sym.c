/*
 * libgcrypt symmetric ciphers (AES, ChaCha20-Poly1305, SM4) and hashes
 * (SHA-256, SHA3-256, SM3).
 *
 * A cipher context is one gcry_cipher_hd_t keyed once in init(); each call
 * only resets the mode state and sets the IV or counter, so the timed
 * operation is the cipher itself.  libgcrypt has no padding mode: PKCS#7 is
 * added and checked by cb_cipher_crypt (cipher_check.h), around whole-block
 * calls to the library.  GCM
 * works with any 128-bit block cipher in libgcrypt, so sm4-gcm is real here.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/gcrypt/gcrypt_common.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"

enum gsym_kind { GSYM_BLOCK, GSYM_CTR, GSYM_AEAD };

struct gsym_variant {
	int algo; /* GCRY_CIPHER_* */
	int mode; /* GCRY_CIPHER_MODE_* */
	enum gsym_kind kind;
	size_t max_ivlen; /* AEAD: longest nonce accepted; iv_bytes: only that length */
};

static const cb_cipher_lib gcry_cipher;

struct gsym_ctx {
	cb_cipher_handle base; /* first: the class and cipher_check.h's view of this library */
	const struct gsym_variant *v;
	gcry_cipher_hd_t hd;
};

static void gsym_free(void *p)
{
	struct gsym_ctx *c = p;

	if (!c)
		return;
	/* gcry_cipher_close wipes the key schedule. */
	gcry_cipher_close(c->hd);
	free(c);
}

static int gsym_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	const struct gsym_variant *v = cls->info.variant;
	struct gsym_ctx *c;
	gcry_error_t e;

	*out = NULL;
	if (cb_gcry_init())
		return CB_ERR_BACKEND;
	c = cb_cipher_handle_new(sizeof(*c), cls, &gcry_cipher);
	if (!c)
		return CB_ERR_NOMEM;
	c->v = v;
	e = gcry_cipher_open(&c->hd, v->algo, v->mode, 0);
	if (e) {
		free(c);
		return cb_gcry_err(e);
	}
	e = gcry_cipher_setkey(c->hd, key, cls->key_bytes);
	if (e) {
		gsym_free(c);
		return cb_gcry_err(e);
	}
	*out = c;
	return CB_OK;
}

/* A non-AEAD message's IV or counter into the handle (cb_cipher_lib's start); ECB keeps no state. */
static int gsym_start(void *p, int enc, const uint8_t *iv, size_t ivlen)
{
	struct gsym_ctx *c = p;
	const cb_cipher_class *cls = c->base.cls;
	gcry_error_t e;

	if (cls->iv_bytes == 0)
		return CB_OK;
	if (ivlen != cls->iv_bytes)
		return CB_ERR_LENGTH;
	if (c->v->kind == GSYM_CTR)
		e = gcry_cipher_setctr(c->hd, iv, ivlen);
	else
		e = gcry_cipher_setiv(c->hd, iv, ivlen);
	return e ? cb_gcry_err(e) : CB_OK;
}

/* ECB / CBC over whole blocks, CTR: the handle keeps the chaining state (iv and ctr unused). */
static int gsym_blocks(void *p, int enc, uint8_t *iv, size_t len, uint8_t *out, const uint8_t *in)
{
	struct gsym_ctx *c = p;
	gcry_error_t e = 0;

	if (len)
		e = enc ? gcry_cipher_encrypt(c->hd, out, len, in, len) : gcry_cipher_decrypt(c->hd, out, len, in, len);
	return e ? cb_gcry_err(e) : CB_OK;
}

static int gsym_ctr(void *p, uint8_t *ctr, size_t len, uint8_t *out, const uint8_t *in)
{
	return gsym_blocks(p, 1, ctr, len, out, in);
}

/* A GCM or ChaCha20-Poly1305 message (cipher_check.h): the mode state reset, the nonce and AAD, the tag. */
static int gsym_aead(void *p, int enc, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
		     const uint8_t *in, size_t len, uint8_t *out)
{
	struct gsym_ctx *c = p;
	const cb_cipher_class *cls = c->base.cls;
	gcry_error_t e;

	if (ivlen == 0 || ivlen > c->v->max_ivlen || (c->v->max_ivlen == cls->iv_bytes && ivlen != cls->iv_bytes))
		return CB_ERR_LENGTH;
	gcry_cipher_reset(c->hd);
	e = gcry_cipher_setiv(c->hd, iv, ivlen);
	if (!e && aadlen)
		e = gcry_cipher_authenticate(c->hd, aad, aadlen);
	if (!e && len)
		e = enc ? gcry_cipher_encrypt(c->hd, out, len, in, len) : gcry_cipher_decrypt(c->hd, out, len, in, len);
	if (!e)
		e = enc ? gcry_cipher_gettag(c->hd, out + len, cls->tag_bytes)
			: gcry_cipher_checktag(c->hd, in + len, cls->tag_bytes);
	if (!e)
		return CB_OK;
	return !enc && gcry_err_code(e) == GPG_ERR_CHECKSUM ? CB_ERR_VERIFY : cb_gcry_err(e);
}

/* libgcrypt has no padding mode: PKCS#7 is cipher_check.c's, around whole-block calls. */
static const cb_cipher_lib gcry_cipher = {SIZE_MAX, SIZE_MAX, gsym_aead, gsym_blocks, gsym_ctr, gsym_start};

#define GSYM_CIPHER(id, nm, galgo, gmode, gkind, maxiv, kb, ivb, bb, tb, pad)                                       \
	static const struct gsym_variant id##_v = {galgo, gmode, gkind, maxiv};                                     \
	const cb_cipher_class cb_gcry_##id = {                                                                      \
		.info = {.kind = CB_KIND_CIPHER, .name = nm, .backend = "gcrypt",                                   \
			 .unavailable = cb_gcry_unavailable, .implementation = cb_gcrypt_implementation,            \
			 .variant = &id##_v},                                                                       \
		CB_CIPHER_HANDLE_METHODS(gsym, kb, ivb, bb, tb, pad),                                               \
	}

#define A128 GCRY_CIPHER_AES128
#define A256 GCRY_CIPHER_AES256
#define SM4 GCRY_CIPHER_SM4
#define ECB GCRY_CIPHER_MODE_ECB
#define CBC GCRY_CIPHER_MODE_CBC
#define CTR GCRY_CIPHER_MODE_CTR
#define GCM GCRY_CIPHER_MODE_GCM

/* libgcrypt's GCM takes an IV of any length; CB_GCM_MAX_IV bounds it as in the other adapters. */
GSYM_CIPHER(aes128_ecb, "aes-128-ecb", A128, ECB, GSYM_BLOCK, 0, 16, 0, 16, 0, 0);
GSYM_CIPHER(aes128_ecb_p, "aes-128-ecb-pkcs7", A128, ECB, GSYM_BLOCK, 0, 16, 0, 16, 0, 1);
GSYM_CIPHER(aes128_cbc, "aes-128-cbc", A128, CBC, GSYM_BLOCK, 0, 16, 16, 16, 0, 0);
GSYM_CIPHER(aes128_cbc_p, "aes-128-cbc-pkcs7", A128, CBC, GSYM_BLOCK, 0, 16, 16, 16, 0, 1);
GSYM_CIPHER(aes128_ctr, "aes-128-ctr", A128, CTR, GSYM_CTR, 0, 16, 16, 1, 0, 0);
GSYM_CIPHER(aes128_gcm, "aes-128-gcm", A128, GCM, GSYM_AEAD, CB_GCM_MAX_IV, 16, 12, 1, 16, 0);
GSYM_CIPHER(aes256_ecb, "aes-256-ecb", A256, ECB, GSYM_BLOCK, 0, 32, 0, 16, 0, 0);
GSYM_CIPHER(aes256_ecb_p, "aes-256-ecb-pkcs7", A256, ECB, GSYM_BLOCK, 0, 32, 0, 16, 0, 1);
GSYM_CIPHER(aes256_cbc, "aes-256-cbc", A256, CBC, GSYM_BLOCK, 0, 32, 16, 16, 0, 0);
GSYM_CIPHER(aes256_cbc_p, "aes-256-cbc-pkcs7", A256, CBC, GSYM_BLOCK, 0, 32, 16, 16, 0, 1);
GSYM_CIPHER(aes256_ctr, "aes-256-ctr", A256, CTR, GSYM_CTR, 0, 32, 16, 1, 0, 0);
GSYM_CIPHER(aes256_gcm, "aes-256-gcm", A256, GCM, GSYM_AEAD, CB_GCM_MAX_IV, 32, 12, 1, 16, 0);
/* RFC 8439 with a 12-byte nonce, as the OpenSSL class. */
GSYM_CIPHER(chacha20_poly1305, "chacha20-poly1305", GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, GSYM_AEAD, 12, 32, 12, 1, 16, 0);
GSYM_CIPHER(sm4_ecb, "sm4-ecb", SM4, ECB, GSYM_BLOCK, 0, 16, 0, 16, 0, 0);
GSYM_CIPHER(sm4_ecb_p, "sm4-ecb-pkcs7", SM4, ECB, GSYM_BLOCK, 0, 16, 0, 16, 0, 1);
GSYM_CIPHER(sm4_cbc, "sm4-cbc", SM4, CBC, GSYM_BLOCK, 0, 16, 16, 16, 0, 0);
GSYM_CIPHER(sm4_cbc_p, "sm4-cbc-pkcs7", SM4, CBC, GSYM_BLOCK, 0, 16, 16, 16, 0, 1);
GSYM_CIPHER(sm4_ctr, "sm4-ctr", SM4, CTR, GSYM_CTR, 0, 16, 16, 1, 0, 0);
GSYM_CIPHER(sm4_gcm, "sm4-gcm", SM4, GCM, GSYM_AEAD, CB_GCM_MAX_IV, 16, 12, 1, 16, 0);

/*
 * Hashes: one gcry_md_hd_t opened with the handle and reset per call.
 * Measured against gcry_md_hash_buffer on libgcrypt 1.10.1 (64 B, 1 KiB,
 * 16 KiB): the same speed within 3% at 64 B and 1 KiB, and 4-10% faster
 * at 16 KiB, so the kept handle is used.  The algorithm a GCRY_MD_* number.
 */
static int ghash_open(const cb_hash_class *cls, const void *alg, void *state)
{
	const int algo = *(const int *)alg;
	gcry_error_t e;

	if (cb_gcry_init())
		return CB_ERR_BACKEND;
	if (gcry_md_get_algo_dlen(algo) != cls->digest_bytes)
		return CB_ERR_UNSUPPORTED;
	e = gcry_md_open(state, algo, 0);
	return e ? cb_gcry_err(e) : CB_OK;
}

static void ghash_close(void *state)
{
	gcry_md_close(*(gcry_md_hd_t *)state);
}

static int ghash_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	cb_hash_handle *h = p;
	const unsigned char *d = cb_gcry_md_digest(*(gcry_md_hd_t *)h->state, NULL, 0, in, inlen);

	if (!d)
		return CB_ERR_BACKEND;
	memcpy(out, d, h->cls->digest_bytes);
	return CB_OK;
}

static const cb_hash_lib gcry_hash = {sizeof(gcry_md_hd_t), ghash_open, ghash_close};
static const int md_sha256 = GCRY_MD_SHA256, md_sha512 = GCRY_MD_SHA512, md_sha3_256 = GCRY_MD_SHA3_256,
		 md_sm3 = GCRY_MD_SM3;

#define GH_INFO(kind_, name_, notes_, variant_)                                                                     \
	{.kind = (kind_), .name = (name_), .backend = "gcrypt", .notes = (notes_), .unavailable = cb_gcry_unavailable, \
	 .implementation = cb_gcrypt_implementation, .variant = (variant_)}

CB_HASH_CLASS(cb_gcry_sha256, GH_INFO, NULL, &gcry_hash, &md_sha256, ghash_digest, CB_HASH_SHA256);
CB_HASH_CLASS(cb_gcry_sha512, GH_INFO, NULL, &gcry_hash, &md_sha512, ghash_digest, CB_HASH_SHA512);
CB_HASH_CLASS(cb_gcry_sha3_256, GH_INFO, NULL, &gcry_hash, &md_sha3_256, ghash_digest, CB_HASH_SHA3_256);
CB_HASH_CLASS(cb_gcry_sm3, GH_INFO, NULL, &gcry_hash, &md_sm3, ghash_digest, CB_HASH_SM3);
