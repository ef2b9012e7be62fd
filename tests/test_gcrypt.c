/*
 * libgcrypt classes: round trips, tampering and length rules for every
 * class, agreement with the OpenSSL class of the same name (same
 * ciphertexts and digests; signatures and public values accepted across
 * libraries; SM2 ciphertexts decrypted across them), and Wycheproof SM4-GCM (the only SM4-GCM class: OpenSSL 3.0
 * has none).  The public-key classes are called through the generic layer
 * (cb_kex_derive, cb_sig_sign, ...), as every caller calls them: their
 * argument and size checks are the layer's.
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "testutil.h"

#define CAP (65536 + 64)

static const size_t sizes[] = {0, 1, 15, 16, 17, 1000, 65536};

static size_t enc_len(const cb_cipher_class *c, size_t n)
{
	if (c->padded)
		return (n / c->block_bytes + 1) * c->block_bytes;
	return n + c->tag_bytes;
}

/* Round trips, tampering and reuse of one context. */
static void cipher_round_trips(const cb_cipher_class *c, uint8_t *m, uint8_t *ct, uint8_t *pt)
{
	const uint8_t aad[] = "header";
	size_t aadlen = c->tag_bytes ? 6 : 0;
	uint8_t key[32], iv[16];
	void *ctx = NULL;

	tu_fill(key, sizeof(key), 1);
	tu_fill(iv, sizeof(iv), 2);
	CHECK_EQ_INT(c->init(c, &ctx, key), 0);
	if (!ctx)
		return;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i], clen = CAP, plen = CAP, small;
		int whole = c->block_bytes == 1 || c->padded || n % c->block_bytes == 0;
		int rc;

		tu_note("%s, %zu bytes", c->info.name, n);
		tu_fill(m, n, 100 + n);
		rc = c->encrypt(ctx, iv, c->iv_bytes, aad, aadlen, m, n, ct, &clen);
		if (!whole) {
			CHECK_EQ_INT(rc, CB_ERR_LENGTH);
			continue;
		}
		CHECK_EQ_INT(rc, 0);
		CHECK_EQ_INT(clen, enc_len(c, n));
		if (n >= 15)
			CHECK(memcmp(ct, m, n) != 0);
		CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, aad, aadlen, ct, clen, pt, &plen), 0);
		CHECK_EQ_INT(plen, n);
		CHECK_MEM(pt, m, n);
		small = clen - 1;
		if (clen > 0)
			CHECK_EQ_INT(c->encrypt(ctx, iv, c->iv_bytes, aad, aadlen, m, n, ct, &small), CB_ERR_LENGTH);
		if (clen == 0)
			continue;
		ct[clen - 1] ^= 0x01;
		plen = CAP;
		rc = c->decrypt(ctx, iv, c->iv_bytes, aad, aadlen, ct, clen, pt, &plen);
		if (c->tag_bytes)
			CHECK_EQ_INT(rc, CB_ERR_VERIFY);
		else if (c->padded)
			CHECK(rc == CB_ERR_DECRYPT || (rc == 0 && (plen != n || memcmp(pt, m, n) != 0)));
		else
			CHECK(rc == 0 && plen == n && memcmp(pt, m, n) != 0);
		ct[clen - 1] ^= 0x01;
		if (c->tag_bytes) {
			plen = CAP;
			CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, (const uint8_t *)"Header", 6, ct, clen, pt, &plen),
				     CB_ERR_VERIFY);
			plen = CAP;
			CHECK(c->decrypt(ctx, iv, c->iv_bytes, aad, 6, ct, c->tag_bytes - 1, pt, &plen) != 0);
		}
		/* The context still works after a failed decryption. */
		plen = CAP;
		CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, aad, aadlen, ct, clen, pt, &plen), 0);
		CHECK(plen == n && memcmp(pt, m, n) == 0);
	}
	if (c->padded) {
		size_t plen = CAP;

		tu_note("%s, bad ciphertext length", c->info.name);
		CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, NULL, 0, ct, 17, pt, &plen), CB_ERR_DECRYPT);
		plen = CAP;
		CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, NULL, 0, ct, 0, pt, &plen), CB_ERR_DECRYPT);
		/* A last block whose padding byte is 0 or above 16 is rejected. */
		for (int bad = 0; bad < 2; bad++) {
			size_t clen = CAP;
			uint8_t blk[16];

			memset(blk, 0x41, sizeof(blk));
			blk[15] = bad ? 17 : 0;
			/* Encrypting 16 bytes gives 32: the first block holds blk, padded after. */
			CHECK_EQ_INT(c->encrypt(ctx, iv, c->iv_bytes, NULL, 0, blk, 16, ct, &clen), 0);
			plen = CAP;
			CHECK_EQ_INT(c->decrypt(ctx, iv, c->iv_bytes, NULL, 0, ct, 16, pt, &plen), CB_ERR_DECRYPT);
		}
	}
	if (c->iv_bytes) {
		size_t clen = CAP;

		tu_note("%s, wrong IV length", c->info.name);
		if (!c->tag_bytes)
			CHECK_EQ_INT(c->encrypt(ctx, iv, c->iv_bytes - 1, NULL, 0, m, 16, ct, &clen), CB_ERR_LENGTH);
		clen = CAP;
		CHECK_EQ_INT(c->encrypt(ctx, iv, 0, NULL, 0, m, 16, ct, &clen), CB_ERR_LENGTH);
	}
	c->free(ctx);
}

