/*
 * libFuzzer target: the envelope reader (src/envelope, docs/ENVELOPE.md).
 * The input, after the 8-byte magic (so that the fuzzer spends its time
 * on the fields), is opened as an envelope with a fixed X-Wing key: whatever it
 * holds, cb_envelope_open returns an error or CB_OK without reading out of
 * bounds, and writes nothing unless some block opened for the key (which
 * random input cannot do).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "envelope/envelope.h"
#include "hybrid/hybrid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t pk[1216], sk[32], ready;
	uint8_t seed[32], *buf;
	FILE *in, *out;
	char *p = NULL;
	size_t pl = 0;
	int r;

	if (!ready) {
		memset(seed, 7, sizeof(seed));
		if (cb_hybrid_xwing.keypair_derand(&cb_hybrid_xwing, pk, sk, seed) != CB_OK)
			abort();
		ready = 1;
	}
	buf = malloc(size + 8);
	if (!buf)
		abort();
	memcpy(buf, "CBSEAL\0\1", 8);
	memcpy(buf + 8, data, size);
	in = fmemopen(buf, size + 8, "rb");
	out = open_memstream(&p, &pl);
	if (!in || !out)
		abort();
	r = cb_envelope_open(in, out, &cb_hybrid_xwing, sk);
	fclose(in);
	fclose(out);
	if (r == CB_OK || (r == CB_ERR_VERIFY && pl))
		abort(); /* random input cannot carry a file key for this key */
	free(p);
	free(buf);
	return 0;
}
