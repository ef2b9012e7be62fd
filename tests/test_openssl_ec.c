/*
 * Round trips of the OpenSSL EC and SM2 classes: sign/verify, encrypt/
 * decrypt in the three SM2 ciphertext forms, derive on both sides, sizes,
 * the SM2 user ID, and the classes' metadata.
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "cryptobench/sm2.h"
#include "backends/openssl/openssl_ec_import.h"
#include "testutil.h"

static const cb_alg_info *find(const char *name)
{
	const cb_alg_info *a = cb_registry_find(name, "openssl");
	tu_note("class %s", name);
	CHECK(a != NULL);
	if (a) {
		CHECK(cb_alg_unavailable(a) == NULL);
		CHECK(strncmp(cb_alg_implementation(a), "openssl-", 8) == 0);
		const cb_catalog_entry *e = cb_alg_catalog(a);
		CHECK_EQ_INT(e->classical_bits, 128);
		CHECK_EQ_INT(e->quantum_bits, 0);
		CHECK(e->description && e->description[0]);
		CHECK(strcmp(e->family, strncmp(name, "sm2", 3) == 0 ? CB_FAMILY_GM
								     : CB_FAMILY_CLASSICAL) == 0);
	}
	return a;
}

static void test_sig(const char *name, size_t sig_exact, const cb_opts *opts)
{
	const cb_sig_class *c = cb_as_sig(find(name));
	uint8_t msg[200], sig[160], pub[200], sec[200];
	size_t siglen, len;
	void *key = NULL;
	if (!c)
		return;
	tu_fill(msg, sizeof(msg), 1);
	CHECK_EQ_INT(c->keygen(c, opts, &key), 0);
	if (!key)
		return;
	len = sizeof(pub);
	CHECK_EQ_INT(c->export_public(key, pub, &len), 0);
	CHECK(len > 0 && pub[0] == 0x30); /* SPKI */
	len = sizeof(sec);
	CHECK_EQ_INT(c->export_secret(key, sec, &len), 0);
	CHECK(len > 0 && sec[0] == 0x30); /* PKCS#8 */
	CHECK(c->max_signature(key) <= sizeof(sig));
	/* Repeated signing on the same handle, every signature must verify. */
	for (int i = 0; i < 3; i++) {
		size_t mlen = i == 0 ? 0 : (i == 1 ? 1 : sizeof(msg));
		tu_note("class %s, sign %d", name, i);
		siglen = sizeof(sig);
		CHECK_EQ_INT(c->sign(key, msg, mlen, sig, &siglen), 0);
		CHECK(siglen <= c->max_signature(key));
		if (sig_exact)
			CHECK_EQ_INT(siglen, sig_exact);
		else
			CHECK(sig[0] == 0x30);
		CHECK_EQ_INT(c->verify(key, msg, mlen, sig, siglen), 0);
		CHECK_EQ_INT(c->verify(key, msg, mlen, sig, siglen), 0);
		if (mlen) {
			msg[mlen - 1] ^= 1;
			CHECK_EQ_INT(c->verify(key, msg, mlen, sig, siglen), CB_ERR_VERIFY);
			msg[mlen - 1] ^= 1;
		}
		sig[siglen / 2] ^= 0x10;
		CHECK_EQ_INT(c->verify(key, msg, mlen, sig, siglen), CB_ERR_VERIFY);
		sig[siglen / 2] ^= 0x10;
		CHECK_EQ_INT(c->verify(key, msg, mlen, sig, siglen - 1), CB_ERR_VERIFY);
		CHECK_EQ_INT(c->verify(key, msg, mlen, sig, siglen), 0);
	}
	siglen = 8;
	CHECK_EQ_INT(c->sign(key, msg, 10, sig, &siglen), CB_ERR_LENGTH);
	/* export_public -> import_public: a verify-only handle (default SM2 ID). */
	if (!opts) {
		void *pk = NULL;
		size_t publen = sizeof(pub);
		tu_note("class %s, import_public", name);
		CHECK(c->import_public != NULL);
		CHECK_EQ_INT(c->export_public(key, pub, &publen), 0);
		siglen = sizeof(sig);
		CHECK_EQ_INT(c->sign(key, msg, 33, sig, &siglen), 0);
		CHECK(c->import_public(c, pub, publen - 1, NULL, &pk) < 0);
		CHECK(c->import_public(c, sec, 10, NULL, &pk) < 0);
		CHECK_EQ_INT(c->import_public(c, pub, publen, NULL, &pk), 0);
		if (pk) {
			CHECK_EQ_INT(c->verify(pk, msg, 33, sig, siglen), 0);
			CHECK_EQ_INT(c->verify(pk, msg, 32, sig, siglen), CB_ERR_VERIFY);
			len = sizeof(sig);
			CHECK(c->sign(pk, msg, 33, sig, &len) < 0);
			c->key_free(pk);
		}
	}
	c->key_free(key);
}

