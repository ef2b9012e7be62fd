/*
 * OpenSSL RSA classes: sizes, encryption round trips up to max_plaintext,
 * raw RSA's input rules, tampering, sign/verify and rejection of modified
 * messages and signatures, repeated use of one handle, and export/import.
 *
 * Every 2048-bit class makes its own key; the 3072- and 4096-bit classes
 * share one generated key per size (exported as PKCS#8 and imported) to
 * keep the test short.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/openssl/openssl_import.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "testutil.h"

static int bits_of(const char *name)
{
	return atoi(name + 3); /* "rsa2048-..." */
}

/* Expected k - max_plaintext from the name. */
static size_t overhead_of(const char *name)
{
	if (strstr(name, "-pkcs1"))
		return 11;
	if (strstr(name, "-oaep-sha256"))
		return 66;
	if (strstr(name, "-oaep-sha1"))
		return 42;
	return 0; /* raw */
}

/* A 3072/4096-bit PKCS#8 key generated once per size. */
static uint8_t *shared_der[2];
static size_t shared_len[2];

/* A fresh key of a pke or sig class. */
static int keygen(const cb_alg_info *a, void **key)
{
	const cb_pke_class *p = cb_as_pke(a);
	const cb_sig_class *s = cb_as_sig(a);
	return p ? p->keygen(p, NULL, key) : s->keygen(s, NULL, key);
}

static int make_key(const cb_alg_info *a, void (*key_free)(void *), int (*export_secret)(const void *, uint8_t *, size_t *),
		    void **key)
{
	int bits = bits_of(a->name), slot = bits == 3072 ? 0 : 1;
	int rc;

	if (bits == 2048)
		return keygen(a, key);
	if (!shared_der[slot]) {
		void *k = NULL;
		size_t len = 8192;
		rc = keygen(a, &k);
		if (rc)
			return rc;
		shared_der[slot] = malloc(len);
		rc = export_secret(k, shared_der[slot], &len);
		key_free(k);
		if (rc)
			return rc;
		shared_len[slot] = len;
	}
	return cb_ossl_rsa_import_pkcs8(a, shared_der[slot], shared_len[slot], key);
}

static void check_exports(const cb_alg_info *a, const void *key, size_t k,
			  int (*export_public)(const void *, uint8_t *, size_t *),
			  int (*export_secret)(const void *, uint8_t *, size_t *))
{
	uint8_t buf[4096];
	size_t len = sizeof(buf);

	tu_note("%s exports", a->name);
	CHECK_EQ_INT(export_public(key, buf, &len), 0);
	/* SubjectPublicKeyInfo: the modulus plus a few dozen bytes of DER. */
	CHECK(len > k + 20 && len < k + 64 && buf[0] == 0x30);
	len = 100;
	CHECK_EQ_INT(export_public(key, buf, &len), CB_ERR_LENGTH);
	len = sizeof(buf);
	CHECK_EQ_INT(export_secret(key, buf, &len), 0);
	/* PKCS#8: n, d and the CRT values, about 4.5 k. */
	CHECK(len > 4 * k && len < 5 * k + 100 && buf[0] == 0x30);
}

