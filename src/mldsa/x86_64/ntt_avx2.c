/*
 * AVX2 kernels for ML-DSA's polynomial arithmetic (FIPS 204, Algorithms
 * 41-45): NTT, inverse NTT and the pointwise multiply-accumulate in eight
 * 32-bit lanes.  Compiled with -mavx2 only for this file; the native
 * instances (mldsa{44,65,87}_native.c) call it only after CPUID reported
 * AVX2 (dispatch.c).
 *
 * Montgomery product per lane (the portable cb_mldsa_mont of a 64-bit
 * product a z): with t = lo32(a (z q^-1 mod 2^32)) (vpmulld),
 *   mont(a z) = (a z - t q) >> 32,
 * the two 64-bit products by vpmuldq on the even lanes and on the odd
 * lanes moved down (vpshufd), the difference's high halves blended back
 * (vpblendd).  The low 32 bits of a z - t q are zero, so this is exactly
 * the portable integer result: every lane computes what the portable
 * code computes for that coefficient (the same butterflies on the same
 * values), so outputs are equal coefficient for coefficient, which the
 * tests check through keys and signatures.  No branch and no table index
 * depends on data.
 *
 * Layering: the 256 coefficients are 32 registers of 8 lanes.  The layers
 * with distance 128 and 64 pair whole registers over the polynomial.  The
 * rest runs on each quarter of 64 coefficients held in 8 registers (rows
 * of 8): distances 32, 16, 8 pair rows; then an 8 x 8 transpose turns the
 * columns into registers, so distances 4, 2, 1 pair registers too, with
 * a zeta per lane (tables zfw / zinv below, the portable table's entries
 * regrouped); a second transpose restores the memory order.  The
 * inverse runs the same steps backwards.  Bounds are the portable ones
 * (poly.c): forward |a_i| < 9 q, inverse |a_i| < 128 q before the last
 * layer, all below 2^31.
 */
#ifdef CB_MLKEM_HAVE_AVX2
#include <immintrin.h>

#include "mldsa/params.h"
#include "mldsa/x86_64/ntt_avx2.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * Regrouped zetas (Python from poly.c's zetas, the Montgomery-domain
 * 1753^BitRev8(i) 2^32 mod q).  Forward, per quarter c and row r (block
 * b = 8c + r of 8 coefficients), 7 rows of 8 lanes: zetas[32 + b];
 * zetas[64 + 2b], zetas[65 + 2b]; zetas[128 + 4b + i], i = 0..3.
 * Inverse: -zetas[255 - 4b - i], i = 0..3; -zetas[127 - 2b],
 * -zetas[126 - 2b]; -zetas[63 - b].  zb: zetas[0..31] (broadcast layers).
 */
