/*
 * The own ML-DSA (src/mldsa, FIPS 204) beyond the published vectors (which
 * test_vectors runs through the classes): the arithmetic against its
 * definitions, and the classes' behaviour (round trips, context string,
 * deterministic and hedged signing, modified signatures and messages,
 * malformed keys and hints).
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "mldsa/mldsa.h"
#include "mldsa/poly.h"
#ifdef CB_MLKEM_HAVE_AVX2
#include "mldsa/x86_64/ntt_avx2.h"
#include "mldsa/x86_64/rounding_avx2.h"
#endif
#include "testutil.h"

#define Q MLDSA_Q

static int64_t modq(int64_t a)
{
	a %= Q;
	return a < 0 ? a + Q : a;
}

/* NTT then inverse NTT gives the input times 2^32 (the Montgomery factor); pointwise products multiply mod X^256 + 1. */
static void arith(void)
{
	static int32_t a[MLDSA_N], b[MLDSA_N], c[MLDSA_N];
	static int64_t want[MLDSA_N];
	uint64_t st = 1;
	const int64_t r = ((int64_t)1 << 32) % Q, rinv = 8265825; /* 2^-32 mod q */

	CHECK_EQ_INT(modq(r * rinv), 1);
	for (int round = 0; round < 20; round++) {
		for (int i = 0; i < MLDSA_N; i++) {
			/* extremes in the first rounds, random after */
			a[i] = round == 0 ? Q - 1 : round == 1 ? -(Q - 1) : (int32_t)(tu_uniform(&st) * (2 * Q - 1)) - (Q - 1);
			b[i] = (int32_t)(tu_uniform(&st) * Q);
		}
		memset(want, 0, sizeof(want));
		for (int i = 0; i < MLDSA_N; i++)
			for (int j = 0; j < MLDSA_N; j++) {
				int64_t p = modq((int64_t)a[i] * b[j]);
				if (i + j < MLDSA_N)
					want[i + j] = modq(want[i + j] + p);
				else
					want[i + j - MLDSA_N] = modq(want[i + j - MLDSA_N] - p);
			}
		memcpy(c, a, sizeof(c));
		cb_mldsa_ntt(c);
		for (int i = 0; i < MLDSA_N; i++)
			CHECK(c[i] > -9 * Q && c[i] < 9 * Q);
		cb_mldsa_ntt(b);
		for (int i = 0; i < MLDSA_N; i++)
			c[i] = cb_mldsa_mont((int64_t)c[i] * b[i]);
		cb_mldsa_invntt_tomont(c);
		int ok = 1;
		for (int i = 0; i < MLDSA_N; i++)
			ok &= c[i] > -Q && c[i] < Q && modq(c[i]) == want[i];
		CHECK(ok);
	}
	/* reduce32, freeze, centre on their whole ranges' edges and a sweep */
	for (int64_t x = -(int64_t)Q + 1; x < 2 * (int64_t)Q; x += 997) {
		int32_t f = cb_mldsa_freeze((int32_t)x);
		CHECK(f >= 0 && f < Q && modq(f) == modq(x));
	}
	for (int64_t x = -(int64_t)Q + 1; x < Q; x += 991) {
		int32_t ce = cb_mldsa_centre((int32_t)x);
		CHECK(ce >= -(Q - 1) / 2 && ce <= (Q - 1) / 2 && modq(ce) == modq(x));
	}
}

/*
 * The AVX2 kernels against the portable code, coefficient for coefficient
 * (not only mod q): extremes of the input bounds first, random after.
 */
