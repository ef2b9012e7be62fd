/*
 * libgcrypt symmetric ciphers (AES, ChaCha20-Poly1305, SM4) and hashes
 * (SHA-256, SHA3-256, SM3).
 *
 * A cipher context is one gcry_cipher_hd_t keyed once in init(); each call
 * only resets the mode state and sets the IV or counter, so the timed
 * operation is the cipher itself.  libgcrypt has no padding mode: PKCS#7 is
 * added and checked by cb_cipher_crypt (cipher_check.h), around whole-block
 * calls to the library.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/gcrypt/gcrypt_common.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"

/* A class's variant: libgcrypt's cipher and the class's mode. */
struct gsym_variant {
	int algo; /* GCRY_CIPHER_* */
	enum cb_cipher_mode mode;
};

static const int gsym_modes[] = {[CB_MODE_ECB] = GCRY_CIPHER_MODE_ECB, [CB_MODE_CBC] = GCRY_CIPHER_MODE_CBC,
				  [CB_MODE_CTR] = GCRY_CIPHER_MODE_CTR, [CB_MODE_GCM] = GCRY_CIPHER_MODE_GCM,
				  [CB_MODE_CHAPOLY] = GCRY_CIPHER_MODE_POLY1305};

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
	e = gcry_cipher_open(&c->hd, v->algo, gsym_modes[v->mode], 0);
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
	if (c->v->mode == CB_MODE_CTR)
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

	if (c->v->mode == CB_MODE_GCM ? ivlen == 0 || ivlen > CB_GCM_MAX_IV : ivlen != cls->iv_bytes)
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

#define GSYM_CIPHER(id, nm, galgo, md, kb, ivb, bb, tb, pad)                                                        \
	static const struct gsym_variant id##_v = {galgo, md};                                                      \
	static const cb_cipher_class id = {                                                                         \
		.info = {.kind = CB_KIND_CIPHER, .name = nm, .backend = "gcrypt",                                   \
			 .unavailable = cb_gcry_unavailable, .implementation = cb_gcrypt_implementation,            \
			 .variant = &id##_v},                                                                       \
		CB_CIPHER_HANDLE_METHODS(gsym, kb, ivb, bb, tb, pad),                                               \
	};

/*
 * The AES rows of cipher_check.h (libgcrypt's GCM takes an IV of any length,
 * CB_GCM_MAX_IV bounds it as in the other adapters), then ChaCha20-Poly1305
 * (RFC 8439 with a 12-byte nonce, as the OpenSSL class) and SM4, whose GCM is
 * real here: libgcrypt's GCM works with any 128-bit block cipher.
 */
#define GSYM_AES(id, nm, md, kb, ivb, bb, tb, pad)                                                                  \
	GSYM_CIPHER(id, nm, (kb) == 16 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256, md, kb, ivb, bb, tb, pad)
#define GSYM_ROWS(X)                                                                                                \
	X(chacha20_poly1305, "chacha20-poly1305", GCRY_CIPHER_CHACHA20, CB_MODE_CHAPOLY, 32, 12, 1, 16, 0)          \
	X(sm4_ecb, "sm4-ecb", GCRY_CIPHER_SM4, CB_MODE_ECB, 16, 0, 16, 0, 0)                                        \
	X(sm4_ecb_p, "sm4-ecb-pkcs7", GCRY_CIPHER_SM4, CB_MODE_ECB, 16, 0, 16, 0, 1)                                \
	X(sm4_cbc, "sm4-cbc", GCRY_CIPHER_SM4, CB_MODE_CBC, 16, 16, 16, 0, 0)                                       \
	X(sm4_cbc_p, "sm4-cbc-pkcs7", GCRY_CIPHER_SM4, CB_MODE_CBC, 16, 16, 16, 0, 1)                               \
	X(sm4_ctr, "sm4-ctr", GCRY_CIPHER_SM4, CB_MODE_CTR, 16, 16, 1, 0, 0)                                        \
	X(sm4_gcm, "sm4-gcm", GCRY_CIPHER_SM4, CB_MODE_GCM, 16, 12, 1, 16, 0)
CB_AES_CIPHER_ROWS(GSYM_AES)
GSYM_ROWS(GSYM_CIPHER)

#define GSYM_LIST(id, ...) &id.info,
const cb_alg_info *const cb_gcry_cipher_algs[] = {CB_AES_CIPHER_ROWS(GSYM_LIST) GSYM_ROWS(GSYM_LIST) NULL};

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
