/*
 * ByteEncode_12 / ByteDecode_12 (FIPS 203 Algorithms 5, 6) and the ek
 * modulus check (7.2) in AVX2, 16 coefficients = 24 bytes per step; the
 * twins of cb_mlkem_poly_tobytes, _frombytes and _check_reduced.  No
 * branch or index depends on the coefficients (dk_pke is secret).
 */
#include <string.h>

#include "core/util.h"
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

/*
 * Compress_d for 16 coefficients (FIPS 203 (4.7)): the canonical
 * representative t in [0, q), then (t M + R) >> S in 32-bit lanes with the
 * portable code's constants (exact on [0, q), test_mlkem_poly), back to
 * 16-bit lanes in order.
 */
static inline __m256i compress16(__m256i x, int32_t mul, int32_t add, int shift, int16_t mask)
{
	const __m256i q = _mm256_set1_epi16(MLKEM_Q);
	const __m256i m = _mm256_set1_epi32(mul), r = _mm256_set1_epi32(add);
	const __m128i sh = _mm_cvtsi32_si128(shift);
	__m256i t = _mm256_add_epi16(x, _mm256_and_si256(_mm256_srai_epi16(x, 15), q));
	__m256i lo = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(t));
	__m256i hi = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(t, 1));

	lo = _mm256_srl_epi32(_mm256_add_epi32(_mm256_mullo_epi32(lo, m), r), sh);
	hi = _mm256_srl_epi32(_mm256_add_epi32(_mm256_mullo_epi32(hi, m), r), sh);
	t = _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xd8);
	return _mm256_and_si256(t, _mm256_set1_epi16(mask));
}

/*
 * ByteEncode_d(Compress_d(a)) (cb_mlkem_poly_compress) for the d of
 * ML-KEM (10, 4; 11, 5) in AVX2; any other d uses the portable code.  d = 10: pairs joined as c0 + 2^10 c1 by vpmaddwd, two
 * such 20-bit values per 64-bit lane, whose 5 low bytes vpshufb compacts:
 * 20 bytes per 16 coefficients.  d = 4: c0 + 2^4 c1, one byte per 32-bit
 * lane: 8 bytes per 16 coefficients.  The output is the (re-)encryption,
 * secret in decapsulation: no branch or index on it.
 */
void cb_mlkem_avx2_poly_compress(uint8_t *r, const cb_mlkem_poly *a, unsigned d)
{
	if (d == 10) {
		const __m256i mul = _mm256_set1_epi32(1 | (1 << 26)); /* words (1, 1024) */
		const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
		const __m256i idx = _mm256_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1,
						     0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1);

		for (unsigned i = 0; i < MLKEM_N / 16; i++) {
			__m256i c = compress16(load16(a->c + 16 * i), 161271, 261911, 19, 1023);
			__m256i v = _mm256_madd_epi16(c, mul);
			uint8_t t[32];

			v = _mm256_add_epi64(_mm256_and_si256(v, lo32), _mm256_slli_epi64(_mm256_srli_epi64(v, 32), 20));
			_mm256_storeu_si256((__m256i *)(void *)t, _mm256_shuffle_epi8(v, idx));
			memcpy(r + 20 * i, t, 10);
			memcpy(r + 20 * i + 10, t + 16, 10);
			cb_wipe(t, sizeof(t));
		}
	} else if (d == 4) {
		const __m256i mul = _mm256_set1_epi32(1 | (1 << 20)); /* words (1, 16) */
		const __m256i idx = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
						     0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);

		for (unsigned i = 0; i < MLKEM_N / 16; i++) {
			__m256i c = compress16(load16(a->c + 16 * i), 315, 32701, 16, 15);
			__m256i v = _mm256_shuffle_epi8(_mm256_madd_epi16(c, mul), idx);
			uint32_t w0 = (uint32_t)_mm256_extract_epi32(v, 0), w1 = (uint32_t)_mm256_extract_epi32(v, 4);

			memcpy(r + 8 * i, &w0, 4);
			memcpy(r + 8 * i + 4, &w1, 4);
		}
	} else if (d == 11) {
		/* c0 + 2^11 c1 (22 bits), two per 64-bit lane (44 bits); the upper lane word shifted by 4 */
		const __m256i mul = _mm256_set1_epi32(1 | (1 << 27)); /* words (1, 2048) */
		const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
		const __m256i sh = _mm256_setr_epi64x(0, 4, 0, 4);
		const __m256i ia = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, -1, -1, -1, -1, -1,
						    0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, -1, -1, -1, -1, -1);
		const __m256i ib = _mm256_setr_epi8(-1, -1, -1, -1, -1, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
						    -1, -1, -1, -1, -1, 8, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);

		for (unsigned i = 0; i < MLKEM_N / 16; i++) {
			__m256i c = compress16(load16(a->c + 16 * i), 161271, 130860, 18, 2047);
			__m256i v = _mm256_madd_epi16(c, mul);
			uint8_t t[32];

			v = _mm256_add_epi64(_mm256_and_si256(v, lo32), _mm256_slli_epi64(_mm256_srli_epi64(v, 32), 22));
			v = _mm256_sllv_epi64(v, sh);
			v = _mm256_or_si256(_mm256_shuffle_epi8(v, ia), _mm256_shuffle_epi8(v, ib));
			_mm256_storeu_si256((__m256i *)(void *)t, v);
			memcpy(r + 22 * i, t, 11);
			memcpy(r + 22 * i + 11, t + 16, 11);
			cb_wipe(t, sizeof(t));
		}
	} else if (d == 5) {
		/* c0 + 2^5 c1 (10 bits), two per 64-bit lane (20 bits); the upper lane word shifted by 20 */
		const __m256i mul = _mm256_set1_epi32(1 | (1 << 21)); /* words (1, 32) */
		const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
		const __m256i sh = _mm256_setr_epi64x(0, 20, 0, 20);
		const __m256i ia = _mm256_setr_epi8(0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
						    0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
		const __m256i ib = _mm256_setr_epi8(8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
						    8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);

		for (unsigned i = 0; i < MLKEM_N / 16; i++) {
			__m256i c = compress16(load16(a->c + 16 * i), 315, 16321, 15, 31);
			__m256i v = _mm256_madd_epi16(c, mul);
			uint8_t t[32];

			v = _mm256_add_epi64(_mm256_and_si256(v, lo32), _mm256_slli_epi64(_mm256_srli_epi64(v, 32), 10));
			v = _mm256_sllv_epi64(v, sh);
			v = _mm256_or_si256(_mm256_shuffle_epi8(v, ia), _mm256_shuffle_epi8(v, ib));
			_mm256_storeu_si256((__m256i *)(void *)t, v);
			memcpy(r + 10 * i, t, 5);
			memcpy(r + 10 * i + 5, t + 16, 5);
			cb_wipe(t, sizeof(t));
		}
	} else {
		cb_mlkem_poly_compress(r, a, d);
	}
}

