/*
 * mbedTLS symmetric classes: SHA-256, AES ECB/CBC/CTR/GCM and
 * ChaCha20-Poly1305 under the OpenSSL classes' names and semantics (AEAD tag
 * appended, PKCS#7 padding done here for the -pkcs7 variants: mbedTLS's
 * low-level AES has none; CTR over a 16-byte big-endian counter block).
 *
 * A context holds the key schedules made once in init() (AES: one for
 * encryption, one for decryption; GCM: its AES key and GHASH table), so a
 * timed call is mbedTLS's cipher over the message.  mbedTLS 2.28 uses
 * AES-NI and PCLMULQDQ when the CPU has them (MBEDTLS_AESNI_C, checked at
 * run time); the implementation label says which.  ChaCha20-Poly1305 is
 * portable C.
 */
#include <mbedtls/aes.h>
#include <mbedtls/aesni.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/gcm.h>
#include <mbedtls/sha256.h>
#include <mbedtls/version.h>
#include <stdlib.h>
#include <string.h>

#include "backends/mbedtls/mbedtls_common.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"

#define AES_BLOCK 16

static const char *aes_implementation(void)
{
	/*
	 * mbedTLS makes the same check itself (mbedtls_aesni_has_support() is
	 * internal); this one only names what runs.
	 */
#if defined(MBEDTLS_AESNI_C) && defined(MBEDTLS_AESNI_HAVE_CODE) && defined(__GNUC__)
	if (__builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul"))
		return "mbedtls-" MBEDTLS_VERSION_STRING "-aesni";
#endif
	return "mbedtls-" MBEDTLS_VERSION_STRING "-c";
}

static const cb_cipher_lib mbedtls_cipher;

struct msym_ctx {
	cb_cipher_handle base; /* first: the class and cipher_check.h's view of this library */
	enum cb_cipher_mode mode;
	mbedtls_aes_context enc, dec;
	mbedtls_gcm_context gcm;
	mbedtls_chachapoly_context cp;
};

static void msym_free(void *p)
{
	struct msym_ctx *c = p;
	if (!c)
		return;
	mbedtls_aes_free(&c->enc);
	mbedtls_aes_free(&c->dec);
	mbedtls_gcm_free(&c->gcm);
	mbedtls_chachapoly_free(&c->cp);
	cb_wipe(c, sizeof(*c));
	free(c);
}

/* The class's variant is its mode (an enum cb_cipher_mode). */
static int msym_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	enum cb_cipher_mode mode = *(const enum cb_cipher_mode *)cls->info.variant;
	struct msym_ctx *c;
	unsigned bits;
	int r = 0;

	*out = NULL;
	c = cb_cipher_handle_new(sizeof(*c), cls, &mbedtls_cipher);
	if (!c)
		return CB_ERR_NOMEM;
	c->mode = mode;
	mbedtls_aes_init(&c->enc);
	mbedtls_aes_init(&c->dec);
	mbedtls_gcm_init(&c->gcm);
	mbedtls_chachapoly_init(&c->cp);
	bits = (unsigned)cls->key_bytes * 8;
	switch (mode) {
	case CB_MODE_ECB:
	case CB_MODE_CBC:
		r = mbedtls_aes_setkey_dec(&c->dec, key, bits);
		/* fall through */
	case CB_MODE_CTR:
		if (r == 0)
			r = mbedtls_aes_setkey_enc(&c->enc, key, bits);
		break;
	case CB_MODE_GCM:
		r = mbedtls_gcm_setkey(&c->gcm, MBEDTLS_CIPHER_ID_AES, key, bits);
		break;
	case CB_MODE_CHAPOLY:
		r = mbedtls_chachapoly_setkey(&c->cp, key);
		break;
	}
	if (r != 0) {
		msym_free(c);
		return CB_ERR_BACKEND;
	}
	*out = c;
	return CB_OK;
}

/* ECB/CBC over whole blocks; iv (CBC) is updated. */
static int block_crypt(void *p, int enc, uint8_t *iv, size_t len, uint8_t *dst, const uint8_t *src)
{
	struct msym_ctx *c = p;
	int mode = enc ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT;
	mbedtls_aes_context *k = enc ? &c->enc : &c->dec;

	if (!len)
		return 0;
	if (c->mode == CB_MODE_CBC)
		return mbedtls_aes_crypt_cbc(k, mode, len, iv, src, dst) ? CB_ERR_BACKEND : 0;
	for (size_t i = 0; i < len; i += AES_BLOCK)
		if (mbedtls_aes_crypt_ecb(k, mode, src + i, dst + i) != 0)
			return CB_ERR_BACKEND;
	return 0;
}

