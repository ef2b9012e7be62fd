/* The runner and the case layer, on toy classes whose behaviour is known. */
#include <string.h>

#include "bench/cases.h"
#include "bench/rounds.h"
#include "cryptobench/catalog.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "testutil.h"

/* A toy KEM: ss = ct XOR sk. Never use for anything. */
static int toy_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk)
{
	tu_fill(sk, 32, 1);
	memcpy(pk, sk, 32);
	return 0;
}
static int toy_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
	tu_fill(ct, 32, 2);
	for (int i = 0; i < 32; i++)
		ss[i] = ct[i] ^ pk[i];
	return 0;
}
static int toy_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	for (int i = 0; i < 32; i++)
		ss[i] = ct[i] ^ sk[i];
	return 0;
}
static int bad_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	memset(ss, 0, 32);
	return 0;
}

static const cb_kem_class toy_kem = {
	{CB_KIND_KEM, "toy-kem", "test", NULL, NULL, NULL, NULL}, 32, 32, 32, 32,
	toy_keypair, toy_encaps, toy_decaps, 0, NULL, 0, NULL, 0};
static const cb_kem_class broken_kem = {
	{CB_KIND_KEM, "broken-kem", "test", NULL, NULL, NULL, NULL}, 32, 32, 32, 32,
	toy_keypair, toy_encaps, bad_decaps, 0, NULL, 0, NULL, 0};

/* A toy unpadded 16-byte-block cipher: XOR with the key. */
static uint8_t toy_key_store[16];
static int xor_init(const cb_cipher_class *cls, void **ctx, const uint8_t *key)
{
	memcpy(toy_key_store, key, 16);
	*ctx = toy_key_store;
	return 0;
}
static void xor_free(void *ctx)
{
}
static int xor_crypt(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		     size_t inlen, uint8_t *out, size_t *outlen)
{
	const uint8_t *k = ctx;
	if (inlen % 16)
		return CB_ERR_LENGTH;
	for (size_t i = 0; i < inlen; i++)
		out[i] = in[i] ^ k[i % 16] ^ 0x5a;
	*outlen = inlen;
	return 0;
}
static const cb_cipher_class toy_cipher = {
	{CB_KIND_CIPHER, "aes-128-ecb", "test", NULL, NULL, NULL, NULL}, 16, 0, 16, 0, 0,
	xor_init, xor_free, xor_crypt, xor_crypt};

static int counter;
static int count_op(void *st)
{
	(*(int *)st)++;
	return 0;
}
static int failing_op(void *st)
{
	return ++*(int *)st > 100 ? CB_ERR_BACKEND : 0;
}

static void test_cases(void)
{
	cb_case *c;
	cb_sizes sz;
	char err[256];
	size_t msg = 0;

	CHECK_EQ_INT(cb_case_prepare(&toy_kem.info, "encaps", &msg, NULL, &c, &sz, err, sizeof(err)), 0);
	CHECK_EQ_INT(sz.public_key, 32);
	CHECK_EQ_INT(sz.ciphertext, 32);
	CHECK_EQ_INT(sz.signature, -1);
	CHECK_EQ_INT(cb_case_run(c), 0);
	cb_case_free(c);

	CHECK_EQ_INT(cb_case_prepare(&broken_kem.info, "decaps", &msg, NULL, &c, &sz, err, sizeof(err)), CB_ERR_SELFCHECK);
	CHECK(c == NULL);
	CHECK(strstr(err, "different shared secret") != NULL);

	CHECK_EQ_INT(cb_case_prepare(&toy_kem.info, "sign", &msg, NULL, &c, &sz, err, sizeof(err)), CB_ERR_UNSUPPORTED);

	msg = 64;
	CHECK_EQ_INT(cb_case_prepare(&toy_cipher.info, "decrypt", &msg, NULL, &c, &sz, err, sizeof(err)), 0);
	CHECK_EQ_INT(sz.ciphertext, 64);
	CHECK_EQ_INT(sz.overhead, 0);
	CHECK_EQ_INT(cb_case_run(c), 0);
	cb_case_free(c);

	msg = 65; /* not whole blocks, no padding */
	CHECK_EQ_INT(cb_case_prepare(&toy_cipher.info, "encrypt", &msg, NULL, &c, &sz, err, sizeof(err)), CB_ERR_UNSUPPORTED);

	CHECK(cb_op_takes_message(CB_KIND_CIPHER, "encrypt"));
	CHECK(!cb_op_takes_message(CB_KIND_KEM, "encaps"));
	CHECK(cb_op_takes_message(CB_KIND_SIG, "sign"));
	CHECK(!cb_op_takes_message(CB_KIND_SIG, "keygen"));
}