static void kernels(void)
{
#ifdef CB_MLKEM_HAVE_AVX2
	static int32_t a[MLDSA_N], b[MLDSA_N], x[7][MLDSA_N], y[7][MLDSA_N], c[MLDSA_N], d[MLDSA_N], o1[MLDSA_N],
		o2[MLDSA_N];
	uint64_t st = 7;
	int ok_ntt = 1, ok_inv = 1, ok_acc = 1;

	if (!__builtin_cpu_supports("avx2")) {
		tu_note("no AVX2: kernels not checked");
		return;
	}
	for (int round = 0; round < 200; round++) {
		const unsigned l = 1 + (unsigned)round % 7;
		for (int i = 0; i < MLDSA_N; i++) {
			a[i] = round == 0 ? Q - 1 : round == 1 ? -(Q - 1) : (int32_t)(tu_uniform(&st) * (2 * Q - 1)) - (Q - 1);
			c[i] = round == 0 ? -(Q - 1) : round == 1 ? Q - 1 : (int32_t)(tu_uniform(&st) * (2 * Q - 1)) - (Q - 1);
			d[i] = round < 2 ? 9 * Q - 1 : (int32_t)(tu_uniform(&st) * (18 * Q - 1)) - (9 * Q - 1);
			for (unsigned j = 0; j < 7; j++) {
				x[j][i] = round < 2 ? Q - 1 : (int32_t)(tu_uniform(&st) * (2 * Q - 1)) - (Q - 1);
				y[j][i] = round < 2 ? 9 * Q - 1 : (int32_t)(tu_uniform(&st) * (18 * Q - 1)) - (9 * Q - 1);
			}
		}
		memcpy(b, a, sizeof(b));
		cb_mldsa_ntt(a);
		cb_mldsa_ntt_avx2(b);
		ok_ntt &= memcmp(a, b, sizeof(a)) == 0;
		memcpy(a, c, sizeof(a));
		memcpy(b, c, sizeof(b));
		cb_mldsa_invntt_tomont(a);
		cb_mldsa_invntt_avx2(b);
		ok_inv &= memcmp(a, b, sizeof(a)) == 0;
		for (int i = 0; i < MLDSA_N; i++) {
			int64_t acc = round & 1 ? -(int64_t)c[i] * d[i] : 0;
			for (unsigned j = 0; j < l; j++)
				acc += (int64_t)x[j][i] * y[j][i];
			o1[i] = cb_mldsa_mont(acc);
		}
		cb_mldsa_macc_avx2(o2, x[0], y[0], l, round & 1 ? c : NULL, round & 1 ? d : NULL);
		ok_acc &= memcmp(o1, o2, sizeof(o1)) == 0;
	}
	CHECK(ok_ntt);
	CHECK(ok_inv);
	CHECK(ok_acc);
#else
	tu_note("no x86-64 kernels in this build");
#endif
}

#ifdef CB_MLKEM_HAVE_AVX2
/* Decompose (FIPS 204 Algorithm 36) as written there: r0 = r mod+- 2 gamma2, with division */
static int32_t spec_decompose(int32_t *r0, int32_t r, int32_t g2)
{
	int32_t a0 = r % (2 * g2);

	if (a0 > g2)
		a0 -= 2 * g2;
	if (r - a0 == Q - 1) {
		*r0 = a0 - 1;
		return 0;
	}
	*r0 = a0;
	return (r - a0) / (2 * g2);
}

/* UseHint (Algorithm 40) as written there */
static int32_t spec_use_hint(int32_t h, int32_t r, int32_t g2)
{
	const int32_t m = (Q - 1) / (2 * g2);
	int32_t r0, r1 = spec_decompose(&r0, r, g2);

	if (h && r0 > 0)
		return (r1 + 1) % m;
	if (h)
		return (r1 - 1 + m) % m;
	return r1;
}

static int32_t rnd_range(uint64_t *st, int32_t lo, int32_t hi)
{
	return lo + (int32_t)(tu_uniform(st) * (double)(hi - lo + 1));
}

/*
 * The AVX2 rounding kernels (rounding_avx2.c) against FIPS 204's
 * definitions: HighBits and UseHint for every r in [0, q) of both
 * gamma2, LowBits' norm check, MakeHint and Power2Round on random and
 * edge inputs, and the rejection step against the portable one.
 */
