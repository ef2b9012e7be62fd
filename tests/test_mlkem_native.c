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
#include "testutil.h"

#ifdef CB_MLKEM_HAVE_AVX2
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

int main(void)
{
	if (!cb_mlkem_impl_available(CB_MLKEM_IMPL_AVX2)) {
		printf("no AVX2 on this CPU: skipped\n");
		return 77;
	}
	test_ntt();
	test_basemul();
	test_small();
	(void)rnd_bytes;
	return tu_finish();
}

#else
int main(void)
{
	printf("native ML-KEM path not built here: skipped\n");
	return 77;
}
#endif
