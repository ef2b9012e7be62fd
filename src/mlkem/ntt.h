/* Number-theoretic transform over Z_q[X]/(X^256 + 1) (FIPS 203, section 4.3). */
#ifndef CB_MLKEM_NTT_H
#define CB_MLKEM_NTT_H

#include <stdint.h>

/* zeta^BitRev7(i) * 2^16 mod q, centered (FIPS 203 Appendix A, Montgomery form). */
extern const int16_t cb_mlkem_zetas[128];

/*
 * The gammas of the base multiplication in Montgomery form: entry 2i is
 * cb_mlkem_zetas[64 + i] and entry 2i + 1 its negative (FIPS 203 Algorithm 11,
 * gamma = zeta^(2 BitRev7(i) + 1) for the two factors of pair i); with
 * each times q^-1 mod 2^16 for cb_mlkem_fqmul_pre().
 */
extern const int16_t cb_mlkem_gammas[128];
extern const int16_t cb_mlkem_gammas_qinv[128];

/*
 * The tables behind the transforms, shared with the AVX2 kernels
 * (x86_64/ntt_avx2.c): zetas times q^-1; the per-butterfly zetas of the
 * forward layers len 8, 4, 2 and of the inverse layers len 2, 4 (entry
 * len * b + j for butterfly j of block b), each with its times-q^-1 twin;
 * the zetas in reverse order for the inverse layers.
 */
extern const int16_t cb_mlkem_zetas_qinv[128];
extern const int16_t cb_mlkem_ntt8[128], cb_mlkem_ntt8_qinv[128];
extern const int16_t cb_mlkem_ntt4[128], cb_mlkem_ntt4_qinv[128];
extern const int16_t cb_mlkem_ntt2[128], cb_mlkem_ntt2_qinv[128];
extern const int16_t cb_mlkem_inv2[128], cb_mlkem_inv2_qinv[128];
extern const int16_t cb_mlkem_inv4[128], cb_mlkem_inv4_qinv[128];
extern const int16_t cb_mlkem_inv_zetas[128], cb_mlkem_inv_zetas_qinv[128];

/* FIPS 203 Algorithm 9, in place.  Input |r[i]| < q; output |r[i]| < 8q (not reduced). */
void cb_mlkem_ntt(int16_t r[256]);
/*
 * FIPS 203 Algorithm 10, in place, with an extra factor 2^16 (so that it
 * undoes the 2^-16 of the Montgomery base multiplication).  Input
 * |r[i]| < q; output |r[i]| < q.
 */
void cb_mlkem_invntt_tomont(int16_t r[256]);

#endif
