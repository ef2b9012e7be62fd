/*
 * GmSSL backend (built from the anchor, src/backends/gmssl/): every class
 * against OpenSSL's class of the same name (tests/test_nettle_common.h:
 * signatures verified both ways, each decrypts the other's SM2 ciphertexts,
 * the same SM3 digests and SM4 ciphertexts, the same SM2 shared secrets),
 * plus what is particular to GmSSL: the SM2 user ID, its 255-byte SM2
 * message limit, and peer points it must refuse (sm2-kx has its own test,
 * tests/test_sm2kx.c, against the standard's example and OpenSSL's class
 * written here).  Skipped (77) when this
 * build has not built GmSSL (make anchors).
 */
#include "test_nettle_common.h"

#include "backends/openssl/openssl_ec_import.h"

static const char *const expected[] = {
	"sm2-sign", "sm2-enc-c1c3c2", "sm2-enc-c1c2c3", "sm2-enc-der", "sm2-dh", "sm2-kx", "sm3",
	"sm4-ecb", "sm4-ecb-pkcs7", "sm4-cbc", "sm4-cbc-pkcs7", "sm4-ctr", "sm4-gcm", NULL,
};

/* The SPKI's 65-byte point (the last 65 bytes of the 91-byte SM2 SPKI). */
static const uint8_t *spki_point(const uint8_t *spki, size_t len)
{
	return len == 91 && spki[26] == 0x04 ? spki + 26 : NULL;
}

/*
 * sm2-sign with a user ID from cb_opts: verifies under that ID here and in
 * OpenSSL (its handle of our public point with the same ID); a default-ID
 * handle refuses it; an empty ID is refused at keygen.
 */
static void sm2_user_id(void)
{
	static const char id[] = "ALICE123@YAHOO.COM";
	const cb_sig_class *c = cb_as_sig(cb_registry_find("sm2-sign", "gmssl"));
	const cb_sig_class *o = cb_as_sig(cb_registry_find("sm2-sign", "openssl"));
	cb_opts opts = {.sm2_id = (const uint8_t *)id, .sm2_id_len = sizeof(id) - 1};
	cb_opts empty = {.sm2_id = (const uint8_t *)"", .sm2_id_len = 0};
	void *k = NULL, *v = NULL, *ov = NULL, *od = NULL;
	uint8_t m[50], sg[80], pub[200];
	size_t ls = sizeof(sg), lp = sizeof(pub);
	const uint8_t *pt;

	tu_note("sm2-sign, user ID %s", id);
	CHECK(c != NULL && o != NULL);
	if (!c || !o)
		return;
	tu_fill(m, sizeof(m), 5);
	CHECK_EQ_INT(c->keygen(c, &opts, &k), 0);
	if (!k)
		return;
	CHECK_EQ_INT(c->sign(k, m, sizeof(m), sg, &ls), 0);
	CHECK_EQ_INT(c->verify(k, m, sizeof(m), sg, ls), 0);
	CHECK_EQ_INT(c->export_public(k, pub, &lp), 0);
	CHECK_EQ_INT(c->import_public(c, pub, lp, NULL, &v), 0);
	if (v) {
		CHECK_EQ_INT(c->verify(v, m, sizeof(m), sg, ls), CB_ERR_VERIFY);
		c->key_free(v);
	}
	pt = spki_point(pub, lp);
	CHECK(pt != NULL);
	if (pt) {
		CHECK_EQ_INT(cb_ossl_sig_import_raw(o, pt, 65, NULL, 0, &opts, &ov), 0);
		CHECK_EQ_INT(cb_ossl_sig_import_raw(o, pt, 65, NULL, 0, NULL, &od), 0);
		if (ov)
			CHECK_EQ_INT(o->verify(ov, m, sizeof(m), sg, ls), 0);
		if (od)
			CHECK_EQ_INT(o->verify(od, m, sizeof(m), sg, ls), CB_ERR_VERIFY);
		if (ov)
			o->key_free(ov);
		if (od)
			o->key_free(od);
	}
	c->key_free(k);
	k = NULL;
	CHECK_EQ_INT(c->keygen(c, &empty, &k), CB_ERR_UNSUPPORTED);
	CHECK(k == NULL);
}

/*
 * Many signatures from one handle (one k each, from getentropy): each
 * verifies in OpenSSL, and no two in a row are the same.
 */