static void rounding_kernels(void)
{
	static int32_t w[MLDSA_N], v[MLDSA_N], t[MLDSA_N], y[MLDSA_N], z[MLDSA_N], r1[MLDSA_N], h[MLDSA_N];
	static const int32_t g2s[2] = {(Q - 1) / 88, (Q - 1) / 32};
	uint64_t st = 11;
	int ok_hi = 1, ok_use = 1, ok_low = 1, ok_hint = 1, ok_p2r = 1, ok_z = 1, ok_rej = 1;

	if (!__builtin_cpu_supports("avx2"))
		return;
	for (int g = 0; g < 2; g++) {
		const int32_t g2 = g2s[g];
		for (int32_t base = 0; base < Q; base += MLDSA_N) {
			for (int i = 0; i < MLDSA_N; i++) {
				int32_t r = base + i < Q ? base + i : Q - 1;
				/* HighBits takes w in (-q, q): every other chunk as r - q */
				w[i] = (base / MLDSA_N) & 1 && r > 0 ? r - Q : r;
				h[i] = (i ^ (base / MLDSA_N)) & 1;
			}
			memcpy(v, w, sizeof(v));
			cb_mldsa_highbits_avx2(r1, v, g2);
			for (int i = 0; i < MLDSA_N; i++) {
				int32_t r = w[i] < 0 ? w[i] + Q : w[i], r0;
				ok_hi &= v[i] == r && r1[i] == spec_decompose(&r0, r, g2);
			}
			cb_mldsa_use_hint_avx2(r1, w, h, g2);
			for (int i = 0; i < MLDSA_N; i++)
				ok_use &= r1[i] == spec_use_hint(h[i], w[i] < 0 ? w[i] + Q : w[i], g2);
		}
		for (int round = 0; round < 2000; round++) {
			const int32_t bound = g2 - MLDSA_BETA(g ? 6 : 4);
			uint32_t want = 0, got;
			unsigned count = 0, want_count = 0;
			for (int i = 0; i < MLDSA_N; i++) {
				w[i] = rnd_range(&st, 0, Q - 1);
				/* small products in most rounds so that the norm check passes sometimes */
				t[i] = round & 1 ? rnd_range(&st, -(Q - 1), Q - 1) : rnd_range(&st, -2 * g2, 2 * g2);
			}
			/* LowBits' check: v = freeze(w - centre(t)), some |r0| >= bound */
			memcpy(v, w, sizeof(v));
			got = cb_mldsa_sub_lowbits_avx2(v, t, g2, bound);
			for (int i = 0; i < MLDSA_N; i++) {
				int32_t r0, e = (int32_t)modq((int64_t)w[i] - cb_mldsa_centre(t[i]));
				(void)spec_decompose(&r0, e, g2);
				want |= r0 >= bound || r0 <= -bound;
				ok_low &= v[i] == e;
			}
			ok_low &= (got != 0) == (want != 0);
			/* MakeHint(-ct0, v + ct0): the high bits of v and v + ct0 differ; |ct0| >= gamma2 rejects */
			for (int i = 0; i < MLDSA_N; i++)
				t[i] = round & 2 ? rnd_range(&st, -(Q - 1), Q - 1) : rnd_range(&st, -g2 - 2, g2 + 2);
			memcpy(v, w, sizeof(v));
			want = 0;
			got = cb_mldsa_make_hint_avx2(v, t, g2, &count);
			for (int i = 0; i < MLDSA_N; i++) {
				int32_t r0, ct0 = cb_mldsa_centre(t[i]);
				int32_t e = spec_decompose(&r0, w[i], g2) != spec_decompose(&r0, (int32_t)modq((int64_t)w[i] + ct0), g2);
				want |= ct0 >= g2 || ct0 <= -g2;
				want_count += (unsigned)e;
				ok_hint &= v[i] == e;
			}
			ok_hint &= (got != 0) == (want != 0) && count == want_count;
			/* z = y + centre(t), some |z| >= gamma1 - beta */
			for (int i = 0; i < MLDSA_N; i++) {
				y[i] = rnd_range(&st, -(1 << 17) + 1, 1 << 17);
				t[i] = rnd_range(&st, -(Q - 1), Q - 1);
				if (round & 1)
					t[i] = t[i] % 200;
			}
			want = 0;
			got = cb_mldsa_add_centre_avx2(z, y, t, (1 << 17) - 78);
			for (int i = 0; i < MLDSA_N; i++) {
				int32_t e = y[i] + cb_mldsa_centre(t[i]);
				want |= e >= (1 << 17) - 78 || e <= -((1 << 17) - 78);
				ok_z &= z[i] == e;
			}
			ok_z &= (got != 0) == (want != 0) && (cb_mldsa_norm_ge_avx2(z, (1 << 17) - 78) != 0) == (want != 0);
		}
	}
	/* Power2Round (Algorithm 35) of r = t + s2 mod q: r1 = (r - r0) / 2^d with r0 = r mod+- 2^d */
	for (int round = 0; round < 2000; round++) {
		for (int i = 0; i < MLDSA_N; i++) {
			w[i] = round == 0 ? Q - 1 : round == 1 ? -(Q - 1) : rnd_range(&st, -(Q - 1), Q - 1);
			y[i] = rnd_range(&st, -4, 4);
		}
		memcpy(v, w, sizeof(v));
		cb_mldsa_power2round_avx2(r1, v, y);
		for (int i = 0; i < MLDSA_N; i++) {
			int32_t r = (int32_t)modq((int64_t)w[i] + y[i]), r0 = r % (1 << MLDSA_D);
			if (r0 > 1 << (MLDSA_D - 1))
				r0 -= 1 << MLDSA_D;
			ok_p2r &= v[i] == r0 && r1[i] == (r - r0) >> MLDSA_D;
		}
	}
	/* the rejection step: same coefficients and count as the portable one, from any start and length */
	for (int round = 0; round < 500; round++) {
		static uint8_t buf[5 * 168];
		static int32_t a1[MLDSA_N + 8], a2[MLDSA_N + 8];
		const unsigned start = round < 250 ? 0 : (unsigned)rnd_range(&st, 0, MLDSA_N);
		const size_t len = round & 1 ? sizeof(buf) : 3 * (size_t)rnd_range(&st, 0, 280);
		for (size_t i = 0; i < sizeof(buf); i++)
			/* often a top bit set in the third byte, so that many candidates are rejected */
			buf[i] = (uint8_t)(i % 3 == 2 && round % 4 == 2 ? 0x7f : rnd_range(&st, 0, 255));
		memset(a1, 0, sizeof(a1));
		memset(a2, 0, sizeof(a2));
		unsigned c1 = cb_mldsa_rej_uniform(a1, start, buf, len), c2 = cb_mldsa_rej_uniform_avx2(a2, start, buf, len);
		ok_rej &= c1 == c2 && memcmp(a1, a2, c1 * sizeof(int32_t)) == 0;
		ok_rej &= a2[MLDSA_N] == 0;
	}
	/* RejBoundedPoly's step for both eta: the same coefficients and count as the portable one */
	for (int round = 0; round < 500; round++) {
		static uint8_t buf[2 * 136];
		static int32_t a1[MLDSA_N + 8], a2[MLDSA_N + 8];
		const int eta = round & 2 ? 4 : 2;
		const unsigned start = round < 250 ? 0 : (unsigned)rnd_range(&st, 0, MLDSA_N);
		const size_t len = round & 1 ? sizeof(buf) : (size_t)rnd_range(&st, 0, (int32_t)sizeof(buf));
		for (size_t i = 0; i < sizeof(buf); i++)
			buf[i] = (uint8_t)rnd_range(&st, 0, 255);
		memset(a1, 0, sizeof(a1));
		memset(a2, 0, sizeof(a2));
		unsigned c1 = cb_mldsa_rej_eta(a1, start, buf, len, eta), c2 = cb_mldsa_rej_eta_avx2(a2, start, buf, len, eta);
		ok_rej &= c1 == c2 && memcmp(a1, a2, c1 * sizeof(int32_t)) == 0;
		ok_rej &= a2[MLDSA_N] == 0;
	}
	/* ExpandMask's unpacking for both gamma1 */
	for (int round = 0; round < 200; round++) {
		static uint8_t buf[5 * 136];
		static int32_t a1[MLDSA_N], a2[MLDSA_N];
		const unsigned g1b = round & 1 ? 19 : 17;
		for (size_t i = 0; i < sizeof(buf); i++)
			buf[i] = (uint8_t)(round < 2 ? 0xff : round < 4 ? 0 : rnd_range(&st, 0, 255));
		cb_mldsa_unpack_sub(a1, buf, g1b + 1, 1 << g1b);
		cb_mldsa_mask_unpack_avx2(a2, buf, g1b);
		ok_rej &= memcmp(a1, a2, sizeof(a1)) == 0;
	}
	CHECK(ok_hi);
	CHECK(ok_use);
	CHECK(ok_low);
	CHECK(ok_hint);
	CHECK(ok_p2r);
	CHECK(ok_z);
	CHECK(ok_rej);
}
#endif