static void test_pke(const cb_pke_class *c)
{
	const char *name = c->info.name;
	size_t k = (size_t)bits_of(name) / 8, maxp;
	uint8_t *m = malloc(k), *ct = malloc(k + 1), *pt = malloc(k), *ct2 = malloc(k);
	int raw = strstr(name, "-raw") != NULL;
	void *key = NULL;
	int rc;

	tu_note("%s keygen", name);
	rc = make_key(&c->info, c->key_free, c->export_secret, &key);
	CHECK_EQ_INT(rc, 0);
	if (rc)
		goto out;
	maxp = c->max_plaintext(key);
	CHECK_EQ_INT(maxp, k - overhead_of(name));
	CHECK_EQ_INT(c->max_ciphertext(key, 1), k);
	check_exports(&c->info, key, k, c->export_public, c->export_secret);

	{
		const size_t sizes[] = {0, 1, maxp / 2, maxp};
		for (size_t i = 0; i < 4; i++) {
			size_t n = raw ? k : sizes[i], clen = k, plen = k;

			tu_note("%s, %zu-byte message", name, n);
			tu_fill(m, n, 40 + i);
			if (raw)
				m[0] = 0; /* below n */
			rc = c->encrypt(key, m, n, ct, &clen);
			CHECK_EQ_INT(rc, 0);
			CHECK_EQ_INT(clen, k);
			CHECK(n < 16 || memcmp(ct, m, n) != 0);
			rc = c->decrypt(key, ct, clen, pt, &plen);
			CHECK_EQ_INT(rc, 0);
			CHECK(plen == n && memcmp(pt, m, n) == 0);

			/* An exact-size output buffer (below k) works too. */
			plen = n;
			CHECK_EQ_INT(c->decrypt(key, ct, clen, pt, &plen), 0);
			CHECK(plen == n && memcmp(pt, m, n) == 0);
			if (n > 0) {
				plen = n - 1;
				CHECK_EQ_INT(c->decrypt(key, ct, clen, pt, &plen), CB_ERR_LENGTH);
			}

			/* Padded encryption is randomised; both decrypt. */
			clen = k;
			CHECK_EQ_INT(c->encrypt(key, m, n, ct2, &clen), 0);
			CHECK(raw ? memcmp(ct, ct2, k) == 0 : memcmp(ct, ct2, k) != 0);
			plen = k;
			CHECK_EQ_INT(c->decrypt(key, ct2, clen, pt, &plen), 0);
			CHECK(plen == n && memcmp(pt, m, n) == 0);

			/* A tampered ciphertext fails (or, raw, gives something else). */
			ct[k / 2] ^= 0x10;
			plen = k;
			rc = c->decrypt(key, ct, k, pt, &plen);
			if (raw)
				CHECK(rc == 0 && memcmp(pt, m, n) != 0);
			else
				CHECK(rc == CB_ERR_DECRYPT || (rc == 0 && (plen != n || memcmp(pt, m, n) != 0)));
			ct[k / 2] ^= 0x10;
			/* Wrong ciphertext lengths. */
			plen = k;
			CHECK_EQ_INT(c->decrypt(key, ct, k - 1, pt, &plen), CB_ERR_DECRYPT);
			ct[k] = 0;
			plen = k;
			CHECK_EQ_INT(c->decrypt(key, ct, k + 1, pt, &plen), CB_ERR_DECRYPT);
			if (raw)
				break;
		}
	}
	{
		size_t clen = k;
		tu_note("%s, bad inputs", name);
		tu_fill(m, k, 50);
		m[0] = 0;
		if (maxp < k)
			CHECK_EQ_INT(c->encrypt(key, m, maxp + 1, ct, &clen), CB_ERR_LENGTH);
		clen = k - 1;
		CHECK_EQ_INT(c->encrypt(key, m, raw ? k : 0, ct, &clen), CB_ERR_LENGTH);
		if (raw) {
			clen = k;
			CHECK_EQ_INT(c->encrypt(key, m, k - 1, ct, &clen), CB_ERR_LENGTH);
			memset(m, 0xff, k); /* above n */
			CHECK_EQ_INT(c->encrypt(key, m, k, ct, &clen), CB_ERR_ARG);
		}
	}
	{
		/* Public-only handle: encrypts for the private one, cannot decrypt. */
		uint8_t spki[1024];
		size_t slen = sizeof(spki), clen = k, plen = k;
		void *pub = NULL;

		tu_note("%s, public-only handle", name);
		CHECK_EQ_INT(c->export_public(key, spki, &slen), 0);
		CHECK_EQ_INT(cb_ossl_rsa_import_public_der(&c->info, spki, slen, &pub), 0);
		if (pub) {
			tu_fill(m, k, 60);
			m[0] = 0;
			CHECK_EQ_INT(c->encrypt(pub, m, raw ? k : 5, ct, &clen), 0);
			CHECK_EQ_INT(c->decrypt(key, ct, clen, pt, &plen), 0);
			CHECK(plen == (raw ? k : 5) && memcmp(pt, m, plen) == 0);
			plen = k;
			CHECK_EQ_INT(c->decrypt(pub, ct, clen, pt, &plen), CB_ERR_UNSUPPORTED);
			slen = sizeof(spki);
			CHECK_EQ_INT(c->export_secret(pub, spki, &slen), CB_ERR_UNSUPPORTED);
			c->key_free(pub);
		}
	}
	{
		/* The class's import_secret (PKCS#8, as export_secret writes it) decrypts. */
		uint8_t *der = malloc(8192);
		size_t dlen = 8192, clen = k, plen = k;
		void *k2 = NULL;

		tu_note("%s, import_secret", name);
		CHECK(c->import_secret != NULL);
		CHECK_EQ_INT(c->export_secret(key, der, &dlen), 0);
		CHECK(c->import_secret(c, der, dlen - 1, NULL, &k2) < 0);
		CHECK_EQ_INT(c->import_secret(c, der, dlen, NULL, &k2), 0);
		if (k2) {
			tu_fill(m, k, 61);
			m[0] = 0;
			CHECK_EQ_INT(c->encrypt(key, m, raw ? k : 5, ct, &clen), 0);
			CHECK_EQ_INT(c->decrypt(k2, ct, clen, pt, &plen), 0);
			CHECK(plen == (raw ? k : 5) && memcmp(pt, m, plen) == 0);
			c->key_free(k2);
		}
		free(der);
	}
	c->key_free(key);
out:
	free(m), free(ct), free(pt), free(ct2);
}

