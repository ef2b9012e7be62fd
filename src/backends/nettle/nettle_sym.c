/*
 * nettle symmetric ciphers (AES ECB/CBC/CTR/GCM, ChaCha20-Poly1305) and
 * hashes (SHA-256, SHA3-256, SM3), under the OpenSSL classes' names and
 * semantics: AEAD tags appended, PKCS#7 padding (done here: nettle has none)
 * for the -pkcs7 variants, CTR with a 16-byte big-endian counter block.
 *
 * A cipher context holds the expanded key schedules made once in init()
 * (for AES, one for encryption and one for decryption), so a timed call is
 * nettle's cipher over the message.
 */
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/chacha-poly1305.h>
#include <nettle/ctr.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>
#include <nettle/nettle-meta.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>
#include <nettle/sm3.h>
#include <stdlib.h>
#include <string.h>

#include "backends/nettle/nettle_common.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"

#define AES_BLOCK 16

static const cb_cipher_lib nettle_cipher;

struct nsym_ctx {
	cb_cipher_handle base; /* first: the class and cipher_check.h's view of this library */
	enum cb_cipher_mode mode;
	const struct nettle_cipher *bc; /* ECB/CBC/CTR: nettle_aes128 or nettle_aes256 */
	const struct nettle_aead *ae;   /* the AEADs: nettle_gcm_aes128, nettle_gcm_aes256, nettle_chacha_poly1305 */
	union {
		struct aes128_ctx a128;
		struct aes256_ctx a256;
		struct gcm_aes128_ctx g128;
		struct gcm_aes256_ctx g256;
		struct chacha_poly1305_ctx cp;
	} enc, dec;
};

static void nsym_free(void *p)
{
	struct nsym_ctx *c = p;
	if (!c)
		return;
	cb_wipe(c, sizeof(*c));
	free(c);
}

/* The class's variant is its enum cb_cipher_mode. */
static int nsym_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	const enum cb_cipher_mode mode = *(const enum cb_cipher_mode *)cls->info.variant;
	struct nsym_ctx *c;

	*out = NULL;
	c = cb_cipher_handle_new(sizeof(*c), cls, &nettle_cipher);
	if (!c)
		return CB_ERR_NOMEM;
	c->mode = mode;
	switch (mode) {
	case CB_MODE_ECB:
	case CB_MODE_CBC:
	case CB_MODE_CTR:
		c->bc = cls->key_bytes == 16 ? &nettle_aes128 : &nettle_aes256;
		c->bc->set_encrypt_key(&c->enc, key);
		c->bc->set_decrypt_key(&c->dec, key);
		break;
	case CB_MODE_GCM:
		c->ae = cls->key_bytes == 16 ? &nettle_gcm_aes128 : &nettle_gcm_aes256;
		break;
	case CB_MODE_CHAPOLY:
		c->ae = &nettle_chacha_poly1305;
		break;
	}
	if (c->ae)
		c->ae->set_encrypt_key(&c->enc, key);
	*out = c;
	return CB_OK;
}

/* ECB/CBC over whole blocks; iv (CBC) is updated as nettle's cbc_* do. */
static int block_crypt(void *p, int enc, uint8_t *iv, size_t len, uint8_t *dst, const uint8_t *src)
{
	struct nsym_ctx *c = p;

	if (!len)
		return CB_OK;
	if (c->mode == CB_MODE_ECB)
		(enc ? c->bc->encrypt : c->bc->decrypt)(enc ? (void *)&c->enc : (void *)&c->dec, len, dst, src);
	else if (enc)
		cbc_encrypt(&c->enc, c->bc->encrypt, AES_BLOCK, iv, len, dst, src);
	else
		cbc_decrypt(&c->dec, c->bc->decrypt, AES_BLOCK, iv, len, dst, src);
	return CB_OK;
}

/* CTR (nettle's ctr_crypt over the block cipher). */
static int stream_crypt(void *p, uint8_t *ctr, size_t len, uint8_t *dst, const uint8_t *src)
{
	struct nsym_ctx *c = p;

	if (len)
		ctr_crypt(&c->enc, c->bc->encrypt, AES_BLOCK, ctr, len, dst, src);
	return CB_OK;
}

