/*
 * Each kernel of the native (AVX2) ML-KEM path against its portable twin,
 * on many random inputs and on extreme coefficients at the bounds the
 * callers guarantee.  The native kernels compute exactly what the portable
 * ones compute, so outputs are compared for equality (coefficients and
 * bytes), not only mod q.  Skipped (77) where the CPU lacks AVX2 or the
 * native path is not built.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem/mlkem.h"
#include "mlkem/poly.h"
#include "mlkem/sampling.h"
#include "sha3/sha3.h"
#include "testutil.h"

#ifdef CB_MLKEM_HAVE_AVX2
#include "mlkem/x86_64/keccak4x.h"
#include "mlkem/x86_64/native.h"

#define Q MLKEM_Q
#define ROUNDS 2000

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(void)
{
	/* xorshift64*: reproducible test inputs */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static void rnd_bytes(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rnd();
}

/* A value in (-bound, bound), with the extremes +-(bound - 1) and 0 often. */
static int16_t rnd_coeff(int bound)
{
	switch (rnd() % 8) {
	case 0: return (int16_t)(bound - 1);
	case 1: return (int16_t)-(bound - 1);
	case 2: return 0;
	default: return (int16_t)((int)(rnd() % (uint64_t)(2 * bound - 1)) - (bound - 1));
	}
}

/* Input families: 0 random, 1 all +max, 2 all -max, 3 alternating extremes. */
static void fill(cb_mlkem_poly *p, int bound, int family)
{
	for (unsigned i = 0; i < MLKEM_N; i++) {
		switch (family) {
		case 1: p->c[i] = (int16_t)(bound - 1); break;
		case 2: p->c[i] = (int16_t)-(bound - 1); break;
		case 3: p->c[i] = (int16_t)((i & 1) ? bound - 1 : -(bound - 1)); break;
		default: p->c[i] = rnd_coeff(bound); break;
		}
	}
}

static int family(unsigned round)
{
	return round < 4 ? (int)round : 0;
}

static void test_ntt(void)
{
	for (unsigned n = 0; n < ROUNDS; n++) {
		cb_mlkem_poly a, b;

		fill(&a, Q, family(n));
		b = a;
		cb_mlkem_poly_ntt(&a);
		cb_mlkem_avx2_poly_ntt(&b);
		CHECK_MEM(a.c, b.c, sizeof(a.c));

		fill(&a, Q, family(n));
		b = a;
		cb_mlkem_poly_invntt_tomont(&a);
		cb_mlkem_avx2_poly_invntt_tomont(&b);
		CHECK_MEM(a.c, b.c, sizeof(a.c));
	}
}

static void test_basemul(void)
{
	for (unsigned n = 0; n < ROUNDS; n++) {
		cb_mlkem_poly a[4], b[4], r1, r2;
		cb_mlkem_mulcache c1[4], c2[4];
		unsigned k = 1 + n % 4;

		for (unsigned l = 0; l < k; l++) {
			fill(&a[l], Q, family(n));
			fill(&b[l], Q, n % 5 == 4 ? 1 + (int)(n / 5) % 4 : family(n));
			cb_mlkem_poly_mulcache_compute(&c1[l], &b[l]);
			cb_mlkem_avx2_poly_mulcache_compute(&c2[l], &b[l]);
			CHECK_MEM(c1[l].c, c2[l].c, sizeof(c1[l].c));
		}
		cb_mlkem_poly_basemul_acc(&r1, a, b, c1, k);
		cb_mlkem_avx2_poly_basemul_acc(&r2, a, b, c1, k);
		CHECK_MEM(r1.c, r2.c, sizeof(r1.c));
	}
}

static void test_small(void)
{
	for (unsigned n = 0; n < ROUNDS; n++) {
		cb_mlkem_poly a, b, c, d;

		/* any int16_t for Barrett and tomont */
		fill(&a, 32768, family(n));
		b = a;
		cb_mlkem_poly_reduce(&a);
		cb_mlkem_avx2_poly_reduce(&b);
		CHECK_MEM(a.c, b.c, sizeof(a.c));
		fill(&a, 32768, family(n));
		b = a;
		cb_mlkem_poly_tomont(&a);
		cb_mlkem_avx2_poly_tomont(&b);
		CHECK_MEM(a.c, b.c, sizeof(a.c));

		fill(&a, 4 * Q, family(n));
		fill(&c, 4 * Q, 0);
		b = a;
		d = c;
		cb_mlkem_poly_add(&a, &c);
		cb_mlkem_avx2_poly_add(&b, &d);
		CHECK_MEM(a.c, b.c, sizeof(a.c));
		cb_mlkem_poly_sub(&a, &c);
		cb_mlkem_avx2_poly_sub(&b, &d);
		CHECK_MEM(a.c, b.c, sizeof(a.c));
	}
}

