/*
 * Keccak-f[1600] and the FIPS 202 sponge.
 *
 * The permutation keeps the 25 lanes in local 64-bit variables and runs two
 * rounds per loop iteration (a -> e -> a) so no lane is copied; theta, rho,
 * pi and chi of one row are fused, and the column parities for the next
 * theta are accumulated as the lanes are produced (so they are not re-read).
 * Lanes 1, 2, 8, 12, 17 and 20 are kept complemented inside the permutation
 * ("lane complementing", as in the Keccak team's implementation notes), which
 * lets chi use AND/OR forms with 8 instead of 25 NOTs per round; the chi
 * formulas of each row were chosen for that pattern and checked on all input
 * combinations by keccak_round_gen.py, which prints the round loop body.
 * Lanes are stored as native integers and converted to bytes little-endian,
 * so the code is endian-independent.
 */
#include "sha3/sha3.h"

#include <string.h>

#include "core/util.h"

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

static const uint64_t keccak_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
	0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
	0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
	0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
	0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

void cb_keccak_f1600(uint64_t s[25])
{
	uint64_t a0 = s[0], a1 = ~s[1], a2 = ~s[2], a3 = s[3], a4 = s[4];
	uint64_t a5 = s[5], a6 = s[6], a7 = s[7], a8 = ~s[8], a9 = s[9];
	uint64_t a10 = s[10], a11 = s[11], a12 = ~s[12], a13 = s[13], a14 = s[14];
	uint64_t a15 = s[15], a16 = s[16], a17 = ~s[17], a18 = s[18], a19 = s[19];
	uint64_t a20 = ~s[20], a21 = s[21], a22 = s[22], a23 = s[23], a24 = s[24];
	uint64_t e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12;
	uint64_t e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23, e24;
	uint64_t b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;

	c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
	c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
	c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
	c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
	c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
	for (int i = 0; i < 24; i += 2) {
		d0 = c4 ^ ROL64(c1, 1);
		d1 = c0 ^ ROL64(c2, 1);
		d2 = c1 ^ ROL64(c3, 1);
		d3 = c2 ^ ROL64(c4, 1);
		d4 = c3 ^ ROL64(c0, 1);
		b0 = a0 ^ d0;
		b1 = ROL64(a6 ^ d1, 44);
		b2 = ROL64(a12 ^ d2, 43);
		b3 = ROL64(a18 ^ d3, 21);
		b4 = ROL64(a24 ^ d4, 14);
		e0 = b0 ^ (b1 | b2) ^ keccak_rc[i];
		c0 = e0;
		e1 = b1 ^ (~b2 | b3);
		c1 = e1;
		e2 = b2 ^ (b3 & b4);
		c2 = e2;
		e3 = b3 ^ (b4 | b0);
		c3 = e3;
		e4 = b4 ^ (b0 & b1);
		c4 = e4;
		b0 = ROL64(a3 ^ d3, 28);
		b1 = ROL64(a9 ^ d4, 20);
		b2 = ROL64(a10 ^ d0, 3);
		b3 = ROL64(a16 ^ d1, 45);
		b4 = ROL64(a22 ^ d2, 61);
		e5 = b0 ^ (b1 | b2);
		c0 ^= e5;
		e6 = b1 ^ (b2 & b3);
		c1 ^= e6;
		e7 = b2 ^ (b3 | ~b4);
		c2 ^= e7;
		e8 = b3 ^ (b4 | b0);
		c3 ^= e8;
		e9 = b4 ^ (b0 & b1);
		c4 ^= e9;
		b0 = ROL64(a1 ^ d1, 1);
		b1 = ROL64(a7 ^ d2, 6);
		b2 = ROL64(a13 ^ d3, 25);
		b3 = ROL64(a19 ^ d4, 8);
		b4 = ROL64(a20 ^ d0, 18);
		e10 = b0 ^ (b1 | b2);
		c0 ^= e10;
		e11 = b1 ^ (b2 & b3);
		c1 ^= e11;
		e12 = b2 ^ (~b3 & b4);
		c2 ^= e12;
		e13 = b3 ^ ~(b4 | b0);
		c3 ^= e13;
		e14 = b4 ^ (b0 & b1);
		c4 ^= e14;
		b0 = ROL64(a4 ^ d4, 27);
		b1 = ROL64(a5 ^ d0, 36);
		b2 = ROL64(a11 ^ d1, 10);
		b3 = ROL64(a17 ^ d2, 15);
		b4 = ROL64(a23 ^ d3, 56);
		e15 = b0 ^ (b1 & b2);
		c0 ^= e15;
		e16 = b1 ^ (b2 | b3);
		c1 ^= e16;
		e17 = b2 ^ (~b3 | b4);
		c2 ^= e17;
		e18 = b3 ^ ~(b4 & b0);
		c3 ^= e18;
		e19 = b4 ^ (b0 | b1);
		c4 ^= e19;
		b0 = ROL64(a2 ^ d2, 62);
		b1 = ROL64(a8 ^ d3, 55);
		b2 = ROL64(a14 ^ d4, 39);
		b3 = ROL64(a15 ^ d0, 41);
		b4 = ROL64(a21 ^ d1, 2);
		e20 = b0 ^ (~b1 & b2);
		c0 ^= e20;
		e21 = b1 ^ ~(b2 | b3);
		c1 ^= e21;
		e22 = b2 ^ (b3 & b4);
		c2 ^= e22;
		e23 = b3 ^ (b4 | b0);
		c3 ^= e23;
		e24 = b4 ^ (b0 & b1);
		c4 ^= e24;
		d0 = c4 ^ ROL64(c1, 1);
		d1 = c0 ^ ROL64(c2, 1);
		d2 = c1 ^ ROL64(c3, 1);
		d3 = c2 ^ ROL64(c4, 1);
		d4 = c3 ^ ROL64(c0, 1);
		b0 = e0 ^ d0;
		b1 = ROL64(e6 ^ d1, 44);
		b2 = ROL64(e12 ^ d2, 43);
		b3 = ROL64(e18 ^ d3, 21);
		b4 = ROL64(e24 ^ d4, 14);
		a0 = b0 ^ (b1 | b2) ^ keccak_rc[i + 1];
		c0 = a0;
		a1 = b1 ^ (~b2 | b3);
		c1 = a1;
		a2 = b2 ^ (b3 & b4);
		c2 = a2;
		a3 = b3 ^ (b4 | b0);
		c3 = a3;
		a4 = b4 ^ (b0 & b1);
		c4 = a4;
		b0 = ROL64(e3 ^ d3, 28);
		b1 = ROL64(e9 ^ d4, 20);
		b2 = ROL64(e10 ^ d0, 3);
		b3 = ROL64(e16 ^ d1, 45);
		b4 = ROL64(e22 ^ d2, 61);
		a5 = b0 ^ (b1 | b2);
		c0 ^= a5;
		a6 = b1 ^ (b2 & b3);
		c1 ^= a6;
		a7 = b2 ^ (b3 | ~b4);
		c2 ^= a7;
		a8 = b3 ^ (b4 | b0);
		c3 ^= a8;
		a9 = b4 ^ (b0 & b1);
		c4 ^= a9;
		b0 = ROL64(e1 ^ d1, 1);
		b1 = ROL64(e7 ^ d2, 6);
		b2 = ROL64(e13 ^ d3, 25);
		b3 = ROL64(e19 ^ d4, 8);
		b4 = ROL64(e20 ^ d0, 18);
		a10 = b0 ^ (b1 | b2);
		c0 ^= a10;
		a11 = b1 ^ (b2 & b3);
		c1 ^= a11;
		a12 = b2 ^ (~b3 & b4);
		c2 ^= a12;
		a13 = b3 ^ ~(b4 | b0);
		c3 ^= a13;
		a14 = b4 ^ (b0 & b1);
		c4 ^= a14;
		b0 = ROL64(e4 ^ d4, 27);
		b1 = ROL64(e5 ^ d0, 36);
		b2 = ROL64(e11 ^ d1, 10);
		b3 = ROL64(e17 ^ d2, 15);
		b4 = ROL64(e23 ^ d3, 56);
		a15 = b0 ^ (b1 & b2);
		c0 ^= a15;
		a16 = b1 ^ (b2 | b3);
		c1 ^= a16;
		a17 = b2 ^ (~b3 | b4);
		c2 ^= a17;
		a18 = b3 ^ ~(b4 & b0);
		c3 ^= a18;
		a19 = b4 ^ (b0 | b1);
		c4 ^= a19;
		b0 = ROL64(e2 ^ d2, 62);
		b1 = ROL64(e8 ^ d3, 55);
		b2 = ROL64(e14 ^ d4, 39);
		b3 = ROL64(e15 ^ d0, 41);
		b4 = ROL64(e21 ^ d1, 2);
		a20 = b0 ^ (~b1 & b2);
		c0 ^= a20;
		a21 = b1 ^ ~(b2 | b3);
		c1 ^= a21;
		a22 = b2 ^ (b3 & b4);
		c2 ^= a22;
		a23 = b3 ^ (b4 | b0);
		c3 ^= a23;
		a24 = b4 ^ (b0 & b1);
		c4 ^= a24;
	}
	s[0] = a0; s[1] = ~a1; s[2] = ~a2; s[3] = a3; s[4] = a4;
	s[5] = a5; s[6] = a6; s[7] = a7; s[8] = ~a8; s[9] = a9;
	s[10] = a10; s[11] = a11; s[12] = ~a12; s[13] = a13; s[14] = a14;
	s[15] = a15; s[16] = a16; s[17] = ~a17; s[18] = a18; s[19] = a19;
	s[20] = ~a20; s[21] = a21; s[22] = a22; s[23] = a23; s[24] = a24;
}

