/*
 * ML-KEM arithmetic against plain definitions computed with exact integer
 * arithmetic (test code may use % and /): NTT, inverse NTT, base
 * multiplication and the whole product in R_q against schoolbook
 * multiplication mod X^256 + 1, including worst-case inputs at the bounds
 * the lazy reductions rely on; compression and decompression exhaustively;
 * the division by q exhaustively over its input range; Barrett reduction
 * on every int16_t; the modulus check.
 */
#include "mlkem/ntt.h"
#include "mlkem/poly.h"
#include "mlkem/reduce.h"
#include "testutil.h"

#define Q MLKEM_Q
#define R_MOD_Q 2285 /* 2^16 mod q */

static int64_t md(int64_t a)
{
	a %= Q;
	return a < 0 ? a + Q : a;
}

static int64_t pw(int64_t b, unsigned e)
{
	int64_t r = 1;

	for (; e; e >>= 1, b = md(b * b))
		if (e & 1)
			r = md(r * b);
	return r;
}

static unsigned brv7(unsigned i)
{
	unsigned r = 0;

	for (int b = 0; b < 7; b++)
		r |= ((i >> b) & 1) << (6 - b);
	return r;
}

/* FIPS 203 Algorithms 9 and 10 with zeta = 17, all values in [0, q). */
static void ref_ntt(int64_t f[256])
{
	unsigned i = 1;

	for (unsigned len = 128; len >= 2; len /= 2)
		for (unsigned start = 0; start < 256; start += 2 * len) {
			int64_t z = pw(17, brv7(i++));

			for (unsigned j = start; j < start + len; j++) {
				int64_t t = md(z * f[j + len]);

				f[j + len] = md(f[j] - t);
				f[j] = md(f[j] + t);
			}
		}
}

static void ref_invntt(int64_t f[256])
{
	unsigned i = 127;

	for (unsigned len = 2; len <= 128; len *= 2)
		for (unsigned start = 0; start < 256; start += 2 * len) {
			int64_t z = pw(17, brv7(i--));

			for (unsigned j = start; j < start + len; j++) {
				int64_t t = f[j];

				f[j] = md(t + f[j + len]);
				f[j + len] = md(z * (f[j + len] - t));
			}
		}
	for (unsigned j = 0; j < 256; j++)
		f[j] = md(f[j] * 3303); /* 128^-1 mod q */
}

static void schoolbook(int64_t c[256], const int64_t a[256], const int64_t b[256])
{
	for (unsigned i = 0; i < 256; i++)
		c[i] = 0;
	for (unsigned i = 0; i < 256; i++)
		for (unsigned j = 0; j < 256; j++) {
			int64_t p = a[i] * b[j];

			if (i + j < 256)
				c[i + j] = md(c[i + j] + p);
			else
				c[i + j - 256] = md(c[i + j - 256] - p);
		}
}

/* Coefficients in [-(bound), bound]; kind 0 random, 1 all +bound, 2 all -bound, 3 alternating. */
static void fill_poly(cb_mlkem_poly *p, int16_t bound, int kind, uint64_t seed)
{
	uint8_t buf[512];

	tu_fill(buf, sizeof(buf), seed);
	for (unsigned i = 0; i < 256; i++) {
		int32_t v = (int32_t)((buf[2 * i] | buf[2 * i + 1] << 8) % (2 * bound + 1)) - bound;

		if (kind == 1)
			v = bound;
		else if (kind == 2)
			v = -bound;
		else if (kind == 3)
			v = (i & 1) ? bound : -bound;
		p->c[i] = (int16_t)v;
	}
}

static void to64(int64_t out[256], const cb_mlkem_poly *p)
{
	for (unsigned i = 0; i < 256; i++)
		out[i] = md(p->c[i]);
}

static int bounded(const cb_mlkem_poly *p, int32_t bound)
{
	for (unsigned i = 0; i < 256; i++)
		if (p->c[i] >= bound || p->c[i] <= -bound)
			return 0;
	return 1;
}

static void check_same(const cb_mlkem_poly *p, const int64_t ref[256], int64_t factor, const char *what)
{
	unsigned bad = 0;

	for (unsigned i = 0; i < 256; i++)
		bad += md(p->c[i]) != md(ref[i] * factor);
	if (bad)
		tu_note("%s: %u coefficients differ", what, bad);
	CHECK(bad == 0);
}

static void test_transforms(void)
{
	for (int kind = 0; kind < 4; kind++)
		for (uint64_t s = 0; s < 8; s++) {
			cb_mlkem_poly p;
			int64_t ref[256];

			/* NTT of any |x| < q: plain values, |out| < 8q */
			fill_poly(&p, Q - 1, kind, 100 + s);
			to64(ref, &p);
			cb_mlkem_ntt(p.c);
			ref_ntt(ref);
			CHECK(bounded(&p, 8 * Q));
			check_same(&p, ref, 1, "ntt");

			/* inverse NTT of any |x| < q: times 2^16, |out| < q */
			fill_poly(&p, Q - 1, kind, 200 + s);
			to64(ref, &p);
			cb_mlkem_invntt_tomont(p.c);
			ref_invntt(ref);
			CHECK(bounded(&p, Q));
			check_same(&p, ref, R_MOD_Q, "invntt");
		}
}

