/*
 * AVX2 kernels for polynomial arithmetic: NTT, inverse NTT, base
 * multiplication and the small coefficient-wise operations.  Compiled with
 * -mavx2; called only when CPUID reports AVX2 (dispatch.c).
 *
 * Arithmetic in 16-bit lanes as in the portable code (reduce.h):
 * Montgomery multiplication by a constant with precomputed b q^-1,
 *   fqmul(a, b) = hi(a b) - hi(lo(a b q^-1) q)     (vpmulhw, vpmullw, vpmulhw)
 * and Barrett reduction t = (hi(a v) + 2^9) >> 10, a - t q.  Every lane
 * computes exactly what the portable code computes for that coefficient, so
 * the results are equal coefficient for coefficient, not only mod q.
 *
 * NTT layering (the approach of G. Seiler, "Faster AVX2 optimized NTT
 * multiplication for Ring-LWE lattice cryptography", 2018): the 256
 * coefficients are 16 registers of 16 lanes.  The layers with distance
 * 128, 64, 32, 16 pair whole registers.  For distances 8, 4 and 2 two
 * registers A, B (coefficients 32m .. 32m + 31) are regrouped so that every
 * butterfly again pairs lane i of one register with lane i of another:
 *   distance 8: L = [A0..7 | B0..7],  H = [A8..15 | B8..15]   (vperm2i128)
 *   distance 4: 64-bit interleave of L and H                   (vpunpck[lh]qdq)
 *   distance 2: 32-bit interleave                              (vpblendd + 64-bit shifts)
 * Each regrouping is an involution, so the same steps in reverse restore
 * the natural order before the store: the memory layout stays the one of
 * the portable code.  With this grouping the lanes' zetas are 16
 * consecutive entries of the portable per-butterfly tables (ntt.c).
 */
#include <immintrin.h>

#include "mlkem/ntt.h"
#include "mlkem/reduce.h"
#include "mlkem/x86_64/native.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