/*
 * Two independent permutations with interleaved lanes (state j in s[.][j]).
 * The loop over j has a fixed trip count of 2 and no cross-lane operation,
 * so gcc -O3 vectorises it with 128-bit SSE2 vectors (rotations as two
 * shifts and an OR, chi's ~b1 & b2 as pandn): about 400 TSC ticks per
 * permutation instead of 505 (gcc 12, -O3, no -march).  Without
 * vectorisation it is still correct, just two scalar permutations.
 */
void cb_keccak_f1600_x2(uint64_t s[25][2])
{
	for (int i = 0; i < 24; i += 2) {
		for (int j = 0; j < 2; j++) {
			uint64_t b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
			uint64_t e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12;
			uint64_t e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23, e24;
			uint64_t a0 = s[0][j];
			uint64_t a1 = s[1][j];
			uint64_t a2 = s[2][j];
			uint64_t a3 = s[3][j];
			uint64_t a4 = s[4][j];
			uint64_t a5 = s[5][j];
			uint64_t a6 = s[6][j];
			uint64_t a7 = s[7][j];
			uint64_t a8 = s[8][j];
			uint64_t a9 = s[9][j];
			uint64_t a10 = s[10][j];
			uint64_t a11 = s[11][j];
			uint64_t a12 = s[12][j];
			uint64_t a13 = s[13][j];
			uint64_t a14 = s[14][j];
			uint64_t a15 = s[15][j];
			uint64_t a16 = s[16][j];
			uint64_t a17 = s[17][j];
			uint64_t a18 = s[18][j];
			uint64_t a19 = s[19][j];
			uint64_t a20 = s[20][j];
			uint64_t a21 = s[21][j];
			uint64_t a22 = s[22][j];
			uint64_t a23 = s[23][j];
			uint64_t a24 = s[24][j];
			c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
			c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
			c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
			c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
			c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
			d0 = c4 ^ ROL64(c1, 1);
			d1 = c0 ^ ROL64(c2, 1);
			d2 = c1 ^ ROL64(c3, 1);
			d3 = c2 ^ ROL64(c4, 1);
			d4 = c3 ^ ROL64(c0, 1);
			b0 = a0 ^ d0;
			b1 = ROL64(a6 ^ d1, 44);
			b2 = ROL64(a12 ^ d2, 43);
			b3 = ROL64(a18 ^ d3, 21);
			b4 = ROL64(a24 ^ d4, 14);
			e0 = b0 ^ (~b1 & b2) ^ keccak_rc[i];
			e1 = b1 ^ (~b2 & b3);
			e2 = b2 ^ (~b3 & b4);
			e3 = b3 ^ (~b4 & b0);
			e4 = b4 ^ (~b0 & b1);
			b0 = ROL64(a3 ^ d3, 28);
			b1 = ROL64(a9 ^ d4, 20);
			b2 = ROL64(a10 ^ d0, 3);
			b3 = ROL64(a16 ^ d1, 45);
			b4 = ROL64(a22 ^ d2, 61);
			e5 = b0 ^ (~b1 & b2);
			e6 = b1 ^ (~b2 & b3);
			e7 = b2 ^ (~b3 & b4);
			e8 = b3 ^ (~b4 & b0);
			e9 = b4 ^ (~b0 & b1);
			b0 = ROL64(a1 ^ d1, 1);
			b1 = ROL64(a7 ^ d2, 6);
			b2 = ROL64(a13 ^ d3, 25);
			b3 = ROL64(a19 ^ d4, 8);
			b4 = ROL64(a20 ^ d0, 18);
			e10 = b0 ^ (~b1 & b2);
			e11 = b1 ^ (~b2 & b3);
			e12 = b2 ^ (~b3 & b4);
			e13 = b3 ^ (~b4 & b0);
			e14 = b4 ^ (~b0 & b1);
			b0 = ROL64(a4 ^ d4, 27);
			b1 = ROL64(a5 ^ d0, 36);
			b2 = ROL64(a11 ^ d1, 10);
			b3 = ROL64(a17 ^ d2, 15);
			b4 = ROL64(a23 ^ d3, 56);
			e15 = b0 ^ (~b1 & b2);
			e16 = b1 ^ (~b2 & b3);
			e17 = b2 ^ (~b3 & b4);
			e18 = b3 ^ (~b4 & b0);
			e19 = b4 ^ (~b0 & b1);
			b0 = ROL64(a2 ^ d2, 62);
			b1 = ROL64(a8 ^ d3, 55);
			b2 = ROL64(a14 ^ d4, 39);
			b3 = ROL64(a15 ^ d0, 41);
			b4 = ROL64(a21 ^ d1, 2);
			e20 = b0 ^ (~b1 & b2);
			e21 = b1 ^ (~b2 & b3);
			e22 = b2 ^ (~b3 & b4);
			e23 = b3 ^ (~b4 & b0);
			e24 = b4 ^ (~b0 & b1);
			c0 = e0 ^ e5 ^ e10 ^ e15 ^ e20;
			c1 = e1 ^ e6 ^ e11 ^ e16 ^ e21;
			c2 = e2 ^ e7 ^ e12 ^ e17 ^ e22;
			c3 = e3 ^ e8 ^ e13 ^ e18 ^ e23;
			c4 = e4 ^ e9 ^ e14 ^ e19 ^ e24;
			d0 = c4 ^ ROL64(c1, 1);
			d1 = c0 ^ ROL64(c2, 1);
			d2 = c1 ^ ROL64(c3, 1);
			d3 = c2 ^ ROL64(c4, 1);
			d4 = c3 ^ ROL64(c0, 1);
			b0 = e0 ^ d0;
			b1 = ROL64(e6 ^ d1, 44);
			b2 = ROL64(e12 ^ d2, 43);
			b3 = ROL64(e18 ^ d3, 21);
			b4 = ROL64(e24 ^ d4, 14);
			s[0][j] = b0 ^ (~b1 & b2) ^ keccak_rc[i + 1];
			s[1][j] = b1 ^ (~b2 & b3);
			s[2][j] = b2 ^ (~b3 & b4);
			s[3][j] = b3 ^ (~b4 & b0);
			s[4][j] = b4 ^ (~b0 & b1);
			b0 = ROL64(e3 ^ d3, 28);
			b1 = ROL64(e9 ^ d4, 20);
			b2 = ROL64(e10 ^ d0, 3);
			b3 = ROL64(e16 ^ d1, 45);
			b4 = ROL64(e22 ^ d2, 61);
			s[5][j] = b0 ^ (~b1 & b2);
			s[6][j] = b1 ^ (~b2 & b3);
			s[7][j] = b2 ^ (~b3 & b4);
			s[8][j] = b3 ^ (~b4 & b0);
			s[9][j] = b4 ^ (~b0 & b1);
			b0 = ROL64(e1 ^ d1, 1);
			b1 = ROL64(e7 ^ d2, 6);
			b2 = ROL64(e13 ^ d3, 25);
			b3 = ROL64(e19 ^ d4, 8);
			b4 = ROL64(e20 ^ d0, 18);
			s[10][j] = b0 ^ (~b1 & b2);
			s[11][j] = b1 ^ (~b2 & b3);
			s[12][j] = b2 ^ (~b3 & b4);
			s[13][j] = b3 ^ (~b4 & b0);
			s[14][j] = b4 ^ (~b0 & b1);
			b0 = ROL64(e4 ^ d4, 27);
			b1 = ROL64(e5 ^ d0, 36);
			b2 = ROL64(e11 ^ d1, 10);
			b3 = ROL64(e17 ^ d2, 15);
			b4 = ROL64(e23 ^ d3, 56);
			s[15][j] = b0 ^ (~b1 & b2);
			s[16][j] = b1 ^ (~b2 & b3);
			s[17][j] = b2 ^ (~b3 & b4);
			s[18][j] = b3 ^ (~b4 & b0);
			s[19][j] = b4 ^ (~b0 & b1);
			b0 = ROL64(e2 ^ d2, 62);
			b1 = ROL64(e8 ^ d3, 55);
			b2 = ROL64(e14 ^ d4, 39);
			b3 = ROL64(e15 ^ d0, 41);
			b4 = ROL64(e21 ^ d1, 2);
			s[20][j] = b0 ^ (~b1 & b2);
			s[21][j] = b1 ^ (~b2 & b3);
			s[22][j] = b2 ^ (~b3 & b4);
			s[23][j] = b3 ^ (~b4 & b0);
			s[24][j] = b4 ^ (~b0 & b1);
		}
	}
}