/* Packing round trips for every width ML-DSA uses. */
static void packing(void)
{
	static const unsigned bits[] = {3, 4, 6, 10, 13, 18, 20};
	int32_t a[MLDSA_N], b[MLDSA_N];
	uint8_t buf[32 * 20];
	uint64_t st = 7;

	for (size_t k = 0; k < sizeof(bits) / sizeof(bits[0]); k++) {
		for (int i = 0; i < MLDSA_N; i++)
			a[i] = i < 2 ? (i ? (1 << bits[k]) - 1 : 0) : (int32_t)(tu_uniform(&st) * (1 << bits[k]));
		cb_mldsa_pack(buf, a, bits[k]);
		cb_mldsa_unpack(b, buf, bits[k]);
		CHECK_MEM(a, b, sizeof(a));
		/* b - a_i in [0, 2^bits): a_i in (b - 2^bits, b], here b = 2^(bits - 1) with a_i shifted down */
		for (int i = 0; i < MLDSA_N; i++)
			a[i] -= (1 << (bits[k] - 1)) - 1;
		cb_mldsa_pack_sub(buf, a, bits[k], 1 << (bits[k] - 1));
		cb_mldsa_unpack_sub(b, buf, bits[k], 1 << (bits[k] - 1));
		CHECK_MEM(a, b, sizeof(a));
	}
}

