/* Sampling (FIPS 203, section 4.2.2). */
#ifndef CB_MLKEM_SAMPLING_H
#define CB_MLKEM_SAMPLING_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem/poly.h"

/*
 * SampleNTT(rho || x || y) (FIPS 203 Algorithm 7): uniform polynomial in the
 * NTT domain, coefficients in [0, q).  Â[i][j] uses x = j, y = i.
 * rho is public; the rejection loop may branch on the XOF output.
 */
void cb_mlkem_sample_ntt(cb_mlkem_poly *r, const uint8_t rho[MLKEM_SYMBYTES], uint8_t x, uint8_t y);

/* Two SampleNTT at once (r0 from x0, y0 and r1 from x1, y1), same results. */
void cb_mlkem_sample_ntt_x2(cb_mlkem_poly *r0, cb_mlkem_poly *r1, const uint8_t rho[MLKEM_SYMBYTES],
			    uint8_t x0, uint8_t y0, uint8_t x1, uint8_t y1);

/*
 * SamplePolyCBD_eta(PRF_eta(s, nonce)) (FIPS 203 Algorithm 8 and (4.3)),
 * eta in {2, 3}.  Constant time in s.
 */
void cb_mlkem_poly_getnoise(cb_mlkem_poly *r, const uint8_t s[MLKEM_SYMBYTES], uint8_t nonce,
			    unsigned eta);
/* Two of them with the same s and eta, nonces nonce0 and nonce1. */
void cb_mlkem_poly_getnoise_x2(cb_mlkem_poly *r0, cb_mlkem_poly *r1, const uint8_t s[MLKEM_SYMBYTES],
			       uint8_t nonce0, uint8_t nonce1, unsigned eta);

/*
 * The pieces, shared with the native path: rejection sampling of the XOF
 * output buf (len a multiple of 168 bytes) into r[ctr...], keeping 12-bit
 * candidates < q; r needs room for ctr + 2 len / 3 entries; returns the new
 * count (Algorithm 7's loop body).  SamplePolyCBD_2 of 128 bytes and
 * SamplePolyCBD_3 of 192 bytes (Algorithm 8).
 */
unsigned cb_mlkem_rej_uniform(int16_t *r, unsigned ctr, const uint8_t *buf, size_t len);
void cb_mlkem_cbd2(cb_mlkem_poly *r, const uint8_t buf[128]);
void cb_mlkem_cbd3(cb_mlkem_poly *r, const uint8_t buf[192]);

#endif