static inline uint64_t load64_le(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/*
 * On a little-endian host one 8-byte copy: gcc -O3 vectorised the byte
 * loop of the squeeze functions into long byte-shuffle sequences (5 % of
 * the portable ML-DSA KeyGen).
 */
static inline void store64_le(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &v, 8);
#else
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
#endif
}

void cb_keccak_init(cb_keccak_state *st, unsigned rate)
{
	memset(st->s, 0, sizeof(st->s));
	st->pos = 0;
	st->rate = rate;
}

void cb_keccak_absorb(cb_keccak_state *st, const uint8_t *in, size_t len)
{
	unsigned pos = st->pos, rate = st->rate;

	while (len > 0) {
		if (pos == 0 && len >= rate) {
			for (unsigned i = 0; i < rate / 8; i++)
				st->s[i] ^= load64_le(in + 8 * i);
			cb_keccak_f1600(st->s);
			in += rate;
			len -= rate;
			continue;
		}
		if (pos % 8 == 0 && len >= 8) {
			st->s[pos / 8] ^= load64_le(in);
			in += 8;
			len -= 8;
			pos += 8;
		} else {
			st->s[pos / 8] ^= (uint64_t)*in++ << (8 * (pos % 8));
			len--;
			pos++;
		}
		if (pos == rate) {
			cb_keccak_f1600(st->s);
			pos = 0;
		}
	}
	st->pos = pos;
}