/* Same key, IV, AAD and message: the same ciphertext as OpenSSL's, and each decrypts the other's. */
static void cipher_cross(const cb_cipher_class *g, const cb_cipher_class *o, uint8_t *m, uint8_t *ct, uint8_t *pt)
{
	static const size_t xs[] = {0, 16, 33, 4096};
	uint8_t *oct = malloc(CAP);
	uint8_t key[32], iv[16], aad[20];
	void *gc = NULL, *oc = NULL;

	tu_fill(key, sizeof(key), 7);
	tu_fill(iv, sizeof(iv), 8);
	tu_fill(aad, sizeof(aad), 9);
	CHECK_EQ_INT(g->init(g, &gc, key), 0);
	CHECK_EQ_INT(o->init(o, &oc, key), 0);
	CHECK(g->key_bytes == o->key_bytes && g->iv_bytes == o->iv_bytes && g->tag_bytes == o->tag_bytes &&
	      g->padded == o->padded && g->block_bytes == o->block_bytes);
	for (size_t i = 0; gc && oc && i < sizeof(xs) / sizeof(xs[0]); i++) {
		size_t n = xs[i], glen = CAP, olen = CAP, plen = CAP;
		size_t aadlen = g->tag_bytes ? sizeof(aad) : 0;

		if (g->block_bytes > 1 && !g->padded && n % g->block_bytes)
			continue;
		tu_note("%s vs openssl, %zu bytes", g->info.name, n);
		tu_fill(m, n, 200 + n);
		CHECK_EQ_INT(g->encrypt(gc, iv, g->iv_bytes, aad, aadlen, m, n, ct, &glen), 0);
		CHECK_EQ_INT(o->encrypt(oc, iv, o->iv_bytes, aad, aadlen, m, n, oct, &olen), 0);
		CHECK_EQ_INT(glen, olen);
		CHECK_MEM(ct, oct, glen);
		CHECK_EQ_INT(g->decrypt(gc, iv, g->iv_bytes, aad, aadlen, oct, olen, pt, &plen), 0);
		CHECK(plen == n && memcmp(pt, m, n) == 0);
		plen = CAP;
		CHECK_EQ_INT(o->decrypt(oc, iv, o->iv_bytes, aad, aadlen, ct, glen, pt, &plen), 0);
		CHECK(plen == n && memcmp(pt, m, n) == 0);
	}
	if (g->tag_bytes && o->tag_bytes && gc && oc) {
		/* A GCM IV other than 12 bytes (GHASH-derived counter). */
		size_t glen = CAP, olen = CAP;

		if (strstr(g->info.name, "gcm")) {
			tu_note("%s vs openssl, 16-byte IV", g->info.name);
			CHECK_EQ_INT(g->encrypt(gc, iv, 16, aad, 5, m, 40, ct, &glen), 0);
			CHECK_EQ_INT(o->encrypt(oc, iv, 16, aad, 5, m, 40, oct, &olen), 0);
			CHECK(glen == olen && memcmp(ct, oct, glen) == 0);
		}
	}
	g->free(gc);
	o->free(oc);
	free(oct);
}

