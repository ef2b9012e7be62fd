/*
 * libFuzzer target: SM2 ciphertext codec (cb_sm2_ct_convert).
 * Input: byte 0 selects the source and target forms, the rest is the
 * ciphertext.  What converts must convert back to the very same bytes (the
 * reader is strict, so every accepted encoding is the canonical one), fit
 * the size cb_sm2_ct_size gives, and a too-small buffer must be refused.
 */
#include "cryptobench/sm2.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cb_sm2_ct_format from, to;
	uint8_t *out, *back;
	size_t cap, outlen, backlen, c2len;
	int r;

	if (size < 1)
		return 0;
	from = (cb_sm2_ct_format)(data[0] % 3);
	to = (cb_sm2_ct_format)(data[0] / 3 % 3);
	data++;
	size--;
	cap = size + 64;
	out = malloc(cap);
	back = malloc(cap);
	FUZZ_ASSERT(out && back);
	outlen = cap;
	r = cb_sm2_ct_convert(from, data, size, to, out, &outlen);
	FUZZ_ASSERT(r == CB_OK || r == CB_ERR_FORMAT);
	if (r == CB_OK) {
		/* the message length is C2's: exact for the raw forms, a bound for DER */
		if (to != CB_SM2_DER) {
			c2len = outlen - CB_SM2_RAW_OVERHEAD;
			FUZZ_ASSERT(outlen == cb_sm2_ct_size(to, c2len));
		} else {
			FUZZ_ASSERT(outlen <= cb_sm2_ct_size(to, size));
		}
		backlen = cap;
		FUZZ_ASSERT(cb_sm2_ct_convert(to, out, outlen, from, back, &backlen) == CB_OK);
		FUZZ_ASSERT(backlen == size && memcmp(back, data, size) == 0);
		if (outlen > 0) {
			size_t small = outlen - 1;
			FUZZ_ASSERT(cb_sm2_ct_convert(from, data, size, to, back, &small) == CB_ERR_LENGTH);
		}
	}
	free(out);
	free(back);
	return 0;
}