static void test_sig(const cb_sig_class *c)
{
	const char *name = c->info.name;
	size_t k = (size_t)bits_of(name) / 8;
	int pss = strstr(name, "-pss-") != NULL;
	uint8_t *sig[3], *m = malloc(1001); /* one spare byte: "message + 1" below */
	void *key = NULL, *pub = NULL;
	int rc;

	for (int i = 0; i < 3; i++)
		sig[i] = malloc(k);
	tu_note("%s keygen", name);
	rc = make_key(&c->info, c->key_free, c->export_secret, &key);
	CHECK_EQ_INT(rc, 0);
	if (rc)
		goto out;
	CHECK_EQ_INT(c->max_signature(key), k);
	check_exports(&c->info, key, k, c->export_public, c->export_secret);
	{
		uint8_t spki[1024];
		size_t slen = sizeof(spki);
		CHECK_EQ_INT(c->export_public(key, spki, &slen), 0);
		/* The class's import_public (the same SPKI importer). */
		CHECK(c->import_public != NULL);
		CHECK(c->import_public(c, spki, slen - 1, NULL, &pub) < 0);
		CHECK(pub == NULL);
		CHECK_EQ_INT(c->import_public(c, spki, slen, NULL, &pub), 0);
	}
	tu_fill(m, 1001, 70);
	{
		const size_t sizes[] = {0, 1, 1000};
		for (size_t i = 0; i < 3; i++) {
			size_t n = sizes[i], slen = k;

			tu_note("%s, %zu-byte message", name, n);
			CHECK_EQ_INT(c->sign(key, m, n, sig[0], &slen), 0);
			CHECK_EQ_INT(slen, k);
			CHECK_EQ_INT(c->verify(key, m, n, sig[0], slen), 0);
			if (pub)
				CHECK_EQ_INT(c->verify(pub, m, n, sig[0], slen), 0);
			if (n) {
				m[n - 1] ^= 1;
				CHECK_EQ_INT(c->verify(key, m, n, sig[0], slen), CB_ERR_VERIFY);
				m[n - 1] ^= 1;
			}
			CHECK_EQ_INT(c->verify(key, m, n + 1, sig[0], slen), CB_ERR_VERIFY);
			sig[0][k - 1] ^= 0x04;
			CHECK_EQ_INT(c->verify(key, m, n, sig[0], slen), CB_ERR_VERIFY);
			sig[0][k - 1] ^= 0x04;
			sig[0][0] ^= 0x80;
			CHECK_EQ_INT(c->verify(key, m, n, sig[0], slen), CB_ERR_VERIFY);
			sig[0][0] ^= 0x80;
			CHECK_EQ_INT(c->verify(key, m, n, sig[0], slen - 1), CB_ERR_VERIFY);
			slen = k - 1;
			CHECK_EQ_INT(c->sign(key, m, n, sig[1], &slen), CB_ERR_LENGTH);
		}
	}
	{
		/* Three signatures from one handle: all verify; PSS ones differ. */
		tu_note("%s, repeated signing", name);
		for (int i = 0; i < 3; i++) {
			size_t slen = k;
			CHECK_EQ_INT(c->sign(key, m, 100, sig[i], &slen), 0);
		}
		for (int i = 0; i < 3; i++)
			CHECK_EQ_INT(c->verify(pub ? pub : key, m, 100, sig[i], k), 0);
		CHECK(pss ? memcmp(sig[0], sig[1], k) != 0 : memcmp(sig[0], sig[1], k) == 0);
		CHECK(pss ? memcmp(sig[1], sig[2], k) != 0 : memcmp(sig[1], sig[2], k) == 0);
		if (pub) {
			size_t slen = k;
			CHECK_EQ_INT(c->sign(pub, m, 100, sig[0], &slen), CB_ERR_UNSUPPORTED);
		}
	}
out:
	if (pub)
		c->key_free(pub);
	if (key)
		c->key_free(key);
	for (int i = 0; i < 3; i++)
		free(sig[i]);
	free(m);
}