/* a (x) b over k = 4 entries, through NTT, base multiplication and inverse NTT. */
static void test_product(void)
{
	for (int kind = 0; kind < 4; kind++)
		for (uint64_t s = 0; s < 3; s++) {
			cb_mlkem_poly a[4], b[4], r;
			cb_mlkem_mulcache bc[4];
			int64_t acc[256] = {0}, x[256], y[256], c[256];

			for (int l = 0; l < 4; l++) {
				/* the matrix side in [0, q), the other side any |x| < q */
				fill_poly(&a[l], Q - 1, kind, 300 + 8 * s + l);
				fill_poly(&b[l], Q - 1, kind == 1 ? 2 : kind, 400 + 8 * s + l);
				to64(x, &a[l]);
				to64(y, &b[l]);
				schoolbook(c, x, y);
				for (int i = 0; i < 256; i++)
					acc[i] = md(acc[i] + c[i]);
				cb_mlkem_poly_ntt(&a[l]);
				for (int i = 0; i < 256; i++)
					a[l].c[i] = cb_mlkem_caddq(a[l].c[i]);
				cb_mlkem_poly_ntt(&b[l]);
				cb_mlkem_poly_mulcache_compute(&bc[l], &b[l]);
			}
			cb_mlkem_poly_basemul_acc(&r, a, b, bc, 4);
			CHECK(bounded(&r, Q));
			cb_mlkem_poly_invntt_tomont(&r);
			CHECK(bounded(&r, Q));
			check_same(&r, acc, 1, "product");
		}
}

static void test_compression(void)
{
	static const unsigned ds[] = {1, 4, 5, 10, 11};
	unsigned bad = 0;

	for (size_t k = 0; k < sizeof(ds) / sizeof(ds[0]); k++) {
		unsigned d = ds[k];

		for (int32_t x = -(Q - 1); x < Q; x++) {
			cb_mlkem_poly p, back;
			uint8_t buf[32 * 11], msg[32];
			uint32_t xs = (uint32_t)md(x);
			/* round(2^d x / q) mod 2^d, and round(q y / 2^d) */
			uint32_t want = (uint32_t)((((uint64_t)xs << (d + 1)) + Q) / (2 * Q)) & ((1u << d) - 1);
			int64_t back_want = ((int64_t)want * 2 * Q + (1 << d)) / (2 << d);

			for (int i = 0; i < 256; i++)
				p.c[i] = (int16_t)(i == 7 ? x : 0);
			if (d == 1) {
				cb_mlkem_poly_tomsg(msg, &p);
				bad += ((msg[0] >> 7) & 1) != want;
				cb_mlkem_poly_frommsg(&back, msg);
			} else {
				cb_mlkem_poly_compress(buf, &p, d);
				cb_mlkem_poly_decompress(&back, buf, d);
			}
			bad += back.c[7] != back_want;
			bad += back.c[6] != 0 || back.c[8] != 0;
		}
	}
	CHECK_EQ_INT(bad, 0);
}

static void test_div_q(void)
{
	unsigned long bad = 0;

	for (uint32_t y = 0; y < (1u << 23); y++)
		bad += cb_mlkem_div_q(y) != y / Q;
	CHECK_EQ_INT(bad, 0);
}

/* Barrett: congruent, centered (|r| <= (q-1)/2), equal to the 32-bit form, for every int16_t. */
static void test_barrett(void)
{
	unsigned long bad = 0;

	for (int32_t a = INT16_MIN; a <= INT16_MAX; a++) {
		int16_t r = cb_mlkem_barrett_reduce((int16_t)a);
		int32_t t = (20159 * a + (1 << 25)) >> 26;

		bad += md(r - a) != 0 || r > (Q - 1) / 2 || r < -(Q - 1) / 2 || r != a - t * Q;
	}
	CHECK_EQ_INT(bad, 0);
}

static void test_encoding(void)
{
	cb_mlkem_poly p, back;
	uint8_t buf[MLKEM_POLYBYTES];
	unsigned bad = 0;

	for (int32_t x = 0; x < 4096; x++) {
		for (int i = 0; i < 256; i++)
			p.c[i] = (int16_t)((x + 13 * i) % Q);
		cb_mlkem_poly_tobytes(buf, &p);
		CHECK(cb_mlkem_poly_check_reduced(buf) == 0);
		cb_mlkem_poly_frombytes(&back, buf);
		for (int i = 0; i < 256; i++)
			bad += back.c[i] != p.c[i];
		/* raw 12-bit value x at coefficient 5 (odd position) */
		buf[7] = (uint8_t)((buf[7] & 0x0f) | (x & 0x0f) << 4);
		buf[8] = (uint8_t)(x >> 4);
		bad += (cb_mlkem_poly_check_reduced(buf) == 0) != (x < Q);
		cb_mlkem_poly_frombytes(&back, buf);
		bad += back.c[5] != x % Q;
	}
	CHECK_EQ_INT(bad, 0);
}

int main(void)
{
	test_transforms();
	test_product();
	test_compression();
	test_div_q();
	test_barrett();
	test_encoding();
	return tu_finish();
}
