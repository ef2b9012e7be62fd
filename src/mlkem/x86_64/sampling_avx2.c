/*
 * Sampling for the native path: SampleNTT (FIPS 203 Algorithm 7) and
 * SamplePolyCBD_eta(PRF_eta(s, N)) (Algorithm 8, (4.3)) four at a time,
 * on the four-way AVX2 Keccak (keccak4x_avx2.c).  The outputs are the
 * same as four calls of the portable functions.
 */
#include <string.h>

#include "core/util.h"
#include "mlkem/x86_64/keccak4x.h"
#include "mlkem/x86_64/native.h"
#include "sha3/sha3.h"

/* three SHAKE128 blocks first (enough with probability > 0.99), then one at a time */
#define FIRST_BLOCKS 3
/* candidate i lands at an index <= i; a later block starts at ctr <= 255 */
#define TMP_LEN (MLKEM_N + CB_SHAKE128_RATE / 3 * 2)

_Static_assert(FIRST_BLOCKS * CB_SHAKE128_RATE / 3 * 2 <= TMP_LEN, "room for the first blocks");

void cb_mlkem_avx2_sample_ntt_x4(cb_mlkem_poly *const r[4], const uint8_t rho[MLKEM_SYMBYTES],
				 const uint8_t x[4], const uint8_t y[4])
{
	uint8_t in[4][MLKEM_SYMBYTES + 2];
	uint8_t buf[4][FIRST_BLOCKS * CB_SHAKE128_RATE];
	int16_t tmp[4][TMP_LEN];
	const uint8_t *inp[4];
	uint8_t *outp[4];
	unsigned ctr[4];
	cb_keccak4x_state st;

	for (unsigned j = 0; j < 4; j++) {
		memcpy(in[j], rho, MLKEM_SYMBYTES);
		in[j][MLKEM_SYMBYTES] = x[j];
		in[j][MLKEM_SYMBYTES + 1] = y[j];
		inp[j] = in[j];
		outp[j] = buf[j];
	}
	cb_keccak4x_absorb_once(&st, CB_SHAKE128_RATE, inp, sizeof(in[0]), CB_KECCAK_DS_SHAKE);
	cb_keccak4x_squeezeblocks(&st, CB_SHAKE128_RATE, outp, FIRST_BLOCKS);
	for (unsigned j = 0; j < 4; j++)
		ctr[j] = cb_mlkem_avx2_rej_uniform(tmp[j], 0, buf[j], sizeof(buf[j]));
	/* rho is public: branching on the counts is allowed */
	while (ctr[0] < MLKEM_N || ctr[1] < MLKEM_N || ctr[2] < MLKEM_N || ctr[3] < MLKEM_N) {
		cb_keccak4x_squeezeblocks(&st, CB_SHAKE128_RATE, outp, 1);
		for (unsigned j = 0; j < 4; j++)
			if (ctr[j] < MLKEM_N)
				ctr[j] = cb_mlkem_avx2_rej_uniform(tmp[j], ctr[j], buf[j], CB_SHAKE128_RATE);
	}
	for (unsigned j = 0; j < 4; j++)
		memcpy(r[j]->c, tmp[j], sizeof(r[j]->c));
}

void cb_mlkem_avx2_poly_getnoise_x4(cb_mlkem_poly *const r[4], const uint8_t s[MLKEM_SYMBYTES],
				    const uint8_t nonce[4], const unsigned eta[4])
{
	uint8_t in[4][MLKEM_SYMBYTES + 1];
	/* 64 * eta bytes: one SHAKE256 block for eta = 2, two for eta = 3 */
	uint8_t buf[4][2 * CB_SHAKE256_RATE];
	const uint8_t *inp[4];
	uint8_t *outp[4];
	cb_keccak4x_state st;
	/* eta is public (the parameter set); PRF_2 output is a prefix of the longer stream */
	size_t blocks = (eta[0] == 3 || eta[1] == 3 || eta[2] == 3 || eta[3] == 3) ? 2 : 1;

	for (unsigned j = 0; j < 4; j++) {
		memcpy(in[j], s, MLKEM_SYMBYTES);
		in[j][MLKEM_SYMBYTES] = nonce[j];
		inp[j] = in[j];
		outp[j] = buf[j];
	}
	cb_keccak4x_absorb_once(&st, CB_SHAKE256_RATE, inp, sizeof(in[0]), CB_KECCAK_DS_SHAKE);
	cb_keccak4x_squeezeblocks(&st, CB_SHAKE256_RATE, outp, blocks);
	for (unsigned j = 0; j < 4; j++) {
		if (eta[j] == 3)
			cb_mlkem_avx2_cbd3(r[j], buf[j]);
		else
			cb_mlkem_avx2_cbd2(r[j], buf[j]);
	}
	cb_keccak4x_wipe(&st);
	cb_wipe(in, sizeof(in));
	cb_wipe(buf, sizeof(buf));
}
