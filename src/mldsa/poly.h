/*
 * The parameter-independent parts of ML-DSA (FIPS 204): arithmetic mod q,
 * the NTT (Algorithms 41, 42), bit packing (Algorithms 16-19) and the
 * samplers (Algorithms 29-34).  Compiled once; sign.inc uses them for
 * every parameter set.
 */
#ifndef CB_MLDSA_POLY_H
#define CB_MLDSA_POLY_H

#include <stddef.h>
#include <stdint.h>

#include "mldsa/params.h"

typedef struct cb_mldsa_poly {
	int32_t c[MLDSA_N];
} cb_mldsa_poly;

/* a * 2^-32 mod q, in (-q, q) for |a| < q * 2^31. */
static inline int32_t cb_mldsa_mont(int64_t a)
{
	int32_t t = (int32_t)((uint32_t)(uint64_t)a * MLDSA_QINV);
	return (int32_t)((a - (int64_t)t * MLDSA_Q) >> 32);
}

/* A representative of a mod q in [-6283009, 6283008] for a <= 2^31 - 2^22 - 1. */
static inline int32_t cb_mldsa_reduce32(int32_t a)
{
	int32_t t = (a + (1 << 22)) >> 23;
	return a - t * MLDSA_Q;
}

/* a + q when a < 0 (branch-free). */
static inline int32_t cb_mldsa_caddq(int32_t a)
{
	return a + ((a >> 31) & MLDSA_Q);
}

/* The representative in [0, q) of a in (-q, 2q). */
static inline int32_t cb_mldsa_freeze(int32_t a)
{
	a = cb_mldsa_caddq(a);
	a -= MLDSA_Q;
	return cb_mldsa_caddq(a);
}

/* The centred representative (-(q-1)/2 .. (q-1)/2) of a in (-q, q). */
static inline int32_t cb_mldsa_centre(int32_t a)
{
	a = cb_mldsa_caddq(a);
	return a - (((int32_t)((MLDSA_Q - 1) / 2) - a) >> 31 & MLDSA_Q);
}

/*
 * NTT (Algorithm 41): input |a_i| < q, output |a_i| < 9q, in bit-reversed
 * order.  Inverse NTT (Algorithm 42) times 2^32: input |a_i| < q, output
 * |a_i| < q, the result times the Montgomery factor (so that after a
 * pointwise Montgomery product the factors cancel).
 */
void cb_mldsa_ntt(int32_t a[MLDSA_N]);
void cb_mldsa_invntt_tomont(int32_t a[MLDSA_N]);

/* SimpleBitPack / BitPack (Algorithms 16, 17): values a_i (simple) or b - a_i in `bits` bits each. */
void cb_mldsa_pack(uint8_t *out, const int32_t a[MLDSA_N], unsigned bits);
void cb_mldsa_pack_sub(uint8_t *out, const int32_t a[MLDSA_N], unsigned bits, int32_t b);
/* SimpleBitUnpack / BitUnpack (Algorithms 18, 19). */
void cb_mldsa_unpack(int32_t a[MLDSA_N], const uint8_t *in, unsigned bits);
void cb_mldsa_unpack_sub(int32_t a[MLDSA_N], const uint8_t *in, unsigned bits, int32_t b);

/*
 * RejNTTPoly (Algorithm 30) on rho || IntegerToBytes(n, 2), for two nonces
 * at once (ExpandA, Algorithm 32: n = s + 256 r for entry (r, s)).
 */
void cb_mldsa_uniform_x2(cb_mldsa_poly *a0, cb_mldsa_poly *a1, const uint8_t rho[32], uint16_t n0, uint16_t n1);
/* RejBoundedPoly (Algorithm 31) on rho' || IntegerToBytes(n, 2), two at once (ExpandS). */
void cb_mldsa_eta_x2(cb_mldsa_poly *a0, cb_mldsa_poly *a1, const uint8_t rhop[64], uint16_t n0, uint16_t n1,
		     int eta);
/* ExpandMask's polynomials (Algorithm 34): BitUnpack(H(rho'' || n), gamma1 - 1, gamma1), two at once. */
void cb_mldsa_mask_x2(cb_mldsa_poly *a0, cb_mldsa_poly *a1, const uint8_t rhopp[64], uint16_t n0, uint16_t n1,
		      unsigned gamma1_bits);
/*
 * The rejection steps of RejNTTPoly and RejBoundedPoly over len bytes of
 * output, appending to a from index ctr; return the new count (at most 256).
 */
unsigned cb_mldsa_rej_uniform(int32_t *a, unsigned ctr, const uint8_t *buf, size_t len);
unsigned cb_mldsa_rej_eta(int32_t *a, unsigned ctr, const uint8_t *buf, size_t len, int eta);
/* SampleInBall (Algorithm 29) from c~ (public: declassified by the caller). */
void cb_mldsa_challenge(cb_mldsa_poly *c, const uint8_t *ctilde, size_t len, int tau);

#endif
