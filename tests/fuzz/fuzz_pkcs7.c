/*
 * libFuzzer target: the PKCS#7 padding check (cb_pkcs7_check).
 * Input: byte 0 is the block size (0 to 255), the rest the decrypted text.
 * The branch-free check must agree with a plain reading of RFC 5652 6.3.
 */
#include "core/util.h"
#include "fuzz_util.h"

static int reference(const uint8_t *buf, size_t len, size_t block, size_t *pad)
{
	size_t n;

	if (block == 0 || len < block || len % block)
		return CB_ERR_DECRYPT;
	n = buf[len - 1];
	if (n == 0 || n > block)
		return CB_ERR_DECRYPT;
	for (size_t i = 1; i <= n; i++)
		if (buf[len - i] != n)
			return CB_ERR_DECRYPT;
	*pad = n;
	return CB_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t pad = 0, want = 0, block;
	int r, w;

	if (size < 1)
		return 0;
	block = data[0];
	r = cb_pkcs7_check(data + 1, size - 1, block, &pad);
	w = reference(data + 1, size - 1, block, &want);
	FUZZ_ASSERT(r == w);
	if (r == CB_OK)
		FUZZ_ASSERT(pad == want && pad >= 1 && pad <= block && pad <= size - 1);
	return 0;
}
