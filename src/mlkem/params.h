/* ML-KEM constants shared by every parameter set (FIPS 203, section 8). */
#ifndef CB_MLKEM_PARAMS_H
#define CB_MLKEM_PARAMS_H

#define MLKEM_N 256
#define MLKEM_Q 3329
#define MLKEM_SYMBYTES 32    /* d, z, m, rho, sigma, H(ek), K */
#define MLKEM_POLYBYTES 384  /* ByteEncode_12 of one polynomial */
#define MLKEM_ETA2 2

#define MLKEM_EK_BYTES(k) (MLKEM_POLYBYTES * (k) + MLKEM_SYMBYTES)
#define MLKEM_DK_BYTES(k) (2 * MLKEM_POLYBYTES * (k) + 3 * MLKEM_SYMBYTES)
#define MLKEM_DU(k) ((k) == 4 ? 11 : 10)
#define MLKEM_DV(k) ((k) == 4 ? 5 : 4)
#define MLKEM_ETA1(k) ((k) == 2 ? 3 : 2)
#define MLKEM_CT_BYTES(k) (32 * (MLKEM_DU(k) * (k) + MLKEM_DV(k)))

#endif