static void hash_checks(const cb_hash_class *g, const cb_hash_class *o, uint8_t *m)
{
	static const size_t hs[] = {0, 1, 55, 56, 64, 135, 136, 137, 1000, 65536};
	uint8_t gd[64], od[64], again[64];
	void *gc = NULL, *oc = NULL;

	CHECK_EQ_INT(g->init(g, &gc), 0);
	CHECK(!o || o->init(o, &oc) == 0);
	CHECK_EQ_INT(g->digest_bytes, strcmp(g->info.name, "sha512") ? 32 : 64);
	for (size_t i = 0; gc && i < sizeof(hs) / sizeof(hs[0]); i++) {
		size_t n = hs[i];

		tu_note("%s, %zu bytes", g->info.name, n);
		tu_fill(m, n, 300 + n);
		CHECK_EQ_INT(g->digest(gc, m, n, gd), 0);
		CHECK_EQ_INT(g->digest(gc, m, n, again), 0);
		CHECK_MEM(gd, again, g->digest_bytes);
		if (oc) {
			CHECK_EQ_INT(o->digest(oc, m, n, od), 0);
			CHECK_MEM(gd, od, g->digest_bytes);
		}
		if (n) {
			m[n - 1] ^= 1;
			CHECK_EQ_INT(g->digest(gc, m, n, again), 0);
			CHECK(memcmp(gd, again, g->digest_bytes) != 0);
		}
	}
	if (gc)
		g->free(gc);
	if (oc)
		o->free(oc);
}

/* Wycheproof SM4-GCM: the gcrypt class has to match every valid case and reject every invalid one. */
static void sm4_gcm_wycheproof(void)
{
	const cb_cipher_class *c = cb_as_cipher(cb_registry_find("sm4-gcm", "gcrypt"));
	json_t *j, *g, *t;
	size_t gi, ti;
	unsigned run = 0;

	CHECK(c != NULL);
	if (!c)
		return;
	j = tu_load_json("wycheproof/testvectors_v1/sm4_gcm_test.json");
	if (!j)
		return;
	json_array_foreach(json_object_get(j, "testGroups"), gi, g)
	{
		CHECK_EQ_INT(json_integer_value(json_object_get(g, "tagSize")), 128);
		json_array_foreach(json_object_get(g, "tests"), ti, t)
		{
			uint8_t *key = NULL, *iv = NULL, *aad = NULL, *msg = NULL, *ct = NULL, *tag = NULL;
			uint8_t *buf = NULL, *out = NULL;
			size_t keylen, ivlen, aadlen, msglen, ctlen, taglen, olen, plen;
			const char *res = tu_json_str(t, "result");
			int valid = strcmp(res, "valid") == 0;
			void *ctx = NULL;
			int rc;

			run++;
			tu_note("sm4_gcm_test.json tcId %lld", json_integer_value(json_object_get(t, "tcId")));
			if (tu_json_hex(t, "key", &key, &keylen) || tu_json_hex(t, "iv", &iv, &ivlen) ||
			    tu_json_hex(t, "aad", &aad, &aadlen) || tu_json_hex(t, "msg", &msg, &msglen) ||
			    tu_json_hex(t, "ct", &ct, &ctlen) || tu_json_hex(t, "tag", &tag, &taglen) ||
			    keylen != c->key_bytes || taglen != 16 || c->init(c, &ctx, key) != 0) {
				CHECK(0);
				goto next;
			}
			buf = malloc(ctlen + taglen + 1);
			out = malloc(ctlen + taglen + 32);
			memcpy(buf, ct, ctlen);
			memcpy(buf + ctlen, tag, taglen);
			olen = msglen + 32;
			rc = c->encrypt(ctx, iv, ivlen, aad, aadlen, msg, msglen, out, &olen);
			plen = ctlen + 32;
			if (ivlen > 128) {
				/* Same IV limit as the OpenSSL class. */
				CHECK_EQ_INT(rc, CB_ERR_LENGTH);
				goto next;
			}
			if (valid) {
				CHECK_EQ_INT(rc, 0);
				CHECK(olen == ctlen + taglen && memcmp(out, buf, olen) == 0);
				rc = c->decrypt(ctx, iv, ivlen, aad, aadlen, buf, ctlen + taglen, out, &plen);
				CHECK_EQ_INT(rc, 0);
				CHECK(plen == msglen && memcmp(out, msg, msglen) == 0);
			} else {
				/* Invalid: a bad tag (must not verify) or an empty IV (must be refused). */
				if (ivlen == 0)
					CHECK(rc != 0);
				rc = c->decrypt(ctx, iv, ivlen, aad, aadlen, buf, ctlen + taglen, out, &plen);
				CHECK(rc != 0);
			}
		next:
			if (ctx)
				c->free(ctx);
			free(key), free(iv), free(aad), free(msg), free(ct), free(tag), free(buf), free(out);
		}
	}
	CHECK_EQ_INT(run, 104);
	json_decref(j);
}