/*
 * A GCM or ChaCha20-Poly1305 message (cipher_check.h) through nettle's
 * AEAD interface; one keyed context serves both directions.  GCM takes an
 * IV of any length up to CB_GCM_MAX_IV (its own set_iv), ChaCha20-Poly1305 a
 * 12-byte nonce.  The tag is compared without a branch on its bytes.
 */
static int aead(void *p, int enc, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		size_t len, uint8_t *out)
{
	struct nsym_ctx *c = p;
	size_t tb = c->base.cls->tag_bytes;
	uint8_t tag[AES_BLOCK];

	if (c->mode == CB_MODE_CHAPOLY ? ivlen != c->ae->nonce_size : ivlen == 0 || ivlen > CB_GCM_MAX_IV)
		return CB_ERR_LENGTH;
	if (c->ae == &nettle_gcm_aes128)
		gcm_aes128_set_iv(&c->enc.g128, ivlen, iv);
	else if (c->ae == &nettle_gcm_aes256)
		gcm_aes256_set_iv(&c->enc.g256, ivlen, iv);
	else
		c->ae->set_nonce(&c->enc, iv);
	if (aadlen)
		c->ae->update(&c->enc, aadlen, aad);
	if (len)
		(enc ? c->ae->encrypt : c->ae->decrypt)(&c->enc, len, out, in);
	c->ae->digest(&c->enc, tb, enc ? out + len : tag);
	return enc || memeql_sec(tag, in + len, tb) ? CB_OK : CB_ERR_VERIFY;
}

static const cb_cipher_lib nettle_cipher = {SIZE_MAX / 2, SIZE_MAX, aead, block_crypt, stream_crypt, NULL};

#define NS_CIPHER(id, nm, md, kb, ivb, bb, tb, pad)                                                                 \
	static const enum cb_cipher_mode id##_v = md;                                                               \
	const cb_cipher_class cb_nettle_##id = {                                                                    \
		.info = {.kind = CB_KIND_CIPHER, .name = nm, .backend = "nettle",                                   \
			 .implementation = cb_nettle_implementation, .variant = &id##_v},                           \
		CB_CIPHER_HANDLE_METHODS(nsym, kb, ivb, bb, tb, pad),                                               \
	}

/* AES: the rows and sizes of cipher_check.h. */
#define NS_AES(id, nm, mode, kb, ivb, bb, tb, pad) NS_CIPHER(id, nm, mode, kb, ivb, bb, tb, pad);
CB_AES_CIPHER_ROWS(NS_AES)
NS_CIPHER(chacha20_poly1305, "chacha20-poly1305", CB_MODE_CHAPOLY, 32, 12, 1, 16, 0);

/* Hashes: nettle's hash (meta) struct over a context kept in the handle, reused by every call. */

union nhash_state {
	struct sha256_ctx sha256;
	struct sha3_256_ctx sha3_256;
	struct sm3_ctx sm3;
};

static int nhash_open(const cb_hash_class *cls, const void *alg, void *state)
{
	return ((const struct nettle_hash *)alg)->context_size <= sizeof(union nhash_state) ? CB_OK : CB_ERR_BACKEND;
}

static int nhash_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	cb_hash_handle *h = p;
	const struct nettle_hash *nh = h->alg;

	nh->init(h->state);
	if (inlen)
		nh->update(h->state, inlen, in);
	nh->digest(h->state, h->cls->digest_bytes, out);
	return CB_OK;
}

static const cb_hash_lib nettle_hash = {sizeof(union nhash_state), nhash_open, NULL};

#define NS_INFO(kind_, name_, notes_, variant_)                                                                     \
	{.kind = (kind_), .name = (name_), .backend = "nettle", .notes = (notes_),                                  \
	 .implementation = cb_nettle_implementation, .variant = (variant_)}

CB_HASH_CLASS(cb_nettle_sha256, NS_INFO, NULL, &nettle_hash, &nettle_sha256, nhash_digest, CB_HASH_SHA256);
CB_HASH_CLASS(cb_nettle_sha3_256, NS_INFO, NULL, &nettle_hash, &nettle_sha3_256, nhash_digest, CB_HASH_SHA3_256);
CB_HASH_CLASS(cb_nettle_sm3, NS_INFO, NULL, &nettle_hash, &nettle_sm3, nhash_digest, CB_HASH_SM3);