static void test_runner(void)
{
	cb_runner_opts o;
	cb_measurement m;
	void *st = &counter;

	cb_runner_defaults(&o);
	o.time_budget = 0.05;
	o.warmup = 0.005;
	o.min_time = 0.01;
	CHECK_EQ_INT(cb_measure(count_op, &st, 1, &o, &m), 0);
	CHECK_EQ_INT(m.error, 0);
	CHECK(m.samples >= o.min_samples);
	CHECK(m.batch >= 1);
	CHECK(m.total_ops == m.batch * m.samples);
	CHECK(m.ns.median > 0 && m.ops_per_sec > 0);
	CHECK(m.ns.ci95_low <= m.ns.median && m.ns.median <= m.ns.ci95_high);
	CHECK(m.ns.min <= m.ns.p5 && m.ns.p95 <= m.ns.max);

	/* An operation that starts failing is reported, not hidden. */
	int n = 0;
	void *fst = &n;
	CHECK_EQ_INT(cb_measure(failing_op, &fst, 1, &o, &m), 0);
	CHECK_EQ_INT(m.error, CB_ERR_BACKEND);

	/* Two workers, each on its own state. */
	int a = 0, b = 0;
	void *two[2] = {&a, &b};
	CHECK_EQ_INT(cb_measure(count_op, two, 2, &o, &m), 0);
	CHECK_EQ_INT(m.error, 0);
	CHECK(a > 0 && b > 0);
	CHECK(m.total_ops > 0 && m.total_ops <= (uint64_t)a + (uint64_t)b);
	CHECK(m.ops_per_sec > 0 && m.seconds > 0);

	CHECK(cb_runner_overhead_ns(&o) >= 0);
}

static void test_names(void)
{
	CHECK(cb_name_match("rsa*", "rsa2048-pkcs1"));
	CHECK(cb_name_match("aes-*-gcm", "aes-256-gcm"));
	CHECK(!cb_name_match("aes-*-gcm", "aes-256-gcm-siv"));
	CHECK(cb_name_match("mlkem???", "mlkem768"));
	CHECK(!cb_name_match("mlkem??", "mlkem768"));
	CHECK(cb_name_match("*", "x"));
	CHECK(cb_name_match("x25519", "x25519"));
	CHECK(!cb_name_match("x25519", "x25519mlkem768"));
	CHECK_EQ_INT(cb_edit_distance("mlkem768", "mlkem768"), 0);
	CHECK_EQ_INT(cb_edit_distance("mlkme768", "mlkem768"), 1); /* transposition */
	CHECK_EQ_INT(cb_edit_distance("rsa", "rsa2048"), 4);
	CHECK_EQ_INT(cb_edit_distance("", "abc"), 3);
}

