#include "mlkem/sampling.h"

#include <string.h>

#include "core/util.h"
#include "sha3/sha3.h"

/*
 * Three SHAKE128 blocks give 336 candidates, and 256 are accepted from them
 * with probability > 0.99 (acceptance rate q / 4096); more blocks are drawn
 * one at a time when needed.
 */
#define SAMPLE_NTT_FIRST_BLOCKS 3
#define SAMPLE_NTT_FIRST_CANDIDATES (SAMPLE_NTT_FIRST_BLOCKS * CB_SHAKE128_RATE / 3 * 2)
#define SAMPLE_NTT_BLOCK_CANDIDATES (CB_SHAKE128_RATE / 3 * 2)

static inline uint64_t load64_le(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/* Store four candidates at r[ctr...], keeping those < q; returns the new ctr. */
static inline unsigned keep4(int16_t *r, unsigned ctr, uint32_t d0, uint32_t d1, uint32_t d2,
			     uint32_t d3)
{
	unsigned a0 = d0 < MLKEM_Q, a1 = d1 < MLKEM_Q, a2 = d2 < MLKEM_Q, a3 = d3 < MLKEM_Q;

	r[ctr] = (int16_t)d0;
	r[ctr + a0] = (int16_t)d1;
	r[ctr + a0 + a1] = (int16_t)d2;
	r[ctr + a0 + a1 + a2] = (int16_t)d3;
	return ctr + a0 + a1 + a2 + a3;
}

/*
 * Rejection sampling without a data-dependent branch: every candidate is
 * stored at r[ctr] and ctr advances by (candidate < q), so a rejected
 * candidate is overwritten by the next one.  The whole buffer is parsed
 * (no early exit); r must have room for ctr + 2 * len / 3 entries, and the
 * caller keeps the first 256.  The input is public (rho), so branching would
 * be allowed, but with fresh rho each call the two comparisons mispredict
 * about a fifth of the time.  24 bytes (three 64-bit words, 16 candidates)
 * per step; within a group of four candidates the offsets are computed
 * independently, so the dependency chain through ctr stays short.
 * len must be a multiple of 24 (SHAKE128 blocks are 168 = 7 * 24 bytes).
 */
_Static_assert(CB_SHAKE128_RATE % 24 == 0, "rej_uniform parses 24 bytes at a time");

/* w: the XOF output as little-endian 64-bit words; nwords a multiple of 3. */
static unsigned rej_uniform(int16_t *r, unsigned ctr, const uint64_t *w, size_t nwords)
{
	for (size_t i = 0; i + 3 <= nwords; i += 3) {
		uint64_t w0 = w[i], w1 = w[i + 1], w2 = w[i + 2];
		const uint32_t m = 0xfff;

		ctr = keep4(r, ctr, (uint32_t)w0 & m, (uint32_t)(w0 >> 12) & m, (uint32_t)(w0 >> 24) & m,
			    (uint32_t)(w0 >> 36) & m);
		ctr = keep4(r, ctr, (uint32_t)(w0 >> 48) & m, (uint32_t)((w0 >> 60) | (w1 << 4)) & m,
			    (uint32_t)(w1 >> 8) & m, (uint32_t)(w1 >> 20) & m);
		ctr = keep4(r, ctr, (uint32_t)(w1 >> 32) & m, (uint32_t)(w1 >> 44) & m,
			    (uint32_t)((w1 >> 56) | (w2 << 8)) & m, (uint32_t)(w2 >> 4) & m);
		ctr = keep4(r, ctr, (uint32_t)(w2 >> 16) & m, (uint32_t)(w2 >> 28) & m,
			    (uint32_t)(w2 >> 40) & m, (uint32_t)(w2 >> 52) & m);
	}
	return ctr;
}

/* The same from bytes (the one-lane sponge squeezes bytes). */
unsigned cb_mlkem_rej_uniform(int16_t *r, unsigned ctr, const uint8_t *buf, size_t len)
{
	uint64_t w[CB_SHAKE128_RATE / 8];

	for (size_t pos = 0; pos < len; pos += CB_SHAKE128_RATE) {
		for (unsigned i = 0; i < CB_SHAKE128_RATE / 8; i++)
			w[i] = load64_le(buf + pos + 8 * i);
		ctr = rej_uniform(r, ctr, w, CB_SHAKE128_RATE / 8);
	}
	return ctr;
}

static void xof_init(cb_keccak_state *st, const uint8_t rho[MLKEM_SYMBYTES], uint8_t x, uint8_t y)
{
	uint8_t in[MLKEM_SYMBYTES + 2];

	memcpy(in, rho, MLKEM_SYMBYTES);
	in[MLKEM_SYMBYTES] = x;
	in[MLKEM_SYMBYTES + 1] = y;
	cb_shake128_init(st);
	cb_keccak_absorb(st, in, sizeof(in));
	cb_shake_finalize(st);
}

#define SAMPLE_NTT_TMP_LEN                                                                        \
	(MLKEM_N + SAMPLE_NTT_BLOCK_CANDIDATES > SAMPLE_NTT_FIRST_CANDIDATES                       \
		 ? MLKEM_N + SAMPLE_NTT_BLOCK_CANDIDATES                                           \
		 : SAMPLE_NTT_FIRST_CANDIDATES)

void cb_mlkem_sample_ntt(cb_mlkem_poly *r, const uint8_t rho[MLKEM_SYMBYTES], uint8_t x, uint8_t y)
{
	uint8_t buf[SAMPLE_NTT_FIRST_BLOCKS * CB_SHAKE128_RATE];
	/* candidate i is written at an index <= i; a later block starts at ctr <= 255 */
	int16_t tmp[SAMPLE_NTT_TMP_LEN];
	cb_keccak_state st;
	unsigned ctr;

	xof_init(&st, rho, x, y);
	cb_keccak_squeezeblocks(&st, buf, SAMPLE_NTT_FIRST_BLOCKS);
	ctr = cb_mlkem_rej_uniform(tmp, 0, buf, sizeof(buf));
	/* rare (< 1 %): fewer than 256 accepted; one more block at a time */
	while (ctr < MLKEM_N) {
		cb_keccak_squeezeblocks(&st, buf, 1);
		ctr = cb_mlkem_rej_uniform(tmp, ctr, buf, CB_SHAKE128_RATE);
	}
	memcpy(r->c, tmp, sizeof(r->c));
}

void cb_mlkem_sample_ntt_x2(cb_mlkem_poly *r0, cb_mlkem_poly *r1, const uint8_t rho[MLKEM_SYMBYTES],
			    uint8_t x0, uint8_t y0, uint8_t x1, uint8_t y1)
{
	enum { WORDS = SAMPLE_NTT_FIRST_BLOCKS * CB_SHAKE128_RATE / 8, BLOCK_WORDS = CB_SHAKE128_RATE / 8 };
	uint64_t w0[WORDS], w1[WORDS];
	uint8_t in0[MLKEM_SYMBYTES + 2], in1[MLKEM_SYMBYTES + 2];
	int16_t tmp0[SAMPLE_NTT_TMP_LEN], tmp1[SAMPLE_NTT_TMP_LEN];
	cb_keccak_x2_state st;
	unsigned ctr0, ctr1;

	memcpy(in0, rho, MLKEM_SYMBYTES);
	memcpy(in1, rho, MLKEM_SYMBYTES);
	in0[MLKEM_SYMBYTES] = x0;
	in0[MLKEM_SYMBYTES + 1] = y0;
	in1[MLKEM_SYMBYTES] = x1;
	in1[MLKEM_SYMBYTES + 1] = y1;
	cb_keccak_x2_absorb_once(&st, CB_SHAKE128_RATE, in0, sizeof(in0), CB_KECCAK_DS_SHAKE, in1,
				 sizeof(in1), CB_KECCAK_DS_SHAKE);
	cb_keccak_x2_squeezewords(&st, CB_SHAKE128_RATE, w0, w1, SAMPLE_NTT_FIRST_BLOCKS);
	ctr0 = rej_uniform(tmp0, 0, w0, WORDS);
	ctr1 = rej_uniform(tmp1, 0, w1, WORDS);
	while (ctr0 < MLKEM_N || ctr1 < MLKEM_N) {
		cb_keccak_x2_squeezewords(&st, CB_SHAKE128_RATE, w0, w1, 1);
		if (ctr0 < MLKEM_N)
			ctr0 = rej_uniform(tmp0, ctr0, w0, BLOCK_WORDS);
		if (ctr1 < MLKEM_N)
			ctr1 = rej_uniform(tmp1, ctr1, w1, BLOCK_WORDS);
	}
	memcpy(r0->c, tmp0, sizeof(r0->c));
	memcpy(r1->c, tmp1, sizeof(r1->c));
}

/* Algorithm 8 for eta = 2: 4 bits per coefficient, 8 coefficients per 32-bit word. */
void cb_mlkem_cbd2(cb_mlkem_poly *r, const uint8_t buf[128])
{
	for (unsigned i = 0; i < MLKEM_N / 8; i++) {
		uint32_t t = (uint32_t)buf[4 * i] | (uint32_t)buf[4 * i + 1] << 8 |
			     (uint32_t)buf[4 * i + 2] << 16 | (uint32_t)buf[4 * i + 3] << 24;
		uint32_t d = (t & 0x55555555) + ((t >> 1) & 0x55555555);

		for (unsigned j = 0; j < 8; j++) {
			int16_t a = (int16_t)((d >> (4 * j)) & 3);
			int16_t b = (int16_t)((d >> (4 * j + 2)) & 3);

			r->c[8 * i + j] = (int16_t)(a - b);
		}
	}
}

/* Algorithm 8 for eta = 3: 6 bits per coefficient, 4 coefficients per 24 bits. */
void cb_mlkem_cbd3(cb_mlkem_poly *r, const uint8_t buf[192])
{
	for (unsigned i = 0; i < MLKEM_N / 4; i++) {
		uint32_t t = (uint32_t)buf[3 * i] | (uint32_t)buf[3 * i + 1] << 8 |
			     (uint32_t)buf[3 * i + 2] << 16;
		uint32_t d = (t & 0x249249) + ((t >> 1) & 0x249249) + ((t >> 2) & 0x249249);

		for (unsigned j = 0; j < 4; j++) {
			int16_t a = (int16_t)((d >> (6 * j)) & 7);
			int16_t b = (int16_t)((d >> (6 * j + 3)) & 7);

			r->c[4 * i + j] = (int16_t)(a - b);
		}
	}
}

void cb_mlkem_poly_getnoise(cb_mlkem_poly *r, const uint8_t s[MLKEM_SYMBYTES], uint8_t nonce,
			    unsigned eta)
{
	uint8_t in[MLKEM_SYMBYTES + 1];
	uint8_t buf[64 * 3];

	memcpy(in, s, MLKEM_SYMBYTES);
	in[MLKEM_SYMBYTES] = nonce;
	cb_shake256(buf, 64 * eta, in, sizeof(in));
	if (eta == 3)
		cb_mlkem_cbd3(r, buf);
	else
		cb_mlkem_cbd2(r, buf);
	cb_wipe(in, sizeof(in));
	cb_wipe(buf, sizeof(buf));
}

void cb_mlkem_poly_getnoise_x2(cb_mlkem_poly *r0, cb_mlkem_poly *r1, const uint8_t s[MLKEM_SYMBYTES],
			       uint8_t nonce0, uint8_t nonce1, unsigned eta)
{
	uint8_t in0[MLKEM_SYMBYTES + 1], in1[MLKEM_SYMBYTES + 1];
	/* 64 * eta bytes: one SHAKE256 block for eta = 2, two for eta = 3 */
	uint8_t buf0[2 * CB_SHAKE256_RATE], buf1[2 * CB_SHAKE256_RATE];
	cb_keccak_x2_state st;

	memcpy(in0, s, MLKEM_SYMBYTES);
	memcpy(in1, s, MLKEM_SYMBYTES);
	in0[MLKEM_SYMBYTES] = nonce0;
	in1[MLKEM_SYMBYTES] = nonce1;
	cb_keccak_x2_absorb_once(&st, CB_SHAKE256_RATE, in0, sizeof(in0), CB_KECCAK_DS_SHAKE, in1,
				 sizeof(in1), CB_KECCAK_DS_SHAKE);
	cb_keccak_x2_squeezeblocks(&st, CB_SHAKE256_RATE, buf0, buf1, eta == 3 ? 2 : 1);
	if (eta == 3) {
		cb_mlkem_cbd3(r0, buf0);
		cb_mlkem_cbd3(r1, buf1);
	} else {
		cb_mlkem_cbd2(r0, buf0);
		cb_mlkem_cbd2(r1, buf1);
	}
	cb_keccak_x2_wipe(&st);
	cb_wipe(in0, sizeof(in0));
	cb_wipe(in1, sizeof(in1));
	cb_wipe(buf0, sizeof(buf0));
	cb_wipe(buf1, sizeof(buf1));
}
