/*
 * wolfCrypt symmetric ciphers (AES ECB/CBC/CTR/GCM, ChaCha20-Poly1305) and
 * hashes (SHA-256, SHA3-256), under the OpenSSL classes' names and
 * semantics: AEAD tags appended, PKCS#7 padding (done here: wolfCrypt's
 * block modes have none) for the -pkcs7 variants, CTR with a 16-byte
 * big-endian counter block.
 *
 * A cipher context holds the key schedules made once in init() (for AES
 * ECB/CBC one for encryption and one for decryption; for GCM the key and
 * its 4-bit H table); wolfCrypt's ChaCha20-Poly1305 has only a one-shot
 * call over the raw key, so that context keeps the key.
 */
#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <stdlib.h>
#include <string.h>

#include "backends/wolfssl/wolfssl_common.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"

#define AES_BLK 16

static const cb_cipher_lib wolf_cipher;

struct wsym_ctx {
	cb_cipher_handle base; /* first: the class and cipher_check.h's view of this library */
	enum cb_cipher_mode mode;
	int have_enc, have_dec;
	Aes enc, dec;
	uint8_t key[32]; /* ChaCha20-Poly1305 only */
};

static void wsym_free(void *p)
{
	struct wsym_ctx *c = p;
	if (!c)
		return;
	if (c->have_enc)
		wc_AesFree(&c->enc);
	if (c->have_dec)
		wc_AesFree(&c->dec);
	cb_wipe(c, sizeof(*c));
	free(c);
}

/* The class's variant is its mode (an enum cb_cipher_mode). */
static int wsym_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	enum cb_cipher_mode mode = *(const enum cb_cipher_mode *)cls->info.variant;
	struct wsym_ctx *c;
	word32 kl = (word32)cls->key_bytes;
	int r = 0;

	*out = NULL;
	if (cb_wolfssl_ready() != CB_OK)
		return CB_ERR_BACKEND;
	c = cb_cipher_handle_new(sizeof(*c), cls, &wolf_cipher);
	if (!c)
		return CB_ERR_NOMEM;
	c->mode = mode;
	if (mode == CB_MODE_CHAPOLY) {
		memcpy(c->key, key, 32);
		*out = c;
		return CB_OK;
	}
	if (wc_AesInit(&c->enc, NULL, INVALID_DEVID) != 0) {
		wsym_free(c);
		return CB_ERR_BACKEND;
	}
	c->have_enc = 1;
	switch (mode) {
	case CB_MODE_ECB:
	case CB_MODE_CBC:
		if (wc_AesInit(&c->dec, NULL, INVALID_DEVID) != 0) {
			wsym_free(c);
			return CB_ERR_BACKEND;
		}
		c->have_dec = 1;
		r = wc_AesSetKey(&c->enc, key, kl, NULL, AES_ENCRYPTION);
		if (r == 0)
			r = wc_AesSetKey(&c->dec, key, kl, NULL, AES_DECRYPTION);
		break;
	case CB_MODE_CTR: /* CTR uses the encryption schedule both ways */
		r = wc_AesSetKey(&c->enc, key, kl, NULL, AES_ENCRYPTION);
		break;
	case CB_MODE_GCM:
		r = wc_AesGcmSetKey(&c->enc, key, kl);
		break;
	default:
		r = -1;
	}
	if (r != 0) {
		wsym_free(c);
		return CB_ERR_BACKEND;
	}
	*out = c;
	return CB_OK;
}

/* ECB/CBC over whole blocks (len a multiple of 16); CBC chains through iv. */
static int block_crypt(void *p, int enc, uint8_t *iv, size_t len, uint8_t *dst, const uint8_t *src)
{
	struct wsym_ctx *c = p;
	int r;

	if (!len)
		return CB_OK;
	if (c->mode == CB_MODE_ECB)
		r = enc ? wc_AesEcbEncrypt(&c->enc, dst, src, (word32)len) : wc_AesEcbDecrypt(&c->dec, dst, src, (word32)len);
	else
		r = enc ? wc_AesCbcEncrypt(&c->enc, dst, src, (word32)len) : wc_AesCbcDecrypt(&c->dec, dst, src, (word32)len);
	return r == 0 ? CB_OK : CB_ERR_BACKEND;
}

/* CTR: wolfCrypt keeps the counter in the Aes struct (set_iv), ctr is unused. */
static int ctr_crypt(void *p, uint8_t *ctr, size_t len, uint8_t *dst, const uint8_t *src)
{
	struct wsym_ctx *c = p;

	return len && wc_AesCtrEncrypt(&c->enc, dst, src, (word32)len) != 0 ? CB_ERR_BACKEND : CB_OK;
}

/* A non-AEAD message's IV into wolfCrypt's Aes (cb_cipher_lib's start). */
static int set_iv(void *p, int enc, const uint8_t *iv, size_t ivlen)
{
	struct wsym_ctx *c = p;
	const cb_cipher_class *cls = c->base.cls;
	Aes *a = (enc || c->mode == CB_MODE_CTR) ? &c->enc : &c->dec;

	if (!cls->iv_bytes)
		return CB_OK;
	if (ivlen != cls->iv_bytes)
		return CB_ERR_LENGTH;
	if (wc_AesSetIV(a, iv) != 0)
		return CB_ERR_BACKEND;
	a->left = 0; /* CTR: no keystream carried over from the last message */
	return CB_OK;
}

