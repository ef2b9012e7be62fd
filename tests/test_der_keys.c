/*
 * The key-file helpers of src/core/der.c: PEM armour, and the canonical
 * PKCS#8 / SPKI forms the CLI gives every backend, checked against the
 * OpenSSL classes' own exports (which keep the public key and parameters
 * the canonical form drops).
 */
#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "testutil.h"

static void test_pem(void)
{
	uint8_t in[100], *der;
	size_t pl, dl;
	char *pem, label[32];

	for (size_t n = 1; n <= sizeof(in); n++) {
		tu_fill(in, n, n);
		tu_note("pem %zu bytes", n);
		CHECK_EQ_INT(cb_pem_encode("PUBLIC KEY", in, n, &pem, &pl), 0);
		CHECK_EQ_INT(cb_pem_decode((const uint8_t *)pem, pl, label, sizeof(label), &der, &dl), 0);
		CHECK(!strcmp(label, "PUBLIC KEY"));
		CHECK_EQ_INT(dl, n);
		CHECK_MEM(der, in, n);
		free(der);
		free(pem);
	}
	tu_note("%s", "");
	{
		static const char *bad[] = {
			"-----BEGIN X-----\nAAAA\n-----END Y-----\n", /* labels differ */
			"-----BEGIN X-----\nAA*A\n-----END X-----\n", /* not base64 */
			"-----BEGIN X-----\nAAA\n-----END X-----\n",  /* unpadded */
			"-----BEGIN X-----\nAA=A\n-----END X-----\n", /* a digit after '=' */
			"-----BEGIN X-----\nAB==\n-----END X-----\n", /* spare bits set */
			"-----BEGIN X-----\nProc-Type: 4,ENCRYPTED\n\nAAAA\n-----END X-----\n",
			"-----BEGIN X-----\nAAAA\n",
		};
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			tu_note("bad pem %zu", i);
			CHECK_EQ_INT(cb_pem_decode((const uint8_t *)bad[i], strlen(bad[i]), label, sizeof(label), &der, &dl),
				     CB_ERR_FORMAT);
		}
		CHECK_EQ_INT(cb_pem_decode((const uint8_t *)"\x30\x03", 2, label, sizeof(label), &der, &dl), 1);
		tu_note("%s", "");
	}
}

/* An OpenSSL class's export, canonicalised, imports back to the same public key. */
static void test_canonical(const char *alg, cb_key_type want, size_t canon_len, long bits)
{
	const cb_sig_class *s = cb_as_sig(cb_registry_find(alg, "openssl"));
	uint8_t sec[4096], pub[1024], pub2[1024], *c, *c2, *p;
	size_t sl = sizeof(sec), pl = sizeof(pub), pl2 = sizeof(pub2), cl, cl2, ppl;
	cb_key_type t;
	void *k = NULL, *k2 = NULL;

	tu_note("%s", alg);
	if (!s || cb_alg_unavailable(&s->info))
		return;
	CHECK_EQ_INT(s->keygen(s, NULL, &k), 0);
	CHECK_EQ_INT(s->export_secret(k, sec, &sl), 0);
	CHECK_EQ_INT(s->export_public(k, pub, &pl), 0);
	CHECK_EQ_INT(cb_key_private_pkcs8(sec, sl, &t, &c, &cl), 0);
	CHECK_EQ_INT(t, want);
	if (canon_len)
		CHECK_EQ_INT(cl, canon_len);
	/* a fixed point */
	CHECK_EQ_INT(cb_key_private_pkcs8(c, cl, &t, &c2, &cl2), 0);
	CHECK_EQ_INT(cl2, cl);
	CHECK_MEM(c2, c, cl);
	free(c2);
	CHECK_EQ_INT(s->import_secret(s, c, cl, NULL, &k2), 0);
	CHECK_EQ_INT(s->export_public(k2, pub2, &pl2), 0);
	CHECK_EQ_INT(pl2, pl);
	CHECK_MEM(pub2, pub, pl);
	CHECK_EQ_INT(cb_key_public_spki(pub, pl, &t, &p, &ppl), 0);
	CHECK_EQ_INT(t, want);
	/* the sizes table counts the canonical forms, whatever the library exports */
	{
		const char *enc;
		size_t counted;
		long b;
		CHECK_EQ_INT(cb_key_measure(sec, sl, 1, &enc, &counted, &b), 0);
		CHECK(strcmp(enc, "PKCS#8") == 0);
		CHECK_EQ_INT(counted, cl);
		CHECK_EQ_INT(b, -1);
		CHECK_EQ_INT(cb_key_measure(pub, pl, 0, &enc, &counted, &b), 0);
		CHECK(strcmp(enc, "SPKI") == 0);
		CHECK_EQ_INT(counted, pl);
		CHECK_EQ_INT(b, bits);
	}
	CHECK_EQ_INT(ppl, pl);
	CHECK_MEM(p, pub, pl);
	free(p);
	/* trailing and missing bytes */
	CHECK_EQ_INT(cb_key_private_pkcs8(c, cl - 1, &t, &c2, &cl2), CB_ERR_FORMAT);
	CHECK_EQ_INT(cb_key_public_spki(pub, pl - 1, &t, &p, &ppl), CB_ERR_FORMAT);
	memcpy(sec, c, cl);
	sec[cl] = 0;
	CHECK_EQ_INT(cb_key_private_pkcs8(sec, cl + 1, &t, &c2, &cl2), CB_ERR_FORMAT);
	/* a private key is not a public one, nor the reverse */
	CHECK(cb_key_public_spki(c, cl, &t, &p, &ppl) != 0);
	CHECK(cb_key_private_pkcs8(pub, pl, &t, &c2, &cl2) != 0);
	free(c);
	s->key_free(k);
	s->key_free(k2);
	tu_note("%s", "");
}

