/*
 * Four-way Keccak-f[1600] on 256-bit registers with the AVX-512VL
 * instructions (compiled with -mavx512f -mavx512vl; used by
 * cb_keccak4x_f1600 only when CPUID reports AVX512F and AVX512VL): the
 * same round as keccak4x_avx2.c, with vprolq for the rotations and
 * vpternlogq for the three-input XORs of theta (0x96) and for chi,
 * b0 ^ (~b1 & b2) (0xd2), which about halves the instruction count.
 */
#include <immintrin.h>

#include "mlkem/x86_64/keccak4x.h"

/* FIPS 202 section 3.2.5, the 24 round constants */
static const uint64_t keccak_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
	0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
	0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
	0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
	0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

#define XOR3(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0x96)
#define CHI(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0xd2)

void cb_keccak4x_f1600_avx512vl(cb_keccak4x_state *st)
{
	__m256i a[25], b[25], c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;

	for (unsigned i = 0; i < 25; i++)
		a[i] = _mm256_load_si256((const __m256i *)(const void *)st->s[i]);
	for (unsigned i = 0; i < 24; i++) {
		c0 = XOR3(XOR3(a[0], a[5], a[10]), a[15], a[20]);
		c1 = XOR3(XOR3(a[1], a[6], a[11]), a[16], a[21]);
		c2 = XOR3(XOR3(a[2], a[7], a[12]), a[17], a[22]);
		c3 = XOR3(XOR3(a[3], a[8], a[13]), a[18], a[23]);
		c4 = XOR3(XOR3(a[4], a[9], a[14]), a[19], a[24]);
		d0 = _mm256_xor_si256(c4, _mm256_rol_epi64(c1, 1));
		d1 = _mm256_xor_si256(c0, _mm256_rol_epi64(c2, 1));
		d2 = _mm256_xor_si256(c1, _mm256_rol_epi64(c3, 1));
		d3 = _mm256_xor_si256(c2, _mm256_rol_epi64(c4, 1));
		d4 = _mm256_xor_si256(c3, _mm256_rol_epi64(c0, 1));
		b[0] = _mm256_xor_si256(a[0], d0);
		b[16] = _mm256_rol_epi64(_mm256_xor_si256(a[5], d0), 36);
		b[7] = _mm256_rol_epi64(_mm256_xor_si256(a[10], d0), 3);
		b[23] = _mm256_rol_epi64(_mm256_xor_si256(a[15], d0), 41);
		b[14] = _mm256_rol_epi64(_mm256_xor_si256(a[20], d0), 18);
		b[10] = _mm256_rol_epi64(_mm256_xor_si256(a[1], d1), 1);
		b[1] = _mm256_rol_epi64(_mm256_xor_si256(a[6], d1), 44);
		b[17] = _mm256_rol_epi64(_mm256_xor_si256(a[11], d1), 10);
		b[8] = _mm256_rol_epi64(_mm256_xor_si256(a[16], d1), 45);
		b[24] = _mm256_rol_epi64(_mm256_xor_si256(a[21], d1), 2);
		b[20] = _mm256_rol_epi64(_mm256_xor_si256(a[2], d2), 62);
		b[11] = _mm256_rol_epi64(_mm256_xor_si256(a[7], d2), 6);
		b[2] = _mm256_rol_epi64(_mm256_xor_si256(a[12], d2), 43);
		b[18] = _mm256_rol_epi64(_mm256_xor_si256(a[17], d2), 15);
		b[9] = _mm256_rol_epi64(_mm256_xor_si256(a[22], d2), 61);
		b[5] = _mm256_rol_epi64(_mm256_xor_si256(a[3], d3), 28);
		b[21] = _mm256_rol_epi64(_mm256_xor_si256(a[8], d3), 55);
		b[12] = _mm256_rol_epi64(_mm256_xor_si256(a[13], d3), 25);
		b[3] = _mm256_rol_epi64(_mm256_xor_si256(a[18], d3), 21);
		b[19] = _mm256_rol_epi64(_mm256_xor_si256(a[23], d3), 56);
		b[15] = _mm256_rol_epi64(_mm256_xor_si256(a[4], d4), 27);
		b[6] = _mm256_rol_epi64(_mm256_xor_si256(a[9], d4), 20);
		b[22] = _mm256_rol_epi64(_mm256_xor_si256(a[14], d4), 39);
		b[13] = _mm256_rol_epi64(_mm256_xor_si256(a[19], d4), 8);
		b[4] = _mm256_rol_epi64(_mm256_xor_si256(a[24], d4), 14);
		a[0] = CHI(b[0], b[1], b[2]);
		a[1] = CHI(b[1], b[2], b[3]);
		a[2] = CHI(b[2], b[3], b[4]);
		a[3] = CHI(b[3], b[4], b[0]);
		a[4] = CHI(b[4], b[0], b[1]);
		a[5] = CHI(b[5], b[6], b[7]);
		a[6] = CHI(b[6], b[7], b[8]);
		a[7] = CHI(b[7], b[8], b[9]);
		a[8] = CHI(b[8], b[9], b[5]);
		a[9] = CHI(b[9], b[5], b[6]);
		a[10] = CHI(b[10], b[11], b[12]);
		a[11] = CHI(b[11], b[12], b[13]);
		a[12] = CHI(b[12], b[13], b[14]);
		a[13] = CHI(b[13], b[14], b[10]);
		a[14] = CHI(b[14], b[10], b[11]);
		a[15] = CHI(b[15], b[16], b[17]);
		a[16] = CHI(b[16], b[17], b[18]);
		a[17] = CHI(b[17], b[18], b[19]);
		a[18] = CHI(b[18], b[19], b[15]);
		a[19] = CHI(b[19], b[15], b[16]);
		a[20] = CHI(b[20], b[21], b[22]);
		a[21] = CHI(b[21], b[22], b[23]);
		a[22] = CHI(b[22], b[23], b[24]);
		a[23] = CHI(b[23], b[24], b[20]);
		a[24] = CHI(b[24], b[20], b[21]);
		a[0] = _mm256_xor_si256(a[0], _mm256_set1_epi64x((long long)keccak_rc[i]));
	}
	for (unsigned i = 0; i < 25; i++)
		_mm256_store_si256((__m256i *)(void *)st->s[i], a[i]);
}