static int ctr_crypt(void *p, uint8_t *ctr, size_t len, uint8_t *dst, const uint8_t *src)
{
	struct msym_ctx *c = p;
	uint8_t stream[AES_BLOCK];
	size_t off = 0;
	int r;

	if (!len)
		return 0;
	r = mbedtls_aes_crypt_ctr(&c->enc, len, &off, ctr, stream, src, dst);
	cb_wipe(stream, sizeof(stream));
	return r ? CB_ERR_BACKEND : 0;
}

/* A GCM or ChaCha20-Poly1305 message (cipher_check.h): mbedTLS's one-shot calls. */
static int aead(void *p, int enc, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		size_t len, uint8_t *out)
{
	struct msym_ctx *c = p;
	size_t tb = c->base.cls->tag_bytes;
	int r;

	if (c->mode == CB_MODE_GCM ? ivlen == 0 || ivlen > CB_GCM_MAX_IV : ivlen != 12)
		return CB_ERR_LENGTH;
	if (c->mode == CB_MODE_GCM)
		r = enc ? mbedtls_gcm_crypt_and_tag(&c->gcm, MBEDTLS_GCM_ENCRYPT, len, iv, ivlen, aad, aadlen, in, out, tb,
						    out + len)
			: mbedtls_gcm_auth_decrypt(&c->gcm, len, iv, ivlen, aad, aadlen, in + len, tb, in, out);
	else
		r = enc ? mbedtls_chachapoly_encrypt_and_tag(&c->cp, len, iv, aad, aadlen, in, out, out + len)
			: mbedtls_chachapoly_auth_decrypt(&c->cp, len, iv, aad, aadlen, in + len, in, out);
	if (r == 0)
		return CB_OK;
	return !enc && (r == MBEDTLS_ERR_GCM_AUTH_FAILED || r == MBEDTLS_ERR_CHACHAPOLY_AUTH_FAILED) ? CB_ERR_VERIFY
												    : CB_ERR_BACKEND;
}

static const cb_cipher_lib mbedtls_cipher = {SIZE_MAX / 2, SIZE_MAX, aead, block_crypt, ctr_crypt, NULL};

#define AES_NOTES "AES-NI/PCLMULQDQ when the CPU has them (run-time check), else mbedTLS's table-based C"

#define MS_CIPHER(id, nm, md, kb, ivb, bb, tb, pad, notes_, impl)                                                  \
	static const enum cb_cipher_mode id##_v = md;                                                               \
	const cb_cipher_class cb_mbedtls_##id = {                                                                   \
		.info = {CB_KIND_CIPHER, nm, "mbedtls", notes_, NULL, impl, &id##_v},                               \
		CB_CIPHER_HANDLE_METHODS(msym, kb, ivb, bb, tb, pad),                                               \
	}

/* AES: the rows and sizes of cipher_check.h. */
#define MS_AES(id, nm, mode, kb, ivb, bb, tb, pad) MS_CIPHER(id, nm, mode, kb, ivb, bb, tb, pad, AES_NOTES, aes_implementation);
CB_AES_CIPHER_ROWS(MS_AES)
MS_CIPHER(chacha20_poly1305, "chacha20-poly1305", CB_MODE_CHAPOLY, 32, 12, 1, 16, 0, "portable C (no assembly in mbedTLS 2.28)",
	  cb_mbedtls_implementation);

/* SHA-256: one context, restarted by every call. */

static int sha256_open(const cb_hash_class *cls, const void *alg, void *state)
{
	mbedtls_sha256_init(state);
	return CB_OK;
}

static void sha256_close(void *state)
{
	mbedtls_sha256_free(state);
}

static int sha256_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	mbedtls_sha256_context *s = (mbedtls_sha256_context *)((cb_hash_handle *)p)->state;

	if (mbedtls_sha256_starts_ret(s, 0) != 0 || (inlen && mbedtls_sha256_update_ret(s, in, inlen) != 0) ||
	    mbedtls_sha256_finish_ret(s, out) != 0)
		return CB_ERR_BACKEND;
	return CB_OK;
}

static const cb_hash_lib mbed_hash = {sizeof(mbedtls_sha256_context), sha256_open, sha256_close};

#define MB_INFO(kind_, name_, notes_, variant_)                                                                     \
	{.kind = (kind_), .name = (name_), .backend = "mbedtls", .notes = (notes_),                                  \
	 .implementation = cb_mbedtls_implementation, .variant = (variant_)}

CB_HASH_CLASS(cb_mbedtls_sha256, MB_INFO, "portable C", &mbed_hash, NULL, sha256_digest, CB_HASH_SHA256);
