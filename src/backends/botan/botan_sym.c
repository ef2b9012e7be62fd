/*
 * Botan hashes and ciphers under the OpenSSL classes' names:
 *
 *   hash    sha256 ("SHA-256"), sha3-256 ("SHA-3(256)"), sm3 ("SM3")
 *   cipher  AES-128/256 and SM4 in GCM, CBC (with and without PKCS#7) and
 *           CTR through botan_cipher_*; ChaCha20-Poly1305 (12-byte nonce);
 *           ECB (without and with PKCS#7 padding, added and checked by
 *           cb_cipher_modes, core/cipher_check.h) through
 *           botan_block_cipher_*, since Botan 2 has no ECB mode.
 *
 * A cipher context keeps one keyed botan_cipher_t per direction.  Each
 * message is one botan_cipher_update(FINAL) call, which copies the input
 * into a buffer inside the FFI: that copy is part of what is measured.
 */
#include <botan/ffi.h>
#include <stdlib.h>
#include <string.h>

#include "backends/botan/botan_common.h"
#include "backends/class_tables.h"
#include "cryptobench/hash.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"

/* Hashes: a botan_hash_t per handle (the algorithm Botan's name of the hash); botan_hash_final resets it. */

static int hash_open(const cb_hash_class *cls, const void *alg, void *state)
{
	return botan_hash_init(state, alg, 0) == 0 ? CB_OK : CB_ERR_BACKEND;
}

static void hash_close(void *state)
{
	botan_hash_destroy(*(botan_hash_t *)state);
}

static int hash_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	botan_hash_t h = *(botan_hash_t *)((cb_hash_handle *)p)->state;

	if (botan_hash_update(h, in, inlen) != 0 || botan_hash_final(h, out) != 0)
		return CB_ERR_BACKEND;
	return CB_OK;
}

static const cb_hash_lib botan_hash = {sizeof(botan_hash_t), hash_open, hash_close};
static CB_HASH_CLASS(sha256, BOTAN_INFO, NULL, &botan_hash, "SHA-256", hash_digest, CB_HASH_SHA256);
static CB_HASH_CLASS(sha3_256, BOTAN_INFO, NULL, &botan_hash, "SHA-3(256)", hash_digest, CB_HASH_SHA3_256);
static CB_HASH_CLASS(sm3, BOTAN_INFO, NULL, &botan_hash, "SM3", hash_digest, CB_HASH_SM3);

/*
 * Ciphers, their sizes checked by cipher_check.h: an AEAD is the class
 * with a tag, ECB the one without an IV, the others Botan's CBC and CTR.
 */

struct cipher_ctx {
	const cb_cipher_class *cls;
	int any_iv; /* GCM: an IV of any length but 0 */
	botan_cipher_t enc, dec;
	botan_block_cipher_t bc;
};

static void cipher_free(void *p)
{
	struct cipher_ctx *c = p;

	if (!c)
		return;
	botan_cipher_destroy(c->enc); /* Botan zeroes its key schedules; a NULL object is ignored */
	botan_cipher_destroy(c->dec);
	botan_block_cipher_destroy(c->bc);
	free(c);
}

/* The class's variant is Botan's name: "AES-256/GCM", or the block cipher for ECB. */
static int cipher_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	const char *bname = cls->info.variant;
	struct cipher_ctx *c;
	int r;

	*out = NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return CB_ERR_NOMEM;
	c->cls = cls;
	c->any_iv = strstr(bname, "/GCM") != NULL;
	if (!cls->iv_bytes)
		r = botan_block_cipher_init(&c->bc, bname) || botan_block_cipher_set_key(c->bc, key, cls->key_bytes);
	else
		r = botan_cipher_init(&c->enc, bname, BOTAN_CIPHER_INIT_FLAG_ENCRYPT) ||
		    botan_cipher_init(&c->dec, bname, BOTAN_CIPHER_INIT_FLAG_DECRYPT) ||
		    botan_cipher_set_key(c->enc, key, cls->key_bytes) ||
		    botan_cipher_set_key(c->dec, key, cls->key_bytes);
	if (r) {
		cipher_free(c);
		return CB_ERR_BACKEND;
	}
	*out = c;
	return CB_OK;
}