static const int32_t zfw[28][8] __attribute__((aligned(32))) = {
	{2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439},
	{-3930395, -3677745, -1452451, 2176455, -1257611, -4083598, -3190144, -3632928},
	{-1528703, -3041255, 3475950, -1585221, 1939314, -1000202, -3157330, 126922},
	{2091667, -3342478, 266997, -3520352, 900702, 495491, -655327, -3556995},
	{3407706, 2244091, 2434439, -3759364, 1859098, -1613174, -3122442, -525098},
	{2316500, -2446433, -1235728, -1197226, 909542, -43260, 2031748, -768622},
	{3817976, -3562462, 3513181, -3193378, 819034, -522500, 3207046, -3595838},
	{-3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299},
	{3412210, 2147896, -2967645, -411027, -671102, -22981, -381987, 1852771},
	{-983419, 2715295, -3693493, -2477047, -1228525, -1308169, 1349076, -1430430},
	{342297, 3437287, 2842341, 4055324, -3767016, -2994039, -1333058, -451100},
	{286988, -3342277, 2691481, 1247620, 1250494, 1869119, 1237275, 1312455},
	{-2437823, 1735879, -2590150, 2486353, 2635921, 1903435, -3318210, 3306115},
	{4108315, 203044, 1265009, 1595974, -3548272, -1050970, -1430225, -1962642},
	{-1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596},
	{-3343383, 508951, 44288, 904516, -3724342, 1653064, 2389356, 759969},
	{264944, 3097992, -1100098, 3958618, -8578, -3249728, -210977, -1316856},
	{-1279661, 1500165, -542412, -2584293, -2013608, 1957272, -3183426, 810149},
	{1917081, 777191, -2831860, -3724270, 2432395, 3369112, 162844, 1652634},
	{-2546312, 2235880, -1671176, 594136, 2454455, 185531, 1616392, -3694233},
	{-1374803, 3406031, -1846953, -3776993, -164721, -1207385, 3014001, -1799107},
	{811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779},
	{189548, 3159746, -2409325, 1315589, 1285669, -812732, -3019102, -3628969},
	{-3553272, -1851402, -177440, 1341330, -1584928, -1439742, -3881060, 3839961},
	{-3038916, 2213111, -426683, -1667432, -2939036, 183443, -554416, 3937738},
	{3523897, -975884, 1723600, -1104333, -2235985, -976891, 3919660, 1400424},
	{3866901, 1717735, -1803090, -260646, -420899, 1612842, -48306, -846154},
	{269760, 472078, 1910376, -3833893, -2286327, -3545687, -1362209, 1976782},
};
static const int32_t zinv[28][8] __attribute__((aligned(32))) = {
	{-1976782, 1362209, 3545687, 2286327, 3833893, -1910376, -472078, -269760},
	{846154, 48306, -1612842, 420899, 260646, 1803090, -1717735, -3866901},
	{-1400424, -3919660, 976891, 2235985, 1104333, -1723600, 975884, -3523897},
	{-3937738, 554416, -183443, 2939036, 1667432, 426683, -2213111, 3038916},
	{-3839961, 3881060, 1439742, 1584928, -1341330, 177440, 1851402, 3553272},
	{3628969, 3019102, 812732, -1285669, -1315589, 2409325, -3159746, -189548},
	{2797779, -2071892, 2556880, -3900724, -3881043, -954230, -531354, -811944},
	{1799107, -3014001, 1207385, 164721, 3776993, 1846953, -3406031, 1374803},
	{3694233, -1616392, -185531, -2454455, -594136, 1671176, -2235880, 2546312},
	{-1652634, -162844, -3369112, -2432395, 3724270, 2831860, -777191, -1917081},
	{-810149, 3183426, -1957272, 2013608, 2584293, 542412, -1500165, 1279661},
	{1316856, 210977, 3249728, 8578, -3958618, 1100098, -3097992, -264944},
	{-759969, -2389356, -1653064, 3724342, -904516, -44288, -508951, 3343383},
	{-3699596, 1600420, 2140649, -3507263, 3821735, -3505694, 1643818, 1699267},
	{1962642, 1430225, 1050970, 3548272, -1595974, -1265009, -203044, -4108315},
	{-3306115, 3318210, -1903435, -2635921, -2486353, 2590150, -1735879, 2437823},
	{-1312455, -1237275, -1869119, -1250494, -1247620, -2691481, 3342277, -286988},
	{451100, 1333058, 2994039, 3767016, -4055324, -2842341, -3437287, -342297},
	{1430430, -1349076, 1308169, 1228525, 2477047, 3693493, -2715295, 983419},
	{-1852771, 381987, 22981, 671102, 411027, 2967645, -2147896, -3412210},
	{539299, -2348700, 300467, -3539968, 2867647, -3574422, 3043716, 3861115},
	{3595838, -3207046, 522500, -819034, 3193378, -3513181, 3562462, -3817976},
	{768622, -2031748, 43260, -909542, 1197226, 1235728, 2446433, -2316500},
	{525098, 3122442, 1613174, -1859098, 3759364, -2434439, -2244091, -3407706},
	{3556995, 655327, -495491, -900702, 3520352, -266997, 3342478, -2091667},
	{-126922, 3157330, 1000202, -1939314, 1585221, -3475950, 3041255, 1528703},
	{3632928, 3190144, 4083598, 1257611, -2176455, 1452451, 3677745, 3930395},
	{-3915439, 2537516, 3592148, 1661693, -3530437, -3077325, -95776, -2706023},
};
static const int32_t zb[32] = {0, 25847, -2608894, -518909, 237124, -777960, -876248, 466468, 1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103, 2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549, -2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005};

