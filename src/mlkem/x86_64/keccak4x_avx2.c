/*
 * Four-way Keccak-f[1600] in AVX2 (keccak4x.h).  The round is written out
 * for the 25 lanes from FIPS 202 section 3.2 (theta, rho, pi, chi, iota):
 * c[x] column parities, d[x] = c[x-1] ^ rot(c[x+1], 1); rho and pi move
 * lane (x, y) rotated by r[x][y] to (y, 2x + 3y); chi is
 * b[x] ^ (~b[x+1] & b[x+2]) (vpandn); iota XORs the round constant.
 * Rotations are a shift pair and an OR.  No data-dependent branch or index.
 */
#include <immintrin.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
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

#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi64((x), (n)), _mm256_srli_epi64((x), 64 - (n)))
#define XOR5(a, b, c, d, e)                                                                         \
	_mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d)), e)

void cb_keccak4x_f1600_avx2(cb_keccak4x_state *st)
{
	__m256i a[25], b[25], c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;

	for (unsigned i = 0; i < 25; i++)
		a[i] = _mm256_load_si256((const __m256i *)(const void *)st->s[i]);
	for (unsigned i = 0; i < 24; i++) {
		c0 = XOR5(a[0], a[5], a[10], a[15], a[20]);
		c1 = XOR5(a[1], a[6], a[11], a[16], a[21]);
		c2 = XOR5(a[2], a[7], a[12], a[17], a[22]);
		c3 = XOR5(a[3], a[8], a[13], a[18], a[23]);
		c4 = XOR5(a[4], a[9], a[14], a[19], a[24]);
		d0 = _mm256_xor_si256(c4, ROL(c1, 1));
		d1 = _mm256_xor_si256(c0, ROL(c2, 1));
		d2 = _mm256_xor_si256(c1, ROL(c3, 1));
		d3 = _mm256_xor_si256(c2, ROL(c4, 1));
		d4 = _mm256_xor_si256(c3, ROL(c0, 1));
		b[0] = _mm256_xor_si256(a[0], d0);
		b[16] = ROL(_mm256_xor_si256(a[5], d0), 36);
		b[7] = ROL(_mm256_xor_si256(a[10], d0), 3);
		b[23] = ROL(_mm256_xor_si256(a[15], d0), 41);
		b[14] = ROL(_mm256_xor_si256(a[20], d0), 18);
		b[10] = ROL(_mm256_xor_si256(a[1], d1), 1);
		b[1] = ROL(_mm256_xor_si256(a[6], d1), 44);
		b[17] = ROL(_mm256_xor_si256(a[11], d1), 10);
		b[8] = ROL(_mm256_xor_si256(a[16], d1), 45);
		b[24] = ROL(_mm256_xor_si256(a[21], d1), 2);
		b[20] = ROL(_mm256_xor_si256(a[2], d2), 62);
		b[11] = ROL(_mm256_xor_si256(a[7], d2), 6);
		b[2] = ROL(_mm256_xor_si256(a[12], d2), 43);
		b[18] = ROL(_mm256_xor_si256(a[17], d2), 15);
		b[9] = ROL(_mm256_xor_si256(a[22], d2), 61);
		b[5] = ROL(_mm256_xor_si256(a[3], d3), 28);
		b[21] = ROL(_mm256_xor_si256(a[8], d3), 55);
		b[12] = ROL(_mm256_xor_si256(a[13], d3), 25);
		b[3] = ROL(_mm256_xor_si256(a[18], d3), 21);
		b[19] = ROL(_mm256_xor_si256(a[23], d3), 56);
		b[15] = ROL(_mm256_xor_si256(a[4], d4), 27);
		b[6] = ROL(_mm256_xor_si256(a[9], d4), 20);
		b[22] = ROL(_mm256_xor_si256(a[14], d4), 39);
		b[13] = ROL(_mm256_xor_si256(a[19], d4), 8);
		b[4] = ROL(_mm256_xor_si256(a[24], d4), 14);
		a[0] = _mm256_xor_si256(b[0], _mm256_andnot_si256(b[1], b[2]));
		a[1] = _mm256_xor_si256(b[1], _mm256_andnot_si256(b[2], b[3]));
		a[2] = _mm256_xor_si256(b[2], _mm256_andnot_si256(b[3], b[4]));
		a[3] = _mm256_xor_si256(b[3], _mm256_andnot_si256(b[4], b[0]));
		a[4] = _mm256_xor_si256(b[4], _mm256_andnot_si256(b[0], b[1]));
		a[5] = _mm256_xor_si256(b[5], _mm256_andnot_si256(b[6], b[7]));
		a[6] = _mm256_xor_si256(b[6], _mm256_andnot_si256(b[7], b[8]));
		a[7] = _mm256_xor_si256(b[7], _mm256_andnot_si256(b[8], b[9]));
		a[8] = _mm256_xor_si256(b[8], _mm256_andnot_si256(b[9], b[5]));
		a[9] = _mm256_xor_si256(b[9], _mm256_andnot_si256(b[5], b[6]));
		a[10] = _mm256_xor_si256(b[10], _mm256_andnot_si256(b[11], b[12]));
		a[11] = _mm256_xor_si256(b[11], _mm256_andnot_si256(b[12], b[13]));
		a[12] = _mm256_xor_si256(b[12], _mm256_andnot_si256(b[13], b[14]));
		a[13] = _mm256_xor_si256(b[13], _mm256_andnot_si256(b[14], b[10]));
		a[14] = _mm256_xor_si256(b[14], _mm256_andnot_si256(b[10], b[11]));
		a[15] = _mm256_xor_si256(b[15], _mm256_andnot_si256(b[16], b[17]));
		a[16] = _mm256_xor_si256(b[16], _mm256_andnot_si256(b[17], b[18]));
		a[17] = _mm256_xor_si256(b[17], _mm256_andnot_si256(b[18], b[19]));
		a[18] = _mm256_xor_si256(b[18], _mm256_andnot_si256(b[19], b[15]));
		a[19] = _mm256_xor_si256(b[19], _mm256_andnot_si256(b[15], b[16]));
		a[20] = _mm256_xor_si256(b[20], _mm256_andnot_si256(b[21], b[22]));
		a[21] = _mm256_xor_si256(b[21], _mm256_andnot_si256(b[22], b[23]));
		a[22] = _mm256_xor_si256(b[22], _mm256_andnot_si256(b[23], b[24]));
		a[23] = _mm256_xor_si256(b[23], _mm256_andnot_si256(b[24], b[20]));
		a[24] = _mm256_xor_si256(b[24], _mm256_andnot_si256(b[20], b[21]));
		a[0] = _mm256_xor_si256(a[0], _mm256_set1_epi64x((long long)keccak_rc[i]));
	}
	for (unsigned i = 0; i < 25; i++)
		_mm256_store_si256((__m256i *)(void *)st->s[i], a[i]);
}