static const char *const names[] = {"mldsa44", "mldsa65", "mldsa87"};
static const char *const backends[] = {"builtin", "builtin-c"};

static void class_behaviour(const cb_sig_class *s)
{
	static uint8_t sig[8192], sig2[8192], m[1000], raw[8192];
	static const uint8_t zero[32];
	uint8_t ctx[256];
	size_t sl, sl2, rl;
	void *key = NULL, *pub = NULL, *sec = NULL;
	cb_sig_params p = {0};
	cb_opts o = {0};

	tu_fill(m, sizeof(m), 3);
	memset(ctx, 0xc3, sizeof(ctx));
	CHECK(s->keygen(s, NULL, &key) == CB_OK);
	if (!key)
		return;
	for (int i = 0; i < 10; i++) {
		size_t ml = i == 0 ? 0 : (size_t)(i * 97);
		sl = sizeof(sig);
		CHECK(s->sign(key, m, ml, sig, &sl) == CB_OK);
		CHECK(sl == s->max_signature(key));
		CHECK(s->verify(key, m, ml, sig, sl) == CB_OK);
		sig[i * 31 % sl] ^= 1 << (i % 8);
		CHECK(s->verify(key, m, ml, sig, sl) == CB_ERR_VERIFY);
		sig[i * 31 % sl] ^= 1 << (i % 8);
		m[0] ^= 0x80;
		CHECK(s->verify(key, m, ml ? ml : 1, sig, sl) == CB_ERR_VERIFY);
		m[0] ^= 0x80;
		CHECK(s->verify(key, m, ml, sig, sl - 1) == CB_ERR_VERIFY);
	}
	/* hedged: two signatures differ; deterministic: they are equal */
	sl = sl2 = sizeof(sig);
	CHECK(s->sign(key, m, 10, sig, &sl) == CB_OK && s->sign(key, m, 10, sig2, &sl2) == CB_OK);
	CHECK(memcmp(sig, sig2, sl) != 0);
	p.deterministic = 1;
	sl = sl2 = sizeof(sig);
	CHECK(s->sign_ex(key, &p, m, 10, sig, &sl) == CB_OK && s->sign_ex(key, &p, m, 10, sig2, &sl2) == CB_OK);
	CHECK_MEM(sig, sig2, sl);
	p.rnd = zero;
	p.deterministic = 0;
	sl2 = sizeof(sig2);
	CHECK(s->sign_ex(key, &p, m, 10, sig2, &sl2) == CB_OK);
	CHECK_MEM(sig, sig2, sl);
	/* context: 255 bytes work, 256 are refused; another context does not verify */
	p.rnd = NULL;
	p.ctx = ctx;
	p.ctx_len = 255;
	sl = sizeof(sig);
	CHECK(s->sign_ex(key, &p, m, 10, sig, &sl) == CB_OK);
	CHECK(s->verify_ex(key, &p, m, 10, sig, sl) == CB_OK);
	p.ctx_len = 254;
	CHECK(s->verify_ex(key, &p, m, 10, sig, sl) == CB_ERR_VERIFY);
	p.ctx_len = 256;
	sl2 = sizeof(sig2);
	CHECK(s->sign_ex(key, &p, m, 10, sig2, &sl2) == CB_ERR_ARG);
	CHECK(s->verify_ex(key, &p, m, 10, sig, sl) == CB_ERR_ARG);
	/* the handle's context from cb_opts */
	o.sig_ctx = ctx;
	o.sig_ctx_len = 255;
	rl = sizeof(raw);
	CHECK(s->export_raw(key, 0, raw, &rl) == CB_OK);
	CHECK(s->import_raw(s, 0, raw, rl, &o, &pub) == CB_OK);
	if (pub) {
		CHECK(s->verify(pub, m, 10, sig, sl) == CB_OK);
		sl2 = sizeof(sig2);
		CHECK(s->sign(pub, m, 10, sig2, &sl2) != CB_OK);
		CHECK(s->import_raw(s, 0, raw, rl - 1, NULL, &sec) != CB_OK);
		s->key_free(pub);
	}
	o.sig_ctx_len = 256;
	CHECK(s->import_raw(s, 0, raw, rl, &o, &pub) == CB_ERR_ARG);
	/* a secret key with a coefficient of s1 outside [-eta, eta] is refused */
	rl = sizeof(raw);
	CHECK(s->export_raw(key, 1, raw, &rl) == CB_OK);
	raw[128] = 0xff;
	CHECK(s->import_raw(s, 1, raw, rl, NULL, &sec) == CB_OK);
	if (sec) {
		sl = sizeof(sig);
		CHECK(s->sign(sec, m, 10, sig, &sl) == CB_ERR_INVALID_KEY);
		s->key_free(sec);
	}
	s->key_free(key);
}

