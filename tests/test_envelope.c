/*
 * Envelope encryption (src/envelope, docs/ENVELOPE.md): round trips for
 * every KEM recipient type and both AEADs at sizes around the chunk
 * boundaries, several recipients on one file, and rejection of every
 * modification: each byte of a sealed file flipped, every truncation,
 * chunks swapped, duplicated or dropped, the wrong key.  Nothing opens
 * that was not sealed as it is.
 */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "cryptobench/kem.h"
#include "cryptobench/registry.h"
#include "envelope/envelope.h"
#include "testutil.h"

#define LOG2 10 /* 1 KiB chunks: boundaries are cheap to reach */
#define CHUNK (1u << LOG2)
#define MAXK 4096

struct key {
	const cb_kem_class *k;
	uint8_t pk[MAXK], sk[MAXK];
};

static int make_key(struct key *key, const char *name)
{
	key->k = cb_as_kem(cb_registry_find(name, "builtin"));
	CHECK(key->k != NULL);
	if (!key->k)
		return -1;
	CHECK_EQ_INT(key->k->keypair(key->k, key->pk, key->sk), CB_OK);
	return 0;
}

/* Seal msg to the keys; *out malloc'd. */
static int seal(const uint8_t *msg, size_t len, struct key *keys, size_t nk, int aead, uint8_t **out,
		size_t *outlen)
{
	cb_env_recipient r[4];
	FILE *in = fmemopen((void *)msg, len ? len : 1, "rb"), *o;
	char *p = NULL;
	size_t pl = 0;
	int rc;
	if (len == 0) {
		fclose(in);
		in = fopen("/dev/null", "rb");
	}
	o = open_memstream(&p, &pl);
	for (size_t i = 0; i < nk; i++)
		r[i] = (cb_env_recipient){.kem = keys[i].k, .pk = keys[i].pk};
	rc = cb_envelope_seal(in, o, r, nk, aead, LOG2);
	fclose(in);
	fclose(o);
	*out = (uint8_t *)p;
	*outlen = pl;
	return rc;
}

/* Open env with key; the plaintext in *pt (malloc'd). */
static int open_env(const uint8_t *env, size_t len, const struct key *key, uint8_t **pt, size_t *ptlen)
{
	FILE *in, *o;
	char *p = NULL;
	size_t pl = 0;
	int rc;
	in = len ? fmemopen((void *)env, len, "rb") : fopen("/dev/null", "rb");
	o = open_memstream(&p, &pl);
	rc = cb_envelope_open(in, o, key->k, key->sk);
	fclose(in);
	fclose(o);
	*pt = (uint8_t *)p;
	*ptlen = pl;
	return rc;
}

static void roundtrips(void)
{
	static const char *const kems[] = {"mlkem768", "mlkem1024", "x25519mlkem768", "secp256r1mlkem768",
					   "xwing", "sm2mlkem768", "sm2-enc-kem"};
	static const size_t sizes[] = {0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17};
	static uint8_t msg[3 * CHUNK + 17];
	static struct key key;
	tu_fill(msg, sizeof(msg), 1);
	for (size_t k = 0; k < CB_ARRAY_LEN(kems); k++) {
		if (make_key(&key, kems[k]))
			continue;
		for (int aead = 1; aead <= 3; aead++)
			for (size_t s = 0; cb_env_aead_name(aead) && s < CB_ARRAY_LEN(sizes); s++) {
				uint8_t *env, *pt;
				size_t el, pl;
				tu_note("%s %s %zu bytes", kems[k], cb_env_aead_name(aead), sizes[s]);
				CHECK_EQ_INT(seal(msg, sizes[s], &key, 1, aead, &env, &el), CB_OK);
				CHECK_EQ_INT(open_env(env, el, &key, &pt, &pl), CB_OK);
				CHECK_EQ_INT(pl, sizes[s]);
				if (pl == sizes[s])
					CHECK_MEM(pt, msg, pl);
				free(env);
				free(pt);
			}
	}
}

static void recipients(void)
{
	static struct key keys[3], other;
	static uint8_t msg[2 * CHUNK + 5];
	uint8_t *env, *pt;
	size_t el, pl;

	tu_note("three recipients");
	tu_fill(msg, sizeof(msg), 2);
	if (make_key(&keys[0], "xwing") || make_key(&keys[1], "mlkem768") || make_key(&keys[2], "xwing") ||
	    make_key(&other, "xwing"))
		return;
	CHECK_EQ_INT(seal(msg, sizeof(msg), keys, 3, CB_ENV_CHACHA20POLY1305, &env, &el), CB_OK);
	for (int i = 0; i < 3; i++) {
		CHECK_EQ_INT(open_env(env, el, &keys[i], &pt, &pl), CB_OK);
		CHECK(pl == sizeof(msg) && memcmp(pt, msg, pl) == 0);
		free(pt);
	}
	/* a key of a listed algorithm that is not a recipient, and an algorithm not listed */
	CHECK_EQ_INT(open_env(env, el, &other, &pt, &pl), CB_ERR_VERIFY);
	CHECK_EQ_INT(pl, 0);
	free(pt);
	if (!make_key(&other, "x25519mlkem768")) {
		CHECK_EQ_INT(open_env(env, el, &other, &pt, &pl), CB_ERR_UNSUPPORTED);
		free(pt);
	}
	free(env);
}