/* A signature made with ID "ALICE123@YAHOO.COM" verifies with it, not with the default. */
static void test_sm2_id(void)
{
	const cb_sig_class *c = cb_as_sig(cb_registry_find("sm2-sign", "openssl"));
	static const char alice[] = "ALICE123@YAHOO.COM";
	cb_opts o_alice = {.sm2_id = (const uint8_t *)alice, .sm2_id_len = sizeof(alice) - 1};
	cb_opts o_def = {.sm2_id = (const uint8_t *)CB_SM2_DEFAULT_ID, .sm2_id_len = 16};
	uint8_t msg[] = "message digest", sig[100], sig2[100], pub[200];
	size_t siglen = sizeof(sig), siglen2 = sizeof(sig2), publen = sizeof(pub);
	void *ka = NULL, *va = NULL, *vd = NULL, *vn = NULL;
	if (!c)
		return;
	tu_note("sm2 id");
	CHECK_EQ_INT(c->keygen(c, &o_alice, &ka), 0);
	if (!ka)
		return;
	CHECK_EQ_INT(c->sign(ka, msg, 14, sig, &siglen), 0);
	CHECK_EQ_INT(c->export_public(ka, pub, &publen), 0);
	CHECK_EQ_INT(cb_ossl_sig_import_spki(c, pub, publen, &o_alice, &va), 0);
	CHECK_EQ_INT(cb_ossl_sig_import_spki(c, pub, publen, &o_def, &vd), 0);
	CHECK_EQ_INT(cb_ossl_sig_import_spki(c, pub, publen, NULL, &vn), 0);
	if (va && vd && vn) {
		CHECK_EQ_INT(c->verify(va, msg, 14, sig, siglen), 0);
		CHECK_EQ_INT(c->verify(vd, msg, 14, sig, siglen), CB_ERR_VERIFY);
		CHECK_EQ_INT(c->verify(vn, msg, 14, sig, siglen), CB_ERR_VERIFY);
	}
	c->key_free(ka);
	/* A key made with NULL opts signs with the default ID. */
	ka = NULL;
	CHECK_EQ_INT(c->keygen(c, NULL, &ka), 0);
	if (ka && vd) {
		void *v2 = NULL;
		publen = sizeof(pub);
		CHECK_EQ_INT(c->sign(ka, msg, 14, sig2, &siglen2), 0);
		CHECK_EQ_INT(c->export_public(ka, pub, &publen), 0);
		CHECK_EQ_INT(cb_ossl_sig_import_spki(c, pub, publen, &o_def, &v2), 0);
		if (v2)
			CHECK_EQ_INT(c->verify(v2, msg, 14, sig2, siglen2), 0);
		c->key_free(v2);
		v2 = NULL;
		CHECK_EQ_INT(cb_ossl_sig_import_spki(c, pub, publen, &o_alice, &v2), 0);
		if (v2)
			CHECK_EQ_INT(c->verify(v2, msg, 14, sig2, siglen2), CB_ERR_VERIFY);
		c->key_free(v2);
	}
	c->key_free(ka);
	c->key_free(va);
	c->key_free(vd);
	c->key_free(vn);
}