/* Hints: out-of-order indices, counts above omega or decreasing, and non-zero padding are refused. */
static void hints(void)
{
	uint8_t pk[CB_MLDSA44_PK_BYTES], sk[CB_MLDSA44_SK_BYTES], sig[CB_MLDSA44_SIG_BYTES], bad[CB_MLDSA44_SIG_BYTES];
	const uint8_t seed[32] = {1}, rnd[32] = {0};
	const size_t h = CB_MLDSA44_SIG_BYTES - MLDSA_OMEGA(4) - 4;
	int n = 0, found = 0;

	CHECK(cb_mldsa44_keypair(pk, sk, seed) == CB_OK);
	/* a signature with at least two hints in its first polynomial */
	for (uint8_t i = 0; i < 200 && !found; i++) {
		uint8_t m[1] = {i};
		CHECK(cb_mldsa44_sign(sig, m, 1, NULL, 0, rnd, sk) == CB_OK);
		found = sig[h + MLDSA_OMEGA(4)] >= 2;
		n = i;
	}
	CHECK(found);
	uint8_t m[1] = {(uint8_t)n};
	CHECK(cb_mldsa44_verify(sig, sizeof(sig), m, 1, NULL, 0, pk) == CB_OK);
	memcpy(bad, sig, sizeof(sig));
	bad[h] = sig[h + 1], bad[h + 1] = sig[h]; /* indices swapped */
	CHECK(cb_mldsa44_verify(bad, sizeof(bad), m, 1, NULL, 0, pk) == CB_ERR_VERIFY);
	memcpy(bad, sig, sizeof(sig));
	bad[h + MLDSA_OMEGA(4)] = MLDSA_OMEGA(4) + 1; /* count above omega */
	CHECK(cb_mldsa44_verify(bad, sizeof(bad), m, 1, NULL, 0, pk) == CB_ERR_VERIFY);
	memcpy(bad, sig, sizeof(sig));
	bad[h + MLDSA_OMEGA(4) + 3] = 0; /* the last count below the one before */
	CHECK(cb_mldsa44_verify(bad, sizeof(bad), m, 1, NULL, 0, pk) == CB_ERR_VERIFY);
	memcpy(bad, sig, sizeof(sig));
	if (sig[h + MLDSA_OMEGA(4) + 3] < MLDSA_OMEGA(4)) {
		bad[h + MLDSA_OMEGA(4) - 1] = 1; /* padding after the last index */
		CHECK(cb_mldsa44_verify(bad, sizeof(bad), m, 1, NULL, 0, pk) == CB_ERR_VERIFY);
	}
	CHECK(cb_mldsa44_verify(sig, sizeof(sig), m, 1, NULL, 256, pk) == CB_ERR_ARG);
}

