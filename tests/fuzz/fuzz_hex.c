/*
 * libFuzzer target: the hex codec (cb_hex_decode, cb_hex_encode).
 * Input: byte 0 is the output capacity (0 to 255, or 255: unbounded), the
 * rest the text.  The branch-free decoder must agree with a plain one,
 * decode in place as well, and what it decodes must encode back to the
 * digits of the input in lower case.
 */
#include <ctype.h>

#include "core/util.h"
#include "fuzz_util.h"

static int reference(const uint8_t *in, size_t len, uint8_t *out, size_t cap, size_t *outlen)
{
	size_t n = 0, digits = 0;
	int hi = 0;

	for (size_t i = 0; i < len; i++) {
		int c = in[i], v;

		if (c == ' ' || (c >= '\t' && c <= '\r'))
			continue;
		if (c >= '0' && c <= '9')
			v = c - '0';
		else if (c >= 'a' && c <= 'f')
			v = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v = c - 'A' + 10;
		else
			return CB_ERR_FORMAT;
		if (digits++ % 2 == 0) {
			hi = v;
			continue;
		}
		if (n < cap)
			out[n] = (uint8_t)(hi << 4 | v);
		n++;
	}
	if (digits % 2)
		return CB_ERR_FORMAT;
	if (n > cap)
		return CB_ERR_LENGTH;
	*outlen = n;
	return CB_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *out, *want, *copy;
	char *enc;
	size_t cap, outlen = 0, wantlen = 0, copylen = 0, k = 0;
	int r, w, rc;

	if (size < 1)
		return 0;
	cap = data[0] == 255 ? size : data[0];
	data++;
	size--;
	out = malloc(cap + 1);
	want = malloc(cap + 1);
	copy = malloc(size + 1);
	FUZZ_ASSERT(out && want && copy);
	memcpy(copy, data, size);
	r = cb_hex_decode(data, size, out, cap, &outlen);
	w = reference(data, size, want, cap, &wantlen);
	FUZZ_ASSERT(r == w);
	if (r == CB_OK) {
		FUZZ_ASSERT(outlen == wantlen && memcmp(out, want, outlen) == 0);
		/* in place, with the input's length as capacity */
		rc = cb_hex_decode(copy, size, copy, size, &copylen);
		FUZZ_ASSERT(rc == CB_OK && copylen == outlen && memcmp(copy, out, outlen) == 0);
		enc = malloc(2 * outlen + 1);
		FUZZ_ASSERT(enc);
		cb_hex_encode(out, outlen, enc);
		FUZZ_ASSERT(strlen(enc) == 2 * outlen);
		for (size_t i = 0; i < size; i++)
			if (isxdigit(data[i]))
				FUZZ_ASSERT(enc[k++] == tolower(data[i]));
		FUZZ_ASSERT(k == 2 * outlen);
		free(enc);
	} else {
		for (size_t i = 0; i < cap; i++)
			FUZZ_ASSERT(out[i] == 0);
	}
	free(out);
	free(want);
	free(copy);
	return 0;
}