/*
 * Decompress_d(ByteDecode_d(a)) (cb_mlkem_poly_decompress) for d = 10, 4,
 * 11, 5 in AVX2 (other d portable); no load reaches past the 2 d bytes
 * of each group of 16 values.  Each value's bytes go into one 16-bit
 * word (vpshufb); d = 10: a per-word left shift by 6 - s (vpmullw with
 * 2^(6 - s)) and a right shift by 6 leave bits s .. s + 9; d = 4: nibbles
 * by blend and shift.  Then round(q y / 2^d) = vpmulhrsw(y 2^(15 - d), q),
 * the same value as (y q + 2^(d - 1)) >> d.
 */
void cb_mlkem_avx2_poly_decompress(cb_mlkem_poly *r, const uint8_t *a, unsigned d)
{
	const __m256i q = _mm256_set1_epi16(MLKEM_Q);

	if (d == 10) {
		/* lane 0 from bytes 0..15 of the group, lane 1 from bytes 4..19 */
		const __m256i idx = _mm256_setr_epi8(0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9,
						     6, 7, 7, 8, 8, 9, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15);
		const __m256i sh = _mm256_setr_epi16(64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1);

		for (unsigned i = 0; i < MLKEM_N / 16; i++) {
			const uint8_t *p = a + 20 * i;
			__m256i x = _mm256_inserti128_si256(
				_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p)),
				_mm_loadu_si128((const __m128i *)(const void *)(p + 4)), 1);

			x = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_shuffle_epi8(x, idx), sh), 6);
			_mm256_storeu_si256((__m256i *)(void *)(r->c + 16 * i),
					    _mm256_mulhrs_epi16(_mm256_slli_epi16(x, 5), q));
		}
	} else if (d == 4) {
		const __m256i idx = _mm256_setr_epi8(0, -1, 0, -1, 1, -1, 1, -1, 2, -1, 2, -1, 3, -1, 3, -1,
						     4, -1, 4, -1, 5, -1, 5, -1, 6, -1, 6, -1, 7, -1, 7, -1);
		const __m256i m15 = _mm256_set1_epi16(15);

		for (unsigned i = 0; i < MLKEM_N / 16; i++) {
			__m256i x = _mm256_broadcastsi128_si256(
				_mm_loadl_epi64((const __m128i *)(const void *)(a + 8 * i)));

			x = _mm256_shuffle_epi8(x, idx);
			x = _mm256_and_si256(_mm256_blend_epi16(x, _mm256_srli_epi16(x, 4), 0xaa), m15);
			_mm256_storeu_si256((__m256i *)(void *)(r->c + 16 * i),
					    _mm256_mulhrs_epi16(_mm256_slli_epi16(x, 11), q));
		}
	} else if (d == 11) {
		/* 32-bit lanes: bytes of each value, vpsrlvd by its bit offset; halves from bytes 0 and 6 */
		const __m256i i0 = _mm256_setr_epi8(0, 1, -1, -1, 1, 2, -1, -1, 2, 3, 4, -1, 4, 5, -1, -1,
						    5, 6, -1, -1, 6, 7, 8, -1, 8, 9, -1, -1, 9, 10, -1, -1);
		const __m256i i1 = _mm256_setr_epi8(5, 6, -1, -1, 6, 7, -1, -1, 7, 8, 9, -1, 9, 10, -1, -1,
						    10, 11, -1, -1, 11, 12, 13, -1, 13, 14, -1, -1, 14, 15, -1, -1);
		const __m256i sh = _mm256_setr_epi32(0, 3, 6, 1, 4, 7, 2, 5);
		const __m256i m = _mm256_set1_epi32(2047);

		for (unsigned i = 0; i < MLKEM_N / 16; i++) {
			const uint8_t *p = a + 22 * i;
			__m256i x0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p));
			__m256i x1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p + 6)));
			__m256i v0 = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x0, i0), sh), m);
			__m256i v1 = _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(x1, i1), sh), m);
			__m256i v = _mm256_permute4x64_epi64(_mm256_packus_epi32(v0, v1), 0xd8);

			_mm256_storeu_si256((__m256i *)(void *)(r->c + 16 * i),
					    _mm256_mulhrs_epi16(_mm256_slli_epi16(v, 4), q));
		}
	} else if (d == 5) {
		/* 16-bit words: lane 0 from bytes 0..7, lane 1 from bytes 2..9 (never past the 10 bytes) */
		const __m256i idx = _mm256_setr_epi8(0, -1, 0, 1, 1, -1, 1, 2, 2, 3, 3, -1, 3, 4, 4, -1,
						     3, -1, 3, 4, 4, -1, 4, 5, 5, 6, 6, -1, 6, 7, 7, -1);
		const __m256i sh = _mm256_setr_epi16(2048, 64, 512, 16, 128, 1024, 32, 256, 2048, 64, 512, 16,
						     128, 1024, 32, 256);

		for (unsigned i = 0; i < MLKEM_N / 16; i++) {
			const uint8_t *p = a + 10 * i;
			__m256i x = _mm256_inserti128_si256(
				_mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(const void *)p)),
				_mm_loadl_epi64((const __m128i *)(const void *)(p + 2)), 1);

			x = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_shuffle_epi8(x, idx), sh), 11);
			_mm256_storeu_si256((__m256i *)(void *)(r->c + 16 * i),
					    _mm256_mulhrs_epi16(_mm256_slli_epi16(x, 10), q));
		}
	} else {
		cb_mlkem_poly_decompress(r, a, d);
	}
}

