/* Number-theoretic transform over Z_q[X]/(X^256 + 1) (FIPS 203, section 4.3). */
#ifndef CB_MLKEM_NTT_H
#define CB_MLKEM_NTT_H

#include <stdint.h>

/* zeta^BitRev7(i) * 2^16 mod q, centered (FIPS 203 Appendix A, Montgomery form). */
extern const int16_t cb_mlkem_zetas[128];

/* FIPS 203 Algorithm 9, in place.  Input |r[i]| < q; output |r[i]| < 8q (not reduced). */
void cb_mlkem_ntt(int16_t r[256]);
/*
 * FIPS 203 Algorithm 10, in place, with an extra factor 2^16 (so that it
 * undoes the 2^-16 of the Montgomery base multiplication).  Input
 * |r[i]| < q; output |r[i]| < q.
 */
void cb_mlkem_invntt_tomont(int16_t r[256]);

#endif
