/*
 * The SM2 worked examples of GM/T 0003 (gm/gm_standard_vectors.json).
 *
 * sm2p256v1 vectors go through the classes: the signature of Annex A
 * verifies with sm2-sign (the standard's key and ID), the ciphertext of
 * Annex C decrypts with sm2-enc-{c1c3c2,c1c2c3,der}, and its three forms
 * convert into each other exactly; OpenSSL's classes, and those of
 * other_backends[] (GmSSL, when built) through their contract importers.  For every vector, including the
 * example-curve ones (not sm2p256v1, so only reachable with explicit
 * curve arithmetic), the test recomputes from the standard's formulas with
 * BIGNUM/EC_POINT and SM3: P = dG, Z_A, e, (r, s) with the fixed k and the
 * verification equation; C1 = kG, C2 = M xor KDF(x2||y2), C3 = SM3(x2||M||y2)
 * and decryption with d.
 */
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "backends/openssl/openssl_ec_import.h"
#include "cryptobench/registry.h"
#include "cryptobench/sm2.h"
#include "testutil.h"

struct curve {
	EC_GROUP *g;
	BIGNUM *n;
	uint8_t a[32], b[32], gx[32], gy[32];
};

static BIGNUM *bn_hex(const json_t *o, const char *key)
{
	BIGNUM *bn = NULL;
	if (!BN_hex2bn(&bn, tu_json_str(o, key)))
		return NULL;
	return bn;
}

static int curve_load(const json_t *c, struct curve *cv)
{
	BIGNUM *p = bn_hex(c, "p"), *a = bn_hex(c, "a"), *b = bn_hex(c, "b");
	BIGNUM *gx = bn_hex(c, "gx"), *gy = bn_hex(c, "gy"), *h = bn_hex(c, "h");
	EC_POINT *G = NULL;
	int ok = 0;
	memset(cv, 0, sizeof(*cv));
	cv->n = bn_hex(c, "n");
	if (!p || !a || !b || !gx || !gy || !h || !cv->n)
		goto out;
	cv->g = EC_GROUP_new_curve_GFp(p, a, b, NULL);
	G = cv->g ? EC_POINT_new(cv->g) : NULL;
	ok = G && EC_POINT_set_affine_coordinates(cv->g, G, gx, gy, NULL) &&
	     EC_GROUP_set_generator(cv->g, G, cv->n, h) && BN_bn2binpad(a, cv->a, 32) == 32 &&
	     BN_bn2binpad(b, cv->b, 32) == 32 && BN_bn2binpad(gx, cv->gx, 32) == 32 &&
	     BN_bn2binpad(gy, cv->gy, 32) == 32;
out:
	EC_POINT_free(G);
	BN_free(p);
	BN_free(a);
	BN_free(b);
	BN_free(gx);
	BN_free(gy);
	BN_free(h);
	return ok;
}

static void curve_free(struct curve *cv)
{
	EC_GROUP_free(cv->g);
	BN_free(cv->n);
}

static void sm3(const uint8_t *m, size_t n, uint8_t out[32])
{
	unsigned int len = 0;
	CHECK(EVP_Digest(m, n, out, &len, EVP_sm3(), NULL) == 1 && len == 32);
}

/* k*G (+ nothing) or k*P as 32-byte coordinates. */
static int mul(const struct curve *cv, const EC_POINT *P, const BIGNUM *k, uint8_t x[32],
	       uint8_t y[32])
{
	EC_POINT *R = EC_POINT_new(cv->g);
	BIGNUM *bx = BN_new(), *by = BN_new();
	int ok = R && bx && by &&
		 (P ? EC_POINT_mul(cv->g, R, NULL, P, k, NULL)
		    : EC_POINT_mul(cv->g, R, k, NULL, NULL, NULL)) &&
		 EC_POINT_get_affine_coordinates(cv->g, R, bx, by, NULL) &&
		 BN_bn2binpad(bx, x, 32) == 32 && BN_bn2binpad(by, y, 32) == 32;
	EC_POINT_free(R);
	BN_free(bx);
	BN_free(by);
	return ok;
}

