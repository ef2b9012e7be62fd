#include "mlkem/ntt.h"

#include "mlkem/reduce.h"

const int16_t cb_mlkem_zetas[128] = {
	-1044, -758, -359, -1517, 1493, 1422, 287, 202, -171, 622, 1577, 182, 962,
	-1202, -1474, 1468, 573, -1325, 264, 383, -829, 1458, -1602, -130, -681,
	1017, 732, 608, -1542, 411, -205, -1571, 1223, 652, -552, 1015, -1293,
	1491, -282, -1544, 516, -8, -320, -666, -1618, -1162, 126, 1469, -853, -90,
	-271, 830, 107, -1421, -247, -951, -398, 961, -1508, -725, 448, -1065, 677,
	-1275, -1103, 430, 555, 843, -1251, 871, 1550, 105, 422, 587, 177, -235,
	-291, -460, 1574, 1653, -246, 778, 1159, -147, -777, 1483, -602, 1119,
	-1590, 644, -872, 349, 418, 329, -156, -75, 817, 1097, 603, 610, 1322,
	-1285, -1465, 384, -1215, -136, 1218, -1335, -874, 220, -1187, -1659,
	-1185, -1530, -1278, 794, -1510, -854, -870, 478, -108, -308, 996, 991,
	958, -1460, 1522, 1628,
};

/* cb_mlkem_zetas[i] * q^-1 mod 2^16 (signed), for cb_mlkem_fqmul_pre(). */
static const int16_t zetas_qinv[128] = {
	-20, 31498, 14745, 787, 13525, -12402, 28191, -16694, -20907, 27758, -3799, -15690, 10690,
	1358, -11202, 31164, -5827, 17363, -26360, -29057, 5571, -1102, 21438, -26242, -28073, 24313,
	-10532, 8800, 18426, 8859, 26675, -16163, -5689, -6516, 1496, 30967, -23565, 20179, 20710,
	25080, -12796, 26616, 16064, -12442, 9134, -650, -25986, 27837, 19883, -28250, -15887, -8898,
	-28309, 9075, -30199, 18249, 13426, 14017, -29156, -12757, 16832, 4311, -24155, -17915, -335,
	11182, -11477, 13387, -32227, -14233, 20494, -21655, -27738, 13131, 945, -4587, -14883, 23092,
	6182, 5493, 32010, -32502, 10631, 30317, 29175, -18741, -28762, 12639, -18486, 20100, 17560,
	18525, -14430, 19529, -5276, -12619, -31183, 20297, 25435, 2146, -7382, 15355, 24391, -32384,
	-20927, -6280, 10946, -14903, 24214, -11044, 16989, 14469, 10335, -21498, -7934, -20198,
	-22502, 23210, 10906, -17442, 31636, -23860, 28644, -20257, 23998, 7756, -17422, 23132,
};

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/*
 * One layer of Cooley-Tukey butterflies.  Called with constant len so that
 * every loop has a fixed trip count and the compiler can vectorise the
 * inner loop (len >= 8) with 16-bit high/low multiplications.
 */
static ALWAYS_INLINE void ntt_layer(int16_t r[256], unsigned len, unsigned k)
{
	for (unsigned start = 0; start < 256; start += 2 * len, k++) {
		const int16_t zeta = cb_mlkem_zetas[k], zq = zetas_qinv[k];

		for (unsigned j = start; j < start + len; j++) {
			int16_t t = cb_mlkem_fqmul_pre(r[j + len], zeta, zq);

			r[j + len] = (int16_t)(r[j] - t);
			r[j] = (int16_t)(r[j] + t);
		}
	}
}

/*
 * FIPS 203 Algorithm 9.  Each layer adds at most q to the bound, so 7
 * layers from |r| < q stay below 8q < 2^15 and need no intermediate
 * reduction.
 */
void cb_mlkem_ntt(int16_t r[256])
{
	ntt_layer(r, 128, 1);
	ntt_layer(r, 64, 2);
	ntt_layer(r, 32, 4);
	ntt_layer(r, 16, 8);
	ntt_layer(r, 8, 16);
	ntt_layer(r, 4, 32);
	ntt_layer(r, 2, 64);
}

/*
 * Gentleman-Sande butterflies, zetas taken in reverse order (FIPS 203
 * Algorithm 10).  The sums are reduced only where asked: from |r| < q a sum
 * at most doubles per layer, so after three layers it is below 8q and the
 * differences fed to the multiplication stay below 2^15.
 */
static ALWAYS_INLINE void invntt_layer(int16_t r[256], unsigned len, unsigned k, int reduce)
{
	for (unsigned start = 0; start < 256; start += 2 * len, k--) {
		const int16_t zeta = cb_mlkem_zetas[k], zq = zetas_qinv[k];

		for (unsigned j = start; j < start + len; j++) {
			int16_t t = r[j], u = r[j + len];
			int16_t sum = (int16_t)(t + u);

			r[j] = reduce ? cb_mlkem_barrett_reduce(sum) : sum;
			r[j + len] = cb_mlkem_fqmul_pre((int16_t)(u - t), zeta, zq);
		}
	}
}

/* Bounds (input |r| < q): < 2q, < 4q, reduced to < q, < 2q, < 4q, reduced, < 2q. */
void cb_mlkem_invntt_tomont(int16_t r[256])
{
	/* 2^32 / 128 mod q, and the same times q^-1 mod 2^16 */
	const int16_t f = 1441, fq = (int16_t)(uint16_t)((1441u * (uint16_t)MLKEM_QINV) & 0xffff);

	invntt_layer(r, 2, 127, 0);
	invntt_layer(r, 4, 63, 0);
	invntt_layer(r, 8, 31, 1);
	invntt_layer(r, 16, 15, 0);
	invntt_layer(r, 32, 7, 0);
	invntt_layer(r, 64, 3, 1);
	invntt_layer(r, 128, 1, 0);
	for (unsigned j = 0; j < 256; j++)
		r[j] = cb_mlkem_fqmul_pre(r[j], f, fq);
}