/* Key agreement: the same secret on both sides, across libraries, and keys moved between them. */
static void kex_checks(const cb_kex_class *g, const cb_kex_class *o)
{
	uint8_t gpub[80], opub[80], gpub2[80], sec[160], s1[64], s2[64], bad[80];
	size_t gpl = sizeof(gpub), opl = sizeof(opub), l2, sl, n1, n2;
	void *gk = NULL, *ok = NULL, *gk2 = NULL, *imp = NULL;

	tu_note("%s", g->info.name);
	CHECK_EQ_INT(cb_kex_keygen(g, NULL, &gk), 0);
	CHECK_EQ_INT(cb_kex_keygen(o, NULL, &ok), 0);
	CHECK_EQ_INT(cb_kex_keygen(g, NULL, &gk2), 0);
	if (!gk || !ok || !gk2)
		goto done;
	CHECK_EQ_INT(cb_kex_export_public(g, gk, gpub, &gpl), 0);
	CHECK_EQ_INT(cb_kex_export_public(o, ok, opub, &opl), 0);
	CHECK_EQ_INT(gpl, opl);
	/* gcrypt with OpenSSL's public value, OpenSSL with gcrypt's. */
	n1 = sizeof(s1), n2 = sizeof(s2);
	CHECK_EQ_INT(cb_kex_derive(g, gk, opub, opl, s1, &n1), 0);
	CHECK_EQ_INT(cb_kex_derive(o, ok, gpub, gpl, s2, &n2), 0);
	CHECK_EQ_INT(n1, 32);
	CHECK(n1 == n2 && memcmp(s1, s2, n1) == 0);
	/* Again with the kept peer, then with another peer, then back. */
	n2 = sizeof(s2);
	CHECK_EQ_INT(cb_kex_derive(g, gk, opub, opl, s2, &n2), 0);
	CHECK(n2 == 32 && memcmp(s1, s2, 32) == 0);
	l2 = sizeof(gpub2);
	CHECK_EQ_INT(cb_kex_export_public(g, gk2, gpub2, &l2), 0);
	n2 = sizeof(s2);
	CHECK_EQ_INT(cb_kex_derive(g, gk, gpub2, l2, s2, &n2), 0);
	CHECK(memcmp(s1, s2, 32) != 0);
	n1 = sizeof(s1);
	CHECK_EQ_INT(cb_kex_derive(g, gk2, gpub, gpl, s1, &n1), 0);
	CHECK(n1 == 32 && memcmp(s1, s2, 32) == 0);
	/* The secret key moves to OpenSSL and back with the same public value (OpenSSL's sm2-dh cannot import). */
	sl = sizeof(sec);
	if (!o->import_secret)
		goto own_import;
	CHECK_EQ_INT(cb_kex_export_secret(g, gk, sec, &sl), 0);
	CHECK_EQ_INT(cb_kex_import_secret(o, sec, sl, NULL, &imp), 0);
	if (imp) {
		l2 = sizeof(gpub2);
		CHECK_EQ_INT(cb_kex_export_public(o, imp, gpub2, &l2), 0);
		CHECK(l2 == gpl && memcmp(gpub2, gpub, gpl) == 0);
		cb_kex_key_free(o, imp);
		imp = NULL;
	}
own_import:
	sl = sizeof(sec);
	CHECK_EQ_INT(cb_kex_export_secret(o, ok, sec, &sl), 0);
	CHECK_EQ_INT(cb_kex_import_secret(g, sec, sl, NULL, &imp), 0);
	if (imp) {
		l2 = sizeof(gpub2);
		CHECK_EQ_INT(cb_kex_export_public(g, imp, gpub2, &l2), 0);
		CHECK(l2 == opl && memcmp(gpub2, opub, opl) == 0);
		cb_kex_key_free(g, imp);
		imp = NULL;
	}
	CHECK(cb_kex_import_secret(g, sec, sl - 1, NULL, &imp) != 0 && imp == NULL);
	/* Bad peers: wrong length, and a value that is no usable point. */
	n1 = sizeof(s1);
	CHECK(cb_kex_derive(g, gk, opub, opl - 1, s1, &n1) != 0);
	memset(bad, 0, sizeof(bad));
	if (gpl == 65) {
		memcpy(bad, gpub, 65);
		bad[64] ^= 1; /* off the curve */
	}
	n1 = sizeof(s1);
	CHECK_EQ_INT(cb_kex_derive(g, gk, bad, gpl, s1, &n1), CB_ERR_INVALID_KEY);
	/* The key still works with a good peer after a bad one, and a short output buffer is refused. */
	n1 = sizeof(s1);
	CHECK_EQ_INT(cb_kex_derive(g, gk2, gpub, gpl, s1, &n1), 0);
	CHECK(memcmp(s1, s2, 32) == 0);
	n1 = 31;
	CHECK_EQ_INT(cb_kex_derive(g, gk2, gpub, gpl, s1, &n1), CB_ERR_LENGTH);
done:
	cb_kex_key_free(g, gk);
	cb_kex_key_free(o, ok);
	cb_kex_key_free(g, gk2);
}

