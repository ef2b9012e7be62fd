#include "core/cipher_check.h"

#include "core/layer.h"
#include "core/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * n mod bs for a cipher's block: 16 or 1 in every catalog row (catalog.c's
 * BLOCK, STREAM and AEAD), a power of two, so a mask instead of the
 * division a timed call of a few dozen nanoseconds would feel.
 */
static inline size_t tail(size_t n, size_t bs)
{
	return n & (bs - 1);
}

int cb_cipher_encrypt_size(const cb_cipher_class *cls, const uint8_t *in, size_t inlen, const uint8_t *out,
			   const size_t *outlen, size_t limit, size_t *need)
{
	const cb_catalog_entry *row;
	size_t n;

	if (!cls || !outlen || (!in && inlen) || !out || !need)
		return CB_ERR_ARG;
	row = cb_layer_row_of(&cls->info)->row;
	if (!row->block_bytes || inlen > limit || inlen > SIZE_MAX - 2 * row->block_bytes - row->tag_bytes)
		return CB_ERR_LENGTH;
	if (!row->padded && tail(inlen, row->block_bytes))
		return CB_ERR_LENGTH;
	n = row->padded ? inlen - tail(inlen, row->block_bytes) + row->block_bytes : inlen;
	n += row->tag_bytes;
	if (*outlen < n)
		return CB_ERR_LENGTH;
	*need = n;
	return CB_OK;
}

int cb_cipher_decrypt_size(const cb_cipher_class *cls, const uint8_t *in, size_t inlen, const uint8_t *out,
			   const size_t *outlen, size_t limit, size_t *body)
{
	const cb_catalog_entry *row;
	size_t n;

	if (!cls || !outlen || (!in && inlen) || !out || !body)
		return CB_ERR_ARG;
	row = cb_layer_row_of(&cls->info)->row;
	if (!row->block_bytes || inlen > limit || inlen < row->tag_bytes)
		return CB_ERR_LENGTH;
	n = inlen - row->tag_bytes;
	if (tail(n, row->block_bytes))
		return row->padded ? CB_ERR_DECRYPT : CB_ERR_LENGTH;
	if (row->padded && n == 0)
		return CB_ERR_DECRYPT;
	if (*outlen < n)
		return CB_ERR_LENGTH;
	*body = n;
	return CB_OK;
}

int cb_cipher_blocks_encrypt(const cb_cipher_class *cls, cb_cipher_blocks_fn blocks, void *ctx, uint8_t *iv,
			     const uint8_t *in, size_t inlen, uint8_t *out)
{
	uint8_t last[32];
	size_t bs = cls->block_bytes, rem = tail(inlen, bs), full = inlen - rem;
	int r = blocks(ctx, 1, iv, full, out, in);

	if (r || !cls->padded)
		return r;
	if (bs > sizeof(last))
		return CB_ERR_BACKEND;
	if (rem)
		memcpy(last, in + full, rem);
	memset(last + rem, (int)(bs - rem), bs - rem);
	r = blocks(ctx, 1, iv, bs, out + full, last);
	cb_wipe(last, sizeof(last));
	return r;
}

int cb_cipher_blocks_decrypt(const cb_cipher_class *cls, cb_cipher_blocks_fn blocks, void *ctx, uint8_t *iv,
			     const uint8_t *in, size_t body, uint8_t *out, size_t *outlen)
{
	size_t pad = 0;
	int r = blocks(ctx, 0, iv, body, out, in);

	if (!r && cls->padded && cb_pkcs7_check(out, body, cls->block_bytes, &pad) != 0)
		r = CB_ERR_DECRYPT;
	if (r) {
		cb_wipe(out, body);
		return r;
	}
	*outlen = body - pad;
	return CB_OK;
}

int cb_cipher_modes(const cb_cipher_class *cls, int enc, cb_cipher_blocks_fn blocks, cb_cipher_ctr_fn ctr, void *ctx,
		    const uint8_t *iv, size_t ivlen, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	uint8_t ivbuf[16];
	size_t bs = cls->block_bytes;
	int r;

	if (cls->iv_bytes) {
		if (ivlen != cls->iv_bytes || ivlen > sizeof(ivbuf))
			return CB_ERR_LENGTH;
		memcpy(ivbuf, iv, ivlen);
	}
	if (bs == 1) {
		if ((r = ctr(ctx, ivbuf, inlen, out, in)) != 0)
			return r;
		*outlen = inlen;
		return CB_OK;
	}
	if (!enc)
		return cb_cipher_blocks_decrypt(cls, blocks, ctx, ivbuf, in, inlen, out, outlen);
	if ((r = cb_cipher_blocks_encrypt(cls, blocks, ctx, ivbuf, in, inlen, out)) != 0)
		return r;
	*outlen = cls->padded ? inlen - tail(inlen, bs) + bs : inlen;
	return CB_OK;
}

int cb_cipher_crypt(const cb_cipher_lib *lib, const cb_cipher_class *cls, void *ctx, int enc, const uint8_t *iv,
		    size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t inlen, uint8_t *out,
		    size_t *outlen)
{
	static const uint8_t empty[1];
	size_t n, len;
	int r;

	/* n: the ciphertext's size when encrypting, else the bytes before the tag */
	r = enc ? cb_cipher_encrypt_size(cls, in, inlen, out, outlen, lib->enc_limit, &n)
		: cb_cipher_decrypt_size(cls, in, inlen, out, outlen, lib->dec_limit, &n);
	if (r != 0)
		return r;
	if (!in)
		in = empty;
	len = enc ? inlen : n;
	if (!cls->tag_bytes) {
		if (lib->start && (r = lib->start(ctx, enc, iv, ivlen)) != 0)
			return r;
		return cb_cipher_modes(cls, enc, lib->blocks, lib->ctr, ctx, iv, ivlen, in, len, out, outlen);
	}
	if (!iv || (aadlen && !aad))
		return CB_ERR_ARG;
	if ((r = lib->aead(ctx, enc, iv, ivlen, aad ? aad : empty, aadlen, in, len, out)) != 0) {
		if (!enc)
			cb_wipe(out, len); /* never release unauthenticated plaintext */
		return r;
	}
	*outlen = n;
	return CB_OK;
}

int cb_cipher_handle_encrypt(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			     const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	const cb_cipher_handle *h = ctx;

	return cb_cipher_crypt(h->lib, h->cls, ctx, 1, iv, ivlen, aad, aadlen, in, inlen, out, outlen);
}

int cb_cipher_handle_decrypt(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			     const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	const cb_cipher_handle *h = ctx;

	return cb_cipher_crypt(h->lib, h->cls, ctx, 0, iv, ivlen, aad, aadlen, in, inlen, out, outlen);
}

void *cb_cipher_handle_new(size_t size, const cb_cipher_class *cls, const cb_cipher_lib *lib)
{
	cb_cipher_handle *h = calloc(1, size);

	if (h) {
		h->cls = cls;
		h->lib = lib;
	}
	return h;
}