static EC_POINT *point(const struct curve *cv, const uint8_t x[32], const uint8_t y[32])
{
	uint8_t enc[65];
	EC_POINT *P = EC_POINT_new(cv->g);
	enc[0] = 0x04;
	memcpy(enc + 1, x, 32);
	memcpy(enc + 33, y, 32);
	if (P && EC_POINT_oct2point(cv->g, P, enc, 65, NULL) != 1) {
		EC_POINT_free(P);
		P = NULL;
	}
	return P;
}

/* Fixed-size hex member; 0 on success. */
static int hex32(const json_t *v, const char *key, uint8_t out[32])
{
	return tu_unhex_buf(tu_json_str(v, key), out, 32) == 32 ? 0 : -1;
}

/*
 * The other backends whose SM2 classes the vectors also go through, by
 * their contract importers (import_public: SPKI, default ID; import_secret:
 * PKCS#8), when this build has them usable.
 */
static const char *const other_backends[] = {"gmssl", NULL};

/* SPKI (id-ecPublicKey, sm2p256v1) of the point x || y; PKCS#8 of d (as src/core/kat.c). */
static const uint8_t spki_sm2[26] = {0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
				     0x06, 0x08, 0x2a, 0x81, 0x1c, 0xcf, 0x55, 0x01, 0x82, 0x2d, 0x03, 0x42, 0x00};
static const uint8_t pkcs8_sm2[35] = {0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48,
				      0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x81, 0x1c, 0xcf, 0x55, 0x01,
				      0x82, 0x2d, 0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20};

/* GM/T 0003.2 section 5.5: Z_A = SM3(ENTL || ID || a || b || xG || yG || xA || yA). */
static void compute_za(const struct curve *cv, const uint8_t *id, size_t idlen,
		       const uint8_t px[32], const uint8_t py[32], uint8_t za[32])
{
	uint8_t buf[2 + 256 + 6 * 32], *p = buf;
	*p++ = (uint8_t)((idlen * 8) >> 8);
	*p++ = (uint8_t)(idlen * 8);
	memcpy(p, id, idlen);
	p += idlen;
	memcpy(p, cv->a, 32);
	memcpy(p + 32, cv->b, 32);
	memcpy(p + 64, cv->gx, 32);
	memcpy(p + 96, cv->gy, 32);
	memcpy(p + 128, px, 32);
	memcpy(p + 160, py, 32);
	p += 192;
	sm3(buf, (size_t)(p - buf), za);
}

static size_t der_sig(const uint8_t r[32], const uint8_t s[32], uint8_t *out)
{
	ECDSA_SIG *sig = ECDSA_SIG_new();
	BIGNUM *br = BN_bin2bn(r, 32, NULL), *bs = BN_bin2bn(s, 32, NULL);
	unsigned char *p = out;
	int len = -1;
	if (sig && br && bs && ECDSA_SIG_set0(sig, br, bs)) {
		br = bs = NULL;
		len = i2d_ECDSA_SIG(sig, &p);
	}
	BN_free(br);
	BN_free(bs);
	ECDSA_SIG_free(sig);
	return len > 0 ? (size_t)len : 0;
}