static void test_raw(void)
{
	uint8_t raw[32], *c;
	const uint8_t *r;
	size_t cl, rl;

	tu_fill(raw, sizeof(raw), 7);
	for (int secret = 0; secret < 2; secret++) {
		CHECK_EQ_INT(cb_key_wrap_raw(CB_KEY_X25519, secret, raw, 32, &c, &cl), 0);
		CHECK_EQ_INT(cb_key_raw(c, cl, secret, &r, &rl), 0);
		CHECK_EQ_INT(rl, 32);
		CHECK_MEM(r, raw, 32);
		free(c);
	}
	CHECK_EQ_INT(cb_key_wrap_raw(CB_KEY_ED25519, 1, raw, 31, &c, &cl), CB_ERR_ARG);
	CHECK_EQ_INT(cb_key_wrap_raw(CB_KEY_RSA, 1, raw, 32, &c, &cl), CB_ERR_ARG);
	CHECK_EQ_INT(cb_key_wrap_raw(CB_KEY_P256, 0, raw, 32, &c, &cl), CB_ERR_ARG); /* a point is 65 bytes */
}

/* Keys that are not DER: counted as given; a bare point is X9.62 and has its coordinate size. */
static void test_measure_raw(void)
{
	uint8_t point[65], raw[32];
	const char *enc;
	size_t counted;
	long bits;

	tu_fill(raw, sizeof(raw), 3);
	raw[0] = 0x30; /* looks like a SEQUENCE, is not one */
	for (int secret = 0; secret < 2; secret++) {
		CHECK_EQ_INT(cb_key_measure(raw, sizeof(raw), secret, &enc, &counted, &bits), 0);
		CHECK(strcmp(enc, "raw") == 0);
		CHECK_EQ_INT(counted, 32);
		CHECK_EQ_INT(bits, -1);
	}
	tu_fill(point, sizeof(point), 5);
	point[0] = 0x04;
	CHECK_EQ_INT(cb_key_measure(point, sizeof(point), 0, &enc, &counted, &bits), 0);
	CHECK(strcmp(enc, "X9.62") == 0);
	CHECK_EQ_INT(counted, 65);
	CHECK_EQ_INT(bits, 256);
	CHECK_EQ_INT(cb_key_measure(point, sizeof(point) - 1, 0, &enc, &counted, &bits), 0);
	CHECK(strcmp(enc, "raw") == 0);
}

int main(void)
{
	test_pem();
	test_canonical("ecdsa-p256", CB_KEY_P256, 67, 256);
	test_canonical("sm2-sign", CB_KEY_SM2, 67, 256);
	test_canonical("ed25519", CB_KEY_ED25519, 48, -1);
	test_canonical("rsa2048-pss-sha256", CB_KEY_RSA, 0, 2048);
	test_raw();
	test_measure_raw();
	return tu_finish();
}
