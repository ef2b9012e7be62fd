/*
 * Constant-time check of ML-KEM under valgrind memcheck (ctgrind style).
 *
 * The secret inputs (d, z, m, and the secret parts of dk: dk_pke and z) are
 * marked undefined; memcheck then reports every conditional branch and
 * every memory address computed from them.  Run as
 *   valgrind --error-exitcode=1 ct_mlkem
 * and it passes only with zero errors.  Public outputs (ek, ct, and the
 * shared secret once returned) are declassified with
 * VALGRIND_MAKE_MEM_DEFINED before they are used or compared.
 *
 * Outside valgrind the client requests do nothing and the program is a
 * plain round trip.
 */
#include <stdio.h>
#include <string.h>

#include "ct.h"
#include "mlkem/mlkem.h"

struct set {
	const char *name;
	size_t ek_bytes, dk_bytes, ct_bytes;
	int (*keypair_derand)(uint8_t *, uint8_t *, const uint8_t *, const uint8_t *);
	int (*encaps_derand)(uint8_t *, uint8_t *, const uint8_t *, const uint8_t *);
	int (*decaps)(uint8_t *, const uint8_t *, const uint8_t *);
};

static const struct set sets[] = {
	{"ML-KEM-512", CB_MLKEM512_EK_BYTES, CB_MLKEM512_DK_BYTES, CB_MLKEM512_CT_BYTES,
	 cb_mlkem512_keypair_derand, cb_mlkem512_encaps_derand, cb_mlkem512_decaps},
	{"ML-KEM-768", CB_MLKEM768_EK_BYTES, CB_MLKEM768_DK_BYTES, CB_MLKEM768_CT_BYTES,
	 cb_mlkem768_keypair_derand, cb_mlkem768_encaps_derand, cb_mlkem768_decaps},
	{"ML-KEM-1024", CB_MLKEM1024_EK_BYTES, CB_MLKEM1024_DK_BYTES, CB_MLKEM1024_CT_BYTES,
	 cb_mlkem1024_keypair_derand, cb_mlkem1024_encaps_derand, cb_mlkem1024_decaps},
};

static int run(const struct set *p, uint8_t fill)
{
	uint8_t d[32], z[32], m[32], ss1[32], ss2[32];
	uint8_t ek[CB_MLKEM1024_EK_BYTES], dk[CB_MLKEM1024_DK_BYTES], ct[CB_MLKEM1024_CT_BYTES];
	size_t ek_off = p->dk_bytes - 64 - p->ek_bytes; /* dk = dk_pke || ek || H(ek) || z */
	int err = 0;

	memset(d, fill, 32);
	memset(z, fill ^ 0x5a, 32);
	memset(m, fill ^ 0xa5, 32);

	SECRET(d, 32);
	SECRET(z, 32);
	if (p->keypair_derand(ek, dk, d, z) != CB_OK)
		err = 1;
	/* ek, and the copies of ek and H(ek) inside dk, are public */
	PUBLIC(ek, p->ek_bytes);
	PUBLIC(dk + ek_off, p->ek_bytes + 32);

	SECRET(m, 32);
	if (p->encaps_derand(ct, ss1, ek, m) != CB_OK)
		err = 1;
	PUBLIC(ct, p->ct_bytes);

	/* decapsulate the real ciphertext and a modified one, with secret dk_pke and z */
	SECRET(dk, ek_off);
	SECRET(dk + p->dk_bytes - 32, 32);
	if (p->decaps(ss2, ct, dk) != CB_OK)
		err = 1;
	PUBLIC(ss1, 32);
	PUBLIC(ss2, 32);
	if (memcmp(ss1, ss2, 32) != 0)
		err = 1;
	ct[3] ^= 4;
	if (p->decaps(ss2, ct, dk) != CB_OK)
		err = 1;
	PUBLIC(ss2, 32);
	if (memcmp(ss1, ss2, 32) == 0)
		err = 1;
	if (err)
		fprintf(stderr, "%s: round trip failed\n", p->name);
	return err;
}

/* Both paths: portable C, and the AVX2 path where the CPU has AVX2. */
int main(void)
{
	static const int impls[] = {CB_MLKEM_IMPL_C, CB_MLKEM_IMPL_AVX2};
	int err = 0;

	for (size_t k = 0; k < sizeof(impls) / sizeof(impls[0]); k++) {
		if (cb_mlkem_set_impl(impls[k]) != CB_OK) {
			printf("ct_mlkem: implementation %s not available here\n",
			       cb_mlkem_impl_name(impls[k]));
			continue;
		}
		for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++)
			err |= run(&sets[i], (uint8_t)(0x11 * (i + 1)));
		printf("ct_mlkem: implementation %s checked\n", cb_mlkem_impl_name(impls[k]));
	}
	if (!err)
		printf("ct_mlkem: round trips done (memcheck decides)\n");
	return err;
}