/*
 * The environment knob chooses the portable path; the native path (where
 * the CPU has AVX2) gives the same keys and signatures byte for byte.
 */
static void paths(void)
{
	static uint8_t pk1[CB_MLDSA87_PK_BYTES], sk1[CB_MLDSA87_SK_BYTES], sig1[CB_MLDSA87_SIG_BYTES];
	static uint8_t pk2[CB_MLDSA87_PK_BYTES], sk2[CB_MLDSA87_SK_BYTES], sig2[CB_MLDSA87_SIG_BYTES];
	const cb_mldsa_ops *const ops[3] = {&cb_mldsa44_ops, &cb_mldsa65_ops, &cb_mldsa87_ops};
	uint8_t seed[32], rnd[32], m[64];

	CHECK_EQ_INT(cb_mldsa_impl(), CB_MLDSA_IMPL_C);
	CHECK(strcmp(cb_mldsa_impl_string(), "builtin-c") == 0);
	if (cb_mldsa_set_impl(CB_MLDSA_IMPL_NATIVE) != CB_OK) {
		tu_note("no native ML-DSA path on this CPU");
		return;
	}
	CHECK(strncmp(cb_mldsa_impl_string(), "builtin-avx2", 12) == 0);
	for (int i = 0; i < 60; i++) {
		const cb_mldsa_ops *o = ops[i % 3];
		tu_fill(seed, sizeof(seed), (uint64_t)i);
		tu_fill(rnd, sizeof(rnd), (uint64_t)i + 1000);
		tu_fill(m, sizeof(m), (uint64_t)i + 2000);
		CHECK(cb_mldsa_set_impl(CB_MLDSA_IMPL_C) == CB_OK);
		CHECK(o->keypair(pk1, sk1, seed) == CB_OK && o->sign(sig1, m, sizeof(m), m, 7, rnd, sk1) == CB_OK);
		CHECK(cb_mldsa_set_impl(CB_MLDSA_IMPL_NATIVE) == CB_OK);
		CHECK(o->keypair(pk2, sk2, seed) == CB_OK && o->sign(sig2, m, sizeof(m), m, 7, rnd, sk2) == CB_OK);
		CHECK_MEM(pk1, pk2, o->pk_bytes);
		CHECK_MEM(sk1, sk2, o->sk_bytes);
		CHECK_MEM(sig1, sig2, o->sig_bytes);
		CHECK(o->verify(sig1, o->sig_bytes, m, sizeof(m), m, 7, pk1) == CB_OK);
	}
}

int main(void)
{
	/* before the first call: the knob of mldsa.h */
	setenv("CRYPTOBENCH_MLDSA_IMPL", "portable", 1);
	paths();
	arith();
	kernels();
#ifdef CB_MLKEM_HAVE_AVX2
	rounding_kernels();
#endif
	packing();
	hints();
	for (size_t i = 0; i < 3; i++)
		for (size_t j = 0; j < 2; j++) {
			const cb_alg_info *a = cb_registry_find(names[i], backends[j]);
			tu_note("%s (%s)", names[i], backends[j]);
			CHECK(a && cb_as_sig(a));
			if (a && cb_as_sig(a))
				class_behaviour(cb_as_sig(a));
		}
	return tu_finish();
}