/* Both four-way permutations against the one-way permutation, lane by lane. */
static void test_f1600x4(void)
{
	for (unsigned n = 0; n < 100; n++) {
		cb_keccak4x_state a, b;
		uint64_t ref[4][25];

		for (unsigned i = 0; i < 25; i++)
			for (unsigned j = 0; j < 4; j++)
				a.s[i][j] = ref[j][i] = n == 0 ? 0 : n == 1 ? ~0ULL : rnd();
		b = a;
		for (unsigned j = 0; j < 4; j++)
			cb_keccak_f1600(ref[j]);
		cb_keccak4x_f1600_avx2(&a);
		for (unsigned i = 0; i < 25; i++)
			for (unsigned j = 0; j < 4; j++)
				CHECK(a.s[i][j] == ref[j][i]);
		if (cb_keccak4x_avx512vl()) {
			cb_keccak4x_f1600_avx512vl(&b);
			CHECK_MEM(a.s, b.s, sizeof(a.s));
		}
	}
	printf("four-way Keccak in use: %s\n", cb_keccak4x_avx512vl() ? "AVX-512VL" : "AVX2");
}

/* Four-way sponge against the one-way SHAKE128 / SHAKE256, lengths across block boundaries. */
static void test_keccak4x(void)
{
	static const unsigned rates[2] = {CB_SHAKE128_RATE, CB_SHAKE256_RATE};

	for (unsigned n = 0; n < 200; n++) {
		unsigned rate = rates[n % 2];
		size_t len = n % 7 == 0 ? rate * (n % 3) : rnd() % (3 * rate);
		uint8_t in[4][3 * CB_SHAKE128_RATE], out[4][3 * CB_SHAKE128_RATE], ref[3 * CB_SHAKE128_RATE];
		const uint8_t *inp[4] = {in[0], in[1], in[2], in[3]};
		uint8_t *outp[4] = {out[0], out[1], out[2], out[3]};
		size_t blocks = 1 + n % 3;
		cb_keccak4x_state st;

		rnd_bytes(&in[0][0], sizeof(in));
		cb_keccak4x_absorb_once(&st, rate, inp, len, CB_KECCAK_DS_SHAKE);
		cb_keccak4x_squeezeblocks(&st, rate, outp, blocks);
		for (unsigned j = 0; j < 4; j++) {
			if (rate == CB_SHAKE128_RATE)
				cb_shake128(ref, blocks * rate, in[j], len);
			else
				cb_shake256(ref, blocks * rate, in[j], len);
			CHECK_MEM(out[j], ref, blocks * rate);
		}
	}
}

static void test_sampling(void)
{
	for (unsigned n = 0; n < 300; n++) {
		uint8_t rho[32], x[4], y[4], nonce[4];
		unsigned eta[4];
		cb_mlkem_poly p[4], q[4];
		cb_mlkem_poly *pp[4] = {&p[0], &p[1], &p[2], &p[3]};

		rnd_bytes(rho, sizeof(rho));
		rnd_bytes(x, 4);
		rnd_bytes(y, 4);
		rnd_bytes(nonce, 4);
		cb_mlkem_avx2_sample_ntt_x4(pp, rho, x, y);
		for (unsigned j = 0; j < 4; j++) {
			cb_mlkem_sample_ntt(&q[j], rho, x[j], y[j]);
			CHECK_MEM(p[j].c, q[j].c, sizeof(p[j].c));
		}
		for (unsigned j = 0; j < 4; j++)
			eta[j] = (n >> j) & 1 ? 3 : 2;
		cb_mlkem_avx2_poly_getnoise_x4(pp, rho, nonce, eta);
		for (unsigned j = 0; j < 4; j++) {
			cb_mlkem_poly_getnoise(&q[j], rho, nonce[j], eta[j]);
			CHECK_MEM(p[j].c, q[j].c, sizeof(p[j].c));
		}
	}
}

/* Rejection sampling and CBD against the portable pieces; byte patterns 0x00, 0xff, 0x0d (q's bytes) and random. */
static void fill_bytes(uint8_t *p, size_t n, unsigned round)
{
	static const uint8_t pat[3] = {0x00, 0xff, 0x0d};

	if (round < 3)
		memset(p, pat[round], n);
	else
		rnd_bytes(p, n);
}

static void test_rej_cbd(void)
{
	for (unsigned n = 0; n < ROUNDS; n++) {
		uint8_t buf[3 * CB_SHAKE128_RATE];
		int16_t r1[MLKEM_N + 3 * CB_SHAKE128_RATE], r2[MLKEM_N + 3 * CB_SHAKE128_RATE];
		unsigned start = n % 3 == 0 ? 0 : (unsigned)(rnd() % MLKEM_N);
		size_t len = CB_SHAKE128_RATE * (1 + n % 3);
		cb_mlkem_poly a, b;
		unsigned c1, c2;

		fill_bytes(buf, sizeof(buf), n);
		/* words below 3329 with q itself among them: candidates q - 1, q, q + 1 */
		if (n == 3)
			for (size_t i = 0; i + 3 <= sizeof(buf); i += 3) {
				unsigned v0 = MLKEM_Q - 1 + (unsigned)(i / 3) % 3, v1 = MLKEM_Q + 1;

				buf[i] = (uint8_t)v0;
				buf[i + 1] = (uint8_t)((v0 >> 8) | (v1 << 4));
				buf[i + 2] = (uint8_t)(v1 >> 4);
			}
		memset(r1, 0x55, sizeof(r1));
		memset(r2, 0x55, sizeof(r2));
		c1 = cb_mlkem_rej_uniform(r1, start, buf, len);
		c2 = cb_mlkem_avx2_rej_uniform(r2, start, buf, len);
		CHECK_EQ_INT(c1, c2);
		CHECK_MEM(r1, r2, c1 * sizeof(int16_t));

		cb_mlkem_cbd2(&a, buf);
		cb_mlkem_avx2_cbd2(&b, buf);
		CHECK_MEM(a.c, b.c, sizeof(a.c));
		cb_mlkem_cbd3(&a, buf);
		cb_mlkem_avx2_cbd3(&b, buf);
		CHECK_MEM(a.c, b.c, sizeof(a.c));
	}
}