static void sm2_many_signatures(void)
{
	const cb_sig_class *c = cb_as_sig(cb_registry_find("sm2-sign", "gmssl"));
	const cb_sig_class *o = cb_as_sig(cb_registry_find("sm2-sign", "openssl"));
	void *k = NULL, *ov = NULL;
	uint8_t m[32], pub[200], prev[80] = {0}, sg[80];
	size_t lp = sizeof(pub), lprev = 0;
	int bad = 0, same = 0;

	tu_note("sm2-sign, 100 signatures from one handle");
	if (!c || !o || c->keygen(c, NULL, &k) != 0) {
		CHECK(0);
		return;
	}
	CHECK_EQ_INT(c->export_public(k, pub, &lp), 0);
	CHECK_EQ_INT(o->import_public(o, pub, lp, NULL, &ov), 0);
	tu_fill(m, sizeof(m), 9);
	for (int i = 0; ov && i < 100; i++) {
		size_t ls = sizeof(sg);
		if (c->sign(k, m, sizeof(m), sg, &ls) != 0 || o->verify(ov, m, sizeof(m), sg, ls) != 0)
			bad++;
		if (ls == lprev && memcmp(sg, prev, ls) == 0)
			same++;
		memcpy(prev, sg, ls);
		lprev = ls;
	}
	CHECK_EQ_INT(bad, 0);
	CHECK_EQ_INT(same, 0);
	if (ov)
		o->key_free(ov);
	c->key_free(k);
}

/*
 * GmSSL's SM2 encryption takes 1 to 255 bytes: 255 round-trips through
 * OpenSSL; 256 is refused (CB_ERR_UNSUPPORTED); OpenSSL's ciphertext of a
 * 256-byte message cannot be decrypted here (raw forms: CB_ERR_UNSUPPORTED;
 * DER: GmSSL's parser refuses it, CB_ERR_DECRYPT).
 */
static void sm2_message_limit(const char *name)
{
	const cb_pke_class *c = cb_as_pke(cb_registry_find(name, "gmssl"));
	const cb_pke_class *o = cb_as_pke(cb_registry_find(name, "openssl"));
	static uint8_t m[300], ct[512], pt[512], sk[600];
	void *k = NULL, *ok = NULL;
	size_t lc = sizeof(ct), lp = sizeof(pt), lsk = sizeof(sk);

	tu_note("%s, 255- and 256-byte messages", name);
	if (!c || !o || c->keygen(c, NULL, &k) != 0) {
		CHECK(0);
		return;
	}
	CHECK_EQ_INT(c->max_plaintext(k), 255);
	tu_fill(m, sizeof(m), 77);
	CHECK_EQ_INT(c->export_secret(k, sk, &lsk), 0);
	CHECK_EQ_INT(o->import_secret(o, sk, lsk, NULL, &ok), 0);
	CHECK_EQ_INT(c->encrypt(k, m, 255, ct, &lc), 0);
	if (ok) {
		CHECK_EQ_INT(o->decrypt(ok, ct, lc, pt, &lp), 0);
		CHECK_EQ_INT(lp, 255);
		CHECK_MEM(pt, m, 255);
	}
	lc = sizeof(ct);
	CHECK_EQ_INT(c->encrypt(k, m, 256, ct, &lc), CB_ERR_UNSUPPORTED);
	lc = sizeof(ct);
	CHECK_EQ_INT(c->encrypt(k, m, 0, ct, &lc), CB_ERR_UNSUPPORTED);
	if (ok) {
		lc = sizeof(ct);
		CHECK_EQ_INT(o->encrypt(ok, m, 256, ct, &lc), 0);
		lp = sizeof(pt);
		CHECK_EQ_INT(c->decrypt(k, ct, lc, pt, &lp),
			     strcmp(name, "sm2-enc-der") == 0 ? CB_ERR_DECRYPT : CB_ERR_UNSUPPORTED);
		o->key_free(ok);
	}
	/* Too small a plaintext buffer. */
	lc = sizeof(ct);
	CHECK_EQ_INT(c->encrypt(k, m, 40, ct, &lc), 0);
	lp = 39;
	CHECK_EQ_INT(c->decrypt(k, ct, lc, pt, &lp), CB_ERR_LENGTH);
	c->key_free(k);
}

/*
 * sm2-dh refuses peer values that are not points of the curve: the
 * all-zero "uncompressed" encoding (GmSSL reads (0, 0) as the point at
 * infinity), coordinates of p or more, a compressed point, infinity.
 */
