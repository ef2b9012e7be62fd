/*
 * Botan hashes and ciphers under the OpenSSL classes' names:
 *
 *   hash    sha256 ("SHA-256"), sha3-256 ("SHA-3(256)"), sm3 ("SM3")
 *   cipher  AES-128/256 and SM4 in GCM, CBC (with and without PKCS#7) and
 *           CTR through botan_cipher_*; ChaCha20-Poly1305 (12-byte nonce);
 *           ECB (without and with PKCS#7 padding, the padding done here)
 *           through botan_block_cipher_*, since Botan 2 has no ECB mode.
 *
 * A cipher context keeps one keyed botan_cipher_t per direction.  Each
 * message is one botan_cipher_update(FINAL) call, which copies the input
 * into a buffer inside the FFI: that copy is part of what is measured.
 */
#include <botan/ffi.h>
#include <stdlib.h>
#include <string.h>

#include "backends/botan/botan_common.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "core/util.h"

/* Hashes: a botan_hash_t per context; botan_hash_final resets it. */

/* The class's variant is Botan's name of the hash. */
static int hash_init(const cb_hash_class *cls, void **ctx)
{
	const char *name = cls->info.variant;
	botan_hash_t h = NULL;

	*ctx = NULL;
	if (botan_hash_init(&h, name, 0) != 0)
		return CB_ERR_BACKEND;
	*ctx = h;
	return CB_OK;
}

static void hash_free(void *ctx)
{
	if (ctx)
		botan_hash_destroy(ctx);
}

static int hash_digest(void *ctx, const uint8_t *in, size_t inlen, uint8_t *out)
{
	static const uint8_t empty[1];

	if (botan_hash_update(ctx, in ? in : empty, inlen) != 0 || botan_hash_final(ctx, out) != 0)
		return CB_ERR_BACKEND;
	return CB_OK;
}

#define BOTAN_HASH(var_, name_, bname_, dlen_, blen_)                                               \
	static const cb_hash_class var_ = {                                                           \
		.info = BOTAN_INFO(CB_KIND_HASH, name_, NULL, bname_),                                \
		.digest_bytes = (dlen_),                                                              \
		.block_bytes = (blen_),                                                               \
		.init = hash_init,                                                                    \
		.free = hash_free,                                                                    \
		.digest = hash_digest,                                                                \
	}

BOTAN_HASH(sha256, "sha256", "SHA-256", 32, 64);
BOTAN_HASH(sha3_256, "sha3-256", "SHA-3(256)", 32, 136);
BOTAN_HASH(sm3, "sm3", "SM3", 32, 64);

/* Ciphers. */

enum mode { M_AEAD, M_CBC, M_CBC_PAD, M_CTR, M_ECB, M_ECB_PAD };

struct cdesc {
	const char *bname; /* Botan's name: "AES-256/GCM", or the block cipher for ECB */
	enum mode mode;
	size_t key_bytes, iv_bytes, fixed_iv; /* fixed_iv: the only IV length taken (0: any, GCM) */
};

struct cipher_ctx {
	const struct cdesc *d;
	botan_cipher_t enc, dec;
	botan_block_cipher_t bc;
};

static void cipher_free(void *p)
{
	struct cipher_ctx *c = p;

	if (!c)
		return;
	if (c->enc)
		botan_cipher_destroy(c->enc); /* Botan zeroes its key schedules */
	if (c->dec)
		botan_cipher_destroy(c->dec);
	if (c->bc)
		botan_block_cipher_destroy(c->bc);
	free(c);
}

/* The class's variant is its struct cdesc. */
static int cipher_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	const struct cdesc *d = cls->info.variant;
	struct cipher_ctx *c;
	int r = CB_ERR_BACKEND;

	*out = NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return CB_ERR_NOMEM;
	c->d = d;
	if (d->mode == M_ECB || d->mode == M_ECB_PAD) {
		if (botan_block_cipher_init(&c->bc, d->bname) != 0 ||
		    botan_block_cipher_set_key(c->bc, key, d->key_bytes) != 0)
			goto fail;
	} else {
		if (botan_cipher_init(&c->enc, d->bname, BOTAN_CIPHER_INIT_FLAG_ENCRYPT) != 0 ||
		    botan_cipher_init(&c->dec, d->bname, BOTAN_CIPHER_INIT_FLAG_DECRYPT) != 0 ||
		    botan_cipher_set_key(c->enc, key, d->key_bytes) != 0 ||
		    botan_cipher_set_key(c->dec, key, d->key_bytes) != 0)
			goto fail;
	}
	*out = c;
	return CB_OK;
