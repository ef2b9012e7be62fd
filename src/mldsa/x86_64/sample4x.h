/*
 * The native path's samplers: RejNTTPoly, RejBoundedPoly and ExpandMask's
 * polynomials four at a time on the four-way Keccak of the native ML-KEM
 * path (src/mlkem/x86_64/keccak4x.h: AVX2, or AVX-512VL where present).
 * Same outputs as the one- and two-way samplers of poly.c.  Plain C; the
 * Keccak kernels are the only code compiled for AVX2.
 */
#ifndef CB_MLDSA_X86_64_SAMPLE4X_H
#define CB_MLDSA_X86_64_SAMPLE4X_H

#include "mldsa/poly.h"

void cb_mldsa_uniform_x4(cb_mldsa_poly *const a[4], const uint8_t rho[32], const uint16_t n[4]);
void cb_mldsa_eta_x4(cb_mldsa_poly *const a[4], const uint8_t rhop[64], const uint16_t n[4], int eta);
void cb_mldsa_mask_x4(cb_mldsa_poly *const a[4], const uint8_t rhopp[64], const uint16_t n[4], unsigned gamma1_bits);

#endif
