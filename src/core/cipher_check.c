#include "core/cipher_check.h"

#include <stdint.h>

int cb_cipher_encrypt_size(const cb_cipher_class *cls, const uint8_t *in, size_t inlen, const uint8_t *out,
			   const size_t *outlen, size_t limit, size_t *need)
{
	size_t n;

	if (!cls || !outlen || (!in && inlen) || !out || !need)
		return CB_ERR_ARG;
	if (inlen > limit || inlen > SIZE_MAX - 2 * cls->block_bytes - cls->tag_bytes)
		return CB_ERR_LENGTH;
	if (cls->block_bytes > 1 && !cls->padded && inlen % cls->block_bytes)
		return CB_ERR_LENGTH;
	n = cls->padded ? (inlen / cls->block_bytes + 1) * cls->block_bytes : inlen;
	n += cls->tag_bytes;
	if (*outlen < n)
		return CB_ERR_LENGTH;
	*need = n;
	return CB_OK;
}

int cb_cipher_decrypt_size(const cb_cipher_class *cls, const uint8_t *in, size_t inlen, const uint8_t *out,
			   const size_t *outlen, size_t limit, size_t *body)
{
	size_t n;

	if (!cls || !outlen || (!in && inlen) || !out || !body)
		return CB_ERR_ARG;
	if (inlen > limit || inlen < cls->tag_bytes)
		return CB_ERR_LENGTH;
	n = inlen - cls->tag_bytes;
	if (cls->block_bytes > 1 && n % cls->block_bytes)
		return cls->padded ? CB_ERR_DECRYPT : CB_ERR_LENGTH;
	if (cls->padded && n == 0)
		return CB_ERR_DECRYPT;
	if (*outlen < n)
		return CB_ERR_LENGTH;
	*body = n;
	return CB_OK;
}
