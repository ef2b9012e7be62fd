/*
 * GmSSL SM3 and SM4 under the OpenSSL classes' names:
 *
 *   hash    sm3             sm3_init / sm3_update / sm3_finish
 *   cipher  sm4-ecb         sm4_encrypt_blocks (decryption key schedule for decrypt)
 *           sm4-ecb-pkcs7   the same, PKCS#7 added and checked by cb_cipher_modes (core/cipher_check.h)
 *           sm4-cbc         sm4_cbc_encrypt_blocks / sm4_cbc_decrypt_blocks
 *           sm4-cbc-pkcs7   sm4_cbc_padding_encrypt / sm4_cbc_padding_decrypt
 *           sm4-ctr         sm4_ctr_encrypt (128-bit big-endian counter, as OpenSSL)
 *           sm4-gcm         sm4_gcm_encrypt / sm4_gcm_decrypt (IV 1..64 bytes, 16-byte tag)
 *
 * A context holds the encryption and decryption key schedules, made once.
 * The lengths are checked by cb_cipher_encrypt_size / cb_cipher_decrypt_size.
 */
#include "backends/gmssl/gmssl_common.h"

#ifdef CB_GMSSL_BUILT

#include <gmssl/sm3.h>
#include <gmssl/sm4.h>
#include <stdlib.h>
#include <string.h>

#include "backends/class_tables.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"

/* What this build of GmSSL runs (backend.cmake's defines). */
#ifdef CB_GMSSL_SM3_SSE
#define SM3_NOTES "GmSSL's SSE SM3 (sm3_sse.c, -march=native)"
#else
#define SM3_NOTES "GmSSL's portable SM3"
#endif
#ifdef CB_GMSSL_SM4_AVX2
#define SM4_FAST "GmSSL's AVX2 SM4, 8 blocks at a time"
#define SM4_CBC "GmSSL's AVX2 build decrypts CBC one block at a time (only ECB and GCM's 32-bit counter use AVX2)"
#define SM4_CTR "sm4_ctr_encrypt: a 128-bit counter, one block at a time in GmSSL's AVX2 build (its AVX2 counter mode has a 32-bit counter, for GCM)"
#define SM4_GCM_AVX2 "; the counter mode in AVX2"
#else
#define SM4_FAST NULL
#define SM4_CBC NULL
#define SM4_CTR "sm4_ctr_encrypt: a 128-bit counter"
#define SM4_GCM_AVX2 ""
#endif

/* ---- SM3 ---- */

static int sm3_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	SM3_CTX *c = (SM3_CTX *)((cb_hash_handle *)p)->state;

	sm3_init(c);
	if (inlen)
		sm3_update(c, in, inlen);
	sm3_finish(c, out);
	return CB_OK;
}

static const cb_hash_lib gm_hash = {sizeof(SM3_CTX), NULL, NULL};
static CB_HASH_CLASS(gm_sm3, GMSSL_INFO, SM3_NOTES, &gm_hash, NULL, sm3_digest, CB_HASH_SM3);

/* ---- SM4 ---- */

enum gm_mode { GM_ECB, GM_ECB_PAD, GM_CBC, GM_CBC_PAD, GM_CTR, GM_GCM };

struct gm_cipher {
	const cb_cipher_class *cls;
	enum gm_mode mode;
	SM4_KEY enc, dec;
};

static void cipher_free(void *p)
{
	if (!p)
		return;
	cb_wipe(p, sizeof(struct gm_cipher));
	free(p);
}

/* The class's variant is its mode (an enum gm_mode). */
static int cipher_init(const cb_cipher_class *cls, void **ctx, const uint8_t *key)
{
	enum gm_mode mode = *(const enum gm_mode *)cls->info.variant;
	struct gm_cipher *c;

	if (!ctx || !key)
		return CB_ERR_ARG;
	*ctx = NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return CB_ERR_NOMEM;
	c->cls = cls;
	c->mode = mode;
	sm4_set_encrypt_key(&c->enc, key);
	sm4_set_decrypt_key(&c->dec, key);
	*ctx = c;
	return CB_OK;
}

/* The IV of a non-AEAD mode: exactly iv_bytes. */
static int check_iv(const struct gm_cipher *c, const uint8_t *iv, size_t ivlen)
{
	if (c->mode == GM_ECB || c->mode == GM_ECB_PAD)
		return CB_OK;
	if (c->mode == GM_GCM) {
		if (!iv)
			return CB_ERR_ARG;
		/* GmSSL takes 1..64 bytes (SM4_GCM_MAX_IV_SIZE). */
		return ivlen < SM4_GCM_MIN_IV_SIZE || ivlen > SM4_GCM_MAX_IV_SIZE ? CB_ERR_LENGTH : CB_OK;
	}
	if (!iv)
		return CB_ERR_ARG;
	return ivlen == SM4_BLOCK_SIZE ? CB_OK : CB_ERR_LENGTH;
}

/* ECB, and CBC without padding (sm4-cbc-pkcs7 is GmSSL's own padded calls), for cb_cipher_modes. */
static int sm4_blocks(void *p, int enc, uint8_t *iv, size_t len, uint8_t *out, const uint8_t *in)
{
	struct gm_cipher *c = p;
	SM4_KEY *k = enc ? &c->enc : &c->dec;

	if (!len)
		return CB_OK;
	if (c->mode != GM_CBC)
		sm4_encrypt_blocks(k, in, len / 16, out);
	else if (enc)
		sm4_cbc_encrypt_blocks(k, iv, in, len / 16, out);
	else
		sm4_cbc_decrypt_blocks(k, iv, in, len / 16, out);
	return CB_OK;
}