/* Signatures: own round trips, tampering, and each library verifying the other's signatures. */
static void sig_checks(const cb_sig_class *g, const cb_sig_class *o)
{
	uint8_t pub[600], opub[600], sig[600], m[100];
	size_t pl = sizeof(pub), opl = sizeof(opub), sl;
	void *gk = NULL, *ok = NULL, *gv = NULL, *ov = NULL;
	static const size_t ms[] = {0, 1, 32, 100};

	tu_note("%s", g->info.name);
	tu_fill(m, sizeof(m), 77);
	CHECK_EQ_INT(cb_sig_keygen(g, NULL, &gk), 0);
	CHECK_EQ_INT(cb_sig_keygen(o, NULL, &ok), 0);
	if (!gk || !ok)
		goto done;
	CHECK_EQ_INT(cb_sig_export_public(g, gk, pub, &pl), 0);
	CHECK_EQ_INT(cb_sig_export_public(o, ok, opub, &opl), 0);
	CHECK_EQ_INT(pl, opl);
	CHECK_EQ_INT(cb_sig_import_public(o, pub, pl, NULL, &ov), 0);
	CHECK_EQ_INT(cb_sig_import_public(g, opub, opl, NULL, &gv), 0);
	if (!ov || !gv)
		goto done;
	for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
		size_t n = ms[i];

		tu_note("%s, %zu-byte message", g->info.name, n);
		sl = cb_sig_max_signature(g, gk);
		CHECK(sl <= sizeof(sig));
		CHECK_EQ_INT(cb_sig_sign(g, gk, m, n, sig, &sl), 0);
		CHECK(sl <= cb_sig_max_signature(g, gk));
		CHECK_EQ_INT(cb_sig_verify(g, gk, m, n, sig, sl), 0);
		CHECK_EQ_INT(cb_sig_verify(o, ov, m, n, sig, sl), 0);
		if (n) {
			m[0] ^= 1;
			CHECK_EQ_INT(cb_sig_verify(g, gk, m, n, sig, sl), CB_ERR_VERIFY);
			CHECK_EQ_INT(cb_sig_verify(o, ov, m, n, sig, sl), CB_ERR_VERIFY);
			m[0] ^= 1;
		}
		sig[sl / 2] ^= 0x10;
		CHECK_EQ_INT(cb_sig_verify(g, gk, m, n, sig, sl), CB_ERR_VERIFY);
		sig[sl / 2] ^= 0x10;
		CHECK_EQ_INT(cb_sig_verify(g, gk, m, n, sig, sl - 1), CB_ERR_VERIFY);
		/* OpenSSL's signature under gcrypt's verify-only handle. */
		sl = sizeof(sig);
		CHECK_EQ_INT(cb_sig_sign(o, ok, m, n, sig, &sl), 0);
		CHECK_EQ_INT(cb_sig_verify(g, gv, m, n, sig, sl), 0);
		CHECK_EQ_INT(cb_sig_verify(g, gk, m, n, sig, sl), CB_ERR_VERIFY);
		sig[0] ^= 0x01;
		CHECK_EQ_INT(cb_sig_verify(g, gv, m, n, sig, sl), CB_ERR_VERIFY);
	}
	/* A verify-only handle cannot sign; bad encodings are refused. */
	sl = sizeof(sig);
	CHECK(cb_sig_sign(g, gv, m, 10, sig, &sl) != 0);
	sl = sizeof(sig);
	CHECK(cb_sig_export_secret(g, gv, sig, &sl) != 0);
	{
		void *x = NULL;
		CHECK(cb_sig_import_public(g, pub, pl - 1, NULL, &x) != 0 && x == NULL);
		pub[0] ^= 1;
		CHECK(cb_sig_import_public(g, pub, pl, NULL, &x) != 0 && x == NULL);
		pub[0] ^= 1;
		if (pl == 91) {
			pub[90] ^= 1; /* the point leaves the curve */
			CHECK_EQ_INT(cb_sig_import_public(g, pub, pl, NULL, &x), CB_ERR_INVALID_KEY);
			pub[90] ^= 1;
		}
	}
	{
		uint8_t sec[2500];

		sl = sizeof(sec);
		CHECK_EQ_INT(cb_sig_export_secret(g, gk, sec, &sl), 0);
		CHECK(sl > 32);
	}