/* A GCM or ChaCha20-Poly1305 message (cipher_check.h): wolfCrypt's one-shot calls. */
static int aead(void *p, int enc, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		size_t len, uint8_t *out)
{
	struct wsym_ctx *c = p;
	word32 tb = (word32)c->base.cls->tag_bytes;
	int err;

	if (aadlen > 0xffffffffu)
		return CB_ERR_LENGTH;
	if (c->mode == CB_MODE_GCM ? ivlen == 0 || ivlen > CB_GCM_MAX_IV : ivlen != CHACHA20_POLY1305_AEAD_IV_SIZE)
		return CB_ERR_LENGTH;
	if (c->mode == CB_MODE_GCM)
		err = enc ? wc_AesGcmEncrypt(&c->enc, out, in, (word32)len, iv, (word32)ivlen, out + len, tb, aad,
					     (word32)aadlen)
			  : wc_AesGcmDecrypt(&c->enc, out, in, (word32)len, iv, (word32)ivlen, in + len, tb, aad,
					     (word32)aadlen);
	else
		err = enc ? wc_ChaCha20Poly1305_Encrypt(c->key, iv, aad, (word32)aadlen, in, (word32)len, out, out + len)
			  : wc_ChaCha20Poly1305_Decrypt(c->key, iv, aad, (word32)aadlen, in, (word32)len, in + len, out);
	if (err == 0)
		return CB_OK;
	return !enc && (err == AES_GCM_AUTH_E || err == MAC_CMP_FAILED_E) ? CB_ERR_VERIFY : CB_ERR_BACKEND;
}

static const cb_cipher_lib wolf_cipher = {0xffffffffu - 2 * AES_BLK, 0xffffffffu, aead, block_crypt, ctr_crypt, set_iv};

#define AES_NOTE "wolfCrypt's portable C AES (Debian's build has no AES-NI)"
#define GCM_NOTE "wolfCrypt's portable C AES and 4-bit-table GHASH (Debian's build has no AES-NI/PCLMUL)"

#define WS_CIPHER(id, nm, md, kb, ivb, bb, tb, pad, note)                                                           \
	static const enum cb_cipher_mode id##_v = md;                                                               \
	static const cb_cipher_class cb_wolfssl_##id = {                                                                   \
		.info = WOLFSSL_INFO(CB_KIND_CIPHER, nm, note, &id##_v),                                            \
		CB_CIPHER_HANDLE_METHODS(wsym, kb, ivb, bb, tb, pad),                                               \
	}

/* AES: the rows and sizes of cipher_check.h; GCM (a tag) also names its GHASH. */
#define WS_AES(id, nm, mode, kb, ivb, bb, tb, pad) WS_CIPHER(id, nm, mode, kb, ivb, bb, tb, pad, (tb) ? GCM_NOTE : AES_NOTE);
CB_AES_CIPHER_ROWS(WS_AES)
WS_CIPHER(chacha20_poly1305, "chacha20-poly1305", CB_MODE_CHAPOLY, 32, 12, 1, 16, 0,
	  "wolfCrypt's one-shot call: the Poly1305 key is derived per message from the raw key");

/* Hashes: wolfCrypt's generic hash calls over a context re-initialised by every call (as the OpenSSL classes). */

static const enum wc_HashType wolf_sha256 = WC_HASH_TYPE_SHA256, wolf_sha3_256 = WC_HASH_TYPE_SHA3_256;

static int whash_open(const cb_hash_class *cls, const void *alg, void *state)
{
	return cb_wolfssl_ready();
}

static int whash_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	cb_hash_handle *h = p;
	wc_HashAlg *s = (wc_HashAlg *)h->state;
	enum wc_HashType t = *(const enum wc_HashType *)h->alg;
	int r;

	if (inlen > 0xffffffffu)
		return CB_ERR_LENGTH;
	r = wc_HashInit(s, t);
	if (r == 0 && inlen)
		r = wc_HashUpdate(s, t, in, (word32)inlen);
	if (r == 0)
		r = wc_HashFinal(s, t, out);
	wc_HashFree(s, t);
	return r == 0 ? CB_OK : CB_ERR_BACKEND;
}

static const cb_hash_lib wolf_hash = {sizeof(wc_HashAlg), whash_open, NULL};

static CB_HASH_CLASS(cb_wolfssl_sha256, WOLFSSL_INFO, "portable C (Debian's build has no Intel SHA/AVX code)", &wolf_hash,
	      &wolf_sha256, whash_digest, CB_HASH_SHA256);
static CB_HASH_CLASS(cb_wolfssl_sha3_256, WOLFSSL_INFO, NULL, &wolf_hash, &wolf_sha3_256, whash_digest, CB_HASH_SHA3_256);

#define WS_AES_INFO(id, nm, mode, kb, ivb, bb, tb, pad) &cb_wolfssl_##id.info,
const cb_alg_info *const cb_wolfssl_sym_algs[] = {&cb_wolfssl_sha256.info, &cb_wolfssl_sha3_256.info,
						  CB_AES_CIPHER_ROWS(WS_AES_INFO) &cb_wolfssl_chacha20_poly1305.info, NULL};