fail:
	cipher_free(c);
	return r;
}

/* ECB: whole blocks through the block cipher; the output buffer may not overlap. */
static int ecb_crypt(struct cipher_ctx *c, int encrypt, const uint8_t *in, size_t inlen, uint8_t *out,
		     size_t *outlen)
{
	if (inlen % 16)
		return CB_ERR_LENGTH;
	if (*outlen < inlen)
		return CB_ERR_LENGTH;
	if (inlen) {
		int r = encrypt ? botan_block_cipher_encrypt_blocks(c->bc, in, out, inlen / 16)
				: botan_block_cipher_decrypt_blocks(c->bc, in, out, inlen / 16);
		if (r != 0)
			return CB_ERR_BACKEND;
	}
	*outlen = inlen;
	return CB_OK;
}

/*
 * ECB with PKCS#7 padding, which the adapter adds and checks
 * (cb_pkcs7_check) around Botan's block cipher.
 */
static int ecb_pad_encrypt(struct cipher_ctx *c, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	size_t whole = inlen - inlen % 16, rest = inlen % 16;
	uint8_t last[16];
	int r;

	if (inlen > SIZE_MAX - 16 || *outlen < whole + 16)
		return CB_ERR_LENGTH;
	if (whole && botan_block_cipher_encrypt_blocks(c->bc, in, out, whole / 16) != 0)
		return CB_ERR_BACKEND;
	if (rest)
		memcpy(last, in + whole, rest);
	memset(last + rest, (int)(16 - rest), 16 - rest);
	r = botan_block_cipher_encrypt_blocks(c->bc, last, out + whole, 1) == 0 ? CB_OK : CB_ERR_BACKEND;
	cb_wipe(last, sizeof(last));
	if (r == 0)
		*outlen = whole + 16;
	return r;
}

static int ecb_pad_decrypt(struct cipher_ctx *c, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	uint8_t last[16];
	size_t head, pad = 0;
	int r;

	if (inlen == 0 || inlen % 16)
		return CB_ERR_DECRYPT;
	head = inlen - 16;
	if (*outlen < head)
		return CB_ERR_LENGTH;
	if (botan_block_cipher_decrypt_blocks(c->bc, in + head, last, 1) != 0)
		return CB_ERR_BACKEND;
	r = cb_pkcs7_check(last, 16, 16, &pad);
	if (r == 0 && *outlen < inlen - pad)
		r = CB_ERR_LENGTH;
	if (r == 0 && head && botan_block_cipher_decrypt_blocks(c->bc, in, out, head / 16) != 0)
		r = CB_ERR_BACKEND;
	if (r == 0) {
		memcpy(out + head, last, 16 - pad);
		*outlen = inlen - pad;
	}
	cb_wipe(last, sizeof(last));
	return r;
}

static int check_iv(const struct cdesc *d, size_t ivlen)
{
	if (d->mode == M_ECB || d->mode == M_ECB_PAD)
		return CB_OK;
	if (d->fixed_iv ? ivlen != d->fixed_iv : ivlen == 0)
		return CB_ERR_LENGTH;
	return CB_OK;
}

/*
 * One message through h: the AD (set before the nonce: ChaCha20Poly1305
 * refuses it after), the nonce, then the whole input in one FINAL update.
 * Botan's return code.
 */
static int botan_message(const struct cipher_ctx *c, botan_cipher_t h, const uint8_t *iv, size_t ivlen,
			 const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t inlen, uint8_t *out, size_t cap,
			 size_t *written, size_t *consumed)
{
	static const uint8_t empty[1];
	int r = 0;

	if (c->d->mode == M_AEAD)
		r = botan_cipher_set_associated_data(h, aad ? aad : empty, aadlen);
	if (r == 0)
		r = botan_cipher_start(h, iv, ivlen);
	if (r == 0)
		r = botan_cipher_update(h, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out, cap, written, in ? in : empty, inlen,
					consumed);
	return r;
}

static int cipher_encrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			  const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	struct cipher_ctx *c = p;
	size_t need, written = 0, consumed = 0;
	int r;

	if ((r = check_iv(c->d, ivlen)) != 0)
		return r;
	switch (c->d->mode) {
	case M_ECB: return ecb_crypt(c, 1, in, inlen, out, outlen);
	case M_ECB_PAD: return ecb_pad_encrypt(c, in, inlen, out, outlen);
	case M_AEAD: need = inlen + 16; break;
	case M_CBC_PAD: need = inlen - inlen % 16 + 16; break;
	case M_CBC:
		if (inlen % 16)
			return CB_ERR_LENGTH;
		/* fall through */
	default: need = inlen; break;
	}
	if (inlen > SIZE_MAX - 32 || *outlen < need)
		return CB_ERR_LENGTH;
	if (botan_message(c, c->enc, iv, ivlen, aad, aadlen, in, inlen, out, *outlen, &written, &consumed) != 0 ||
	    consumed != inlen || written != need)
		return CB_ERR_BACKEND;
	*outlen = written;
	return CB_OK;
}

