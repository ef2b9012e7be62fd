/*
 * Wycheproof vectors through the libgcrypt EC classes: X25519 and ECDH
 * P-256 derive (imported private key against the test's public value),
 * ECDSA P-256/SHA-256 verify (DER signatures), Ed25519 verify, RSA-2048
 * PKCS#1 v1.5 and PSS (SHA-256, 32-byte salt) verify.
 *
 * valid: must succeed (and give the expected secret); invalid: must fail;
 * acceptable: either, but a success must give the expected secret.
 * Set CB_TEST_VERBOSE=1 for per-file counts.
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/kex.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "testutil.h"

enum { REJECTED = 0, ACCEPTED = 1, WRONG_OUTPUT = 2 };

typedef int (*case_fn)(const cb_alg_info *cls, const json_t *group, const json_t *test);

/* PrivateKeyInfo { 0, P-256, ECPrivateKey { 1, d } }, before the 32 bytes of d. */
static const char pkcs8_p256[] = "3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420";

static void run_file(const char *file, const char *cls_name, case_fn fn, unsigned expect)
{
	char path[256];
	json_t *root, *g, *t;
	size_t i, j;
	unsigned run = 0, acc_ok = 0, acc_rej = 0;
	const cb_alg_info *cls = cb_registry_find(cls_name, "gcrypt");
	unsigned long before = tu_failed;

	snprintf(path, sizeof(path), "wycheproof/testvectors_v1/%s", file);
	root = tu_load_json(path);
	if (!root)
		return;
	CHECK(cls != NULL);
	json_array_foreach(json_object_get(root, "testGroups"), i, g)
	{
		json_array_foreach(json_object_get(g, "tests"), j, t)
		{
			const char *result = tu_json_str(t, "result");
			int r;

			tu_note("%s tcId %lld (%s)", file, (long long)json_integer_value(json_object_get(t, "tcId")),
				result);
			r = cls ? fn(cls, g, t) : REJECTED;
			run++;
			if (strcmp(result, "valid") == 0) {
				CHECK_EQ_INT(r, ACCEPTED);
			} else if (strcmp(result, "invalid") == 0) {
				CHECK_EQ_INT(r, REJECTED);
			} else {
				CHECK(r != WRONG_OUTPUT);
				acc_ok += r == ACCEPTED;
				acc_rej += r == REJECTED;
			}
		}
	}
	CHECK_EQ_INT(run, expect);
	if (getenv("CB_TEST_VERBOSE"))
		fprintf(stderr, "%s: %u cases (acceptable: %u accepted, %u rejected), %lu failures\n", file, run,
			acc_ok, acc_rej, tu_failed - before);
	json_decref(root);
}

/* Derive with an imported secret key; compares with "shared". */
static int kex_case(const cb_kex_class *k, const uint8_t *sk, size_t sklen, const json_t *t)
{
	uint8_t *pub = NULL, *shared = NULL, ss[64];
	size_t publen, sharedlen, sslen = sizeof(ss);
	void *key = NULL;
	int r = REJECTED;

	if (tu_json_hex(t, "public", &pub, &publen) || tu_json_hex(t, "shared", &shared, &sharedlen)) {
		CHECK(0);
		goto done;
	}
	if (k->import_secret(sk, sklen, NULL, &key) != 0)
		goto done;
	if (k->derive(key, pub, publen, ss, &sslen) != 0)
		goto done;
	r = sslen == sharedlen && memcmp(ss, shared, sslen) == 0 ? ACCEPTED : WRONG_OUTPUT;
done:
	if (key)
		k->key_free(key);
	free(pub), free(shared);
	return r;
}

static int x25519_case(const cb_alg_info *cls, const json_t *g, const json_t *t)
{
	uint8_t *priv = NULL;
	size_t len;
	int r;

	(void)g;
	if (tu_json_hex(t, "private", &priv, &len)) {
		CHECK(0);
		return REJECTED;
	}
	r = kex_case(cb_as_kex(cls), priv, len, t);
	free(priv);
	return r;
}

static int ecdh_case(const cb_alg_info *cls, const json_t *g, const json_t *t)
{
	uint8_t *priv = NULL, der[80];
	size_t len, off = 0;
	long pre = tu_unhex_buf(pkcs8_p256, der, sizeof(der));
	int r = REJECTED;

	(void)g;
	if (pre < 0 || tu_json_hex(t, "private", &priv, &len)) {
		CHECK(0);
		goto done;
	}
	/* The scalar as 32 big-endian bytes (Wycheproof may add a sign byte or drop leading zeros). */
	while (len - off > 32 && priv[off] == 0)
		off++;
	if (len - off > 32) {
		CHECK(0);
		goto done;
	}
	memset(der + pre, 0, 32);
	memcpy(der + pre + 32 - (len - off), priv + off, len - off);
	r = kex_case(cb_as_kex(cls), der, (size_t)pre + 32, t);
done:
	free(priv);
	return r;
}

static int verify_case(const cb_alg_info *cls, const json_t *g, const json_t *t)
{
	const cb_sig_class *s = cb_as_sig(cls);
	uint8_t *pub = NULL, *msg = NULL, *sig = NULL;
	size_t publen, msglen, siglen;
	void *key = NULL;
	int r = REJECTED, rc;

	if (tu_json_hex(g, "publicKeyDer", &pub, &publen) || tu_json_hex(t, "msg", &msg, &msglen) ||
	    tu_json_hex(t, "sig", &sig, &siglen)) {
		CHECK(0);
		goto done;
	}
	if (s->import_public(pub, publen, NULL, &key) != 0)
		goto done;
	rc = s->verify(key, msg, msglen, sig, siglen);
	CHECK(rc == 0 || rc == CB_ERR_VERIFY);
	r = rc == 0 ? ACCEPTED : REJECTED;
done:
	if (key)
		s->key_free(key);
	free(pub), free(msg), free(sig);
	return r;
}

int main(void)
{
	run_file("x25519_test.json", "x25519", x25519_case, 518);
	run_file("ecdh_secp256r1_ecpoint_test.json", "ecdh-p256", ecdh_case, 355);
	run_file("ecdsa_secp256r1_sha256_test.json", "ecdsa-p256", verify_case, 484);
	run_file("ed25519_test.json", "ed25519", verify_case, 151);
	run_file("rsa_signature_2048_sha256_test.json", "rsa2048-pkcs1-sha256", verify_case, 259);
	run_file("rsa_pss_2048_sha256_mgf1_32_test.json", "rsa2048-pss-sha256", verify_case, 108);
	return tu_finish();
}
