#include "mlkem/poly.h"

#include "core/util.h"

#include "mlkem/ntt.h"
#include "mlkem/reduce.h"

static inline uint64_t load64_le(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/*
 * ByteDecode_12 (and the modulus check) reads 16 coefficients = 24 bytes =
 * three little-endian 64-bit words at a time: whole-word loads and shifts
 * instead of three byte loads per pair of coefficients.  ByteEncode_12
 * packs four coefficients into one word and stores six bytes.
 */
static inline void unpack16(uint16_t t[16], const uint8_t *a)
{
	uint64_t w0 = load64_le(a), w1 = load64_le(a + 8), w2 = load64_le(a + 16);

	for (unsigned j = 0; j < 5; j++)
		t[j] = (uint16_t)((w0 >> (12 * j)) & 0xfff);
	t[5] = (uint16_t)(((w0 >> 60) | (w1 << 4)) & 0xfff);
	for (unsigned j = 0; j < 4; j++)
		t[6 + j] = (uint16_t)((w1 >> (8 + 12 * j)) & 0xfff);
	t[10] = (uint16_t)(((w1 >> 56) | (w2 << 8)) & 0xfff);
	for (unsigned j = 0; j < 5; j++)
		t[11 + j] = (uint16_t)((w2 >> (4 + 12 * j)) & 0xfff);
}

void cb_mlkem_poly_tobytes(uint8_t r[MLKEM_POLYBYTES], const cb_mlkem_poly *a)
{
	for (unsigned i = 0; i < MLKEM_N / 4; i++) {
		/* four coefficients = 48 bits, stored as six bytes */
		uint64_t w = 0;

		for (unsigned j = 0; j < 4; j++)
			w |= (uint64_t)(uint16_t)cb_mlkem_caddq(a->c[4 * i + j]) << (12 * j);
		for (unsigned b = 0; b < 6; b++)
			r[6 * i + b] = (uint8_t)(w >> (8 * b));
	}
}

/* x mod q for 0 <= x < 4096, without a branch. */
static inline int16_t reduce12(uint16_t x)
{
	return cb_mlkem_caddq((int16_t)(x - MLKEM_Q));
}

void cb_mlkem_poly_frombytes(cb_mlkem_poly *r, const uint8_t a[MLKEM_POLYBYTES])
{
	for (unsigned i = 0; i < MLKEM_N / 16; i++) {
		uint16_t t[16];

		unpack16(t, a + 24 * i);
		for (unsigned j = 0; j < 16; j++)
			r->c[16 * i + j] = reduce12(t[j]);
	}
}

int cb_mlkem_poly_check_reduced(const uint8_t a[MLKEM_POLYBYTES])
{
	uint32_t bad = 0;

	for (unsigned i = 0; i < MLKEM_N / 16; i++) {
		uint16_t t[16];

		unpack16(t, a + 24 * i);
		/* top bit set iff t >= q */
		for (unsigned j = 0; j < 16; j++)
			bad |= MLKEM_Q - 1 - (uint32_t)t[j];
	}
	return (bad >> 31) ? -1 : 0;
}

void cb_mlkem_poly_frommsg(cb_mlkem_poly *r, const uint8_t m[MLKEM_SYMBYTES])
{
	for (unsigned i = 0; i < MLKEM_SYMBYTES; i++)
		for (unsigned j = 0; j < 8; j++) {
			int16_t mask = (int16_t)-(int16_t)((m[i] >> j) & 1);

			r->c[8 * i + j] = (int16_t)(mask & ((MLKEM_Q + 1) / 2));
		}
}

void cb_mlkem_poly_tomsg(uint8_t m[MLKEM_SYMBYTES], const cb_mlkem_poly *a)
{
	for (unsigned i = 0; i < MLKEM_SYMBYTES; i++) {
		uint8_t b = 0;

		for (unsigned j = 0; j < 8; j++) {
			/*
			 * Compress_1(x) = round(2x / q) mod 2 is 1 exactly for
			 * x in [833, 2496] (q/4 <= x < 3q/4); the unsigned 16-bit
			 * comparison is a mask (setcc / pcmpgtw), not a branch.
			 */
			uint16_t x = (uint16_t)cb_mlkem_caddq(a->c[8 * i + j]);
			unsigned t = (uint16_t)(x - 833) < 1664;

			b |= (uint8_t)(t << j);
		}
		m[i] = b;
	}
}

/*
 * Compress_d (FIPS 203 (4.7)): round(2^d x / q) mod 2^d, for x in [0, q).
 * For the d of ML-KEM, (x M + R) >> S with M ~ 2^(S+d) / q gives the
 * rounded quotient in 32-bit arithmetic (x M + R < 2^30), which gcc
 * vectorises, where the 64-bit multiplication of cb_mlkem_div_q is not;
 * the constants were chosen (largest feasible R for the smallest S) so
 * the result is exact on all of [0, q), which test_mlkem_poly checks
 * exhaustively.  Other d use the division by q.
 */
static inline uint32_t compress(int16_t x, unsigned d)
{
	uint32_t t = (uint16_t)cb_mlkem_caddq(x);

	if (d == 4)
		return ((t * 315 + 32701) >> 16) & 15;
	if (d == 5)
		return ((t * 315 + 16321) >> 15) & 31;
	if (d == 10)
		return ((t * 161271 + 261911) >> 19) & 1023;
	if (d == 11)
		return ((t * 161271 + 130860) >> 18) & 2047;
	return cb_mlkem_div_q((t << d) + MLKEM_Q / 2) & ((1u << d) - 1);
}

/* Decompress_d (FIPS 203 (4.8)): round(q y / 2^d). */
static inline int16_t decompress(uint32_t y, unsigned d)
{
	return (int16_t)((y * MLKEM_Q + (1u << (d - 1))) >> d);
}

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/*
 * 8 coefficients of d bits fill exactly d bytes, so each group of 8 is packed
 * through a two-word accumulator.  Instantiated for each constant d so the
 * shifts and branches below fold away.
 */
static ALWAYS_INLINE void compress_d(uint8_t *r, const cb_mlkem_poly *a, unsigned d)
{
	/* compressed values first (one vectorised pass), then the packing */
	uint16_t c[MLKEM_N];

	for (unsigned i = 0; i < MLKEM_N; i++)
		c[i] = (uint16_t)compress(a->c[i], d);
	for (unsigned i = 0; i < MLKEM_N / 8; i++) {
		uint64_t lo = 0, hi = 0;

		for (unsigned j = 0; j < 8; j++) {
			uint64_t v = c[8 * i + j];
			unsigned sh = d * j;

			if (sh < 64) {
				lo |= v << sh;
				if (sh + d > 64)
					hi |= v >> (64 - sh);
			} else {
				hi |= v << (sh - 64);
			}
		}
		for (unsigned b = 0; b < d; b++)
			r[d * i + b] = (uint8_t)(b < 8 ? lo >> (8 * b) : hi >> (8 * (b - 8)));
	}
	/* c is the (re-)encryption: secret-dependent in decapsulation */
	cb_wipe(c, sizeof(c));
}

static ALWAYS_INLINE void decompress_d(cb_mlkem_poly *r, const uint8_t *a, unsigned d)
{
	/* unpacking first, then Decompress_d in one vectorised pass */
	uint16_t c[MLKEM_N];

	for (unsigned i = 0; i < MLKEM_N / 8; i++) {
		uint64_t lo = 0, hi = 0;

		for (unsigned b = 0; b < d; b++) {
			if (b < 8)
				lo |= (uint64_t)a[d * i + b] << (8 * b);
			else
				hi |= (uint64_t)a[d * i + b] << (8 * (b - 8));
		}
		for (unsigned j = 0; j < 8; j++) {
			unsigned sh = d * j;
			uint64_t v;

			if (sh < 64) {
				v = lo >> sh;
				if (sh + d > 64)
					v |= hi << (64 - sh);
			} else {
				v = hi >> (sh - 64);
			}
			c[8 * i + j] = (uint16_t)(v & ((1u << d) - 1));
		}
	}
	for (unsigned i = 0; i < MLKEM_N; i++)
		r->c[i] = decompress(c[i], d);
}

void cb_mlkem_poly_compress(uint8_t *r, const cb_mlkem_poly *a, unsigned d)
{
	switch (d) {
	case 4: compress_d(r, a, 4); break;
	case 5: compress_d(r, a, 5); break;
	case 10: compress_d(r, a, 10); break;
	case 11: compress_d(r, a, 11); break;
	default: compress_d(r, a, d); break;
	}
}

void cb_mlkem_poly_decompress(cb_mlkem_poly *r, const uint8_t *a, unsigned d)
{
	switch (d) {
	case 4: decompress_d(r, a, 4); break;
	case 5: decompress_d(r, a, 5); break;
	case 10: decompress_d(r, a, 10); break;
	case 11: decompress_d(r, a, 11); break;
	default: decompress_d(r, a, d); break;
	}
}

void cb_mlkem_poly_ntt(cb_mlkem_poly *r)
{
	cb_mlkem_ntt(r->c);
	cb_mlkem_poly_reduce(r);
}

void cb_mlkem_poly_invntt_tomont(cb_mlkem_poly *r)
{
	cb_mlkem_invntt_tomont(r->c);
}

void cb_mlkem_poly_mulcache_compute(cb_mlkem_mulcache *x, const cb_mlkem_poly *b)
{
	for (unsigned i = 0; i < MLKEM_N / 2; i++)
		x->c[i] = cb_mlkem_fqmul_pre(b->c[2 * i + 1], cb_mlkem_gammas[i], cb_mlkem_gammas_qinv[i]);
}

void cb_mlkem_poly_basemul_acc(cb_mlkem_poly *r, const cb_mlkem_poly *a, const cb_mlkem_poly *b,
			       const cb_mlkem_mulcache *bc, unsigned k)
{
	int32_t t[MLKEM_N] = {0};

	/* one pass per vector entry keeps each inner loop simple enough to vectorise */
	for (unsigned l = 0; l < k; l++) {
		const int16_t *ap = a[l].c, *bp = b[l].c, *cp = bc[l].c;

		for (unsigned i = 0; i < MLKEM_N / 2; i++) {
			int32_t a0 = ap[2 * i], a1 = ap[2 * i + 1];
			int32_t b0 = bp[2 * i], b1 = bp[2 * i + 1];

			t[2 * i] += a0 * b0 + a1 * cp[i];
			t[2 * i + 1] += a0 * b1 + a1 * b0;
		}
	}
	for (unsigned i = 0; i < MLKEM_N; i++)
		r->c[i] = cb_mlkem_montgomery_reduce(t[i]);
	cb_wipe(t, sizeof(t));
}

void cb_mlkem_poly_add(cb_mlkem_poly *r, const cb_mlkem_poly *b)
{
	for (unsigned i = 0; i < MLKEM_N; i++)
		r->c[i] = (int16_t)(r->c[i] + b->c[i]);
}

void cb_mlkem_poly_sub(cb_mlkem_poly *r, const cb_mlkem_poly *b)
{
	for (unsigned i = 0; i < MLKEM_N; i++)
		r->c[i] = (int16_t)(r->c[i] - b->c[i]);
}

void cb_mlkem_poly_reduce(cb_mlkem_poly *r)
{
	for (unsigned i = 0; i < MLKEM_N; i++)
		r->c[i] = cb_mlkem_barrett_reduce(r->c[i]);
}

void cb_mlkem_poly_tomont(cb_mlkem_poly *r)
{
	/* 2^32 mod q, and the same times q^-1 mod 2^16 */
	const int16_t f = (int16_t)((1ULL << 32) % MLKEM_Q);
	const int16_t fq = (int16_t)(uint16_t)(((uint32_t)f * (uint16_t)MLKEM_QINV) & 0xffff);

	for (unsigned i = 0; i < MLKEM_N; i++)
		r->c[i] = cb_mlkem_fqmul_pre(r->c[i], f, fq);
}
