/* Helpers shared by the AVX2 kernels; include only from files compiled with -mavx2. */
#ifndef CB_MLKEM_X86_64_AVX2_UTIL_H
#define CB_MLKEM_X86_64_AVX2_UTIL_H

#include <immintrin.h>
#include <stdint.h>

/*
 * Sixteen 12-bit values (SampleNTT candidates, ByteDecode_12) of 24
 * bytes: the 128-bit lanes hold bytes 0..15 and 8..23, vpshufb puts bytes (3i, 3i + 1) into even words and
 * (3i + 1, 3i + 2) into odd words of candidate pair i, then even words keep
 * their low 12 bits and odd words are shifted right by 4.
 */
static inline __m256i unpack12(const uint8_t *p)
{
	const __m256i idx = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,
					     4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
	__m256i x = _mm256_inserti128_si256(
		_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p)),
		_mm_loadu_si128((const __m128i *)(const void *)(p + 8)), 1);

	x = _mm256_shuffle_epi8(x, idx);
	x = _mm256_blend_epi16(x, _mm256_srli_epi16(x, 4), 0xaa);
	return _mm256_and_si256(x, _mm256_set1_epi16(0xfff));
}

#endif
