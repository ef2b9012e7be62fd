#include "mlkem/sampling.h"

#include <string.h>

#include "core/util.h"
#include "sha3/sha3.h"

/*
 * Three SHAKE128 blocks give 168 candidates, and 256 are accepted from them
 * with probability > 0.99 (acceptance rate q / 4096); more blocks are drawn
 * one at a time when needed.
 */
#define SAMPLE_NTT_FIRST_BLOCKS 3

static unsigned rej_uniform(int16_t *r, unsigned ctr, const uint8_t *buf, size_t len)
{
	for (size_t pos = 0; ctr < MLKEM_N && pos + 3 <= len; pos += 3) {
		uint16_t d1 = (uint16_t)(buf[pos] | ((buf[pos + 1] & 0x0f) << 8));
		uint16_t d2 = (uint16_t)((buf[pos + 1] >> 4) | (buf[pos + 2] << 4));

		if (d1 < MLKEM_Q)
			r[ctr++] = (int16_t)d1;
		if (d2 < MLKEM_Q && ctr < MLKEM_N)
			r[ctr++] = (int16_t)d2;
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

void cb_mlkem_sample_ntt(cb_mlkem_poly *r, const uint8_t rho[MLKEM_SYMBYTES], uint8_t x, uint8_t y)
{
	uint8_t buf[SAMPLE_NTT_FIRST_BLOCKS * CB_SHAKE128_RATE];
	cb_keccak_state st;
	unsigned ctr;

	xof_init(&st, rho, x, y);
	cb_keccak_squeezeblocks(&st, buf, SAMPLE_NTT_FIRST_BLOCKS);
	ctr = rej_uniform(r->c, 0, buf, sizeof(buf));
	while (ctr < MLKEM_N) {
		cb_keccak_squeezeblocks(&st, buf, 1);
		ctr = rej_uniform(r->c, ctr, buf, CB_SHAKE128_RATE);
	}
}

/* Algorithm 8 for eta = 2: 4 bits per coefficient, 8 coefficients per 32-bit word. */
static void cbd2(cb_mlkem_poly *r, const uint8_t buf[128])
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
static void cbd3(cb_mlkem_poly *r, const uint8_t buf[192])
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
		cbd3(r, buf);
	else
		cbd2(r, buf);
	cb_wipe(in, sizeof(in));
	cb_wipe(buf, sizeof(buf));
}
