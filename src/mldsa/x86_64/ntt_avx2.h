/*
 * AVX2 kernels of the native ML-DSA path (ntt_avx2.c, compiled with
 * -mavx2; call only when CPUID reports AVX2).  Same outputs, coefficient
 * for coefficient, as the portable cb_mldsa_ntt, cb_mldsa_invntt_tomont
 * and the Montgomery-reduced sums of products of sign.inc.
 */
#ifndef CB_MLDSA_X86_64_NTT_AVX2_H
#define CB_MLDSA_X86_64_NTT_AVX2_H

#include <stdint.h>

#include "mldsa/params.h"

void cb_mldsa_ntt_avx2(int32_t a[MLDSA_N]);
void cb_mldsa_invntt_avx2(int32_t a[MLDSA_N]);
/*
 * out = mont(sum_{j < l} a_j b_j - c d) per coefficient (a, b: l
 * polynomials of 256 coefficients one after the other; c, d may be NULL).
 * The sum must stay below q 2^31 in absolute value (|a| < q, |b| < 9 q,
 * l <= 7 and c d likewise: below 8 * 9 q^2 < q 2^31).
 */
void cb_mldsa_macc_avx2(int32_t out[MLDSA_N], const int32_t *a, const int32_t *b, unsigned l, const int32_t *c,
			const int32_t *d);

#endif
