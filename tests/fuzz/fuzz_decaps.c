/*
 * libFuzzer target: ML-KEM decapsulation.
 * Input: byte 0 selects the parameter set and mode, the rest is the data.
 *   mode 0: the data is a ciphertext for a fixed valid key: decaps must
 *           succeed, and give the sender's secret exactly when the
 *           ciphertext is the real one.
 *   mode 1: the data is dk || ct: decaps succeeds iff the 7.3 hash check
 *           passes, and never reads out of bounds.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t ek[CB_MLKEM1024_EK_BYTES], dk[CB_MLKEM1024_DK_BYTES], ct[CB_MLKEM1024_CT_BYTES];
	uint8_t ct0[CB_MLKEM1024_CT_BYTES], ss0[32], ss[32], seed[32] = {1, 2, 3};
	const struct fuzz_set *p;
	int err;

	if (size < 1)
		return 0;
	p = &fuzz_sets[data[0] % 3];
	if ((data[0] / 3) % 2 == 0) {
		FUZZ_ASSERT(p->keypair_derand(ek, dk, seed, seed) == CB_OK);
		FUZZ_ASSERT(p->encaps_derand(ct0, ss0, ek, seed) == CB_OK);
		fuzz_fill(ct, p->ct_bytes, data + 1, size - 1);
		FUZZ_ASSERT(p->decaps(ss, ct, dk) == CB_OK);
		FUZZ_ASSERT((memcmp(ct, ct0, p->ct_bytes) == 0) == (memcmp(ss, ss0, 32) == 0));
	} else {
		uint8_t buf[CB_MLKEM1024_DK_BYTES + CB_MLKEM1024_CT_BYTES];

		fuzz_fill(buf, p->dk_bytes + p->ct_bytes, data + 1, size - 1);
		err = p->decaps(ss, buf + p->dk_bytes, buf);
		FUZZ_ASSERT(err == CB_OK || err == CB_ERR_INVALID_KEY);
		FUZZ_ASSERT((err == CB_OK) == (p->check_dk(buf) == CB_OK));
	}
	return 0;
}