/* The plaintext written before a failure must not count: here only the result matters. */
static void tamper(void)
{
	static struct key key;
	static uint8_t msg[2 * CHUNK + 100];
	uint8_t *env, *pt, *bad;
	size_t el, pl, hdr, fails = 0;

	tu_fill(msg, sizeof(msg), 3);
	if (make_key(&key, "x25519mlkem768"))
		return;
	CHECK_EQ_INT(seal(msg, sizeof(msg), &key, 1, CB_ENV_AES256GCM, &env, &el), CB_OK);
	hdr = el - (2 * (CHUNK + 16) + 100 + 16);
	CHECK_EQ_INT(hdr, 18 + 1 + 14 + 2 + 1120 + 48);
	bad = malloc(el + 2 * (CHUNK + 16));
	/* every bit position's byte, flipped */
	for (size_t i = 0; i < el; i++) {
		memcpy(bad, env, el);
		bad[i] ^= (uint8_t)(1u << (i % 8));
		int rc = open_env(bad, el, &key, &pt, &pl);
		free(pt);
		if (rc == CB_OK) {
			tu_note("flipped byte %zu opened", i);
			fails++;
		}
	}
	CHECK_EQ_INT(fails, 0);
	/* every truncation, at and between the chunk boundaries */
	for (size_t n = 0; n < el; n++) {
		int rc = open_env(env, n, &key, &pt, &pl);
		free(pt);
		if (rc == CB_OK) {
			tu_note("truncated to %zu bytes opened", n);
			fails++;
		}
	}
	CHECK_EQ_INT(fails, 0);
	/* chunks swapped (0 and 1), chunk 0 duplicated, chunk 1 dropped, a chunk appended */
	{
		size_t c = CHUNK + 16, i = 0;
		int rc;
		memcpy(bad, env, hdr);
		memcpy(bad + hdr, env + hdr + c, c);
		memcpy(bad + hdr + c, env + hdr, c);
		memcpy(bad + hdr + 2 * c, env + hdr + 2 * c, el - hdr - 2 * c);
		rc = open_env(bad, el, &key, &pt, &pl);
		free(pt);
		CHECK_EQ_INT(rc, CB_ERR_VERIFY);
		memcpy(bad, env, hdr + c);
		memcpy(bad + hdr + c, env + hdr, el - hdr);
		rc = open_env(bad, el + c, &key, &pt, &pl);
		free(pt);
		CHECK_EQ_INT(rc, CB_ERR_VERIFY);
		memcpy(bad, env, hdr + c);
		memcpy(bad + hdr + c, env + hdr + 2 * c, el - hdr - 2 * c);
		rc = open_env(bad, el - c, &key, &pt, &pl);
		free(pt);
		CHECK_EQ_INT(rc, CB_ERR_VERIFY);
		memcpy(bad, env, el);
		memcpy(bad + el, env + hdr, c);
		rc = open_env(bad, el + c, &key, &pt, &pl);
		free(pt);
		CHECK_EQ_INT(rc, CB_ERR_VERIFY);
		(void)i;
	}
	/* the wrong key of the right algorithm */
	{
		static struct key wrong;
		if (!make_key(&wrong, "x25519mlkem768")) {
			CHECK_EQ_INT(open_env(env, el, &wrong, &pt, &pl), CB_ERR_VERIFY);
			CHECK_EQ_INT(pl, 0);
			free(pt);
		}
	}
	/* not an envelope */
	CHECK_EQ_INT(open_env((const uint8_t *)"hello, world, not sealed", 24, &key, &pt, &pl), CB_ERR_FORMAT);
	free(pt);
	free(bad);
	free(env);
}

/* SM4-GCM: a modified chunk and a modified tag are refused too. */
static void sm4(void)
{
	static struct key key;
	static uint8_t msg[CHUNK + 3];
	uint8_t *env, *pt;
	size_t el, pl;
	if (!cb_env_aead_name(CB_ENV_SM4GCM)) {
		tu_note("no SM4-GCM here (libgcrypt backend not built)");
		return;
	}
	tu_fill(msg, sizeof(msg), 4);
	if (make_key(&key, "sm2mlkem768"))
		return;
	CHECK_EQ_INT(seal(msg, sizeof(msg), &key, 1, CB_ENV_SM4GCM, &env, &el), CB_OK);
	env[el - 1] ^= 1;
	CHECK_EQ_INT(open_env(env, el, &key, &pt, &pl), CB_ERR_VERIFY);
	free(pt);
	env[el - 1] ^= 1;
	env[el - 30] ^= 1;
	CHECK_EQ_INT(open_env(env, el, &key, &pt, &pl), CB_ERR_VERIFY);
	free(pt);
	env[el - 30] ^= 1;
	CHECK_EQ_INT(open_env(env, el, &key, &pt, &pl), CB_OK);
	CHECK(pl == sizeof(msg) && memcmp(pt, msg, pl) == 0);
	free(pt);
	free(env);
}

