/*
 * Polynomials in R_q = Z_q[X]/(X^256 + 1): arithmetic, compression and
 * byte encoding (FIPS 203, sections 4.2.1 and 4.3).  Nothing here branches
 * on or indexes by coefficient values.
 */
#ifndef CB_MLKEM_POLY_H
#define CB_MLKEM_POLY_H

#include <stdint.h>

#include "mlkem/params.h"

typedef struct cb_mlkem_poly {
	int16_t c[MLKEM_N];
} cb_mlkem_poly;

/*
 * For an NTT-domain polynomial b, the odd coefficients of each degree-1
 * factor multiplied by its gamma = zeta^(2 BitRev7(i) + 1): computed once,
 * reused by every base multiplication with b.
 */
typedef struct cb_mlkem_mulcache {
	int16_t c[MLKEM_N / 2];
} cb_mlkem_mulcache;

/* ByteEncode_12 of the canonical representatives; input |c| < q. */
void cb_mlkem_poly_tobytes(uint8_t r[MLKEM_POLYBYTES], const cb_mlkem_poly *a);
/* ByteDecode_12 (values reduced mod q: output in [0, q)). */
void cb_mlkem_poly_frombytes(cb_mlkem_poly *r, const uint8_t a[MLKEM_POLYBYTES]);
/* 0 if every 12-bit value in a is < q (FIPS 203 7.2 modulus check), else -1. */
int cb_mlkem_poly_check_reduced(const uint8_t a[MLKEM_POLYBYTES]);

/* Decompress_1(ByteDecode_1(m)) and ByteEncode_1(Compress_1(a)). */
void cb_mlkem_poly_frommsg(cb_mlkem_poly *r, const uint8_t m[MLKEM_SYMBYTES]);
void cb_mlkem_poly_tomsg(uint8_t m[MLKEM_SYMBYTES], const cb_mlkem_poly *a);

/* ByteEncode_d(Compress_d(a)), 32*d bytes; input |c| < q.  d in {4, 5, 10, 11}. */
void cb_mlkem_poly_compress(uint8_t *r, const cb_mlkem_poly *a, unsigned d);
/* Decompress_d(ByteDecode_d(r)). */
void cb_mlkem_poly_decompress(cb_mlkem_poly *r, const uint8_t *a, unsigned d);

/* NTT followed by Barrett reduction (|c| <= q/2). */
void cb_mlkem_poly_ntt(cb_mlkem_poly *r);
void cb_mlkem_poly_invntt_tomont(cb_mlkem_poly *r);
void cb_mlkem_poly_mulcache_compute(cb_mlkem_mulcache *x, const cb_mlkem_poly *b);
/*
 * r = sum_{i<k} a[i] o b[i] * 2^-16 (FIPS 203 Algorithms 11 and 12, with one
 * Montgomery reduction per coefficient).  Requires |a| < q and |b| < q,
 * k <= 4.  Output |c| < q.
 */
void cb_mlkem_poly_basemul_acc(cb_mlkem_poly *r, const cb_mlkem_poly *a, const cb_mlkem_poly *b,
			       const cb_mlkem_mulcache *bc, unsigned k);

void cb_mlkem_poly_add(cb_mlkem_poly *r, const cb_mlkem_poly *b);  /* r += b */
void cb_mlkem_poly_sub(cb_mlkem_poly *r, const cb_mlkem_poly *b);  /* r -= b */
void cb_mlkem_poly_reduce(cb_mlkem_poly *r);   /* Barrett: |c| <= q/2 */
void cb_mlkem_poly_tomont(cb_mlkem_poly *r);   /* c * 2^16 mod q, |c| < q */

#endif
