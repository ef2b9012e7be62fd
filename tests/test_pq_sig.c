/*
 * The post-quantum signature classes of every backend (ML-DSA-44/65/87,
 * SLH-DSA-{SHA2,SHAKE}-128{s,f}): round trips through the canonical key
 * encodings of src/core/der.c, the RFC 9881 example keys (a class that
 * makes keys from a seed must make Appendix C's public key from its seed,
 * take the expanded form, and refuse a "both" key whose halves disagree),
 * the context string, and the interop matrix of each name (empty and
 * 1 MiB messages, three context lengths, flipped bits refused).  Classes
 * that are not built (oqs without `make anchors`) are skipped; with none
 * usable the test says so and skips (77).
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/interop.h"
#include "core/der.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "pq_key_examples.h"
#include "testutil.h"

static const char *const names[] = {"mldsa44",		 "mldsa65",	      "mldsa87",	   "slh-dsa-sha2-128s",
				    "slh-dsa-sha2-128f", "slh-dsa-shake-128s", "slh-dsa-shake-128f"};
static const size_t pk_len[] = {1312, 1952, 2592, 32, 32, 32, 32};
static const size_t sig_len[] = {2420, 3309, 4627, 7856, 17088, 7856, 17088};

#define BUF 20000

static size_t usable(const char *name, const cb_sig_class **out, size_t max)
{
	const cb_alg_info *a;
	size_t n = 0;

	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++)
		if (!strcmp(a->name, name) && cb_as_sig(a) && !cb_alg_unavailable(a) && n < max)
			out[n++] = cb_as_sig(a);
	return n;
}

/* keygen, export, canonical forms, import both halves, sign / verify with a context, refusals. */
static void test_class(const cb_sig_class *s, size_t i)
{
	static const uint8_t ctx[] = "cryptobench test_pq_sig";
	cb_opts opts = {0};
	uint8_t *pub = malloc(BUF), *sec = malloc(BUF), *sig = malloc(BUF), msg[100];
	size_t pl = BUF, sl = BUF, gl, counted;
	void *k = NULL, *kp = NULL, *ks = NULL, *kn = NULL;
	const char *enc;
	long bits;

	tu_note("%s@%s", s->info.name, s->info.backend);
	opts.sig_ctx = ctx;
	opts.sig_ctx_len = sizeof(ctx) - 1;
	tu_fill(msg, sizeof(msg), 7);
	CHECK_EQ_INT(s->keygen(s, &opts, &k), 0);
	if (!k || !pub || !sec || !sig)
		goto out;
	CHECK_EQ_INT(s->export_public(k, pub, &pl), 0);
	CHECK_EQ_INT(s->export_secret(k, sec, &sl), 0);
	/* the exports are canonical: what the CLI and interop hand every class */
	CHECK_EQ_INT(cb_key_measure(pub, pl, 0, &enc, &counted, &bits), 0);
	CHECK(!strcmp(enc, "SPKI") && counted == pl);
	CHECK_EQ_INT(pl, pk_len[i] + (pk_len[i] > 127 ? 22 : 18));
	CHECK_EQ_INT(cb_key_measure(sec, sl, 1, &enc, &counted, &bits), 0);
	CHECK(counted == sl);
	if (i < 3) /* ML-DSA: the seed form, 54 bytes */
		CHECK(!strcmp(enc, "PKCS#8 seed") && sl == 54);
	else
		CHECK(!strcmp(enc, "PKCS#8") && sl == 84);
	CHECK_EQ_INT(s->max_signature(k), sig_len[i]);

	gl = BUF;
	CHECK_EQ_INT(s->sign(k, msg, sizeof(msg), sig, &gl), 0);
	CHECK_EQ_INT(gl, sig_len[i]);
	CHECK_EQ_INT(s->verify(k, msg, sizeof(msg), sig, gl), 0);
	/* the same context on imported halves */
	CHECK_EQ_INT(s->import_public(s, pub, pl, &opts, &kp), 0);
	CHECK_EQ_INT(s->import_secret(s, sec, sl, &opts, &ks), 0);
	if (kp)
		CHECK_EQ_INT(s->verify(kp, msg, sizeof(msg), sig, gl), 0);
	if (ks && kp) {
		size_t g2 = BUF;
		uint8_t pub2[3000];
		size_t pl2 = sizeof(pub2);

		CHECK_EQ_INT(s->sign(ks, msg, sizeof(msg), sig, &g2), 0);
		CHECK_EQ_INT(s->verify(kp, msg, sizeof(msg), sig, g2), 0);
		CHECK_EQ_INT(s->export_public(ks, pub2, &pl2), 0);
		CHECK(pl2 == pl && !memcmp(pub2, pub, pl));
		gl = g2;
	}
	/* another context, a flipped bit, a short signature: refused */
	CHECK_EQ_INT(s->import_public(s, pub, pl, NULL, &kn), 0);
	if (kn)
		CHECK_EQ_INT(s->verify(kn, msg, sizeof(msg), sig, gl), CB_ERR_VERIFY);
	sig[gl / 2] ^= 0x10;
	CHECK_EQ_INT(s->verify(k, msg, sizeof(msg), sig, gl), CB_ERR_VERIFY);
	sig[gl / 2] ^= 0x10;
	CHECK_EQ_INT(s->verify(k, msg, sizeof(msg), sig, gl - 1), CB_ERR_VERIFY);
	msg[3] ^= 1;
	CHECK_EQ_INT(s->verify(k, msg, sizeof(msg), sig, gl), CB_ERR_VERIFY);
	/* a context longer than 255 bytes is refused where the handle is made */
	{
		uint8_t big[256] = {0};
		cb_opts o2 = {.sig_ctx = big, .sig_ctx_len = sizeof(big)};
		void *bad = NULL;

		CHECK(s->import_public(s, pub, pl, &o2, &bad) != 0);
		if (bad)
			s->key_free(bad);
	}
	/* the public key as a secret one, and the reverse: refused */
	{
		void *bad = NULL;

		CHECK(s->import_secret(s, pub, pl, NULL, &bad) != 0);
		CHECK(s->import_public(s, sec, sl, NULL, &bad) != 0);
	}
out:
	if (k)
		s->key_free(k);
	if (kp)
		s->key_free(kp);
	if (ks)
		s->key_free(ks);
	if (kn)
		s->key_free(kn);
	free(pub);
	free(sec);
	free(sig);
}

