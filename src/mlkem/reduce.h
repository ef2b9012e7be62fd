/*
 * Modular arithmetic mod q = 3329 without division or data-dependent
 * branches: Montgomery reduction (R = 2^16) and Barrett reduction.
 */
#ifndef CB_MLKEM_REDUCE_H
#define CB_MLKEM_REDUCE_H

#include <stdint.h>

#include "mlkem/params.h"

#define MLKEM_QINV (-3327) /* q^-1 mod 2^16, as a signed 16-bit value */

/* For |a| < q * 2^15: a value congruent to a * 2^-16 mod q, |result| < q. */
static inline int16_t cb_mlkem_montgomery_reduce(int32_t a)
{
	int16_t t = (int16_t)((uint32_t)a * (uint32_t)MLKEM_QINV);

	return (int16_t)((a - (int32_t)t * MLKEM_Q) >> 16);
}

/* a * b * 2^-16 mod q. */
static inline int16_t cb_mlkem_fqmul(int16_t a, int16_t b)
{
	return cb_mlkem_montgomery_reduce((int32_t)a * b);
}

/* High 16 bits of the 32-bit product (one pmulhw where vectorised). */
static inline int16_t cb_mlkem_mulhi(int16_t a, int16_t b)
{
	return (int16_t)(((int32_t)a * b) >> 16);
}

/*
 * Same value as cb_mlkem_fqmul(a, b), given bqinv = b * q^-1 mod 2^16:
 * hi(a b) - hi(lo(a bqinv) q), since a b and lo(a bqinv) q agree in their
 * low 16 bits.  Three 16-bit multiplications, no widening.
 */
static inline int16_t cb_mlkem_fqmul_pre(int16_t a, int16_t b, int16_t bqinv)
{
	int16_t t = (int16_t)(uint16_t)((uint32_t)(uint16_t)a * (uint16_t)bqinv);

	return (int16_t)(cb_mlkem_mulhi(a, b) - cb_mlkem_mulhi(t, MLKEM_Q));
}

/*
 * Centered representative of a mod q, in [-(q-1)/2, (q-1)/2].
 * t = round(a v / 2^26) with v = round(2^26 / q), computed as
 * (hi(a v) + 2^9) >> 10, which is the same value (floor of a floor) but
 * needs only 16-bit operations, so vectorised loops use pmulhw / pmullw
 * instead of widening to 32 bits (SSE2 has no 32-bit pmulld).  Checked
 * against the 32-bit form for every int16_t by test_mlkem_poly.
 */
static inline int16_t cb_mlkem_barrett_reduce(int16_t a)
{
	const int16_t v = ((1 << 26) + MLKEM_Q / 2) / MLKEM_Q;
	int16_t t = (int16_t)((cb_mlkem_mulhi(a, v) + (1 << 9)) >> 10);

	return (int16_t)(a - (int16_t)(t * MLKEM_Q));
}

/* Map a value in (-q, q) to [0, q) without a branch. */
static inline int16_t cb_mlkem_caddq(int16_t a)
{
	return (int16_t)(a + ((a >> 15) & MLKEM_Q));
}

/* floor(y / q) for 0 <= y < 2^23, by multiplication (no division instruction). */
static inline uint32_t cb_mlkem_div_q(uint32_t y)
{
	return (uint32_t)(((uint64_t)y * 84552411148ULL) >> 48);
}

#endif