static int sm4_ctr(void *p, uint8_t *ctr, size_t len, uint8_t *out, const uint8_t *in)
{
	if (len)
		sm4_ctr_encrypt(&((struct gm_cipher *)p)->enc, ctr, in, len, out);
	return CB_OK;
}

static int cipher_encrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			  const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	static const uint8_t empty[1];
	struct gm_cipher *c = p;
	size_t need, n;
	int r;

	if (!c || (!aad && aadlen))
		return CB_ERR_ARG;
	if ((r = cb_cipher_encrypt_size(c->cls, in, inlen, out, outlen, SIZE_MAX / 2, &need)) != 0)
		return r;
	if ((r = check_iv(c, iv, ivlen)) != 0)
		return r;
	if (c->mode == GM_CBC_PAD) {
		n = *outlen;
		if (sm4_cbc_padding_encrypt(&c->enc, iv, in ? in : empty, inlen, out, &n) != 1 || n != need)
			return CB_ERR_BACKEND;
	} else if (c->mode == GM_GCM) {
		if (sm4_gcm_encrypt(&c->enc, iv, ivlen, aad, aadlen, in, inlen, out, 16, out + inlen) != 1)
			return CB_ERR_BACKEND;
	} else {
		return cb_cipher_modes(c->cls, 1, sm4_blocks, sm4_ctr, c, iv, ivlen, in, inlen, out, outlen);
	}
	*outlen = need;
	return CB_OK;
}

static int cipher_decrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			  const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	struct gm_cipher *c = p;
	size_t body, n;
	int r;

	if (!c || (!aad && aadlen))
		return CB_ERR_ARG;
	if ((r = cb_cipher_decrypt_size(c->cls, in, inlen, out, outlen, SIZE_MAX, &body)) != 0)
		return r;
	if ((r = check_iv(c, iv, ivlen)) != 0)
		return r;
	if (c->mode == GM_CBC_PAD) {
		/* GmSSL checks the padding itself (with branches on its bytes). */
		n = *outlen;
		if (sm4_cbc_padding_decrypt(&c->dec, iv, in, inlen, out, &n) != 1)
			return CB_ERR_DECRYPT;
		body = n;
	} else if (c->mode == GM_GCM) {
		/* GmSSL compares the tag before it decrypts: nothing is written on a bad tag. */
		if (sm4_gcm_decrypt(&c->enc, iv, ivlen, aad, aadlen, in, body, in + body, 16, out) != 1)
			return CB_ERR_VERIFY;
	} else {
		return cb_cipher_modes(c->cls, 0, sm4_blocks, sm4_ctr, c, iv, ivlen, in, body, out, outlen);
	}
	*outlen = body;
	return CB_OK;
}

#define GM_CIPHER(var_, name_, mode_, iv_, block_, tag_, padded_, notes_)                        \
	static const enum gm_mode var_##_v = mode_;                                              \
	static const cb_cipher_class var_ = {                                                    \
		.info = GMSSL_INFO(CB_KIND_CIPHER, name_, notes_, &var_##_v),                    \
		.key_bytes = 16,                                                                 \
		.iv_bytes = (iv_),                                                               \
		.block_bytes = (block_),                                                         \
		.tag_bytes = (tag_),                                                             \
		.padded = (padded_),                                                             \
		CB_CIPHER_METHODS(cipher),                                                       \
	}

GM_CIPHER(gm_sm4_ecb, "sm4-ecb", GM_ECB, 0, 16, 0, 0, SM4_FAST);
GM_CIPHER(gm_sm4_ecb_p, "sm4-ecb-pkcs7", GM_ECB_PAD, 0, 16, 0, 1,
	  "GmSSL's ECB has no one-shot padded call: PKCS#7 added and checked by the adapter");
GM_CIPHER(gm_sm4_cbc, "sm4-cbc", GM_CBC, 16, 16, 0, 0, SM4_CBC);
GM_CIPHER(gm_sm4_cbc_p, "sm4-cbc-pkcs7", GM_CBC_PAD, 16, 16, 0, 1,
	  "GmSSL's sm4_cbc_padding_decrypt checks the padding with branches on its bytes");
GM_CIPHER(gm_sm4_ctr, "sm4-ctr", GM_CTR, 16, 1, 0, 0, SM4_CTR);
GM_CIPHER(gm_sm4_gcm, "sm4-gcm", GM_GCM, 12, 1, 16, 0,
	  "GmSSL's one-shot sm4_gcm_encrypt derives the GHASH key on every call; IVs of 1 to 64 bytes" SM4_GCM_AVX2);

const cb_alg_info *const cb_gmssl_sym_algs[] = {
	&gm_sm3.info,     &gm_sm4_ecb.info, &gm_sm4_ecb_p.info, &gm_sm4_cbc.info,
	&gm_sm4_cbc_p.info, &gm_sm4_ctr.info, &gm_sm4_gcm.info, NULL,
};

#else
typedef int cb_gmssl_sym_not_built;
#endif
