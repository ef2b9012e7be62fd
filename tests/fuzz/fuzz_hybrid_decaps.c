/*
 * libFuzzer target: decapsulation of every hybrid and SM2 KEM (src/hybrid).
 * Input: byte 0 selects the KEM, the rest is the ciphertext (zero-padded
 * or cut to the KEM's size) for a fixed valid key.  Decapsulation returns
 * CB_OK, CB_ERR_INVALID_KEY (a classical share that is not a valid point,
 * or of low order) or CB_ERR_DECRYPT (sm2-enc-kem), never reads out of
 * bounds, and gives the sender's secret exactly when the ciphertext is the
 * real one.
 */
#include <stdlib.h>
#include <string.h>

#include "hybrid/hybrid.h"

#define FUZZ_ASSERT(c)                                                                             \
	do {                                                                                       \
		if (!(c))                                                                          \
			abort();                                                                   \
	} while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const cb_kem_class *const kems[] = {&cb_hybrid_x25519mlkem768, &cb_hybrid_secp256r1mlkem768,
						   &cb_hybrid_xwing,	       &cb_hybrid_sm2mlkem768,
						   &cb_hybrid_sm2_dhkem,	       &cb_hybrid_sm2_enc_kem};
	static uint8_t pk[6][4096], sks[6][4096], ct0s[6][4096], ss0s[6][64], ready[6];
	static uint8_t ct[4096], ss[64];
	uint8_t coins[96], *sk, *ct0, *ss0;
	const cb_kem_class *k;
	size_t n, i;
	int r;

	if (size < 1)
		return 0;
	i = data[0] % 6;
	k = kems[i];
	sk = sks[i];
	ct0 = ct0s[i];
	ss0 = ss0s[i];
	if (!ready[i]) { /* one fixed key and ciphertext per KEM */
		memset(coins, 0x11, sizeof(coins)); /* a valid scalar on both curves */
		FUZZ_ASSERT(k->keypair_derand(k, pk[i], sk, coins) == CB_OK);
		FUZZ_ASSERT(k->encaps_derand(k, ct0, ss0, pk[i], coins) == CB_OK);
		ready[i] = 1;
	}
	n = size - 1 < k->ciphertext_bytes ? size - 1 : k->ciphertext_bytes;
	memset(ct, 0, k->ciphertext_bytes);
	memcpy(ct, data + 1, n);
	r = k->decaps(k, ss, ct, sk);
	FUZZ_ASSERT(r == CB_OK || r == CB_ERR_INVALID_KEY || r == CB_ERR_DECRYPT);
	if (r == CB_OK)
		FUZZ_ASSERT((memcmp(ct, ct0, k->ciphertext_bytes) == 0) ==
			    (memcmp(ss, ss0, k->shared_secret_bytes) == 0));
	return 0;
}