/* -1: not chosen yet; 1: the AVX-512VL permutation (keccak4x_avx512.c) */
static atomic_int use_avx512 = -1;

int cb_keccak4x_avx512vl(void)
{
	int u = atomic_load_explicit(&use_avx512, memory_order_relaxed);

	if (u < 0) {
		const char *env = getenv("CRYPTOBENCH_MLKEM_AVX512");

		__builtin_cpu_init();
		u = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
		    !(env && !strcmp(env, "0"));
		atomic_store_explicit(&use_avx512, u, memory_order_relaxed);
	}
	return u;
}

void cb_keccak4x_f1600(cb_keccak4x_state *st)
{
	if (cb_keccak4x_avx512vl())
		cb_keccak4x_f1600_avx512vl(st);
	else
		cb_keccak4x_f1600_avx2(st);
}

/* x86-64 is little-endian: a lane word is the 8 bytes as they are in memory */
static inline uint64_t load64_le(const uint8_t *p)
{
	uint64_t w;

	memcpy(&w, p, 8);
	return w;
}

static inline void store64_le(uint8_t *p, uint64_t w)
{
	memcpy(p, &w, 8);
}

void cb_keccak4x_absorb_once_each(cb_keccak4x_state *st, unsigned rate, const uint8_t *const in[4],
				  const size_t len[4], const uint8_t ds[4])
{
	/* the caller guarantees the same number of whole blocks in every lane */
	size_t off = 0, whole = len[0] / rate;

	memset(st->s, 0, sizeof(st->s));
	for (size_t n = 0; n < whole; n++, off += rate) {
		for (unsigned i = 0; i < rate / 8; i++)
			for (unsigned j = 0; j < 4; j++)
				st->s[i][j] ^= load64_le(in[j] + off + 8 * i);
		cb_keccak4x_f1600(st);
	}
	for (unsigned j = 0; j < 4; j++) {
		size_t rest = len[j] - off, p = 0;

		for (; p + 8 <= rest; p += 8)
			st->s[p / 8][j] ^= load64_le(in[j] + off + p);
		for (; p < rest; p++)
			st->s[p / 8][j] ^= (uint64_t)in[j][off + p] << (8 * (p % 8));
		st->s[rest / 8][j] ^= (uint64_t)ds[j] << (8 * (rest % 8));
		st->s[(rate - 1) / 8][j] ^= 0x80ULL << (8 * ((rate - 1) % 8));
	}
}