/* ECB: len bytes of whole blocks through Botan's block cipher, for cb_cipher_modes (which pads). */
static int ecb_blocks(void *ctx, int enc, uint8_t *iv, size_t len, uint8_t *out, const uint8_t *in)
{
	struct cipher_ctx *c = ctx;

	(void)iv;
	if (!len)
		return CB_OK;
	return (enc ? botan_block_cipher_encrypt_blocks(c->bc, in, out, len / 16)
		    : botan_block_cipher_decrypt_blocks(c->bc, in, out, len / 16)) == 0
		       ? CB_OK
		       : CB_ERR_BACKEND;
}

/*
 * One message through h: the AD (set before the nonce: ChaCha20Poly1305
 * refuses it after), the nonce, then the whole input in one FINAL update.
 * Botan's return code.
 */
static int botan_message(const struct cipher_ctx *c, botan_cipher_t h, const uint8_t *iv, size_t ivlen,
			 const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t inlen, uint8_t *out, size_t cap,
			 size_t *written)
{
	static const uint8_t empty[1];
	size_t consumed = 0;
	int r = 0;

	if (c->cls->tag_bytes)
		r = botan_cipher_set_associated_data(h, aad ? aad : empty, aadlen);
	if (r == 0)
		r = botan_cipher_start(h, iv, ivlen);
	if (r == 0)
		r = botan_cipher_update(h, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out, cap, written, in ? in : empty, inlen,
					&consumed);
	return r == 0 && consumed != inlen ? BOTAN_FFI_ERROR_UNKNOWN_ERROR : r;
}

/* A non-ECB IV: GCM's of any length but 0 (Botan's), the others' of the class's length. */
static int iv_ok(const struct cipher_ctx *c, size_t ivlen)
{
	return ivlen && (c->any_iv || ivlen == c->cls->iv_bytes);
}

static int cipher_encrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			  const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	struct cipher_ctx *c = p;
	size_t need, written = 0;
	int r;

	if ((r = cb_cipher_encrypt_size(c->cls, in, inlen, out, outlen, SIZE_MAX, &need)) != 0)
		return r;
	if (!c->cls->iv_bytes)
		return cb_cipher_modes(c->cls, 1, ecb_blocks, NULL, c, iv, ivlen, in, inlen, out, outlen);
	if (!iv_ok(c, ivlen))
		return CB_ERR_LENGTH;
	if (botan_message(c, c->enc, iv, ivlen, aad, aadlen, in, inlen, out, *outlen, &written) != 0 || written != need)
		return CB_ERR_BACKEND;
	*outlen = written;
	return CB_OK;
}

static int cipher_decrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			  const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	struct cipher_ctx *c = p;
	size_t body, written = 0;
	int r;

	if ((r = cb_cipher_decrypt_size(c->cls, in, inlen, out, outlen, SIZE_MAX, &body)) != 0)
		return r;
	if (!c->cls->iv_bytes)
		return cb_cipher_modes(c->cls, 0, ecb_blocks, NULL, c, iv, ivlen, in, body, out, outlen);
	if (!iv_ok(c, ivlen))
		return CB_ERR_LENGTH;
	if (inlen == 0) {
		*outlen = 0; /* CBC or CTR (the sizes refuse the others): Botan's CBC refuses an empty final input */
		return CB_OK;
	}
	r = botan_message(c, c->dec, iv, ivlen, aad, aadlen, in, inlen, out, *outlen, &written);
	if (r == BOTAN_FFI_ERROR_BAD_MAC)
		return CB_ERR_VERIFY; /* nothing is written then */
	if (r != 0) {
		if (!c->cls->padded)
			return CB_ERR_BACKEND;
		/* Bad padding (Botan throws), or the plaintext does not fit. */
		return r == BOTAN_FFI_ERROR_INSUFFICIENT_BUFFER_SPACE ? CB_ERR_LENGTH : CB_ERR_DECRYPT;
	}
	*outlen = written;
	return CB_OK;
}