static void test_registry(void)
{
	size_t n = cb_registry_count();
	for (size_t i = 0; i < n; i++) {
		const cb_alg_info *a = cb_registry_get(i);
		CHECK(a != NULL);
		if (!a)
			continue;
		tu_note("%s/%s", a->name, a->backend);
		CHECK(a->name && a->backend);
		/* Every class has its catalog row, of its own kind. */
		const cb_catalog_entry *e = cb_catalog_find(a->name);
		CHECK(e != NULL && e->kind == a->kind && e == cb_alg_catalog(a));
		if (e)
			CHECK(e->family && e->description && e->description[0] && e->classical_bits > 0);
		/* A cipher or hash class stating sizes states the row's (the layer reads the row's). */
		if (e && cb_as_cipher(a)) {
			const cb_cipher_class *c = cb_as_cipher(a);
			CHECK(e->key_bytes && (!c->key_bytes || c->key_bytes == e->key_bytes));
			CHECK(!c->key_bytes || (c->iv_bytes == e->iv_bytes && c->block_bytes == e->block_bytes &&
						c->tag_bytes == e->tag_bytes && (unsigned)c->padded == e->padded));
		}
		if (e && cb_as_hash(a))
			CHECK(e->output_bytes && (!cb_as_hash(a)->digest_bytes || cb_as_hash(a)->digest_bytes == e->output_bytes));
		CHECK(cb_kind_name(a->kind) != NULL);
		CHECK(cb_kind_ops(a->kind) != NULL);
		CHECK(cb_alg_implementation(a) != NULL);
		/* Names are stable lower-case selectors. */
		for (const char *p = a->name; *p; p++)
			CHECK((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-');
		/* (name, backend) pairs are unique. */
		CHECK(cb_registry_find(a->name, a->backend) == a);
	}
	tu_note("%s", "");
	CHECK(cb_registry_get(n) == NULL);
	/* The catalog: unique names, each implemented by some backend of this build or listed for one. */
	for (size_t i = 0; i < cb_catalog_count(); i++) {
		const cb_catalog_entry *e = cb_catalog_get(i);
		tu_note("catalog %s", e->name);
		CHECK(cb_catalog_find(e->name) == e);
		CHECK(cb_kind_name(e->kind) != NULL);
	}
	tu_note("%s", "");
	CHECK(cb_catalog_get(cb_catalog_count()) == NULL && cb_catalog_find("no-such-alg") == NULL);
	/* Backends: each class carries its descriptor's name; openssl and builtin are always built. */
	size_t total = 0;
	for (size_t i = 0; i < cb_backend_count(); i++) {
		const cb_backend *b = cb_backend_get(i);
		tu_note("backend %s", b->name);
		CHECK(cb_backend_find(b->name) == b && b->library && b->version && b->version());
		for (size_t l = 0; b->classes[l]; l++)
			for (size_t k = 0; b->classes[l][k]; k++, total++)
				CHECK(strcmp(b->classes[l][k]->backend, b->name) == 0);
	}
	tu_note("%s", "");
	CHECK(total == n);
	CHECK(cb_backend_find("openssl") && cb_backend_find("builtin") && !cb_backend_find("nosuch"));
	CHECK(cb_backend_get(cb_backend_count()) == NULL);
	/* A name without a row gets the stand-in row of its kind, never NULL. */
	const cb_alg_info ghost = {.kind = CB_KIND_SIG, .name = "ghost", .backend = "none"};
	CHECK(cb_alg_catalog(&ghost) != NULL && cb_alg_catalog(&ghost)->kind == CB_KIND_SIG);
	char d[64];
	const cb_alg_info noted = {.kind = CB_KIND_HASH, .name = "sha256", .backend = "none", .notes = "a note"};
	CHECK(strcmp(cb_alg_describe(&noted, d, sizeof(d)), "SHA-256 (FIPS 180-4); a note") == 0);
	CHECK(cb_registry_find("no-such-algorithm", NULL) == NULL);
}

/* The plan's one question: can the case exist at all (cb_case_possible)? */
static void test_possible(void)
{
	const cb_alg_info *pkcs1 = cb_registry_find("rsa2048-pkcs1", "openssl");
	const cb_alg_info *raw = cb_registry_find("rsa2048-raw", "openssl");
	char why[256];

	CHECK_EQ_INT(cb_case_possible(&toy_kem.info, "sign", 0, NULL, why, sizeof(why)), 0);
	CHECK(strstr(why, "has no operation 'sign'") != NULL);
	CHECK_EQ_INT(cb_case_possible(&toy_kem.info, "encaps", 0, NULL, why, sizeof(why)), 1);
	CHECK_EQ_INT(cb_case_possible(&toy_cipher.info, "encrypt", 64, NULL, why, sizeof(why)), 1);
	CHECK_EQ_INT(cb_case_possible(&toy_cipher.info, "encrypt", 65, NULL, why, sizeof(why)), 0);
	CHECK(strstr(why, "whole") != NULL && strstr(why, "blocks") != NULL);
	if (!pkcs1 || cb_alg_unavailable(pkcs1) || !raw) {
		tu_note("no OpenSSL RSA here: the RSA cases are not checked");
		return;
	}
	/* the limit is read from a real key: k - 11 bytes for PKCS#1 v1.5 */
	CHECK_EQ_INT(cb_case_possible(pkcs1, "encrypt", 245, NULL, why, sizeof(why)), 1);
	CHECK_EQ_INT(cb_case_possible(pkcs1, "encrypt", 1024, NULL, why, sizeof(why)), 0);
	CHECK(strcmp(why, "encrypts at most 245 bytes") == 0);
	CHECK_EQ_INT(cb_case_possible(pkcs1, "decrypt-cold", 4096, NULL, why, sizeof(why)), 0);
	CHECK_EQ_INT(cb_case_possible(pkcs1, "keygen", 4096, NULL, why, sizeof(why)), 1);
	CHECK_EQ_INT(cb_case_possible(pkcs1, "decrypt-cold", 128, NULL, why, sizeof(why)), 1);
	/* a padding-free scheme takes a modulus-sized block whatever is asked */
	CHECK_EQ_INT(cb_case_possible(raw, "encrypt", 1024, NULL, why, sizeof(why)), 1);
	cb_case_cache_clear();
}

int main(void)
{
	test_cases();
	test_possible();
	test_runner();
	test_names();
	test_registry();
	return tu_finish();
}