static int cipher_decrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			  const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	struct cipher_ctx *c = p;
	size_t written = 0, consumed = 0;
	int r;

	if ((r = check_iv(c->d, ivlen)) != 0)
		return r;
	switch (c->d->mode) {
	case M_ECB: return ecb_crypt(c, 0, in, inlen, out, outlen);
	case M_ECB_PAD: return ecb_pad_decrypt(c, in, inlen, out, outlen);
	case M_AEAD:
		if (inlen < 16 || *outlen < inlen - 16)
			return CB_ERR_LENGTH;
		break;
	case M_CBC_PAD:
		if (inlen == 0 || inlen % 16)
			return CB_ERR_DECRYPT;
		break;
	case M_CBC:
		if (inlen % 16)
			return CB_ERR_LENGTH;
		/* fall through */
	default:
		if (*outlen < inlen)
			return CB_ERR_LENGTH;
		break;
	}
	if (inlen == 0 && c->d->mode != M_AEAD && c->d->mode != M_CBC_PAD) {
		*outlen = 0; /* Botan's CBC refuses an empty final input */
		return CB_OK;
	}
	r = botan_message(c, c->dec, iv, ivlen, aad, aadlen, in, inlen, out, *outlen, &written, &consumed);
	if (r == BOTAN_FFI_ERROR_BAD_MAC)
		return CB_ERR_VERIFY; /* nothing is written then */
	if (r != 0) {
		if (c->d->mode != M_CBC_PAD)
			return CB_ERR_BACKEND;
		/* Bad padding (Botan throws), or the plaintext does not fit. */
		return r == BOTAN_FFI_ERROR_INSUFFICIENT_BUFFER_SPACE ? CB_ERR_LENGTH : CB_ERR_DECRYPT;
	}
	*outlen = written;
	return CB_OK;
}

#define BOTAN_CIPHER(var_, name_, bname_, mode_, key_, iv_, fixed_, block_, tag_, padded_) \
	BOTAN_CIPHER_N(var_, name_, bname_, mode_, key_, iv_, fixed_, block_, tag_, padded_, NULL)
#define BOTAN_CIPHER_N(var_, name_, bname_, mode_, key_, iv_, fixed_, block_, tag_, padded_, notes_) \
	static const struct cdesc var_##_d = {bname_, mode_, key_, iv_, fixed_};                 \
	static const cb_cipher_class var_ = {                                                    \
		.info = BOTAN_INFO(CB_KIND_CIPHER, name_, notes_, &var_##_d),                    \
		.key_bytes = (key_),                                                             \
		.iv_bytes = (iv_),                                                               \
		.block_bytes = (block_),                                                         \
		.tag_bytes = (tag_),                                                             \
		.padded = (padded_),                                                             \
		.init = cipher_init,                                                             \
		.free = cipher_free,                                                             \
		.encrypt = cipher_encrypt,                                                       \
		.decrypt = cipher_decrypt,                                                       \
	}

#define GCM(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, M_AEAD, key_, 12, 0, 1, 16, 0)
#define CBC(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, M_CBC, key_, 16, 16, 16, 0, 0)
#define CBCP(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, M_CBC_PAD, key_, 16, 16, 16, 0, 1)
#define CTR(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, M_CTR, key_, 16, 16, 1, 0, 0)
#define ECB(var_, name_, bname_, key_) BOTAN_CIPHER(var_, name_, bname_, M_ECB, key_, 0, 0, 16, 0, 0)
#define ECBP(var_, name_, bname_, key_)                                                     \
	BOTAN_CIPHER_N(var_, name_, bname_, M_ECB_PAD, key_, 0, 0, 16, 0, 1,                    \
		       "Botan 2 has no ECB mode: its block cipher, with PKCS#7 padding added and checked by the adapter")

GCM(aes128_gcm, "aes-128-gcm", "AES-128/GCM", 16);
GCM(aes256_gcm, "aes-256-gcm", "AES-256/GCM", 32);
GCM(sm4_gcm, "sm4-gcm", "SM4/GCM", 16);
BOTAN_CIPHER(chacha20_poly1305, "chacha20-poly1305", "ChaCha20Poly1305", M_AEAD, 32, 12, 12, 1, 16, 0);
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