#define BOTAN_CIPHER(var_, name_, bname_, key_, iv_, block_, tag_, padded_, notes_)                        \
	static const cb_cipher_class var_ = {                                                                 \
		.info = BOTAN_INFO(CB_KIND_CIPHER, name_, notes_, bname_),                                    \
		.key_bytes = (key_),                                                                          \
		.iv_bytes = (iv_),                                                                            \
		.block_bytes = (block_),                                                                      \
		.tag_bytes = (tag_),                                                                          \
		.padded = (padded_),                                                                          \
		CB_CIPHER_METHODS(cipher),                                                                    \
	}

#define GCM(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, key_, 12, 1, 16, 0, NULL)
#define CBC(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, key_, 16, 16, 0, 0, NULL)
#define CBCP(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, key_, 16, 16, 0, 1, NULL)
#define CTR(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, key_, 16, 1, 0, 0, NULL)
#define ECB(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, key_, 0, 16, 0, 0, NULL)
#define ECBP(var_, name_, bname_, key_)                                                                       \
	BOTAN_CIPHER(var_, name_, bname_, key_, 0, 16, 0, 1,                                                  \
		     "Botan 2 has no ECB mode: its block cipher, with PKCS#7 padding added and checked by the adapter")

GCM(aes128_gcm, "aes-128-gcm", "AES-128/GCM", 16);
GCM(aes256_gcm, "aes-256-gcm", "AES-256/GCM", 32);
GCM(sm4_gcm, "sm4-gcm", "SM4/GCM", 16);
BOTAN_CIPHER(chacha20_poly1305, "chacha20-poly1305", "ChaCha20Poly1305", 32, 12, 1, 16, 0, NULL);
CBC(aes128_cbc, "aes-128-cbc", "AES-128/CBC/NoPadding", 16);
CBC(aes256_cbc, "aes-256-cbc", "AES-256/CBC/NoPadding", 32);
CBC(sm4_cbc, "sm4-cbc", "SM4/CBC/NoPadding", 16);
CBCP(aes128_cbc_p, "aes-128-cbc-pkcs7", "AES-128/CBC/PKCS7", 16);
CBCP(aes256_cbc_p, "aes-256-cbc-pkcs7", "AES-256/CBC/PKCS7", 32);
CBCP(sm4_cbc_p, "sm4-cbc-pkcs7", "SM4/CBC/PKCS7", 16);
CTR(aes128_ctr, "aes-128-ctr", "AES-128/CTR", 16);
CTR(aes256_ctr, "aes-256-ctr", "AES-256/CTR", 32);
CTR(sm4_ctr, "sm4-ctr", "SM4/CTR", 16);
ECB(aes128_ecb, "aes-128-ecb", "AES-128", 16);
ECB(aes256_ecb, "aes-256-ecb", "AES-256", 32);
ECB(sm4_ecb, "sm4-ecb", "SM4", 16);
ECBP(aes128_ecb_p, "aes-128-ecb-pkcs7", "AES-128", 16);
ECBP(aes256_ecb_p, "aes-256-ecb-pkcs7", "AES-256", 32);
ECBP(sm4_ecb_p, "sm4-ecb-pkcs7", "SM4", 16);

const cb_alg_info *const cb_botan_sym_algs[] = {
	&sha256.info,      &sha3_256.info,     &sm3.info,          &aes128_gcm.info, &aes256_gcm.info,
	&sm4_gcm.info,     &chacha20_poly1305.info, &aes128_cbc.info, &aes256_cbc.info, &sm4_cbc.info,
	&aes128_cbc_p.info, &aes256_cbc_p.info, &sm4_cbc_p.info,    &aes128_ctr.info, &aes256_ctr.info,
	&sm4_ctr.info,     &aes128_ecb.info,   &aes256_ecb.info,   &sm4_ecb.info,    &aes128_ecb_p.info,
	&aes256_ecb_p.info, &sm4_ecb_p.info,    NULL,
};
