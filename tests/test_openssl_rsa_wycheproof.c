/*
 * Wycheproof RSA vectors against the OpenSSL RSA classes' own decrypt and
 * verify: OAEP (SHA-256/MGF1-SHA-256, SHA-1/MGF1-SHA-1, and SHA-256/
 * MGF1-SHA-1 through the internal-only class), PKCS#1 v1.5 decryption,
 * PKCS#1 v1.5 and PSS signatures.  Set CB_TEST_VERBOSE=1 to print the
 * per-file counts.
 *
 * PKCS#1 v1.5 decryption: OpenSSL 3.0.19 has no implicit rejection (it
 * came in 3.2; `pkeyutl -pkeyopt rsa_pkcs1_implicit_rejection:1` is
 * refused here) and fails on bad padding, which is what the vectors'
 * "invalid" expects; the class turns implicit rejection off where it
 * exists, so this holds on later versions too.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/openssl/openssl_import.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "testutil.h"

struct counts {
	unsigned valid, invalid, acceptable, skipped;
};

static void report(const char *file, const struct counts *n, unsigned long failed_before)
{
	if (getenv("CB_TEST_VERBOSE"))
		fprintf(stderr, "%s: %u valid, %u invalid, %u acceptable run, %u skipped, %lu check failures\n", file,
			n->valid, n->invalid, n->acceptable, n->skipped, tu_failed - failed_before);
}

static json_t *load(const char *file)
{
	char path[160];
	snprintf(path, sizeof(path), "wycheproof/testvectors_v1/%s", file);
	return tu_load_json(path);
}

static void count(struct counts *n, const char *res)
{
	if (strcmp(res, "valid") == 0)
		n->valid++;
	else if (strcmp(res, "invalid") == 0)
		n->invalid++;
	else
		n->acceptable++;
}

/* OAEP (oaep != 0) or PKCS#1 v1.5 decryption vectors with one class. */
static void run_decrypt(const char *file, const cb_pke_class *c, int oaep)
{
	json_t *j, *g, *t;
	size_t gi, ti;
	struct counts n = {0};
	unsigned long failed_before = tu_failed;

	j = load(file);
	if (!j)
		return;
	CHECK(c != NULL);
	if (!c) {
		json_decref(j);
		return;
	}
	json_array_foreach(json_object_get(j, "testGroups"), gi, g)
	{
		uint8_t *der = NULL;
		size_t derlen;
		void *key = NULL;

		tu_note("%s group %zu: import", file, gi);
		if (tu_json_hex(g, "privateKeyPkcs8", &der, &derlen) ||
		    cb_ossl_rsa_import_pkcs8(&c->info, der, derlen, &key) != 0) {
			CHECK(0);
			free(der);
			continue;
		}
		free(der);
		json_array_foreach(json_object_get(g, "tests"), ti, t)
		{
			uint8_t *ct = NULL, *msg = NULL, *label = NULL, *out = NULL;
			size_t ctlen, msglen, labellen = 0, outlen;
			const char *res = tu_json_str(t, "result");
			int rc;

			tu_note("%s tcId %lld", file, json_integer_value(json_object_get(t, "tcId")));
			if (tu_json_hex(t, "ct", &ct, &ctlen) || tu_json_hex(t, "msg", &msg, &msglen) ||
			    (oaep && tu_json_hex(t, "label", &label, &labellen))) {
				CHECK(0);
				goto next;
			}
			count(&n, res);
			outlen = ctlen + 1;
			out = malloc(outlen);
			if (oaep)
				CHECK_EQ_INT(cb_ossl_rsa_set_oaep_label(key, label, labellen), 0);
			rc = c->decrypt(key, ct, ctlen, out, &outlen);
			if (strcmp(res, "valid") == 0) {
				CHECK_EQ_INT(rc, 0);
				CHECK(rc == 0 && outlen == msglen && memcmp(out, msg, msglen) == 0);
			} else if (strcmp(res, "invalid") == 0) {
				CHECK_EQ_INT(rc, CB_ERR_DECRYPT);
			}
			if (oaep && labellen) {
				/* The registered classes use the empty label: a labelled message must not decrypt. */
				CHECK_EQ_INT(cb_ossl_rsa_set_oaep_label(key, NULL, 0), 0);
				outlen = ctlen + 1;
				CHECK_EQ_INT(c->decrypt(key, ct, ctlen, out, &outlen), CB_ERR_DECRYPT);
			}
		next:
			free(ct), free(msg), free(label), free(out);
		}
		c->key_free(key);
	}
	report(file, &n, failed_before);
	json_decref(j);
}

