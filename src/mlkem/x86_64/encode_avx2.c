/*
 * ByteEncode_12 / ByteDecode_12 (FIPS 203 Algorithms 5, 6) and the ek
 * modulus check (7.2) in AVX2, 16 coefficients = 24 bytes per step; the
 * twins of cb_mlkem_poly_tobytes, _frombytes and _check_reduced.  No
 * branch or index depends on the coefficients (dk_pke is secret).
 */
#include <string.h>

#include "mlkem/x86_64/avx2_util.h"
#include "mlkem/x86_64/native.h"

static inline __m256i load16(const int16_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

/* x mod q for 0 <= x < 4096: x - q, plus q where that is negative. */
static inline __m256i reduce12(__m256i x)
{
	const __m256i q = _mm256_set1_epi16(MLKEM_Q);
	__m256i t = _mm256_sub_epi16(x, q);

	return _mm256_add_epi16(t, _mm256_and_si256(_mm256_srai_epi16(t, 15), q));
}

void cb_mlkem_avx2_poly_frombytes(cb_mlkem_poly *r, const uint8_t a[MLKEM_POLYBYTES])
{
	for (unsigned i = 0; i < MLKEM_N / 16; i++)
		_mm256_storeu_si256((__m256i *)(void *)(r->c + 16 * i), reduce12(unpack12(a + 24 * i)));
}

int cb_mlkem_avx2_poly_check_reduced(const uint8_t a[MLKEM_POLYBYTES])
{
	const __m256i qm1 = _mm256_set1_epi16(MLKEM_Q - 1);
	__m256i bad = _mm256_setzero_si256();

	for (unsigned i = 0; i < MLKEM_N / 16; i++)
		bad = _mm256_or_si256(bad, _mm256_cmpgt_epi16(unpack12(a + 24 * i), qm1));
	/* ek is public: the result may decide a branch */
	return _mm256_testz_si256(bad, bad) ? 0 : -1;
}

/*
 * Canonical representatives (add q where negative), each pair joined as
 * a0 + 2^12 a1 in a 32-bit lane by vpmaddwd, the three low bytes of each
 * lane compacted by vpshufb: 12 bytes per 128-bit lane.
 */
void cb_mlkem_avx2_poly_tobytes(uint8_t r[MLKEM_POLYBYTES], const cb_mlkem_poly *a)
{
	const __m256i q = _mm256_set1_epi16(MLKEM_Q);
	const __m256i mul = _mm256_set1_epi32(1 | (1 << 28)); /* words (1, 4096) */
	const __m256i idx = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
					     0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);

	for (unsigned i = 0; i < MLKEM_N / 16; i++) {
		__m256i x = load16(a->c + 16 * i);
		uint8_t t[32];

		x = _mm256_add_epi16(x, _mm256_and_si256(_mm256_srai_epi16(x, 15), q));
		x = _mm256_shuffle_epi8(_mm256_madd_epi16(x, mul), idx);
		_mm256_storeu_si256((__m256i *)(void *)t, x);
		memcpy(r + 24 * i, t, 12);
		memcpy(r + 24 * i + 12, t + 16, 12);
	}
}