static void sm2_dh_bad_peers(void)
{
	static const uint8_t p[32] = {0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00,
				      0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	const cb_kex_class *c = cb_as_kex(cb_registry_find("sm2-dh", "gmssl"));
	void *k = NULL;
	uint8_t bad[65], pub[65], ss[64];
	size_t lp = sizeof(pub), l;

	tu_note("sm2-dh, invalid peer values");
	if (!c || c->keygen(c, NULL, &k) != 0) {
		CHECK(0);
		return;
	}
	CHECK_EQ_INT(c->export_public(k, pub, &lp), 0);
	memset(bad, 0, sizeof(bad));
	bad[0] = 0x04;
	l = sizeof(ss);
	CHECK(c->derive(k, bad, 65, ss, &l) < 0);
	/*
	 * x = p (that is, 0 mod p) with the peer's y, then y = p; first after
	 * a valid peer was parsed, whose point GmSSL's half-finished parse
	 * would otherwise leave for its curve check to accept.
	 */
	l = sizeof(ss);
	CHECK_EQ_INT(c->derive(k, pub, 65, ss, &l), 0);
	memcpy(bad, pub, 65);
	memcpy(bad + 1, p, 32);
	l = sizeof(ss);
	CHECK(c->derive(k, bad, 65, ss, &l) < 0);
	l = sizeof(ss);
	CHECK_EQ_INT(c->derive(k, pub, 65, ss, &l), 0);
	memcpy(bad, pub, 65);
	memcpy(bad + 33, p, 32);
	l = sizeof(ss);
	CHECK(c->derive(k, bad, 65, ss, &l) < 0);
	memcpy(bad, pub, 65);
	memcpy(bad + 1, p, 32);
	l = sizeof(ss);
	CHECK(c->derive(k, bad, 65, ss, &l) < 0);
	memcpy(bad, pub, 65);
	memcpy(bad + 33, p, 32);
	l = sizeof(ss);
	CHECK(c->derive(k, bad, 65, ss, &l) < 0);
	bad[0] = 0x00;
	l = sizeof(ss);
	CHECK(c->derive(k, bad, 1, ss, &l) < 0);
	memcpy(bad, pub, 33);
	bad[0] = 0x02;
	l = sizeof(ss);
	CHECK(c->derive(k, bad, 33, ss, &l) < 0);
	/* The real peer still works after the refusals (no stale cache). */
	l = sizeof(ss);
	CHECK_EQ_INT(c->derive(k, pub, 65, ss, &l), 0);
	c->key_free(k);
}

/*
 * sm4-ctr's counter is the whole 128-bit block, as OpenSSL's: from an IV of
 * all ones, or with only the low 32 or 64 bits all ones, the carry runs on.
 */
static void sm4_ctr_carry(void)
{
	const cb_cipher_class *c = cb_as_cipher(cb_registry_find("sm4-ctr", "gmssl"));
	const cb_cipher_class *o = cb_as_cipher(cb_registry_find("sm4-ctr", "openssl"));
	uint8_t key[16], iv[16], m[160], a[160], b[160];
	void *ca = NULL, *cbx = NULL;

	if (!c || !o || cb_alg_unavailable(&o->info))
		return;
	tu_fill(key, sizeof(key), 41);
	tu_fill(m, sizeof(m), 43);
	if (c->init(c, &ca, key) || o->init(o, &cbx, key)) {
		CHECK(0);
		goto out;
	}
	for (int t = 0; t < 3; t++) {
		size_t la = sizeof(a), lb = sizeof(b), ones = t == 0 ? 16 : t == 1 ? 4 : 8;
		tu_note("sm4-ctr, IV with its low %zu bytes 0xff", ones);
		memset(iv, 0x5a, sizeof(iv));
		memset(iv + 16 - ones, 0xff, ones);
		CHECK_EQ_INT(c->encrypt(ca, iv, 16, NULL, 0, m, sizeof(m), a, &la), 0);
		CHECK_EQ_INT(o->encrypt(cbx, iv, 16, NULL, 0, m, sizeof(m), b, &lb), 0);
		CHECK_EQ_INT(la, lb);
		CHECK_MEM(a, b, sizeof(m));
	}
out:
	if (ca)
		c->free(ca);
	if (cbx)
		o->free(cbx);
}

int main(void)
{
	size_t n = 0;
	const cb_alg_info *probe = cb_registry_find("sm3", "gmssl");

	if (!cb_backend_find("gmssl") || !probe) {
		CHECK(!"the gmssl backend is always listed");
		return tu_finish();
	}
	if (cb_alg_unavailable(probe)) {
		tu_skip("gmssl: %s", cb_alg_unavailable(probe));
		return tu_finish();
	}
	for (size_t i = 0; expected[i]; i++) {
		const cb_alg_info *a = cb_registry_find(expected[i], "gmssl");
		tu_note("%s", expected[i]);
		CHECK(a != NULL);
		if (a && !cb_alg_unavailable(a)) {
			n++;
			CHECK(strstr(cb_alg_implementation(a), "GmSSL 3.") == cb_alg_implementation(a));
			CHECK(strstr(cb_alg_implementation(a), "(commit 24ae482)") != NULL);
		}
	}
	CHECK_EQ_INT(n, 13);
	xl_all("gmssl", n);
	sm2_user_id();
	sm2_many_signatures();
	sm2_message_limit("sm2-enc-c1c3c2");
	sm2_message_limit("sm2-enc-c1c2c3");
	sm2_message_limit("sm2-enc-der");
	sm2_dh_bad_peers();
	sm4_ctr_carry();
	return tu_finish();
}