/* Signature vectors with one class; groups with other parameters are skipped. */
static void run_verify(const char *file, const cb_sig_class *c, int pss)
{
	json_t *j, *g, *t;
	size_t gi, ti;
	struct counts n = {0};
	unsigned long failed_before = tu_failed;

	j = load(file);
	if (!j)
		return;
	CHECK(c != NULL);
	if (!c) {
		json_decref(j);
		return;
	}
	json_array_foreach(json_object_get(j, "testGroups"), gi, g)
	{
		json_t *tests = json_object_get(g, "tests");
		uint8_t *der = NULL;
		size_t derlen;
		void *key = NULL;

		if (strcmp(tu_json_str(g, "sha"), "SHA-256") != 0 ||
		    (pss && (strcmp(tu_json_str(g, "mgfSha"), "SHA-256") != 0 ||
			     json_integer_value(json_object_get(g, "sLen")) != 32))) {
			n.skipped += (unsigned)json_array_size(tests);
			continue;
		}
		tu_note("%s group %zu: import", file, gi);
		if (tu_json_hex(g, "publicKeyDer", &der, &derlen) ||
		    cb_ossl_rsa_import_public_der(&c->info, der, derlen, &key) != 0) {
			CHECK(0);
			free(der);
			continue;
		}
		free(der);
		json_array_foreach(tests, ti, t)
		{
			uint8_t *msg = NULL, *sig = NULL;
			size_t msglen, siglen;
			const char *res = tu_json_str(t, "result");
			int rc;

			tu_note("%s tcId %lld", file, json_integer_value(json_object_get(t, "tcId")));
			if (tu_json_hex(t, "msg", &msg, &msglen) || tu_json_hex(t, "sig", &sig, &siglen)) {
				CHECK(0);
				goto next;
			}
			count(&n, res);
			rc = c->verify(key, msg, msglen, sig, siglen);
			if (strcmp(res, "valid") == 0)
				CHECK_EQ_INT(rc, 0);
			else if (strcmp(res, "invalid") == 0)
				CHECK_EQ_INT(rc, CB_ERR_VERIFY);
			else
				CHECK(rc == 0 || rc == CB_ERR_VERIFY);
			if (strcmp(res, "acceptable") == 0 && getenv("CB_TEST_VERBOSE"))
				fprintf(stderr, "%s tcId %lld (acceptable): %s\n", file,
					json_integer_value(json_object_get(t, "tcId")), rc == 0 ? "accepted" : "rejected");
		next:
			free(msg), free(sig);
		}
		c->key_free(key);
	}
	report(file, &n, failed_before);
	json_decref(j);
}

static const cb_pke_class *pke(const char *name)
{
	return cb_as_pke(cb_registry_find(name, "openssl"));
}

int main(void)
{
	static const int sizes[] = {2048, 3072, 4096};

	for (size_t i = 0; i < 3; i++) {
		char file[96], name[48];
		int b = sizes[i];

		snprintf(file, sizeof(file), "rsa_oaep_%d_sha256_mgf1sha256_test.json", b);
		snprintf(name, sizeof(name), "rsa%d-oaep-sha256", b);
		run_decrypt(file, pke(name), 1);
		snprintf(file, sizeof(file), "rsa_oaep_%d_sha256_mgf1sha1_test.json", b);
		run_decrypt(file, cb_ossl_rsa_oaep_sha256_mgf1sha1(b), 1);
		snprintf(file, sizeof(file), "rsa_pkcs1_%d_test.json", b);
		snprintf(name, sizeof(name), "rsa%d-pkcs1", b);
		run_decrypt(file, pke(name), 0);
	}
	run_decrypt("rsa_oaep_2048_sha1_mgf1sha1_test.json", pke("rsa2048-oaep-sha1"), 1);
	run_verify("rsa_signature_2048_sha256_test.json",
		   cb_as_sig(cb_registry_find("rsa2048-pkcs1-sha256", "openssl")), 0);
	run_verify("rsa_pss_2048_sha256_mgf1_32_test.json",
		   cb_as_sig(cb_registry_find("rsa2048-pss-sha256", "openssl")), 1);
	return tu_finish();
}
