/*
 * libFuzzer target: the DER reader (src/core/der.c).
 * The input is walked as a tree of elements with cb_der_get (every body
 * must lie inside its parent, lengths minimal), read as INTEGERs with
 * cb_der_uint, and decoded as an ECDSA/SM2 signature: an accepted
 * signature must encode back to exactly the input (strict DER).
 */
#include "core/der.h"
#include "fuzz_util.h"

static void walk(const uint8_t *p, const uint8_t *end, int depth)
{
	while (p < end && depth < 64) {
		const uint8_t *body, *next, *v;
		size_t len, vlen;

		if (cb_der_uint(p, end, &v, &vlen, &next) == CB_OK)
			FUZZ_ASSERT(v > p && vlen >= 1 && vlen <= 32 && v + vlen == next && next <= end);
		if (cb_der_get(p, end, p[0], &body, &len, &next) != CB_OK)
			return;
		FUZZ_ASSERT(body > p && body <= end && len <= (size_t)(end - body) && next == body + len);
		/* at most two length octets, and the shortest form */
		FUZZ_ASSERT(body - p <= 4);
		FUZZ_ASSERT((body - p == 2) == (len < 0x80));
		if (p[0] & 0x20)
			walk(body, next, depth + 1);
		p = next;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t r[32], s[32], enc[72];
	size_t enclen = sizeof(enc);

	walk(data, data + size, 0);
	if (cb_der_sig_decode(data, size, r, s) == CB_OK) {
		FUZZ_ASSERT(cb_der_sig_encode(r, s, enc, &enclen) == CB_OK);
		FUZZ_ASSERT(enclen == size && memcmp(enc, data, size) == 0);
	}
	return 0;
}