static ALWAYS_INLINE __m256i load16(const int16_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static ALWAYS_INLINE void store16(int16_t *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* a * z * 2^-16 mod q, |result| < q for |a| < 2^15 (cb_mlkem_fqmul_pre per lane). */
static ALWAYS_INLINE __m256i fqmul(__m256i a, __m256i z, __m256i zq)
{
	const __m256i q = _mm256_set1_epi16(MLKEM_Q);
	__m256i hi = _mm256_mulhi_epi16(a, z);
	__m256i t = _mm256_mulhi_epi16(_mm256_mullo_epi16(a, zq), q);

	return _mm256_sub_epi16(hi, t);
}

/* cb_mlkem_barrett_reduce per lane. */
static ALWAYS_INLINE __m256i barrett(__m256i a)
{
	const __m256i q = _mm256_set1_epi16(MLKEM_Q);
	const __m256i v = _mm256_set1_epi16(((1 << 26) + MLKEM_Q / 2) / MLKEM_Q);
	const __m256i r = _mm256_set1_epi16(1 << 9);
	__m256i t = _mm256_srai_epi16(_mm256_add_epi16(_mm256_mulhi_epi16(a, v), r), 10);

	return _mm256_sub_epi16(a, _mm256_mullo_epi16(t, q));
}

/* Cooley-Tukey butterfly: (a, b) <- (a + z b, a - z b). */
static ALWAYS_INLINE void ct_bfly(__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
	__m256i t = fqmul(*b, z, zq);

	*b = _mm256_sub_epi16(*a, t);
	*a = _mm256_add_epi16(*a, t);
}

/* Gentleman-Sande butterfly: (a, b) <- (a + b [Barrett-reduced], z (b - a)). */
static ALWAYS_INLINE void gs_bfly(__m256i *a, __m256i *b, __m256i z, __m256i zq, int reduce)
{
	__m256i sum = _mm256_add_epi16(*a, *b);
	__m256i diff = _mm256_sub_epi16(*b, *a);

	*a = reduce ? barrett(sum) : sum;
	*b = fqmul(diff, z, zq);
}

static ALWAYS_INLINE __m256i bcast(const int16_t *tab, unsigned i)
{
	return _mm256_set1_epi16(tab[i]);
}

/* The regroupings between the short layers (see the top of the file); each is its own inverse. */
static ALWAYS_INLINE void swap128(__m256i *x, __m256i *y)
{
	__m256i l = _mm256_permute2x128_si256(*x, *y, 0x20), h = _mm256_permute2x128_si256(*x, *y, 0x31);

	*x = l;
	*y = h;
}

static ALWAYS_INLINE void swap64(__m256i *x, __m256i *y)
{
	__m256i l = _mm256_unpacklo_epi64(*x, *y), h = _mm256_unpackhi_epi64(*x, *y);

	*x = l;
	*y = h;
}

static ALWAYS_INLINE void swap32(__m256i *x, __m256i *y)
{
	__m256i l = _mm256_blend_epi32(*x, _mm256_slli_epi64(*y, 32), 0xaa);
	__m256i h = _mm256_blend_epi32(_mm256_srli_epi64(*x, 32), *y, 0xaa);

	*x = l;
	*y = h;
}

/* FIPS 203 Algorithm 9 followed by Barrett reduction (cb_mlkem_poly_ntt). */
void cb_mlkem_avx2_poly_ntt(cb_mlkem_poly *p)
{
	__m256i r[16];

	for (unsigned i = 0; i < 16; i++)
		r[i] = load16(p->c + 16 * i);
	for (unsigned j = 0; j < 8; j++)
		ct_bfly(&r[j], &r[j + 8], bcast(cb_mlkem_zetas, 1), bcast(cb_mlkem_zetas_qinv, 1));
	for (unsigned b = 0; b < 2; b++)
		for (unsigned j = 0; j < 4; j++)
			ct_bfly(&r[8 * b + j], &r[8 * b + j + 4], bcast(cb_mlkem_zetas, 2 + b),
				bcast(cb_mlkem_zetas_qinv, 2 + b));
	for (unsigned b = 0; b < 4; b++)
		for (unsigned j = 0; j < 2; j++)
			ct_bfly(&r[4 * b + j], &r[4 * b + j + 2], bcast(cb_mlkem_zetas, 4 + b),
				bcast(cb_mlkem_zetas_qinv, 4 + b));
	for (unsigned b = 0; b < 8; b++)
		ct_bfly(&r[2 * b], &r[2 * b + 1], bcast(cb_mlkem_zetas, 8 + b),
			bcast(cb_mlkem_zetas_qinv, 8 + b));
	for (unsigned m = 0; m < 8; m++) {
		__m256i x = r[2 * m], y = r[2 * m + 1];

		swap128(&x, &y);
		ct_bfly(&x, &y, load16(cb_mlkem_ntt8 + 16 * m), load16(cb_mlkem_ntt8_qinv + 16 * m));
		swap64(&x, &y);
		ct_bfly(&x, &y, load16(cb_mlkem_ntt4 + 16 * m), load16(cb_mlkem_ntt4_qinv + 16 * m));
		swap32(&x, &y);
		ct_bfly(&x, &y, load16(cb_mlkem_ntt2 + 16 * m), load16(cb_mlkem_ntt2_qinv + 16 * m));
		swap32(&x, &y);
		swap64(&x, &y);
		swap128(&x, &y);
		store16(p->c + 32 * m, barrett(x));
		store16(p->c + 32 * m + 16, barrett(y));
	}
}

/* FIPS 203 Algorithm 10 times 2^16 (cb_mlkem_poly_invntt_tomont), the same layer bounds. */
void cb_mlkem_avx2_poly_invntt_tomont(cb_mlkem_poly *p)
{
	/* 2^32 / 128 mod q, and the same times q^-1 mod 2^16 */
	const __m256i f = _mm256_set1_epi16(1441);
	const __m256i fq = _mm256_set1_epi16((int16_t)(uint16_t)((1441u * (uint16_t)MLKEM_QINV) & 0xffff));
	__m256i r[16];

	for (unsigned m = 0; m < 8; m++) {
		__m256i x = load16(p->c + 32 * m), y = load16(p->c + 32 * m + 16);
		/* distance 8: blocks 2m and 2m + 1 take inverse zetas 96 + 2m and 97 + 2m */
		__m256i z8 = _mm256_inserti128_si256(
			_mm256_castsi128_si256(_mm_set1_epi16(cb_mlkem_inv_zetas[96 + 2 * m])),
			_mm_set1_epi16(cb_mlkem_inv_zetas[97 + 2 * m]), 1);
		__m256i z8q = _mm256_inserti128_si256(
			_mm256_castsi128_si256(_mm_set1_epi16(cb_mlkem_inv_zetas_qinv[96 + 2 * m])),
			_mm_set1_epi16(cb_mlkem_inv_zetas_qinv[97 + 2 * m]), 1);

		swap128(&x, &y);
		swap64(&x, &y);
		swap32(&x, &y);
		gs_bfly(&x, &y, load16(cb_mlkem_inv2 + 16 * m), load16(cb_mlkem_inv2_qinv + 16 * m), 0);
		swap32(&x, &y);
		gs_bfly(&x, &y, load16(cb_mlkem_inv4 + 16 * m), load16(cb_mlkem_inv4_qinv + 16 * m), 0);
		swap64(&x, &y);
		gs_bfly(&x, &y, z8, z8q, 1);
		swap128(&x, &y);
		r[2 * m] = x;
		r[2 * m + 1] = y;
	}
	for (unsigned b = 0; b < 8; b++)
		gs_bfly(&r[2 * b], &r[2 * b + 1], bcast(cb_mlkem_inv_zetas, 112 + b),
			bcast(cb_mlkem_inv_zetas_qinv, 112 + b), 0);
	for (unsigned b = 0; b < 4; b++)
		for (unsigned j = 0; j < 2; j++)
			gs_bfly(&r[4 * b + j], &r[4 * b + j + 2], bcast(cb_mlkem_inv_zetas, 120 + b),
				bcast(cb_mlkem_inv_zetas_qinv, 120 + b), 0);
	for (unsigned b = 0; b < 2; b++)
		for (unsigned j = 0; j < 4; j++)
			gs_bfly(&r[8 * b + j], &r[8 * b + j + 4], bcast(cb_mlkem_inv_zetas, 124 + b),
				bcast(cb_mlkem_inv_zetas_qinv, 124 + b), 1);
	for (unsigned j = 0; j < 8; j++)
		gs_bfly(&r[j], &r[j + 8], bcast(cb_mlkem_inv_zetas, 126), bcast(cb_mlkem_inv_zetas_qinv, 126),
			0);
	for (unsigned i = 0; i < 16; i++)
		store16(p->c + 16 * i, fqmul(r[i], f, fq));
}

/*
 * x[i] = gamma_i b[2i + 1] (cb_mlkem_poly_mulcache_compute): the odd
 * coefficients of 32 inputs are gathered with an arithmetic shift and a
 * signed pack (exact, |b| < 2^15), whose lane interleave vpermq undoes.
 */
void cb_mlkem_avx2_poly_mulcache_compute(cb_mlkem_mulcache *x, const cb_mlkem_poly *b)
{
	for (unsigned t = 0; t < 8; t++) {
		__m256i b0 = _mm256_srai_epi32(load16(b->c + 32 * t), 16);
		__m256i b1 = _mm256_srai_epi32(load16(b->c + 32 * t + 16), 16);
		__m256i odd = _mm256_permute4x64_epi64(_mm256_packs_epi32(b0, b1), 0xd8);

		store16(x->c + 16 * t, fqmul(odd, load16(cb_mlkem_gammas + 16 * t),
					     load16(cb_mlkem_gammas_qinv + 16 * t)));
	}
}

/*
 * r = sum_l a[l] o b[l] * 2^-16 (cb_mlkem_poly_basemul_acc).  For each pair
 * (a0, a1), (b0, b1) with cache value c = gamma b1, vpmaddwd gives the two
 * exact 32-bit sums a0 b0 + a1 c and a0 b1 + a1 b0 (against [b0, c] and
 * the pair-swapped [b1, b0]); they are accumulated over l as in the
 * portable code (|sum| < 4 * 2 q^2 < 2^31) and reduced once.  Montgomery
 * reduction of the 32-bit t = th 2^16 + tl in 16-bit lanes:
 * (t - m q) / 2^16 = th - hi(m q) with m = lo(tl q^-1), because m q and t
 * agree in their low 16 bits.
 */
void cb_mlkem_avx2_poly_basemul_acc(cb_mlkem_poly *r, const cb_mlkem_poly *a, const cb_mlkem_poly *b,
				    const cb_mlkem_mulcache *bc, unsigned k)
{
	const __m256i q = _mm256_set1_epi16(MLKEM_Q), qinv = _mm256_set1_epi16(MLKEM_QINV);

	for (unsigned i = 0; i < 16; i++) {
		__m256i ev = _mm256_setzero_si256(), od = _mm256_setzero_si256();

		for (unsigned l = 0; l < k; l++) {
			__m256i av = load16(a[l].c + 16 * i), bv = load16(b[l].c + 16 * i);
			__m256i cv = _mm256_cvtepi16_epi32(
				_mm_loadu_si128((const __m128i *)(const void *)(bc[l].c + 8 * i)));
			__m256i bcv = _mm256_blend_epi16(bv, _mm256_slli_epi32(cv, 16), 0xaa);
			__m256i bsw = _mm256_or_si256(_mm256_slli_epi32(bv, 16), _mm256_srli_epi32(bv, 16));

			ev = _mm256_add_epi32(ev, _mm256_madd_epi16(av, bcv));
			od = _mm256_add_epi32(od, _mm256_madd_epi16(av, bsw));
		}
		{
			__m256i tl = _mm256_blend_epi16(ev, _mm256_slli_epi32(od, 16), 0xaa);
			__m256i th = _mm256_blend_epi16(_mm256_srli_epi32(ev, 16), od, 0xaa);
			__m256i m = _mm256_mullo_epi16(tl, qinv);

			store16(r->c + 16 * i, _mm256_sub_epi16(th, _mm256_mulhi_epi16(m, q)));
		}
	}
}

void cb_mlkem_avx2_poly_reduce(cb_mlkem_poly *r)
{
	for (unsigned i = 0; i < 16; i++)
		store16(r->c + 16 * i, barrett(load16(r->c + 16 * i)));
}

void cb_mlkem_avx2_poly_tomont(cb_mlkem_poly *r)
{
	/* 2^32 mod q, and the same times q^-1 mod 2^16 */
	const int16_t fs = (int16_t)((1ULL << 32) % MLKEM_Q);
	const __m256i f = _mm256_set1_epi16(fs);
	const __m256i fq = _mm256_set1_epi16((int16_t)(uint16_t)(((uint32_t)fs * (uint16_t)MLKEM_QINV) & 0xffff));

	for (unsigned i = 0; i < 16; i++)
		store16(r->c + 16 * i, fqmul(load16(r->c + 16 * i), f, fq));
}

void cb_mlkem_avx2_poly_add(cb_mlkem_poly *r, const cb_mlkem_poly *b)
{
	for (unsigned i = 0; i < 16; i++)
		store16(r->c + 16 * i, _mm256_add_epi16(load16(r->c + 16 * i), load16(b->c + 16 * i)));
}

void cb_mlkem_avx2_poly_sub(cb_mlkem_poly *r, const cb_mlkem_poly *b)
{
	for (unsigned i = 0; i < 16; i++)
		store16(r->c + 16 * i, _mm256_sub_epi16(load16(r->c + 16 * i), load16(b->c + 16 * i)));
}