done:
	cb_sig_key_free(g, gk);
	cb_sig_key_free(g, gv);
	cb_sig_key_free(o, ok);
	cb_sig_key_free(o, ov);
}

/*
 * 1 when dec decrypts one of up to four fresh encryptions of m by enc.
 * Retries because libgcrypt 1.10.1 hashes C3 over x2 and y2 written with
 * their minimal lengths (MPI_NBYTES) instead of 32 bytes: when x2 or y2 has
 * a leading zero byte (about 1 in 128 encryptions) its C3 differs from
 * GM/T 0003.4's, so such ciphertexts do not cross between the libraries in
 * either direction.  Four misses in a row would be a real failure.
 */
static int sm2_cross(const cb_pke_class *enc, void *ek, const cb_pke_class *dec, void *dk, const uint8_t *m,
		     size_t n)
{
	uint8_t ct[600], pt[600];

	for (int tries = 0; tries < 4; tries++) {
		size_t cl = sizeof(ct), pl = sizeof(pt);

		if (cb_pke_encrypt(enc, ek, m, n, ct, &cl) != 0)
			return 0;
		if (cb_pke_decrypt(dec, dk, ct, cl, pt, &pl) == 0)
			return pl == n && memcmp(pt, m, n) == 0;
	}
	return 0;
}

/* SM2 encryption: round trips (leading zero bytes too), tampering, and keys moved across libraries. */
static void pke_checks(const cb_pke_class *g, const cb_pke_class *o)
{
	static const size_t ms[] = {1, 2, 19, 32, 300};
	uint8_t m[300], ct[600], pt[600], sec[200];
	size_t sl;
	void *gk = NULL, *ok = NULL, *gimp = NULL, *oimp = NULL;

	tu_note("%s", g->info.name);
	CHECK_EQ_INT(cb_pke_keygen(g, NULL, &gk), 0);
	CHECK_EQ_INT(cb_pke_keygen(o, NULL, &ok), 0);
	if (!gk || !ok)
		goto done;
	sl = sizeof(sec);
	CHECK_EQ_INT(cb_pke_export_secret(g, gk, sec, &sl), 0);
	CHECK_EQ_INT(cb_pke_import_secret(o, sec, sl, NULL, &oimp), 0);
	sl = sizeof(sec);
	CHECK_EQ_INT(cb_pke_export_secret(o, ok, sec, &sl), 0);
	CHECK_EQ_INT(cb_pke_import_secret(g, sec, sl, NULL, &gimp), 0);
	{
		void *x = NULL;
		CHECK(cb_pke_import_secret(g, sec, sl - 1, NULL, &x) != 0 && x == NULL);
	}
	if (!oimp || !gimp)
		goto done;
	for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++) {
		size_t n = ms[i], cl, pl;

		for (int zeros = 0; zeros < 2; zeros++) {
			tu_note("%s, %zu-byte message%s", g->info.name, n, zeros ? " with leading zeros" : "");
			tu_fill(m, n, 500 + n);
			if (zeros) {
				m[0] = 0;
				if (n > 1)
					m[1] = 0;
			} else {
				m[0] |= 0x80;
			}
			cl = sizeof(ct);
			CHECK_EQ_INT(cb_pke_encrypt(g, gk, m, n, ct, &cl), 0);
			CHECK(cl <= cb_pke_max_ciphertext(g, gk, n));
			pl = sizeof(pt);
			CHECK_EQ_INT(cb_pke_decrypt(g, gk, ct, cl, pt, &pl), 0);
			CHECK(pl == n && memcmp(pt, m, n) == 0);
			/* Each library decrypts the other's ciphertexts under the same key. */
			CHECK(sm2_cross(g, gk, o, oimp, m, n));
			CHECK(sm2_cross(o, ok, g, gimp, m, n));
			cl = sizeof(ct);
			CHECK_EQ_INT(cb_pke_encrypt(o, ok, m, n, ct, &cl), 0);
			/* A modified C2 / C3 byte (the last byte, in every form) is refused. */
			ct[cl - 1] ^= 0x01;
			pl = sizeof(pt);
			CHECK(cb_pke_decrypt(g, gimp, ct, cl, pt, &pl) != 0);
			ct[cl - 1] ^= 0x01;
			pl = n - 1;
			if (n > 1)
				CHECK_EQ_INT(cb_pke_decrypt(g, gimp, ct, cl, pt, &pl), CB_ERR_LENGTH);
		}
	}
	/* Wrong key, truncated ciphertext, empty message. */
	{
		size_t cl = sizeof(ct), pl = sizeof(pt);

		CHECK_EQ_INT(cb_pke_encrypt(g, gk, m, 20, ct, &cl), 0);
		CHECK(cb_pke_decrypt(g, gimp, ct, cl, pt, &pl) != 0);
		pl = sizeof(pt);
		CHECK(cb_pke_decrypt(g, gk, ct, 90, pt, &pl) != 0);
		cl = sizeof(ct);
		CHECK(cb_pke_encrypt(g, gk, m, 0, ct, &cl) != 0);
	}
