/*
 * ML-DSA constants (FIPS 204, section 4, Table 1) and the byte sizes of
 * keys and signatures (section 7.2), as functions of k.
 */
#ifndef CB_MLDSA_PARAMS_H
#define CB_MLDSA_PARAMS_H

#define MLDSA_N 256
#define MLDSA_Q 8380417
#define MLDSA_D 13
/* q^-1 mod 2^32 (Montgomery reduction, R = 2^32) */
#define MLDSA_QINV 58728449u

/* Per parameter set (k = 4, 6, 8): l, eta, tau, beta, gamma1, gamma2, omega, lambda / 4 */
#define MLDSA_L(k) ((k) == 4 ? 4 : (k) == 6 ? 5 : 7)
#define MLDSA_ETA(k) ((k) == 6 ? 4 : 2)
#define MLDSA_TAU(k) ((k) == 4 ? 39 : (k) == 6 ? 49 : 60)
#define MLDSA_BETA(k) (MLDSA_TAU(k) * MLDSA_ETA(k))
#define MLDSA_GAMMA1_BITS(k) ((k) == 4 ? 17 : 19)
#define MLDSA_GAMMA1(k) (1 << MLDSA_GAMMA1_BITS(k))
#define MLDSA_GAMMA2(k) ((k) == 4 ? (MLDSA_Q - 1) / 88 : (MLDSA_Q - 1) / 32)
#define MLDSA_OMEGA(k) ((k) == 4 ? 80 : (k) == 6 ? 55 : 75)
#define MLDSA_CTILDE(k) ((k) == 4 ? 32 : (k) == 6 ? 48 : 64)

/* bitlen(2 eta), bitlen(gamma1 - 1) + 1, bitlen((q - 1) / (2 gamma2) - 1) */
#define MLDSA_ETA_BITS(k) (MLDSA_ETA(k) == 2 ? 3 : 4)
#define MLDSA_Z_BITS(k) (MLDSA_GAMMA1_BITS(k) + 1)
#define MLDSA_W1_BITS(k) ((k) == 4 ? 6 : 4)

#define MLDSA_PK_BYTES(k) (32 + 320 * (k))
#define MLDSA_SK_BYTES(k) (128 + 32 * ((k) + MLDSA_L(k)) * MLDSA_ETA_BITS(k) + 416 * (k))
#define MLDSA_SIG_BYTES(k) (MLDSA_CTILDE(k) + MLDSA_L(k) * 32 * MLDSA_Z_BITS(k) + MLDSA_OMEGA(k) + (k))

#endif