static void sign_vector(const json_t *v, const struct curve *cv, int on_sm2p256v1)
{
	uint8_t d[32], px[32], py[32], za[32], e[32], k[32], r[32], s[32], x[32], y[32], buf[600];
	uint8_t *id = NULL, *msg = NULL;
	size_t idlen = 0, mlen = 0, n;
	BIGNUM *bd = NULL, *bk = NULL, *be = NULL, *bx = NULL, *br = NULL, *bs = NULL, *t = NULL,
	       *u = NULL;
	BN_CTX *bc = BN_CTX_new();
	EC_POINT *PA = NULL, *R = NULL;

	if (hex32(v, "private_key_d", d) || hex32(v, "public_key_x", px) ||
	    hex32(v, "public_key_y", py) || hex32(v, "z_a", za) || hex32(v, "e", e) ||
	    hex32(v, "k", k) || hex32(v, "r", r) || hex32(v, "s", s) ||
	    tu_json_hex(v, "user_id_hex", &id, &idlen) ||
	    tu_json_hex(v, "message_hex", &msg, &mlen)) {
		CHECK(!"vector fields");
		goto out;
	}
	/* P = dG, Z_A, e = SM3(Z_A || M) */
	bd = BN_bin2bn(d, 32, NULL);
	CHECK(mul(cv, NULL, bd, x, y));
	CHECK_MEM(x, px, 32);
	CHECK_MEM(y, py, 32);
	compute_za(cv, id, idlen, px, py, buf);
	CHECK_MEM(buf, za, 32);
	memcpy(buf + 32, msg, mlen);
	memcpy(buf, za, 32);
	sm3(buf, 32 + mlen, x);
	CHECK_MEM(x, e, 32);

	/* GM/T 0003.2 6.1: (x1, y1) = kG, r = e + x1 mod n, s = (1 + d)^-1 (k - r d) mod n */
	bk = BN_bin2bn(k, 32, NULL);
	be = BN_bin2bn(e, 32, NULL);
	bx = BN_new();
	br = BN_new();
	bs = BN_new();
	t = BN_new();
	u = BN_new();
	CHECK(mul(cv, NULL, bk, x, y));
	BN_bin2bn(x, 32, bx);
	CHECK(BN_mod_add(br, be, bx, cv->n, bc));
	CHECK(BN_add(t, bd, BN_value_one()) && BN_mod_inverse(t, t, cv->n, bc));
	CHECK(BN_mod_mul(u, br, bd, cv->n, bc) && BN_mod_sub(u, bk, u, cv->n, bc));
	CHECK(BN_mod_mul(bs, t, u, cv->n, bc));
	CHECK(BN_bn2binpad(br, x, 32) == 32 && BN_bn2binpad(bs, y, 32) == 32);
	CHECK_MEM(x, r, 32);
	CHECK_MEM(y, s, 32);

	/* 7.1 verification: t = r + s, (x1', y1') = sG + tP, R = e + x1' == r */
	PA = point(cv, px, py);
	R = EC_POINT_new(cv->g);
	BN_bin2bn(r, 32, br);
	BN_bin2bn(s, 32, bs);
	CHECK(PA && R && BN_mod_add(t, br, bs, cv->n, bc) &&
	      EC_POINT_mul(cv->g, R, bs, PA, t, bc) &&
	      EC_POINT_get_affine_coordinates(cv->g, R, bx, NULL, bc) &&
	      BN_mod_add(u, be, bx, cv->n, bc) && BN_cmp(u, br) == 0);

	if (on_sm2p256v1) {
		const cb_sig_class *c = cb_as_sig(cb_registry_find("sm2-sign", "openssl"));
		cb_opts opts = {.sm2_id = id, .sm2_id_len = idlen};
		uint8_t pub[65], sig[80], sig2[80];
		size_t siglen = der_sig(r, s, sig), siglen2 = sizeof(sig2);
		void *kp = NULL, *kn = NULL, *ks = NULL;
		CHECK(c != NULL && siglen > 0);
		if (!c)
			goto out;
		pub[0] = 0x04;
		memcpy(pub + 1, px, 32);
		memcpy(pub + 33, py, 32);
		CHECK_EQ_INT(cb_ossl_sig_import_raw(c, pub, 65, NULL, 0, &opts, &kp), 0);
		/* The vector's ID is the GM/T 0009 default: NULL opts must agree. */
		CHECK_EQ_INT(cb_ossl_sig_import_raw(c, pub, 65, NULL, 0, NULL, &kn), 0);
		if (kp && kn) {
			CHECK_EQ_INT(c->verify(kp, msg, mlen, sig, siglen), 0);
			CHECK_EQ_INT(c->verify(kn, msg, mlen, sig, siglen), 0);
			msg[0] ^= 1;
			CHECK_EQ_INT(c->verify(kp, msg, mlen, sig, siglen), CB_ERR_VERIFY);
			msg[0] ^= 1;
			/* A fresh signature with the standard's private key. */
			CHECK_EQ_INT(cb_ossl_sig_import_raw(c, NULL, 0, d, 32, &opts, &ks), 0);
			if (ks) {
				CHECK_EQ_INT(c->sign(ks, msg, mlen, sig2, &siglen2), 0);
				CHECK_EQ_INT(c->verify(kp, msg, mlen, sig2, siglen2), 0);
				n = sizeof(buf);
				CHECK_EQ_INT(c->export_public(ks, buf, &n), 0);
			}
		}
		c->key_free(kp);
		c->key_free(kn);
		c->key_free(ks);
	}
	/* The other backends verify the standard's signature (its ID is the default). */
	for (int b = 0; on_sm2p256v1 && other_backends[b]; b++) {
		const cb_sig_class *c = cb_as_sig(cb_registry_find("sm2-sign", other_backends[b]));
		uint8_t spki[91], sig[80];
		size_t siglen = der_sig(r, s, sig);
		void *kp = NULL;
		if (!c || cb_alg_unavailable(&c->info) || !c->import_public)
			continue;
		tu_note("%s sm2-sign/%s", tu_json_str(v, "id"), other_backends[b]);
		CHECK(idlen == 16 && memcmp(id, CB_SM2_DEFAULT_ID, 16) == 0);
		memcpy(spki, spki_sm2, sizeof(spki_sm2));
		spki[26] = 0x04;
		memcpy(spki + 27, px, 32);
		memcpy(spki + 59, py, 32);
		CHECK_EQ_INT(c->import_public(c, spki, sizeof(spki), NULL, &kp), 0);
		if (!kp)
			continue;
		CHECK_EQ_INT(c->verify(kp, msg, mlen, sig, siglen), 0);
		msg[0] ^= 1;
		CHECK_EQ_INT(c->verify(kp, msg, mlen, sig, siglen), CB_ERR_VERIFY);
		msg[0] ^= 1;
		sig[siglen - 1] ^= 1;
		CHECK_EQ_INT(c->verify(kp, msg, mlen, sig, siglen), CB_ERR_VERIFY);
		c->key_free(kp);
	}
out:
	EC_POINT_free(PA);
	EC_POINT_free(R);
	BN_free(bd);
	BN_free(bk);
	BN_free(be);
	BN_free(bx);
	BN_free(br);
	BN_free(bs);
	BN_free(t);
	BN_free(u);
	BN_CTX_free(bc);
	free(id);
	free(msg);
}