/* RFC 9881 Appendix C: from the seed 00..1f, the published public key; the expanded and both forms. */
static void test_rfc9881(const cb_sig_class *s, size_t i)
{
	const struct mldsa_key_example *e = &mldsa_key_examples[i];
	uint8_t *spki, *seedf, *expf, *bothf, pub[3000];
	size_t spl, sel, exl, bol, pl;
	void *k = NULL;

	tu_note("%s@%s rfc9881", s->info.name, s->info.backend);
	CHECK_EQ_INT(tu_unhex(e->spki, &spki, &spl), 0);
	CHECK_EQ_INT(tu_unhex(e->seed, &seedf, &sel), 0);
	CHECK_EQ_INT(tu_unhex(e->expanded, &expf, &exl), 0);
	CHECK_EQ_INT(tu_unhex(e->both, &bothf, &bol), 0);
	for (int form = 0; form < 3; form++) {
		const uint8_t *in = form == 0 ? seedf : form == 1 ? expf : bothf;
		size_t len = form == 0 ? sel : form == 1 ? exl : bol;

		tu_note("%s@%s rfc9881 form %d", s->info.name, s->info.backend, form);
		CHECK_EQ_INT(s->import_secret(s, in, len, NULL, &k), 0);
		if (!k)
			continue;
		pl = sizeof(pub);
		CHECK_EQ_INT(s->export_public(k, pub, &pl), 0);
		CHECK(pl == spl && !memcmp(pub, spki, spl));
		s->key_free(k);
		k = NULL;
	}
	/* both, with one byte of the expanded key changed: the seed does not give it (RFC 9881 8.2) */
	bothf[bol - 100] ^= 1;
	tu_note("%s@%s rfc9881 inconsistent both", s->info.name, s->info.backend);
	CHECK_EQ_INT(s->import_secret(s, bothf, bol, NULL, &k), CB_ERR_INVALID_KEY);
	if (k)
		s->key_free(k);
	free(spki);
	free(seedf);
	free(expf);
	free(bothf);
}

static void test_interop(const char *name, const cb_sig_class *const *impls, size_t n)
{
	cb_interop_matrix *m = malloc(sizeof(*m));
	const size_t count = 6; /* empty and 1 MiB messages, three context lengths twice */

	if (!m)
		return;
	tu_note("interop %s", name);
	CHECK_EQ_INT(cb_interop_run((const cb_alg_info *const *)impls, n, 0, count, m), 0);
	CHECK_EQ_INT(m->unexpected, 0);
	CHECK_EQ_INT(m->ok, n * n * count);
	free(m);
}

int main(void)
{
	size_t tested = 0;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const cb_sig_class *impls[CB_INTEROP_MAX_IMPLS];
		size_t n = usable(names[i], impls, CB_INTEROP_MAX_IMPLS);

		for (size_t j = 0; j < n; j++) {
			test_class(impls[j], i);
			if (i < 3)
				test_rfc9881(impls[j], i);
		}
		if (n)
			test_interop(names[i], impls, n);
		tested += n;
	}
	if (!tested) {
		printf("SKIP: no post-quantum signature class is built (make anchors builds oqs)\n");
		return 77;
	}
	return tu_finish();
}