static void test_pke(const char *name, cb_sm2_ct_format fmt)
{
	static const size_t sizes[] = {1, 32, 128, 1000, 4096};
	const cb_pke_class *c = cb_as_pke(find(name));
	uint8_t *m, *ct, *back, pub[200];
	size_t len;
	void *key = NULL;
	if (!c)
		return;
	CHECK_EQ_INT(c->keygen(c, NULL, &key), 0);
	if (!key)
		return;
	len = sizeof(pub);
	CHECK_EQ_INT(c->export_public(key, pub, &len), 0);
	CHECK(c->max_plaintext(key) == SIZE_MAX);
	m = malloc(4096);
	ct = malloc(4096 + 200);
	back = malloc(4096 + 200);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t mlen = sizes[i], clen = c->max_ciphertext(key, mlen), blen = mlen;
		tu_note("class %s, mlen %zu", name, mlen);
		tu_fill(m, mlen, mlen);
		if (fmt == CB_SM2_DER)
			CHECK_EQ_INT(clen, cb_sm2_ct_size(CB_SM2_DER, mlen));
		else
			CHECK_EQ_INT(clen, mlen + 97);
		CHECK_EQ_INT(c->encrypt(key, m, mlen, ct, &clen), 0);
		if (fmt != CB_SM2_DER)
			CHECK_EQ_INT(clen, mlen + 97);
		CHECK(ct[0] == (fmt == CB_SM2_DER ? 0x30 : 0x04));
		/* Capacity exactly mlen, less than OpenSSL's plaintext bound. */
		CHECK_EQ_INT(c->decrypt(key, ct, clen, back, &blen), 0);
		CHECK_EQ_INT(blen, mlen);
		CHECK_MEM(back, m, mlen);
		blen = mlen + 200;
		CHECK_EQ_INT(c->decrypt(key, ct, clen, back, &blen), 0);
		CHECK_EQ_INT(blen, mlen);
		/* Tampered C2, C3 and C1, and a truncated ciphertext. */
		for (int t = 0; t < 3; t++) {
			size_t pos = t == 0 ? clen - 1 : (t == 1 ? clen - mlen - 5 : 20);
			if (fmt == CB_SM2_C1C2C3 && t < 2)
				pos = t == 0 ? 70 : clen - 1;
			ct[pos] ^= 0x01;
			blen = mlen + 200;
			CHECK(c->decrypt(key, ct, clen, back, &blen) < 0);
			ct[pos] ^= 0x01;
		}
		blen = mlen + 200;
		CHECK(c->decrypt(key, ct, clen - 1, back, &blen) < 0);
		clen = mlen + 96; /* too small */
		if (fmt != CB_SM2_DER)
			CHECK_EQ_INT(c->encrypt(key, m, mlen, ct, &clen), CB_ERR_LENGTH);
	}
	/* export_secret -> import_secret: the new handle decrypts the old one's ciphertext. */
	{
		uint8_t sec[200];
		size_t slen = sizeof(sec), clen = c->max_ciphertext(key, 40), blen = 40;
		void *k2 = NULL;
		tu_note("class %s, import_secret", name);
		CHECK(c->import_secret != NULL);
		CHECK_EQ_INT(c->export_secret(key, sec, &slen), 0);
		CHECK(c->import_secret(c, sec, slen - 1, NULL, &k2) < 0);
		CHECK_EQ_INT(c->import_secret(c, sec, slen, NULL, &k2), 0);
		tu_fill(m, 40, 7);
		CHECK_EQ_INT(c->encrypt(key, m, 40, ct, &clen), 0);
		if (k2) {
			CHECK_EQ_INT(c->decrypt(k2, ct, clen, back, &blen), 0);
			CHECK_EQ_INT(blen, 40);
			CHECK_MEM(back, m, 40);
			c->key_free(k2);
		}
	}
	free(m);
	free(ct);
	free(back);
	c->key_free(key);
}

