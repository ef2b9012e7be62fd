/*
 * Constant-time check of ML-DSA (src/mldsa) under valgrind memcheck.
 *
 * The secret inputs are marked undefined: the seed xi of KeyGen, and for
 * Sign the secret parts of the expanded key (K, s1, s2, t0; rho and tr
 * are public: rho is in pk, tr = H(pk)), rnd and, separately, the
 * message's mu path.  memcheck reports every conditional branch and every
 * address computed from them.  What FIPS 204 makes public by design is
 * declassified inside the code (CB_CT_DECLASSIFY, src/core/ct.h): rho,
 * t1 (the public key), whether a half-byte of the ExpandS stream is
 * rejected, the challenge c~ of each signing iteration, the rejection
 * decision of each iteration (and so their number), whether a secret key
 * is well formed, and the signature once accepted.  Public outputs are
 * declassified here before they are compared.  Run as
 *   valgrind --error-exitcode=1 ct_mldsa
 * and it passes only with zero errors.
 */
#include <stdio.h>
#include <string.h>

#include "ct.h"
#include "mldsa/mldsa.h"

static int run(const cb_mldsa_ops *o, const char *name, uint8_t fill)
{
	static uint8_t pk[CB_MLDSA87_PK_BYTES], sk[CB_MLDSA87_SK_BYTES], sk2[CB_MLDSA87_SK_BYTES],
		sig[CB_MLDSA87_SIG_BYTES], sig2[CB_MLDSA87_SIG_BYTES], pk2[CB_MLDSA87_PK_BYTES];
	uint8_t seed[32], rnd[32], msg[40], ctx[3] = {1, 2, 3};
	int err = 0;

	memset(seed, fill, sizeof(seed));
	memset(rnd, fill ^ 0x5a, sizeof(rnd));
	memset(msg, fill ^ 0xa5, sizeof(msg));

	SECRET(seed, sizeof(seed));
	if (o->keypair(pk, sk, seed) != CB_OK)
		err = 1;
	PUBLIC(pk, o->pk_bytes);
	/* rho and tr of sk are public; K, s1, s2, t0 stay secret */
	PUBLIC(sk, 32);
	PUBLIC(sk + 64, 64);
	memcpy(sk2, sk, o->sk_bytes);

	SECRET(rnd, sizeof(rnd));
	if (o->sign(sig, msg, sizeof(msg), ctx, sizeof(ctx), rnd, sk) != CB_OK)
		err = 1;
	PUBLIC(sig, o->sig_bytes);
	/* deterministic signing: rnd public (zero), the key alone secret */
	memset(rnd, 0, sizeof(rnd));
	if (o->sign_internal(sig2, msg, sizeof(msg), rnd, sk) != CB_OK)
		err = 1;
	PUBLIC(sig2, o->sig_bytes);
	/* the consistency check of an imported expanded key */
	if (o->pk_from_sk(pk2, sk2) != CB_OK)
		err = 1;
	PUBLIC(pk2, o->pk_bytes);

	PUBLIC(sk, o->sk_bytes);
	PUBLIC(rnd, sizeof(rnd));
	if (o->verify(sig, o->sig_bytes, msg, sizeof(msg), ctx, sizeof(ctx), pk) != CB_OK)
		err = 1;
	if (o->verify_internal(sig2, o->sig_bytes, msg, sizeof(msg), pk) != CB_OK)
		err = 1;
	if (memcmp(pk, pk2, o->pk_bytes) != 0)
		err = 1;
	if (err)
		printf("%s: a round trip failed (fill %02x)\n", name, fill);
	return err;
}

int main(void)
{
	int err = 0;

	/* the portable path, then the dispatching functions on the native path where the CPU has one */
	for (int impl = CB_MLDSA_IMPL_C; impl <= CB_MLDSA_IMPL_NATIVE; impl++) {
		int native = impl == CB_MLDSA_IMPL_NATIVE;
		if (native && cb_mldsa_set_impl(impl) != CB_OK) {
			printf("ct_mldsa: no native path on this CPU\n");
			break;
		}
		for (unsigned f = 0; f < 3; f++) {
			err |= run(native ? &cb_mldsa44_ops : &cb_mldsa44_c_ops, "ML-DSA-44", (uint8_t)(0x11 * f + 1));
			err |= run(native ? &cb_mldsa65_ops : &cb_mldsa65_c_ops, "ML-DSA-65", (uint8_t)(0x11 * f + 2));
			err |= run(native ? &cb_mldsa87_ops : &cb_mldsa87_c_ops, "ML-DSA-87", (uint8_t)(0x11 * f + 3));
		}
	}
	printf("ct_mldsa: %s\n", err ? "FAILED" : "ok");
	return err;
}
