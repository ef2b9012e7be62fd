/*
 * The generic layer for ciphers and hashes (cipher.h, hash.h): the sizes
 * come from the catalog row (key, IV, block, tag, padded), checked here
 * once for every backend (cipher_check.c's length rules), so a backend's
 * encrypt / decrypt is called only with the row's key and IV lengths,
 * non-NULL buffers and an output of sufficient capacity.
 */
#include <stdint.h>

#include "core/cipher_check.h"
#include "core/layer.h"
#include "core/util.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"

int cb_cipher_init(const cb_cipher_class *cls, void **ctx, const uint8_t *key, size_t keylen)
{
	if (!cls || !ctx || !key)
		return CB_ERR_ARG;
	*ctx = NULL;
	if (keylen != cb_layer_row_of(&cls->info)->row->key_bytes)
		return CB_ERR_LENGTH;
	return cls->init(cls, ctx, key);
}

/* The IV: exactly the row's length (none for ECB: iv may then be NULL). */
static int iv_ok(const cb_catalog_entry *row, const uint8_t *iv, size_t ivlen)
{
	return ivlen == row->iv_bytes && (iv || !ivlen);
}

int cb_cipher_encrypt(const cb_cipher_class *cls, void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
		      size_t aadlen, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	size_t need, cap;
	int r;

	if (!cls || !ctx || (!aad && aadlen))
		return CB_ERR_ARG;
	if ((r = cb_cipher_encrypt_size(cls, in, inlen, out, outlen, SIZE_MAX, &need)) != 0)
		return r;
	if (!iv_ok(cb_layer_row_of(&cls->info)->row, iv, ivlen))
		return CB_ERR_LENGTH;
	cap = *outlen;
	r = cls->encrypt(ctx, iv, ivlen, aad, aadlen, in ? in : out, inlen, out, outlen);
	return r && cap ? (cb_wipe(out, cap), r) : r;
}

int cb_cipher_decrypt(const cb_cipher_class *cls, void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
		      size_t aadlen, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	size_t body, cap;
	int r;

	if (!cls || !ctx || (!aad && aadlen))
		return CB_ERR_ARG;
	if (!iv_ok(cb_layer_row_of(&cls->info)->row, iv, ivlen))
		return CB_ERR_LENGTH;
	if ((r = cb_cipher_decrypt_size(cls, in, inlen, out, outlen, SIZE_MAX, &body)) != 0)
		return r;
	cap = *outlen;
	r = cls->decrypt(ctx, iv, ivlen, aad, aadlen, in ? in : out, inlen, out, outlen);
	return r && cap ? (cb_wipe(out, cap), r) : r;
}

void cb_cipher_free(const cb_cipher_class *cls, void *ctx)
{
	if (cls && ctx)
		cls->free(ctx);
}

int cb_hash_init(const cb_hash_class *cls, void **ctx)
{
	if (!cls || !ctx)
		return CB_ERR_ARG;
	*ctx = NULL;
	return cls->init(cls, ctx);
}

int cb_hash_digest(const cb_hash_class *cls, void *ctx, const uint8_t *in, size_t inlen, uint8_t *out)
{
	if (!cls || (!in && inlen) || !out)
		return CB_ERR_ARG;
	return cls->digest(ctx, in ? in : out, inlen, out);
}

void cb_hash_free(const cb_hash_class *cls, void *ctx)
{
	if (cls && ctx)
		cls->free(ctx);
}