done:
	cb_pke_key_free(g, gk);
	cb_pke_key_free(g, gimp);
	cb_pke_key_free(o, ok);
	cb_pke_key_free(o, oimp);
}

/* sm2-sign: the user ID enters Z_A, so a signature under another ID does not verify. */
static void sm2_id_checks(const cb_sig_class *g)
{
	cb_opts opts = {.sm2_id = (const uint8_t *)"alice@example.com", .sm2_id_len = 17};
	uint8_t pub[128], sig[80];
	size_t pl = sizeof(pub), sl = sizeof(sig);
	void *k = NULL, *v = NULL;

	tu_note("sm2-sign with a user ID");
	CHECK_EQ_INT(cb_sig_keygen(g, &opts, &k), 0);
	if (!k)
		return;
	CHECK_EQ_INT(cb_sig_export_public(g, k, pub, &pl), 0);
	CHECK_EQ_INT(cb_sig_import_public(g, pub, pl, NULL, &v), 0);
	CHECK_EQ_INT(cb_sig_sign(g, k, (const uint8_t *)"msg", 3, sig, &sl), 0);
	CHECK_EQ_INT(cb_sig_verify(g, k, (const uint8_t *)"msg", 3, sig, sl), 0);
	if (v)
		CHECK_EQ_INT(cb_sig_verify(g, v, (const uint8_t *)"msg", 3, sig, sl), CB_ERR_VERIFY);
	cb_sig_key_free(g, k);
	cb_sig_key_free(g, v);
}

/*
 * RSA encryption (2048-bit classes only: key generation of larger keys is
 * slow): round trips, tampering, and OpenSSL decrypting gcrypt's
 * ciphertexts with gcrypt's PKCS#8 key.
 */
static void rsa_pke_checks(const cb_pke_class *g, const cb_pke_class *o)
{
	uint8_t m[512], ct[512], pt[512], sec[2500], pub[600];
	size_t sl = sizeof(sec), pl = sizeof(pub), k, maxpt;
	void *gk = NULL, *oimp = NULL;
	int raw = strstr(g->info.name, "-raw") != NULL;

	tu_note("%s", g->info.name);
	CHECK_EQ_INT(cb_pke_keygen(g, NULL, &gk), 0);
	if (!gk)
		return;
	k = cb_pke_max_ciphertext(g, gk, 1);
	maxpt = cb_pke_max_plaintext(g, gk);
	CHECK_EQ_INT(k, 256);
	CHECK_EQ_INT(cb_pke_export_public(g, gk, pub, &pl), 0);
	CHECK_EQ_INT(pl, 294);
	CHECK_EQ_INT(cb_pke_export_secret(g, gk, sec, &sl), 0);
	CHECK_EQ_INT(cb_pke_import_secret(o, sec, sl, NULL, &oimp), 0);
	if (oimp) {
		size_t ol = sizeof(pub);
		uint8_t opub[600];

		/* The same key: OpenSSL's SPKI of the imported key is gcrypt's. */
		CHECK_EQ_INT(cb_pke_export_public(o, oimp, opub, &ol), 0);
		CHECK(ol == pl && memcmp(opub, pub, pl) == 0);
	}
	for (int i = 0; i < 4 && oimp; i++) {
		size_t n = raw ? k : i == 0 ? 1 : i == 1 ? 20 : i == 2 ? 32 : maxpt, cl = sizeof(ct), ptl = sizeof(pt);

		tu_note("%s, %zu-byte message", g->info.name, n);
		tu_fill(m, n, 900 + (uint64_t)i);
		m[0] = 0; /* leading zero bytes are kept; raw: below n */
		if (n > 1)
			m[1] = raw ? m[1] : 0;
		CHECK(n <= maxpt);
		CHECK_EQ_INT(cb_pke_encrypt(g, gk, m, n, ct, &cl), 0);
		CHECK_EQ_INT(cl, k);
		CHECK_EQ_INT(cb_pke_decrypt(g, gk, ct, cl, pt, &ptl), 0);
		CHECK(ptl == n && memcmp(pt, m, n) == 0);
		ptl = sizeof(pt);
		CHECK_EQ_INT(cb_pke_decrypt(o, oimp, ct, cl, pt, &ptl), 0);
		CHECK(ptl == n && memcmp(pt, m, n) == 0);
		ct[cl / 2] ^= 0x04;
		ptl = sizeof(pt);
		if (raw) {
			CHECK(cb_pke_decrypt(g, gk, ct, cl, pt, &ptl) != 0 || memcmp(pt, m, n) != 0);
		} else {
			CHECK_EQ_INT(cb_pke_decrypt(g, gk, ct, cl, pt, &ptl), CB_ERR_DECRYPT);
		}
		ptl = sizeof(pt);
		CHECK(cb_pke_decrypt(g, gk, ct, cl - 1, pt, &ptl) != 0);
	}
	{
		size_t cl = sizeof(ct);
		/* One byte more than the scheme can carry. */
		CHECK(cb_pke_encrypt(g, gk, m, maxpt + 1, ct, &cl) != 0);
	}
	cb_pke_key_free(g, gk);
	cb_pke_key_free(o, oimp);
}