void cb_keccak4x_absorb_once(cb_keccak4x_state *st, unsigned rate, const uint8_t *const in[4],
			     size_t len, uint8_t ds)
{
	const size_t lens[4] = {len, len, len, len};
	const uint8_t dss[4] = {ds, ds, ds, ds};

	cb_keccak4x_absorb_once_each(st, rate, in, lens, dss);
}

void cb_keccak4x_squeezeblocks(cb_keccak4x_state *st, unsigned rate, uint8_t *const out[4],
			       size_t nblocks)
{
	for (size_t n = 0; n < nblocks; n++) {
		unsigned i = 0;

		cb_keccak4x_f1600(st);
		/* words i..i+3 of the four states as a 4 x 4 transpose: out[j] gets (s[i][j] .. s[i+3][j]) */
		for (; i + 4 <= rate / 8; i += 4) {
			__m256i r0 = _mm256_load_si256((const __m256i *)(const void *)st->s[i]);
			__m256i r1 = _mm256_load_si256((const __m256i *)(const void *)st->s[i + 1]);
			__m256i r2 = _mm256_load_si256((const __m256i *)(const void *)st->s[i + 2]);
			__m256i r3 = _mm256_load_si256((const __m256i *)(const void *)st->s[i + 3]);
			__m256i t0 = _mm256_unpacklo_epi64(r0, r1), t1 = _mm256_unpackhi_epi64(r0, r1);
			__m256i t2 = _mm256_unpacklo_epi64(r2, r3), t3 = _mm256_unpackhi_epi64(r2, r3);
			uint8_t *o;

			o = out[0] + n * rate + 8 * i;
			_mm256_storeu_si256((__m256i *)(void *)o, _mm256_permute2x128_si256(t0, t2, 0x20));
			o = out[1] + n * rate + 8 * i;
			_mm256_storeu_si256((__m256i *)(void *)o, _mm256_permute2x128_si256(t1, t3, 0x20));
			o = out[2] + n * rate + 8 * i;
			_mm256_storeu_si256((__m256i *)(void *)o, _mm256_permute2x128_si256(t0, t2, 0x31));
			o = out[3] + n * rate + 8 * i;
			_mm256_storeu_si256((__m256i *)(void *)o, _mm256_permute2x128_si256(t1, t3, 0x31));
		}
		for (; i < rate / 8; i++)
			for (unsigned j = 0; j < 4; j++)
				store64_le(out[j] + n * rate + 8 * i, st->s[i][j]);
	}
}

void cb_keccak4x_wipe(cb_keccak4x_state *st)
{
	cb_wipe(st, sizeof(*st));
}