/* Several workers: the same envelope whatever the count, across batch boundaries. */
static int seal_mt(const uint8_t *msg, size_t len, struct key *key, unsigned threads, uint8_t **out, size_t *outlen)
{
	cb_env_recipient r = {.kem = key->k, .pk = key->pk};
	FILE *in = fmemopen((void *)msg, len, "rb"), *o;
	char *p = NULL;
	size_t pl = 0;
	int rc;
	o = open_memstream(&p, &pl);
	rc = cb_envelope_seal_mt(in, o, &r, 1, CB_ENV_AES256GCM, LOG2, threads);
	fclose(in);
	fclose(o);
	*out = (uint8_t *)p;
	*outlen = pl;
	return rc;
}

static int open_mt(const uint8_t *env, size_t len, const struct key *key, unsigned threads, size_t *ptlen,
		   uint8_t **pt)
{
	FILE *in = fmemopen((void *)env, len, "rb"), *o;
	char *p = NULL;
	size_t pl = 0;
	int rc;
	o = open_memstream(&p, &pl);
	rc = cb_envelope_open_mt(in, o, key->k, key->sk, threads);
	fclose(in);
	fclose(o);
	*pt = (uint8_t *)p;
	*ptlen = pl;
	return rc;
}

static void threads(void)
{
	static struct key key;
	/* 4 MiB per worker and batch is 4096 chunks of 1 KiB: 9 MiB cross a batch with 2 workers */
	size_t len = (9u << 20) + 123, el, pl;
	uint8_t *msg = malloc(len), *env, *pt;
	if (!msg || make_key(&key, "xwing"))
		return;
	tu_fill(msg, len, 5);
	for (unsigned st = 1; st <= 3; st += 2) {
		tu_note("sealed with %u workers", st);
		CHECK_EQ_INT(seal_mt(msg, len, &key, st, &env, &el), CB_OK);
		for (unsigned ot = 1; ot <= 4; ot++) {
			CHECK_EQ_INT(open_mt(env, el, &key, ot, &pl, &pt), CB_OK);
			CHECK(pl == len && memcmp(pt, msg, len) == 0);
			free(pt);
		}
		/* a chunk in the second batch modified; a cut at a chunk boundary there */
		env[el - 1000 * (CHUNK + 16)] ^= 4;
		CHECK_EQ_INT(open_mt(env, el, &key, 2, &pl, &pt), CB_ERR_VERIFY);
		free(pt);
		env[el - 1000 * (CHUNK + 16)] ^= 4;
		CHECK_EQ_INT(open_mt(env, el - 123 - 16 - 100 * (CHUNK + 16), &key, 2, &pl, &pt), CB_ERR_VERIFY);
		free(pt);
		free(env);
	}
	free(msg);
}

static void args(void)
{
	static struct key key;
	cb_env_recipient r;
	FILE *n = fopen("/dev/null", "r+b");
	if (make_key(&key, "xwing") || !n)
		return;
	r = (cb_env_recipient){.kem = key.k, .pk = key.pk};
	CHECK_EQ_INT(cb_envelope_seal(n, n, &r, 0, CB_ENV_AES256GCM, 16), CB_ERR_ARG);
	CHECK_EQ_INT(cb_envelope_seal(n, n, &r, 1, 7, 16), CB_ERR_ARG);
	CHECK_EQ_INT(cb_envelope_seal(n, n, &r, 1, CB_ENV_AES256GCM, 9), CB_ERR_ARG);
	CHECK_EQ_INT(cb_env_aead_parse("aes-256-gcm"), CB_ENV_AES256GCM);
	CHECK_EQ_INT(cb_env_aead_parse("chacha20-poly1305"), CB_ENV_CHACHA20POLY1305);
#ifdef CB_HAVE_GCRYPT
	CHECK_EQ_INT(cb_env_aead_parse("sm4-gcm"), CB_ENV_SM4GCM);
#else
	CHECK_EQ_INT(cb_env_aead_parse("sm4-gcm"), 0);
#endif
	CHECK_EQ_INT(cb_env_aead_parse("aes-128-gcm"), 0);
	fclose(n);
}

int main(void)
{
	roundtrips();
	recipients();
	tamper();
	sm4();
	threads();
	args();
	return tu_finish();
}
