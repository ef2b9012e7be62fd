/*
 * What the generic layer (src/core/layer_pk.c, layer_sym.c) adds to a
 * timed call: the class's method called directly and through the layer
 * on the same handle, in interleaved batches (A B B A, so that a drift
 * within a pair cancels), the per-pair ratio's median and quartiles
 * (docs/ARCHITECTURE.md, "What the layer costs").  The cheapest calls a
 * run times: SHA-256 of 16 bytes and an X25519 derive, on OpenSSL and
 * libsodium.
 *
 *   layer-cost [PAIRS]     (default 201; the tests run it with 3)
 *
 * Prints one row per call; exits 1 when a call fails, 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/registry.h"

/* One call, both ways, on a prepared handle. */
typedef struct call {
	const char *label, *alg, *backend;
	const cb_alg_info *a;
	void *h;                      /* hash context or kex key */
	uint8_t in[65], out[64];
	size_t inlen;
} call;

static int run_one(call *c, int layer)
{
	const cb_hash_class *hc = cb_as_hash(c->a);
	const cb_kex_class *kc = cb_as_kex(c->a);
	size_t n = sizeof(c->out);
	if (hc)
		return layer ? cb_hash_digest(hc, c->h, c->in, c->inlen, c->out) : hc->digest(c->h, c->in, c->inlen, c->out);
	return layer ? cb_kex_derive(kc, c->h, c->in, c->inlen, c->out, &n) : kc->derive(c->h, c->in, c->inlen, c->out, &n);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Seconds per call of a batch of n. */
static double batch(call *c, int layer, long n, int *err)
{
	double t = now();
	for (long i = 0; i < n; i++)
		*err |= run_one(c, layer);
	return (now() - t) / n;
}

static int cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

static double quantile(double *v, int n, double q)
{
	qsort(v, (size_t)n, sizeof(*v), cmp);
	return v[(int)(q * (n - 1) + 0.5)];
}

static int prepare(call *c)
{
	const cb_hash_class *hc;
	const cb_kex_class *kc;
	void *peer = NULL;
	size_t n = sizeof(c->in);
	int r;
	if (!(c->a = cb_registry_find(c->alg, c->backend)) || cb_alg_unavailable(c->a))
		return -1;
	if ((hc = cb_as_hash(c->a))) {
		memset(c->in, 0x61, 16);
		c->inlen = 16;
		return cb_hash_init(hc, &c->h);
	}
	kc = cb_as_kex(c->a);
	if (!kc || (r = cb_kex_keygen(kc, NULL, &c->h)) != 0 || (r = cb_kex_keygen(kc, NULL, &peer)) != 0)
		return -1;
	r = cb_kex_export_public(kc, peer, c->in, &n);
	c->inlen = n;
	cb_kex_key_free(kc, peer);
	return r;
}

static void release(call *c)
{
	if (cb_as_hash(c->a))
		cb_hash_free(cb_as_hash(c->a), c->h);
	else if (c->a)
		cb_kex_key_free(cb_as_kex(c->a), c->h);
}

int main(int argc, char **argv)
{
	call calls[] = {
		{.label = "SHA-256 of 16 B", .alg = "sha256", .backend = "openssl"},
		{.label = "SHA-256 of 16 B", .alg = "sha256", .backend = "sodium"},
		{.label = "X25519 derive", .alg = "x25519", .backend = "openssl"},
		{.label = "X25519 derive", .alg = "x25519", .backend = "sodium"},
	};
	int pairs = argc > 1 ? atoi(argv[1]) : 201, rc = 0;
	if (argc > 2 || pairs < 1 || pairs > 100000) {
		fprintf(stderr, "usage: layer-cost [PAIRS]   (1 to 100000, default 201)\n");
		return 2;
	}
	printf("%-16s %-8s %14s %14s  %s\n", "call", "backend", "direct median", "layer median",
	       "layer/direct: median [p25, p75]");
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		call *c = &calls[i];
		double *d = malloc(sizeof(double) * (size_t)pairs), *l = malloc(sizeof(double) * (size_t)pairs),
		       *ratio = malloc(sizeof(double) * (size_t)pairs);
		long n = 1;
		int err = 0;
		if (!d || !l || !ratio || prepare(c)) {
			fprintf(stderr, "layer-cost: %s on %s cannot be prepared (not built?)\n", c->alg, c->backend);
			free(d), free(l), free(ratio);
			release(c);
			rc = 1;
			continue;
		}
		/* a batch of about 100 microseconds */
		while (batch(c, 0, n, &err) * n < 1e-4 && n < (1L << 24))
			n *= 2;
		for (int p = 0; p < pairs && !err; p++) {
			double a1 = batch(c, 0, n, &err), b1 = batch(c, 1, n, &err);
			double b2 = batch(c, 1, n, &err), a2 = batch(c, 0, n, &err);
			d[p] = (a1 + a2) / 2;
			l[p] = (b1 + b2) / 2;
			ratio[p] = l[p] / d[p];
		}
		if (err) {
			fprintf(stderr, "layer-cost: %s on %s failed\n", c->alg, c->backend);
			rc = 1;
		} else {
			double dm = quantile(d, pairs, 0.5), lm = quantile(l, pairs, 0.5);
			double r50 = quantile(ratio, pairs, 0.5), r25 = quantile(ratio, pairs, 0.25),
			       r75 = quantile(ratio, pairs, 0.75);
			printf("%-16s %-8s %11.1f ns %11.1f ns  %.3f [%.3f, %.3f]\n", c->label, c->backend, dm * 1e9, lm * 1e9,
			       r50, r25, r75);
		}
		free(d), free(l), free(ratio);
		release(c);
	}
	return rc;
}