/* ByteEncode_12 / ByteDecode_12, Compress_d and the modulus check against the portable ones. */
static void test_encode(void)
{
	/* every input value of Compress_d and ByteEncode_12, -(q-1) .. q-1 */
	for (int base = -(Q - 1); base < Q; base += MLKEM_N) {
		uint8_t b1[MLKEM_POLYBYTES], b2[MLKEM_POLYBYTES];
		cb_mlkem_poly a;

		for (int i = 0; i < MLKEM_N; i++)
			a.c[i] = (int16_t)(base + i < Q ? base + i : Q - 1);
		cb_mlkem_poly_tobytes(b1, &a);
		cb_mlkem_avx2_poly_tobytes(b2, &a);
		CHECK_MEM(b1, b2, sizeof(b1));
		cb_mlkem_poly_tomsg(b1, &a);
		cb_mlkem_avx2_poly_tomsg(b2, &a);
		CHECK_MEM(b1, b2, MLKEM_SYMBYTES);
		for (unsigned d = 4; d <= 11; d++) {
			cb_mlkem_poly_compress(b1, &a, d);
			cb_mlkem_avx2_poly_compress(b2, &a, d);
			CHECK_MEM(b1, b2, 32 * d);
		}
	}
	for (unsigned n = 0; n < ROUNDS; n++) {
		uint8_t buf[MLKEM_POLYBYTES], b1[MLKEM_POLYBYTES], b2[MLKEM_POLYBYTES];
		cb_mlkem_poly a, b;

		fill_bytes(buf, sizeof(buf), n);
		/* one value of q, or of q - 1, at a random place */
		if (n % 4 == 3) {
			unsigned i = (unsigned)(rnd() % 128), v = MLKEM_Q - (n / 4) % 2;

			buf[3 * i] = (uint8_t)v;
			buf[3 * i + 1] = (uint8_t)((buf[3 * i + 1] & 0xf0) | (v >> 8));
		}
		cb_mlkem_poly_frombytes(&a, buf);
		cb_mlkem_avx2_poly_frombytes(&b, buf);
		CHECK_MEM(a.c, b.c, sizeof(a.c));
		CHECK_EQ_INT(cb_mlkem_poly_check_reduced(buf), cb_mlkem_avx2_poly_check_reduced(buf));

		cb_mlkem_poly_frommsg(&a, buf);
		cb_mlkem_avx2_poly_frommsg(&b, buf);
		CHECK_MEM(a.c, b.c, sizeof(a.c));
		for (unsigned d = 4; d <= 11; d++) {
			cb_mlkem_poly_decompress(&a, buf, d);
			cb_mlkem_avx2_poly_decompress(&b, buf, d);
			CHECK_MEM(a.c, b.c, sizeof(a.c));
		}

		fill(&a, Q, family(n));
		cb_mlkem_poly_tobytes(b1, &a);
		cb_mlkem_avx2_poly_tobytes(b2, &a);
		CHECK_MEM(b1, b2, sizeof(b1));
		cb_mlkem_poly_tomsg(b1, &a);
		cb_mlkem_avx2_poly_tomsg(b2, &a);
		CHECK_MEM(b1, b2, MLKEM_SYMBYTES);
		for (unsigned i = 0; i < 4; i++) {
			static const unsigned ds[4] = {4, 5, 10, 11};

			cb_mlkem_poly_compress(b1, &a, ds[i]);
			cb_mlkem_avx2_poly_compress(b2, &a, ds[i]);
			CHECK_MEM(b1, b2, 32 * ds[i]);
		}
	}
}

int main(void)
{
	if (!cb_mlkem_impl_available(CB_MLKEM_IMPL_AVX2)) {
		printf("no AVX2 on this CPU: skipped\n");
		return 77;
	}
	test_ntt();
	test_basemul();
	test_small();
	test_f1600x4();
	test_keccak4x();
	test_sampling();
	test_rej_cbd();
	test_encode();
	return tu_finish();
}

#else
int main(void)
{
	printf("native ML-KEM path not built here: skipped\n");
	return 77;
}
#endif