void cb_keccak_finalize(cb_keccak_state *st, uint8_t ds)
{
	st->s[st->pos / 8] ^= (uint64_t)ds << (8 * (st->pos % 8));
	st->s[(st->rate - 1) / 8] ^= 0x80ULL << 56;
	st->pos = st->rate;
}

void cb_keccak_squeeze(cb_keccak_state *st, uint8_t *out, size_t len)
{
	unsigned pos = st->pos, rate = st->rate;

	while (len > 0) {
		if (pos == rate) {
			cb_keccak_f1600(st->s);
			pos = 0;
		}
		if (pos == 0 && len >= rate) {
			for (unsigned i = 0; i < rate / 8; i++)
				store64_le(out + 8 * i, st->s[i]);
			out += rate;
			len -= rate;
			pos = rate;
			continue;
		}
		while (len > 0 && pos < rate) {
			*out++ = (uint8_t)(st->s[pos / 8] >> (8 * (pos % 8)));
			pos++;
			len--;
		}
	}
	st->pos = pos;
}

void cb_keccak_squeezeblocks(cb_keccak_state *st, uint8_t *out, size_t nblocks)
{
	if (st->pos != st->rate && st->pos != 0) {
		cb_keccak_squeeze(st, out, nblocks * st->rate);
		return;
	}
	while (nblocks--) {
		if (st->pos == st->rate)
			cb_keccak_f1600(st->s);
		for (unsigned i = 0; i < st->rate / 8; i++)
			store64_le(out + 8 * i, st->s[i]);
		out += st->rate;
		st->pos = st->rate;
	}
}