static void all_classes(void)
{
	uint8_t *m = malloc(CAP), *ct = malloc(CAP), *pt = malloc(CAP);
	size_t ciphers = 0, hashes = 0, kex = 0, sigs = 0, pkes = 0;

	for (size_t i = 0; i < cb_registry_count(); i++) {
		const cb_alg_info *a = cb_registry_get(i);
		const cb_alg_info *o;

		if (strcmp(a->backend, "gcrypt") != 0)
			continue;
		CHECK(a->unavailable == NULL || a->unavailable() == NULL);
		CHECK(a->implementation && strncmp(a->implementation(), "libgcrypt-", 10) == 0);
		o = cb_registry_find(a->name, "openssl");
		if (o && o->unavailable && o->unavailable())
			o = NULL;
		if (a->kind == CB_KIND_CIPHER) {
			ciphers++;
			cipher_round_trips(cb_as_cipher(a), m, ct, pt);
			if (o)
				cipher_cross(cb_as_cipher(a), cb_as_cipher(o), m, ct, pt);
			else
				CHECK(strcmp(a->name, "sm4-gcm") == 0);
		} else if (a->kind == CB_KIND_HASH) {
			hashes++;
			CHECK(o != NULL);
			hash_checks(cb_as_hash(a), cb_as_hash(o), m);
		} else if (a->kind == CB_KIND_KEX) {
			kex++;
			CHECK(o != NULL);
			if (o)
				kex_checks(cb_as_kex(a), cb_as_kex(o));
		} else if (a->kind == CB_KIND_SIG) {
			sigs++;
			CHECK(o != NULL);
			if (!strncmp(a->name, "rsa", 3) && strncmp(a->name, "rsa2048", 7))
				continue;
			if (o)
				sig_checks(cb_as_sig(a), cb_as_sig(o));
			if (strcmp(a->name, "sm2-sign") == 0)
				sm2_id_checks(cb_as_sig(a));
		} else if (a->kind == CB_KIND_PKE) {
			pkes++;
			CHECK(o != NULL);
			if (!o || (!strncmp(a->name, "rsa", 3) && strncmp(a->name, "rsa2048", 7)))
				continue;
			if (!strncmp(a->name, "rsa", 3))
				rsa_pke_checks(cb_as_pke(a), cb_as_pke(o));
			else
				pke_checks(cb_as_pke(a), cb_as_pke(o));
		}
	}
	CHECK_EQ_INT(ciphers, 19);
	CHECK_EQ_INT(hashes, 4); /* sha256, sha512, sha3-256, sm3 */
	CHECK_EQ_INT(kex, 3);
	CHECK_EQ_INT(sigs, 9);
	CHECK_EQ_INT(pkes, 15);
	free(m), free(ct), free(pt);
}

int main(void)
{
	all_classes();
	sm4_gcm_wycheproof();
	return tu_finish();
}