/* GM/T 0003.4 5.4.3: KDF(Z, klen) = SM3(Z || ct) for ct = 1, 2, ... */
static void kdf(const uint8_t z[64], uint8_t *out, size_t len)
{
	uint8_t buf[68], h[32];
	for (uint32_t ct = 1; len > 0; ct++) {
		size_t k = len < 32 ? len : 32;
		memcpy(buf, z, 64);
		buf[64] = (uint8_t)(ct >> 24);
		buf[65] = (uint8_t)(ct >> 16);
		buf[66] = (uint8_t)(ct >> 8);
		buf[67] = (uint8_t)ct;
		sm3(buf, sizeof(buf), h);
		memcpy(out, h, k);
		out += k;
		len -= k;
	}
}

static const struct {
	const char *field;
	cb_sm2_ct_format fmt;
	const char *cls;
} forms[] = {
	{"ciphertext_c1c3c2_hex", CB_SM2_C1C3C2, "sm2-enc-c1c3c2"},
	{"ciphertext_c1c2c3_hex", CB_SM2_C1C2C3, "sm2-enc-c1c2c3"},
	{"ciphertext_gmt0009_der_hex", CB_SM2_DER, "sm2-enc-der"},
};

static void enc_vector(const json_t *v, const struct curve *cv, int on_sm2p256v1)
{
	uint8_t d[32], px[32], py[32], k[32], c1x[32], c1y[32], c3[32], x[32], y[32], z[64], h[32];
	uint8_t *msg = NULL, *c2 = NULL, *t = NULL, *ct[3] = {NULL, NULL, NULL}, *hb = NULL;
	size_t mlen = 0, c2len = 0, ctlen[3] = {0, 0, 0};
	BIGNUM *bk = NULL, *bd = NULL;
	EC_POINT *PB = NULL, *C1 = NULL;

	if (hex32(v, "private_key_d", d) || hex32(v, "public_key_x", px) ||
	    hex32(v, "public_key_y", py) || hex32(v, "k", k) || hex32(v, "c1_x", c1x) ||
	    hex32(v, "c1_y", c1y) || hex32(v, "c3", c3) ||
	    tu_json_hex(v, "message_hex", &msg, &mlen) || tu_json_hex(v, "c2", &c2, &c2len)) {
		CHECK(!"vector fields");
		goto out;
	}
	CHECK_EQ_INT(c2len, mlen);
	bk = BN_bin2bn(k, 32, NULL);
	bd = BN_bin2bn(d, 32, NULL);
	PB = point(cv, px, py);
	C1 = point(cv, c1x, c1y);
	CHECK(PB && C1);
	if (!PB || !C1 || c2len != mlen)
		goto out;
	CHECK(mul(cv, NULL, bd, x, y));
	CHECK_MEM(x, px, 32);
	CHECK_MEM(y, py, 32);
	/* Encryption with the fixed k: C1 = kG, (x2, y2) = kP, C2 = M ^ KDF, C3 = SM3(x2 || M || y2) */
	CHECK(mul(cv, NULL, bk, x, y));
	CHECK_MEM(x, c1x, 32);
	CHECK_MEM(y, c1y, 32);
	t = malloc(mlen + 64);
	hb = malloc(mlen + 64);
	CHECK(mul(cv, PB, bk, z, z + 32));
	kdf(z, t, mlen);
	for (size_t i = 0; i < mlen; i++)
		t[i] ^= msg[i];
	CHECK_MEM(t, c2, mlen);
	memcpy(hb, z, 32);
	memcpy(hb + 32, msg, mlen);
	memcpy(hb + 32 + mlen, z + 32, 32);
	sm3(hb, mlen + 64, h);
	CHECK_MEM(h, c3, 32);
	/* Decryption with d: (x2, y2) = d C1 */
	CHECK(mul(cv, C1, bd, z, z + 32));
	kdf(z, t, mlen);
	for (size_t i = 0; i < mlen; i++)
		t[i] ^= c2[i];
	CHECK_MEM(t, msg, mlen);

	/* The assembled forms: from the components, from the file, and converted. */
	for (int f = 0; f < 3; f++) {
		ctlen[f] = cb_sm2_ct_size(forms[f].fmt, mlen);
		ct[f] = malloc(ctlen[f]);
	}
	ct[0][0] = ct[1][0] = 0x04;
	memcpy(ct[0] + 1, c1x, 32);
	memcpy(ct[0] + 33, c1y, 32);
	memcpy(ct[1] + 1, c1x, 32);
	memcpy(ct[1] + 33, c1y, 32);
	memcpy(ct[0] + 65, c3, 32);
	memcpy(ct[0] + 97, c2, mlen);
	memcpy(ct[1] + 65, c2, mlen);
	memcpy(ct[1] + 65 + mlen, c3, 32);
	CHECK_EQ_INT(
		cb_sm2_ct_convert(CB_SM2_C1C3C2, ct[0], ctlen[0], CB_SM2_DER, ct[2], &ctlen[2]), 0);
	for (int f = 0; f < 3; f++) {
		uint8_t *file = NULL;
		size_t flen = 0;
		if (!json_object_get(v, forms[f].field))
			continue;
		tu_note("%s %s", tu_json_str(v, "id"), forms[f].field);
		CHECK_EQ_INT(tu_json_hex(v, forms[f].field, &file, &flen), 0);
		CHECK_EQ_INT(flen, ctlen[f]);
		if (flen == ctlen[f])
			CHECK_MEM(file, ct[f], flen);
		free(file);
	}
	for (int i = 0; i < 3; i++) {
		for (int j = 0; j < 3; j++) {
			uint8_t out[400];
			size_t n = sizeof(out);
			tu_note("%s convert %d -> %d", tu_json_str(v, "id"), i, j);
			CHECK_EQ_INT(cb_sm2_ct_convert(forms[i].fmt, ct[i], ctlen[i], forms[j].fmt,
						       out, &n),
				     0);
			CHECK_EQ_INT(n, ctlen[j]);
			if (n == ctlen[j])
				CHECK_MEM(out, ct[j], n);
		}
	}
	/* Decrypt each form through its class with the standard's private key. */
	for (int f = 0; on_sm2p256v1 && f < 3; f++) {
		const cb_pke_class *c = cb_as_pke(cb_registry_find(forms[f].cls, "openssl"));
		uint8_t out[400];
		size_t n = mlen; /* exactly the message length */
		void *key = NULL;
		tu_note("%s decrypt %s", tu_json_str(v, "id"), forms[f].cls);
		CHECK(c != NULL);
		if (!c)
			continue;
		CHECK_EQ_INT(cb_ossl_pke_import_raw(c, NULL, 0, d, 32, &key), 0);
		if (!key)
			continue;
		CHECK_EQ_INT(c->decrypt(key, ct[f], ctlen[f], out, &n), 0);
		CHECK_EQ_INT(n, mlen);
		CHECK(n == strlen("encryption standard") &&
		      memcmp(out, "encryption standard", n) == 0);
		ct[f][ctlen[f] - 1] ^= 1;
		n = sizeof(out);
		CHECK_EQ_INT(c->decrypt(key, ct[f], ctlen[f], out, &n), CB_ERR_DECRYPT);
		ct[f][ctlen[f] - 1] ^= 1;
		c->key_free(key);
	}
	/* And through the other backends' classes, the key from PKCS#8. */
	for (int b = 0; on_sm2p256v1 && other_backends[b]; b++) {
		for (int f = 0; f < 3; f++) {
			const cb_pke_class *c = cb_as_pke(cb_registry_find(forms[f].cls, other_backends[b]));
			uint8_t sk[sizeof(pkcs8_sm2) + 32], out[400];
			size_t n = mlen;
			void *key = NULL;
			if (!c || cb_alg_unavailable(&c->info) || !c->import_secret)
				continue;
			tu_note("%s decrypt %s/%s", tu_json_str(v, "id"), forms[f].cls, other_backends[b]);
			memcpy(sk, pkcs8_sm2, sizeof(pkcs8_sm2));
			memcpy(sk + sizeof(pkcs8_sm2), d, 32);
			CHECK_EQ_INT(c->import_secret(c, sk, sizeof(sk), NULL, &key), 0);
			if (!key)
				continue;
			CHECK_EQ_INT(c->decrypt(key, ct[f], ctlen[f], out, &n), 0);
			CHECK_EQ_INT(n, mlen);
			CHECK(n == strlen("encryption standard") &&
			      memcmp(out, "encryption standard", n) == 0);
			ct[f][ctlen[f] - 1] ^= 1;
			n = sizeof(out);
			CHECK_EQ_INT(c->decrypt(key, ct[f], ctlen[f], out, &n), CB_ERR_DECRYPT);
			ct[f][ctlen[f] - 1] ^= 1;
			c->key_free(key);
		}
	}
out:
	for (int f = 0; f < 3; f++)
		free(ct[f]);
	EC_POINT_free(PB);
	EC_POINT_free(C1);
	BN_free(bk);
	BN_clear_free(bd);
	free(t);
	free(hb);
	free(msg);
	free(c2);
}