void cb_keccak_wipe(cb_keccak_state *st)
{
	cb_wipe(st, sizeof(*st));
}

void cb_sha3_256_final(cb_keccak_state *st, uint8_t out[32])
{
	cb_keccak_finalize(st, CB_KECCAK_DS_SHA3);
	cb_keccak_squeeze(st, out, 32);
}

void cb_sha3_512_final(cb_keccak_state *st, uint8_t out[64])
{
	cb_keccak_finalize(st, CB_KECCAK_DS_SHA3);
	cb_keccak_squeeze(st, out, 64);
}

void cb_sha3_256(uint8_t out[32], const uint8_t *in, size_t len)
{
	cb_keccak_state st;

	cb_sha3_256_init(&st);
	cb_keccak_absorb(&st, in, len);
	cb_sha3_256_final(&st, out);
	cb_keccak_wipe(&st);
}

void cb_sha3_512(uint8_t out[64], const uint8_t *in, size_t len)
{
	cb_keccak_state st;

	cb_sha3_512_init(&st);
	cb_keccak_absorb(&st, in, len);
	cb_sha3_512_final(&st, out);
	cb_keccak_wipe(&st);
}

void cb_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
	cb_keccak_state st;

	cb_shake128_init(&st);
	cb_keccak_absorb(&st, in, inlen);
	cb_shake_finalize(&st);
	cb_keccak_squeeze(&st, out, outlen);
	cb_keccak_wipe(&st);
}

