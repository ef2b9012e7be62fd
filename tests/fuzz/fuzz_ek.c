/*
 * libFuzzer target: parsing of ML-KEM encapsulation keys (FIPS 203 7.2).
 * Input: byte 0 selects the parameter set, the rest is the key.  The
 * modulus check must agree with a direct decoding of every 12-bit value, and
 * encapsulation must refuse exactly the keys that fail it.
 */
#include "fuzz_common.h"

static int all_reduced(const uint8_t *ek, size_t polybytes)
{
	for (size_t i = 0; i + 3 <= polybytes; i += 3) {
		unsigned a = ek[i] | (ek[i + 1] & 0x0f) << 8, b = ek[i + 1] >> 4 | ek[i + 2] << 4;

		if (a >= MLKEM_Q || b >= MLKEM_Q)
			return 0;
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t ek[CB_MLKEM1024_EK_BYTES], ct[CB_MLKEM1024_CT_BYTES], ss[32], m[32] = {7};
	const struct fuzz_set *p;
	int ok, err;

	if (size < 1)
		return 0;
	p = &fuzz_sets[data[0] % 3];
	fuzz_fill(ek, p->ek_bytes, data + 1, size - 1);
	ok = all_reduced(ek, p->ek_bytes - 32);
	FUZZ_ASSERT((p->check_ek(ek) == CB_OK) == ok);
	err = p->encaps_derand(ct, ss, ek, m);
	FUZZ_ASSERT(err == (ok ? CB_OK : CB_ERR_INVALID_KEY));
	return 0;
}