/*
 * Decompress_1(ByteDecode_1(m)) (cb_mlkem_poly_frommsg): bit j of the
 * 16-bit group i selects (q + 1) / 2 by a vpcmpeqw mask.  m is secret.
 */
void cb_mlkem_avx2_poly_frommsg(cb_mlkem_poly *r, const uint8_t m[MLKEM_SYMBYTES])
{
	const __m256i bits = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096,
					       8192, 16384, (int16_t)-32768);
	const __m256i half = _mm256_set1_epi16((MLKEM_Q + 1) / 2);

	for (unsigned i = 0; i < MLKEM_N / 16; i++) {
		__m256i w = _mm256_set1_epi16((int16_t)(uint16_t)(m[2 * i] | (unsigned)m[2 * i + 1] << 8));
		__m256i mask = _mm256_cmpeq_epi16(_mm256_and_si256(w, bits), bits);

		_mm256_storeu_si256((__m256i *)(void *)(r->c + 16 * i), _mm256_and_si256(mask, half));
	}
}

/*
 * ByteEncode_1(Compress_1(a)) (cb_mlkem_poly_tomsg): the bit is 1 exactly
 * for canonical x in [833, 2496] (two vpcmpgtw); vpacksswb and vpmovmskb
 * turn 32 such masks into 4 message bytes.  The decrypted message is
 * secret: no branch on it.
 */
void cb_mlkem_avx2_poly_tomsg(uint8_t m[MLKEM_SYMBYTES], const cb_mlkem_poly *a)
{
	const __m256i q = _mm256_set1_epi16(MLKEM_Q);
	const __m256i lo = _mm256_set1_epi16(832), hi = _mm256_set1_epi16(2497);

	for (unsigned i = 0; i < MLKEM_N / 32; i++) {
		__m256i x0 = load16(a->c + 32 * i), x1 = load16(a->c + 32 * i + 16);
		__m256i g0, g1;
		uint32_t bitsw;

		x0 = _mm256_add_epi16(x0, _mm256_and_si256(_mm256_srai_epi16(x0, 15), q));
		x1 = _mm256_add_epi16(x1, _mm256_and_si256(_mm256_srai_epi16(x1, 15), q));
		g0 = _mm256_and_si256(_mm256_cmpgt_epi16(x0, lo), _mm256_cmpgt_epi16(hi, x0));
		g1 = _mm256_and_si256(_mm256_cmpgt_epi16(x1, lo), _mm256_cmpgt_epi16(hi, x1));
		bitsw = (uint32_t)_mm256_movemask_epi8(
			_mm256_permute4x64_epi64(_mm256_packs_epi16(g0, g1), 0xd8));
		memcpy(m + 4 * i, &bitsw, 4);
	}
}
