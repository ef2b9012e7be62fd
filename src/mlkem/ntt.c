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

/*
 * Each layer adds at most q to the bound, so 7 layers from |r| < q stay
 * below 8q < 2^15 and need no intermediate reduction.
 */
void cb_mlkem_ntt(int16_t r[256])
{
	unsigned k = 1;

	for (unsigned len = 128; len >= 2; len >>= 1) {
		for (unsigned start = 0; start < 256; start += 2 * len) {
			int16_t zeta = cb_mlkem_zetas[k++];

			for (unsigned j = start; j < start + len; j++) {
				int16_t t = cb_mlkem_fqmul(zeta, r[j + len]);

				r[j + len] = (int16_t)(r[j] - t);
				r[j] = (int16_t)(r[j] + t);
			}
		}
	}
}

void cb_mlkem_invntt_tomont(int16_t r[256])
{
	const int16_t f = 1441; /* 2^32 / 128 mod q */
	unsigned k = 127;

	for (unsigned len = 2; len <= 128; len <<= 1) {
		for (unsigned start = 0; start < 256; start += 2 * len) {
			int16_t zeta = cb_mlkem_zetas[k--];

			for (unsigned j = start; j < start + len; j++) {
				int16_t t = r[j];

				r[j] = cb_mlkem_barrett_reduce((int16_t)(t + r[j + len]));
				r[j + len] = cb_mlkem_fqmul(zeta, (int16_t)(r[j + len] - t));
			}
		}
	}
	for (unsigned j = 0; j < 256; j++)
		r[j] = cb_mlkem_fqmul(r[j], f);
}