static void test_kex(const char *name, size_t publen_expect)
{
	const cb_kex_class *c = cb_as_kex(find(name));
	uint8_t pa[100], pb[100], sa[64], sb[64], sec[200];
	size_t la = sizeof(pa), lb = sizeof(pb), na, nb, len;
	void *a = NULL, *b = NULL;
	if (!c)
		return;
	CHECK_EQ_INT(c->keygen(c, NULL, &a), 0);
	CHECK_EQ_INT(c->keygen(c, NULL, &b), 0);
	if (!a || !b)
		goto out;
	CHECK_EQ_INT(c->export_public(a, pa, &la), 0);
	CHECK_EQ_INT(c->export_public(b, pb, &lb), 0);
	CHECK_EQ_INT(la, publen_expect);
	CHECK_EQ_INT(lb, publen_expect);
	if (publen_expect == 65)
		CHECK(pa[0] == 0x04);
	len = sizeof(sec);
	CHECK_EQ_INT(c->export_secret(a, sec, &len), 0);
	CHECK(publen_expect == 32 ? len == 32 : sec[0] == 0x30);
	for (int i = 0; i < 3; i++) { /* repeated: the cached peer path */
		na = sizeof(sa);
		nb = sizeof(sb);
		CHECK_EQ_INT(c->derive(a, pb, lb, sa, &na), 0);
		CHECK_EQ_INT(c->derive(b, pa, la, sb, &nb), 0);
		CHECK_EQ_INT(na, 32);
		CHECK_EQ_INT(nb, 32);
		CHECK_MEM(sa, sb, 32);
	}
	/* A new peer (its own key) changes the secret; then back. */
	na = sizeof(sa);
	CHECK_EQ_INT(c->derive(a, pa, la, sa, &na), 0);
	CHECK(memcmp(sa, sb, 32) != 0);
	na = sizeof(sa);
	CHECK_EQ_INT(c->derive(a, pb, lb, sa, &na), 0);
	CHECK_MEM(sa, sb, 32);
	/* Malformed peers. */
	na = sizeof(sa);
	CHECK(c->derive(a, pb, lb - 1, sa, &na) < 0);
	if (publen_expect == 65) {
		pb[40] ^= 1; /* off the curve */
		na = sizeof(sa);
		CHECK(c->derive(a, pb, lb, sa, &na) < 0);
		pb[40] ^= 1;
	}
	na = 31;
	CHECK_EQ_INT(c->derive(a, pb, lb, sa, &na), CB_ERR_LENGTH);
	/* A rejected peer leaves the handle usable. */
	na = sizeof(sa);
	CHECK_EQ_INT(c->derive(a, pb, lb, sa, &na), 0);
	CHECK_MEM(sa, sb, 32);
	/* export_secret -> import_secret: same public value, same secret (not for sm2-dh). */
	if (c->import_secret) {
		void *a2 = NULL;
		uint8_t p2[100];
		size_t l2 = sizeof(p2);
		tu_note("class %s, import_secret", name);
		len = sizeof(sec);
		CHECK_EQ_INT(c->export_secret(a, sec, &len), 0);
		CHECK(c->import_secret(c, sec, len - 1, NULL, &a2) < 0);
		CHECK_EQ_INT(c->import_secret(c, sec, len, NULL, &a2), 0);
		if (a2) {
			CHECK_EQ_INT(c->export_public(a2, p2, &l2), 0);
			CHECK_EQ_INT(l2, la);
			CHECK_MEM(p2, pa, la);
			na = sizeof(sa);
			CHECK_EQ_INT(c->derive(a2, pb, lb, sa, &na), 0);
			CHECK_EQ_INT(na, 32);
			CHECK_MEM(sa, sb, 32);
			c->key_free(a2);
		}
	} else {
		CHECK(strcmp(name, "sm2-dh") == 0);
	}
out:
	c->key_free(a);
	c->key_free(b);
}

int main(void)
{
	cb_opts alice = {.sm2_id = (const uint8_t *)"ALICE123@YAHOO.COM", .sm2_id_len = 18};
	test_sig("ecdsa-p256", 0, NULL);
	test_sig("ed25519", 64, NULL);
	test_sig("sm2-sign", 0, NULL);
	test_sig("sm2-sign", 0, &alice);
	test_sm2_id();
	test_pke("sm2-enc-c1c3c2", CB_SM2_C1C3C2);
	test_pke("sm2-enc-c1c2c3", CB_SM2_C1C2C3);
	test_pke("sm2-enc-der", CB_SM2_DER);
	test_kex("x25519", 32);
	test_kex("ecdh-p256", 65);
	test_kex("sm2-dh", 65);
	return tu_finish();
}
