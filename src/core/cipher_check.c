#include "core/cipher_check.h"

#include "core/layer.h"

#include <stdint.h>

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
	if (row->block_bytes > 1 && !row->padded && inlen % row->block_bytes)
		return CB_ERR_LENGTH;
	n = row->padded ? (inlen / row->block_bytes + 1) * row->block_bytes : inlen;
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
	if (row->block_bytes > 1 && n % row->block_bytes)
		return row->padded ? CB_ERR_DECRYPT : CB_ERR_LENGTH;
	if (row->padded && n == 0)
		return CB_ERR_DECRYPT;
	if (*outlen < n)
		return CB_ERR_LENGTH;
	*body = n;
	return CB_OK;
}