void cb_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
	cb_keccak_state st;

	cb_shake256_init(&st);
	cb_keccak_absorb(&st, in, inlen);
	cb_shake_finalize(&st);
	cb_keccak_squeeze(&st, out, outlen);
	cb_keccak_wipe(&st);
}

static void x2_absorb_tail(cb_keccak_x2_state *st, unsigned j, unsigned rate, uint8_t ds,
			   const uint8_t *in, size_t len)
{
	size_t i;

	for (i = 0; i + 8 <= len; i += 8)
		st->s[i / 8][j] ^= load64_le(in + i);
	for (; i < len; i++)
		st->s[i / 8][j] ^= (uint64_t)in[i] << (8 * (i % 8));
	st->s[len / 8][j] ^= (uint64_t)ds << (8 * (len % 8));
	st->s[(rate - 1) / 8][j] ^= 0x80ULL << 56;
}

void cb_keccak_x2_absorb_once(cb_keccak_x2_state *st, unsigned rate, const uint8_t *in0, size_t len0,
			      uint8_t ds0, const uint8_t *in1, size_t len1, uint8_t ds1)
{
	memset(st->s, 0, sizeof(st->s));
	while (len0 >= rate || len1 >= rate) {
		uint64_t keep[25];
		/* a lane without a full block left must not be permuted: saved and restored */
		unsigned idle = len0 < rate ? 0 : len1 < rate ? 1 : 2;

		for (unsigned i = 0; i < rate / 8; i++) {
			if (len0 >= rate)
				st->s[i][0] ^= load64_le(in0 + 8 * i);
			if (len1 >= rate)
				st->s[i][1] ^= load64_le(in1 + 8 * i);
		}
		if (idle < 2)
			for (unsigned i = 0; i < 25; i++)
				keep[i] = st->s[i][idle];
		cb_keccak_f1600_x2(st->s);
		if (idle < 2) {
			for (unsigned i = 0; i < 25; i++)
				st->s[i][idle] = keep[i];
			cb_wipe(keep, sizeof(keep));
		}
		if (len0 >= rate) {
			in0 += rate;
			len0 -= rate;
		}
		if (len1 >= rate) {
			in1 += rate;
			len1 -= rate;
		}
	}
	x2_absorb_tail(st, 0, rate, ds0, in0, len0);
	x2_absorb_tail(st, 1, rate, ds1, in1, len1);
}

void cb_keccak_x2_squeezeblocks(cb_keccak_x2_state *st, unsigned rate, uint8_t *out0, uint8_t *out1,
				size_t nblocks)
{
	while (nblocks--) {
		cb_keccak_f1600_x2(st->s);
		for (unsigned i = 0; i < rate / 8; i++) {
			store64_le(out0 + 8 * i, st->s[i][0]);
			store64_le(out1 + 8 * i, st->s[i][1]);
		}
		out0 += rate;
		out1 += rate;
	}
}

void cb_keccak_x2_wipe(cb_keccak_x2_state *st)
{
	cb_wipe(st, sizeof(*st));
}

void cb_keccak_x2_squeezewords(cb_keccak_x2_state *st, unsigned rate, uint64_t *out0, uint64_t *out1,
			       size_t nblocks)
{
	while (nblocks--) {
		cb_keccak_f1600_x2(st->s);
		for (unsigned i = 0; i < rate / 8; i++) {
			out0[i] = st->s[i][0];
			out1[i] = st->s[i][1];
		}
		out0 += rate / 8;
		out1 += rate / 8;
	}
}