int main(void)
{
	json_t *root = tu_load_json("gm/gm_standard_vectors.json");
	json_t *vectors, *v, *curves;
	size_t i;
	int seen_sign = 0, seen_enc = 0;
	if (!root)
		return tu_finish();
	vectors = json_object_get(root, "vectors");
	curves = json_object_get(root, "curves");
	json_array_foreach (vectors, i, v) {
		const char *alg = tu_json_str(v, "algorithm"), *cname = tu_json_str(v, "curve");
		struct curve cv;
		int on = strcmp(cname, "sm2p256v1") == 0;
		if (strncmp(alg, "SM2", 3) != 0)
			continue;
		tu_note("%s", tu_json_str(v, "id"));
		if (!curve_load(json_object_get(curves, cname), &cv)) {
			CHECK(!"curve parameters");
			curve_free(&cv);
			continue;
		}
		if (on) { /* the file's sm2p256v1 is OpenSSL's SM2 curve */
			EC_GROUP *ref = EC_GROUP_new_by_curve_name(NID_sm2);
			CHECK(ref && EC_GROUP_cmp(ref, cv.g, NULL) == 0);
			EC_GROUP_free(ref);
		}
		if (strcmp(alg, "SM2-sign") == 0) {
			sign_vector(v, &cv, on);
			seen_sign += on;
		} else {
			enc_vector(v, &cv, on);
			seen_enc += on;
		}
		curve_free(&cv);
	}
	tu_note("vector count");
	CHECK_EQ_INT(seen_sign, 1);
	CHECK_EQ_INT(seen_enc, 1);
	json_decref(root);
	return tu_finish();
}