/* The handle of one class must not be importable into a foreign class. */
static void test_import_args(void)
{
	static const cb_alg_info fake = {CB_KIND_PKE, "rsa2048-pkcs1", "openssl", NULL, NULL, NULL, NULL};
	const cb_alg_info *a = cb_registry_find("rsa2048-pkcs1", "openssl");
	uint8_t junk[32] = {0x30, 0x03, 0x02, 0x01, 0x00};
	void *key = (void *)1;

	tu_note("import arguments");
	CHECK_EQ_INT(cb_ossl_rsa_import_public_der(&fake, junk, sizeof(junk), &key), CB_ERR_ARG);
	CHECK(key == NULL);
	CHECK_EQ_INT(cb_ossl_rsa_import_public_der(a, junk, sizeof(junk), &key), CB_ERR_FORMAT);
	CHECK_EQ_INT(cb_ossl_rsa_import_pkcs8(a, junk, sizeof(junk), &key), CB_ERR_FORMAT);
	CHECK(cb_ossl_rsa_oaep_sha256_mgf1sha1(2048) != NULL);
	CHECK(cb_ossl_rsa_oaep_sha256_mgf1sha1(1024) == NULL);
}

int main(void)
{
	const cb_alg_info *a;
	size_t npke = 0, nsig = 0;

	for (size_t i = 0; (a = cb_openssl_rsa_algs[i]) != NULL; i++) {
		int bits = bits_of(a->name);
		tu_note("%s info", a->name);
		CHECK(cb_alg_unavailable(a) == NULL);
		CHECK(cb_registry_find(a->name, "openssl") == a);
		CHECK(strcmp(cb_alg_catalog(a)->family, CB_FAMILY_CLASSICAL) == 0 && cb_alg_catalog(a)->quantum_bits == 0);
		CHECK_EQ_INT(cb_alg_catalog(a)->classical_bits, bits == 2048 ? 112 : bits == 3072 ? 128 : 152);
		if (a->kind == CB_KIND_PKE) {
			npke++;
			test_pke(cb_as_pke(a));
		} else if (a->kind == CB_KIND_SIG) {
			nsig++;
			test_sig(cb_as_sig(a));
		} else {
			CHECK(0);
		}
	}
	tu_note("class counts");
	CHECK_EQ_INT(npke, 12);
	CHECK_EQ_INT(nsig, 6);
	test_import_args();
	free(shared_der[0]);
	free(shared_der[1]);
	return tu_finish();
}