/* 2^64 / 256 mod q and that times -zetas[1] 2^-32 (the portable INVNTT_F, INVNTT_FZ) */
#define INVNTT_F 41978
#define INVNTT_FZ 3975713

static ALWAYS_INLINE __m256i load8(const int32_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static ALWAYS_INLINE void store8(int32_t *p, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* (p - t q) >> 32 per 64-bit lane, t the low 32 bits of p q^-1 (signed): a Montgomery reduction of 64-bit lanes */
static ALWAYS_INLINE __m256i redc64(__m256i p)
{
	const __m256i q = _mm256_set1_epi32(MLDSA_Q), qinv = _mm256_set1_epi32((int32_t)MLDSA_QINV);
	__m256i t = _mm256_mullo_epi32(p, qinv);

	return _mm256_sub_epi64(p, _mm256_mul_epi32(t, q));
}

/* the high 32 bits of the 64-bit lanes of e (even results) and o (odd results), back in lane order */
static ALWAYS_INLINE __m256i merge_hi(__m256i e, __m256i o)
{
	return _mm256_blend_epi32(_mm256_srli_epi64(e, 32), o, 0xAA);
}

/* mont(a z) per lane, zq = z q^-1 mod 2^32; zo = z's odd lanes moved down */
static ALWAYS_INLINE __m256i montmul(__m256i a, __m256i z, __m256i zo, __m256i zq)
{
	const __m256i q = _mm256_set1_epi32(MLDSA_Q);
	__m256i ao = _mm256_shuffle_epi32(a, 0xF5);
	__m256i pe = _mm256_mul_epi32(a, z), po = _mm256_mul_epi32(ao, zo);
	__m256i t = _mm256_mullo_epi32(a, zq), to = _mm256_shuffle_epi32(t, 0xF5);

	pe = _mm256_sub_epi64(pe, _mm256_mul_epi32(t, q));
	po = _mm256_sub_epi64(po, _mm256_mul_epi32(to, q));
	return merge_hi(pe, po);
}

/* a zeta (broadcast or per lane) with its q^-1 multiple and odd lanes */
typedef struct {
	__m256i z, zo, zq;
} zeta8;

static ALWAYS_INLINE zeta8 zeta_vec(__m256i z)
{
	zeta8 r;

	r.z = z;
	r.zo = _mm256_shuffle_epi32(z, 0xF5);
	r.zq = _mm256_mullo_epi32(z, _mm256_set1_epi32((int32_t)MLDSA_QINV));
	return r;
}

static ALWAYS_INLINE zeta8 zeta_bc(int32_t z)
{
	return zeta_vec(_mm256_set1_epi32(z));
}

/* forward butterfly (Algorithm 41): t = z b; (a, b) = (a + t, a - t) */
static ALWAYS_INLINE void bfly(__m256i *a, __m256i *b, zeta8 z)
{
	__m256i t = montmul(*b, z.z, z.zo, z.zq);

	*b = _mm256_sub_epi32(*a, t);
	*a = _mm256_add_epi32(*a, t);
}

/* inverse butterfly (Algorithm 42): (a, b) = (a + b, z (a - b)) */
static ALWAYS_INLINE void ibfly(__m256i *a, __m256i *b, zeta8 z)
{
	__m256i d = _mm256_sub_epi32(*a, *b);

	*a = _mm256_add_epi32(*a, *b);
	*b = montmul(d, z.z, z.zo, z.zq);
}

/* 8 x 8 transpose of 32-bit lanes (an involution) */
static ALWAYS_INLINE void transpose8(__m256i r[8])
{
	__m256i t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
	__m256i t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
	__m256i t4 = _mm256_unpacklo_epi32(r[4], r[5]), t5 = _mm256_unpackhi_epi32(r[4], r[5]);
	__m256i t6 = _mm256_unpacklo_epi32(r[6], r[7]), t7 = _mm256_unpackhi_epi32(r[6], r[7]);
	__m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
	__m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
	__m256i u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
	__m256i u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);

	r[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
	r[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
	r[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
	r[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
	r[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
	r[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
	r[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
	r[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}

static ALWAYS_INLINE zeta8 zrow(const int32_t row[8])
{
	return zeta_vec(_mm256_load_si256((const __m256i *)(const void *)row));
}

void cb_mldsa_ntt_avx2(int32_t a[MLDSA_N])
{
	unsigned i, c;

	/* distance 128 (zetas[1]) and 64 (zetas[2], zetas[3]) */
	{
		const zeta8 z = zeta_bc(zb[1]);
		for (i = 0; i < 128; i += 8) {
			__m256i x = load8(a + i), y = load8(a + i + 128);
			bfly(&x, &y, z);
			store8(a + i, x);
			store8(a + i + 128, y);
		}
	}
	for (c = 0; c < 2; c++) {
		const zeta8 z = zeta_bc(zb[2 + c]);
		for (i = 128 * c; i < 128 * c + 64; i += 8) {
			__m256i x = load8(a + i), y = load8(a + i + 64);
			bfly(&x, &y, z);
			store8(a + i, x);
			store8(a + i + 64, y);
		}
	}
	for (c = 0; c < 4; c++) {
		int32_t *p = a + 64 * c;
		const int32_t(*zt)[8] = &zfw[7 * c];
		__m256i r[8];
		zeta8 z;

		for (i = 0; i < 8; i++)
			r[i] = load8(p + 8 * i);
		/* distance 32: zetas[4 + c]; 16: zetas[8 + 2c + h]; 8: zetas[16 + 4c + h] */
		z = zeta_bc(zb[4 + c]);
		for (i = 0; i < 4; i++)
			bfly(&r[i], &r[i + 4], z);
		for (i = 0; i < 2; i++) {
			z = zeta_bc(zb[8 + 2 * c + i]);
			bfly(&r[4 * i], &r[4 * i + 2], z);
			bfly(&r[4 * i + 1], &r[4 * i + 3], z);
		}
		for (i = 0; i < 4; i++)
			bfly(&r[2 * i], &r[2 * i + 1], zeta_bc(zb[16 + 4 * c + i]));
		transpose8(r);
		/* r[j] now holds column j of the eight blocks: distances 4, 2, 1 with a zeta per lane */
		z = zrow(zt[0]);
		for (i = 0; i < 4; i++)
			bfly(&r[i], &r[i + 4], z);
		z = zrow(zt[1]);
		bfly(&r[0], &r[2], z);
		bfly(&r[1], &r[3], z);
		z = zrow(zt[2]);
		bfly(&r[4], &r[6], z);
		bfly(&r[5], &r[7], z);
		for (i = 0; i < 4; i++)
			bfly(&r[2 * i], &r[2 * i + 1], zrow(zt[3 + i]));
		transpose8(r);
		for (i = 0; i < 8; i++)
			store8(p + 8 * i, r[i]);
	}
}

void cb_mldsa_invntt_avx2(int32_t a[MLDSA_N])
{
	unsigned i, c;

	for (c = 0; c < 4; c++) {
		int32_t *p = a + 64 * c;
		const int32_t(*zt)[8] = &zinv[7 * c];
		__m256i r[8];
		zeta8 z;

		for (i = 0; i < 8; i++)
			r[i] = load8(p + 8 * i);
		transpose8(r);
		for (i = 0; i < 4; i++)
			ibfly(&r[2 * i], &r[2 * i + 1], zrow(zt[i]));
		z = zrow(zt[4]);
		ibfly(&r[0], &r[2], z);
		ibfly(&r[1], &r[3], z);
		z = zrow(zt[5]);
		ibfly(&r[4], &r[6], z);
		ibfly(&r[5], &r[7], z);
		z = zrow(zt[6]);
		for (i = 0; i < 4; i++)
			ibfly(&r[i], &r[i + 4], z);
		transpose8(r);
		/* distance 8: -zetas[31 - 4c - h]; 16: -zetas[15 - 2c - h]; 32: -zetas[7 - c] */
		for (i = 0; i < 4; i++)
			ibfly(&r[2 * i], &r[2 * i + 1], zeta_bc(-zb[31 - 4 * c - i]));
		for (i = 0; i < 2; i++) {
			z = zeta_bc(-zb[15 - 2 * c - i]);
			ibfly(&r[4 * i], &r[4 * i + 2], z);
			ibfly(&r[4 * i + 1], &r[4 * i + 3], z);
		}
		z = zeta_bc(-zb[7 - c]);
		for (i = 0; i < 4; i++)
			ibfly(&r[i], &r[i + 4], z);
		for (i = 0; i < 8; i++)
			store8(p + 8 * i, r[i]);
	}
	/* distance 64: -zetas[3 - c] */
	for (c = 0; c < 2; c++) {
		const zeta8 z = zeta_bc(-zb[3 - c]);
		for (i = 128 * c; i < 128 * c + 64; i += 8) {
			__m256i x = load8(a + i), y = load8(a + i + 64);
			ibfly(&x, &y, z);
			store8(a + i, x);
			store8(a + i + 64, y);
		}
	}
	/* distance 128 with the factor 256^-1 2^64 folded in: (F (a + b), F (-zetas[1]) (a - b)) */
	{
		const zeta8 f = zeta_bc(INVNTT_F), fz = zeta_bc(INVNTT_FZ);
		for (i = 0; i < 128; i += 8) {
			__m256i x = load8(a + i), y = load8(a + i + 128);
			__m256i s = _mm256_add_epi32(x, y), d = _mm256_sub_epi32(x, y);
			store8(a + i, montmul(s, f.z, f.zo, f.zq));
			store8(a + i + 128, montmul(d, fz.z, fz.zo, fz.zq));
		}
	}
}

void cb_mldsa_macc_avx2(int32_t out[MLDSA_N], const int32_t *a, const int32_t *b, unsigned l, const int32_t *c,
			const int32_t *d)
{
	unsigned i, j;

	for (i = 0; i < MLDSA_N; i += 8) {
		__m256i ae = _mm256_setzero_si256(), ao = _mm256_setzero_si256();
		if (c) {
			__m256i x = load8(c + i), y = load8(d + i);
			ae = _mm256_sub_epi64(ae, _mm256_mul_epi32(x, y));
			ao = _mm256_sub_epi64(ao, _mm256_mul_epi32(_mm256_shuffle_epi32(x, 0xF5), _mm256_shuffle_epi32(y, 0xF5)));
		}
		for (j = 0; j < l; j++) {
			__m256i x = load8(a + j * MLDSA_N + i), y = load8(b + j * MLDSA_N + i);
			ae = _mm256_add_epi64(ae, _mm256_mul_epi32(x, y));
			ao = _mm256_add_epi64(ao, _mm256_mul_epi32(_mm256_shuffle_epi32(x, 0xF5), _mm256_shuffle_epi32(y, 0xF5)));
		}
		store8(out + i, merge_hi(redc64(ae), redc64(ao)));
	}
}
#else
typedef int cb_mldsa_ntt_avx2_unused;
#endif
