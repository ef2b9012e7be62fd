/*
 * AVX2 kernels of the native ML-DSA path outside the NTT
 * (rounding_avx2.c, compiled with -mavx2; call only when CPUID reports
 * AVX2).  Each computes, coefficient for coefficient, what the portable
 * code computes; a returned mask is non-zero when the check failed for
 * some coefficient (secret until the caller declassifies the decision).
 */
#ifndef CB_MLDSA_X86_64_ROUNDING_AVX2_H
#define CB_MLDSA_X86_64_ROUNDING_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "mldsa/params.h"

/* cb_mldsa_rej_uniform (RejNTTPoly's rejection step over public SHAKE128 output) with a compaction table */
unsigned cb_mldsa_rej_uniform_avx2(int32_t *a, unsigned ctr, const uint8_t *buf, size_t len);
/* cb_mldsa_rej_eta (RejBoundedPoly's rejection step) with the same table: the accept decisions are declassified, the values not */
unsigned cb_mldsa_rej_eta_avx2(int32_t *a, unsigned ctr, const uint8_t *buf, size_t len, int eta);
/*
 * ExpandMask's BitUnpack(buf, gamma1 - 1, gamma1) (gamma1 = 2^17 or 2^19),
 * as cb_mldsa_unpack_sub; reads up to 32 (gamma1_bits + 1) + 8 bytes of buf.
 */
void cb_mldsa_mask_unpack_avx2(int32_t a[MLDSA_N], const uint8_t *buf, unsigned gamma1_bits);
/* w = caddq(w) (w in (-q, q)), r1 = HighBits(w) */
void cb_mldsa_highbits_avx2(int32_t r1[MLDSA_N], int32_t w[MLDSA_N], int32_t g2);
/* z = y + centre(t); non-zero when some |z| >= bound */
uint32_t cb_mldsa_add_centre_avx2(int32_t z[MLDSA_N], const int32_t y[MLDSA_N], const int32_t t[MLDSA_N],
				  int32_t bound);
/* w = freeze(w - centre(t)); non-zero when some |LowBits(w)| >= bound */
uint32_t cb_mldsa_sub_lowbits_avx2(int32_t w[MLDSA_N], const int32_t t[MLDSA_N], int32_t g2, int32_t bound);
/*
 * w = MakeHint(-ct0, w + ct0) as 0 / 1 with ct0 = centre(t); adds the
 * number of hints to *count; non-zero when some |ct0| >= gamma2.
 */
uint32_t cb_mldsa_make_hint_avx2(int32_t w[MLDSA_N], const int32_t t[MLDSA_N], int32_t g2, unsigned *count);
/* r1 = UseHint(h, caddq(w)) (h: 0 / 1 per coefficient, w in (-q, q)) */
void cb_mldsa_use_hint_avx2(int32_t r1[MLDSA_N], const int32_t w[MLDSA_N], const int32_t h[MLDSA_N], int32_t g2);
/* Power2Round of caddq(reduce32(t + s2)): t1 the high part, t the low part */
void cb_mldsa_power2round_avx2(int32_t t1[MLDSA_N], int32_t t[MLDSA_N], const int32_t s2[MLDSA_N]);
/* non-zero when some |a| >= bound */
uint32_t cb_mldsa_norm_ge_avx2(const int32_t a[MLDSA_N], int32_t bound);

#endif
