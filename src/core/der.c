#include "core/der.h"

#include <string.h>

const uint8_t cb_spki_p256_prefix[26] = {0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
					 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48,
					 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00};
const uint8_t cb_spki_sm2_prefix[26] = {0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
					0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x81, 0x1c,
					0xcf, 0x55, 0x01, 0x82, 0x2d, 0x03, 0x42, 0x00};
const uint8_t cb_spki_ed25519_prefix[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
					    0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

int cb_der_get(const uint8_t *p, const uint8_t *end, uint8_t tag, const uint8_t **body, size_t *len,
	       const uint8_t **next)
{
	size_t n;

	if (end - p < 2 || p[0] != tag)
		return CB_ERR_FORMAT;
	n = p[1];
	p += 2;
	if (n == 0x81) {
		if (end - p < 1 || p[0] < 0x80)
			return CB_ERR_FORMAT;
		n = p[0];
		p += 1;
	} else if (n == 0x82) {
		if (end - p < 2 || p[0] == 0)
			return CB_ERR_FORMAT;
		n = ((size_t)p[0] << 8) | p[1];
		p += 2;
		if (n < 0x100)
			return CB_ERR_FORMAT;
	} else if (n > 0x7f) {
		return CB_ERR_FORMAT;
	}
	if ((size_t)(end - p) < n)
		return CB_ERR_FORMAT;
	*body = p;
	*len = n;
	*next = p + n;
	return CB_OK;
}

int cb_der_uint(const uint8_t *p, const uint8_t *end, const uint8_t **v, size_t *vlen, const uint8_t **next)
{
	const uint8_t *b;
	size_t n;

	if (cb_der_get(p, end, 0x02, &b, &n, next) || n == 0)
		return CB_ERR_FORMAT;
	if (b[0] & 0x80)
		return CB_ERR_FORMAT; /* negative */
	if (n > 1 && b[0] == 0 && !(b[1] & 0x80))
		return CB_ERR_FORMAT; /* not minimal */
	if (b[0] == 0 && n > 1)
		b++, n--;
	if (n > 32)
		return CB_ERR_FORMAT;
	*v = b;
	*vlen = n;
	return CB_OK;
}

/* INTEGER of a 32-byte big-endian unsigned value; returns the bytes written (at most 35). */
static size_t der_int(const uint8_t *v, uint8_t *out)
{
	size_t i = 0, n;

	while (i < 31 && v[i] == 0)
		i++;
	n = 32 - i;
	out[0] = 0x02;
	if (v[i] & 0x80) {
		out[1] = (uint8_t)(n + 1);
		out[2] = 0;
		memcpy(out + 3, v + i, n);
		return n + 3;
	}
	out[1] = (uint8_t)n;
	memcpy(out + 2, v + i, n);
	return n + 2;
}

int cb_der_sig_encode(const uint8_t r[32], const uint8_t s[32], uint8_t *out, size_t *outlen)
{
	uint8_t buf[72];
	size_t n = der_int(r, buf + 2);

	n += der_int(s, buf + 2 + n);
	buf[0] = 0x30;
	buf[1] = (uint8_t)n;
	if (*outlen < n + 2)
		return CB_ERR_LENGTH;
	memcpy(out, buf, n + 2);
	*outlen = n + 2;
	return CB_OK;
}

int cb_der_sig_decode(const uint8_t *in, size_t len, uint8_t r[32], uint8_t s[32])
{
	const uint8_t *end = in + len, *b, *next, *rv, *sv;
	size_t n, rl, sl;

	if (cb_der_get(in, end, 0x30, &b, &n, &next) || next != end || cb_der_uint(b, b + n, &rv, &rl, &next) ||
	    cb_der_uint(next, b + n, &sv, &sl, &next) || next != b + n)
		return CB_ERR_FORMAT;
	memset(r, 0, 32);
	memset(s, 0, 32);
	memcpy(r + 32 - rl, rv, rl);
	memcpy(s + 32 - sl, sv, sl);
	return CB_OK;
}
