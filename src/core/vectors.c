/*
 * The vector driver (vectors.h): one loop over a file's test groups and
 * cases, one case function per class kind and file format, one verdict
 * rule.  Only the class interface is used, so any backend's class runs.
 */
#include "cryptobench/vectors.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "core/util.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"

/* What one case did. */
enum { REJECTED, ACCEPTED, WRONG_OUTPUT, NOT_RUN, KNOWN, BAD_VECTOR };

typedef struct vcase {
	const cb_alg_info *cls;
	const json_t *group, *test;
	const char *why; /* NOT_RUN, KNOWN, BAD_VECTOR, WRONG_OUTPUT: a static reason */
	/* The group's key, imported by its first case and kept for the others (freed by group_done). */
	void *gkey;
	int gkey_failed;
} vcase;

/* Free the group's key of c (a sig or pke key). */
static void group_done(vcase *c)
{
	if (c->gkey) {
		if (cb_as_sig(c->cls))
			cb_as_sig(c->cls)->key_free(c->gkey);
		else if (cb_as_pke(c->cls))
			cb_as_pke(c->cls)->key_free(c->gkey);
	}
	c->gkey = NULL;
	c->gkey_failed = 0;
}

/* Group filter: 1 to run the group's cases, 0 to skip them (*why set). */
typedef int (*group_fn)(const cb_alg_info *cls, const json_t *group, const char **why);
typedef int (*case_fn)(vcase *c);

struct cb_vec_driver {
	group_fn group;
	case_fn run;
	int acvp; /* the expected outcome is the case function's own (REJECTED/ACCEPTED means failed/passed) */
};

/* ---- helpers ---- */

static const char *jstr(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

/* Decode hex field key of o into a fresh buffer (free it); 0 or -1 (missing, not hex). */
static int jhex(const json_t *o, const char *key, uint8_t **out, size_t *len)
{
	const char *s = json_string_value(json_object_get(o, key));
	size_t n;

	*out = NULL;
	*len = 0;
	if (!s)
		return -1;
	n = strlen(s);
	*out = malloc(n / 2 + 1);
	if (!*out)
		return -1;
	if (cb_hex_decode((const uint8_t *)s, n, *out, n / 2 + 1, len) != 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

static int has_flag(const json_t *test, const char *flag)
{
	const json_t *f;
	size_t i;

	json_array_foreach (json_object_get(test, "flags"), i, f) {
		const char *s = json_string_value(f);
		if (s && strcmp(s, flag) == 0)
			return 1;
	}
	return 0;
}

static void put(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

/*
 * Documented library gaps: a valid case this (backend, algorithm) rejects,
 * or an invalid one it takes.  nettle 3.8's ECDSA verify does not handle
 * u1*G == u2*Q (the sum needs a point doubling; Wycheproof flag
 * PointDuplication).  liboqs' ML-DSA (mldsa-native inside it) signs with an
 * expanded private key whose s1 or s2 has a coefficient outside [-eta, eta]
 * (flag InvalidPrivateKey); the builtin refuses such a key when it imports it.
 */
static const struct {
	const char *backend, *alg, *flag, *why;
} known_gaps[] = {
	{"nettle", "ecdsa-p256", "PointDuplication", "nettle rejects the PointDuplication signature (u1*G == u2*Q)"},
	{"oqs", "mldsa44", "InvalidPrivateKey", "liboqs signs with an expanded key whose s1 or s2 is out of range"},
	{"oqs", "mldsa65", "InvalidPrivateKey", "liboqs signs with an expanded key whose s1 or s2 is out of range"},
	{"oqs", "mldsa87", "InvalidPrivateKey", "liboqs signs with an expanded key whose s1 or s2 is out of range"},
};

static const char *known_gap(const vcase *c)
{
	for (size_t i = 0; i < sizeof(known_gaps) / sizeof(known_gaps[0]); i++)
		if (strcmp(c->cls->backend, known_gaps[i].backend) == 0 && strcmp(c->cls->name, known_gaps[i].alg) == 0 &&
		    has_flag(c->test, known_gaps[i].flag))
			return known_gaps[i].why;
	return NULL;
}

/* ---- group filters ---- */

static int rsa_group(const cb_alg_info *cls, const json_t *g, const char **why)
{
	char want[16];
	json_int_t bits = json_integer_value(json_object_get(g, "keySize"));

	snprintf(want, sizeof(want), "rsa%lld-", (long long)bits);
	*why = "a group of another RSA key size";
	return strncmp(cls->name, want, strlen(want)) == 0;
}

static int pss32_group(const cb_alg_info *cls, const json_t *g, const char **why)
{
	if (!rsa_group(cls, g, why))
		return 0;
	*why = "a PSS group with another salt length or MGF hash";
	return json_integer_value(json_object_get(g, "sLen")) == 32 && strcmp(jstr(g, "mgfSha"), "SHA-256") == 0;
}

static int cipher_group(const cb_alg_info *cls, const json_t *g, const char **why)
{
	const cb_cipher_class *c = cb_as_cipher(cls);
	json_int_t tag = json_integer_value(json_object_get(g, "tagSize"));

	*why = "a group of another key or tag size";
	return (size_t)json_integer_value(json_object_get(g, "keySize")) == c->key_bytes * 8 &&
	       (!c->tag_bytes || (size_t)tag == c->tag_bytes * 8);
}

/* ACVP ML-KEM: the group's parameterSet "ML-KEM-768" for class mlkem768. */
static int mlkem_group(const cb_alg_info *cls, const json_t *g, const char **why)
{
	const char *p = jstr(g, "parameterSet");

	*why = "a group of another parameter set";
	return strncmp(p, "ML-KEM-", 7) == 0 && strncmp(cls->name, "mlkem", 5) == 0 && strcmp(p + 7, cls->name + 5) == 0;
}

/* ---- Wycheproof case functions ---- */

static int derive_with(vcase *c, const uint8_t *sk, size_t sklen, const uint8_t *pub, size_t publen)
{
	const cb_kex_class *k = cb_as_kex(c->cls);
	uint8_t *shared = NULL, ss[128];
	size_t sharedlen = 0, sslen = sizeof(ss);
	void *key = NULL;
	int r = REJECTED;

	if (jhex(c->test, "shared", &shared, &sharedlen)) {
		c->why = "no hex field 'shared'";
		return BAD_VECTOR;
	}
	if (cb_kex_import_secret(k, sk, sklen, NULL, &key) == 0) {
		if (cb_kex_derive(k, key, pub, publen, ss, &sslen) == 0) {
			r = sslen == sharedlen && memcmp(ss, shared, sslen) == 0 ? ACCEPTED : WRONG_OUTPUT;
			c->why = "a shared secret other than the vector's";
		}
		k->key_free(key);
	} else {
		c->why = "the vector's secret key was not imported";
		r = BAD_VECTOR;
	}
	cb_wipe(ss, sizeof(ss));
	free(shared);
	return r;
}

static int x25519_case(vcase *c)
{
	uint8_t *priv = NULL, *pub = NULL;
	size_t privlen = 0, publen = 0;
	int r = BAD_VECTOR;

	c->why = "no hex fields 'private' and 'public'";
	if (!jhex(c->test, "private", &priv, &privlen) && !jhex(c->test, "public", &pub, &publen))
		r = derive_with(c, priv, privlen, pub, publen);
	free(priv);
	free(pub);
	return r;
}

/* The P-256 scalar (big-endian, maybe with a leading 0 or shorter) in the canonical PKCS#8 form (der.c). */
static int ecdh_point_case(vcase *c)
{
	uint8_t *priv = NULL, *pub = NULL, *sk = NULL, d[32] = {0};
	size_t privlen = 0, publen = 0, sklen = 0, off = 0;
	int r = BAD_VECTOR;

	c->why = "no hex fields 'private' and 'public'";
	if (jhex(c->test, "private", &priv, &privlen) || jhex(c->test, "public", &pub, &publen))
		goto out;
	while (privlen - off > 32 && priv[off] == 0)
		off++;
	c->why = "a private scalar longer than 32 bytes";
	if (privlen - off > 32)
		goto out;
	memcpy(d + 32 - (privlen - off), priv + off, privlen - off);
	c->why = "the scalar could not be wrapped as PKCS#8";
	if (cb_key_wrap_raw(CB_KEY_P256, 1, d, 32, &sk, &sklen) != 0)
		goto out;
	r = derive_with(c, sk, sklen, pub, publen);
out:
	cb_wipe(d, sizeof(d));
	if (sk) {
		cb_wipe(sk, sklen);
		free(sk);
	}
	free(priv);
	free(pub);
	return r;
}

static int verify_with(vcase *c, const uint8_t *sig, size_t siglen)
{
	const cb_sig_class *s = cb_as_sig(c->cls);
	uint8_t *der = NULL, *msg = NULL;
	size_t derlen = 0, mlen = 0;
	int r = BAD_VECTOR;

	c->why = "no hex field 'msg'";
	if (jhex(c->test, "msg", &msg, &mlen))
		goto out;
	c->why = "the group's public key (publicKeyDer) was not imported";
	if (!c->gkey && !c->gkey_failed)
		c->gkey_failed = jhex(c->group, "publicKeyDer", &der, &derlen) ||
				 cb_sig_import_public(s, der, derlen, NULL, &c->gkey) != 0;
	if (c->gkey_failed)
		goto out;
	r = cb_sig_verify(s, c->gkey, msg, mlen, sig, siglen) == 0 ? ACCEPTED : REJECTED;
out:
	free(der);
	free(msg);
	return r;
}

static int verify_case(vcase *c)
{
	uint8_t *sig = NULL;
	size_t siglen = 0;
	int r = BAD_VECTOR;

	c->why = "no hex field 'sig'";
	if (!jhex(c->test, "sig", &sig, &siglen))
		r = verify_with(c, sig, siglen);
	free(sig);
	return r;
}

/* IEEE P1363 r || s: 64 bytes become the DER the class takes; any other length is refused as it stands. */
static int verify_p1363_case(vcase *c)
{
	uint8_t *sig = NULL, der[80];
	size_t siglen = 0, derlen = sizeof(der);
	int r = BAD_VECTOR;

	c->why = "no hex field 'sig'";
	if (jhex(c->test, "sig", &sig, &siglen))
		goto out;
	if (siglen != 64) {
		r = REJECTED;
		goto out;
	}
	c->why = "r || s could not be DER-encoded";
	if (cb_der_sig_encode(sig, sig + 32, der, &derlen) != 0)
		goto out;
	r = verify_with(c, der, derlen);
out:
	free(sig);
	return r;
}

static int decrypt_case(vcase *c)
{
	const cb_pke_class *p = cb_as_pke(c->cls);
	uint8_t *der = NULL, *msg = NULL, *ct = NULL, *label = NULL, *pt = NULL;
	size_t derlen = 0, mlen = 0, ctlen = 0, labellen = 0, ptlen;
	int r = BAD_VECTOR;

	c->why = "no hex fields 'msg' and 'ct'";
	if (jhex(c->test, "msg", &msg, &mlen) || jhex(c->test, "ct", &ct, &ctlen))
		goto out;
	if (json_object_get(c->test, "label") && (jhex(c->test, "label", &label, &labellen) || labellen)) {
		c->why = "an OAEP label (the pke interface has none)";
		r = NOT_RUN;
		goto out;
	}
	c->why = "the group's private key (privateKeyPkcs8) was not imported";
	if (!c->gkey && !c->gkey_failed)
		c->gkey_failed = jhex(c->group, "privateKeyPkcs8", &der, &derlen) ||
				 cb_pke_import_secret(p, der, derlen, NULL, &c->gkey) != 0;
	if (c->gkey_failed)
		goto out;
	ptlen = ctlen + 64;
	pt = malloc(ptlen);
	c->why = "out of memory";
	if (pt) {
		r = REJECTED;
		if (cb_pke_decrypt(p, c->gkey, ct, ctlen, pt, &ptlen) == 0) {
			r = ptlen == mlen && memcmp(pt, msg, mlen) == 0 ? ACCEPTED : WRONG_OUTPUT;
			c->why = "a message other than the vector's";
		}
		cb_wipe(pt, ctlen + 64);
	}
out:
	if (der)
		cb_wipe(der, derlen);
	free(der), free(msg), free(ct), free(label), free(pt);
	return r;
}

/* Decrypt ct (|| tag); when that gives msg, encrypting msg must give ct (|| tag) back. */
static int cipher_case(vcase *c)
{
	const cb_cipher_class *k = cb_as_cipher(c->cls);
	uint8_t *key = NULL, *iv = NULL, *aad = NULL, *msg = NULL, *ct = NULL, *tag = NULL, *both = NULL, *out = NULL,
		*pt = NULL;
	size_t keylen = 0, ivlen = 0, aadlen = 0, msglen = 0, ctlen = 0, taglen = 0, blen = 0, olen, plen;
	void *ctx = NULL;
	int r = BAD_VECTOR, rc;

	c->why = "no hex fields 'key', 'iv', 'msg', 'ct' (and 'aad', 'tag')";
	if (jhex(c->test, "key", &key, &keylen) || jhex(c->test, "iv", &iv, &ivlen) ||
	    jhex(c->test, "msg", &msg, &msglen) || jhex(c->test, "ct", &ct, &ctlen))
		goto out;
	if (k->tag_bytes && (jhex(c->test, "aad", &aad, &aadlen) || jhex(c->test, "tag", &tag, &taglen)))
		goto out;
	c->why = "the cipher did not take the vector's key";
	if (cb_cipher_init(k, &ctx, key, keylen) != 0)
		goto out;
	blen = ctlen + taglen;
	olen = msglen + 64;
	plen = blen + 64;
	both = malloc(blen + 1);
	out = malloc(olen);
	pt = malloc(plen);
	c->why = "out of memory";
	if (!both || !out || !pt)
		goto out;
	memcpy(both, ct, ctlen);
	if (taglen)
		memcpy(both + ctlen, tag, taglen);
	rc = cb_cipher_decrypt(k, ctx, iv, ivlen, aad, aadlen, both, blen, pt, &plen);
	if (rc == CB_ERR_LENGTH && ivlen != k->iv_bytes) {
		c->why = "an IV length this implementation does not take";
		r = NOT_RUN;
		goto out;
	}
	r = REJECTED;
	if (rc != 0)
		goto out;
	r = WRONG_OUTPUT;
	c->why = "decryption gave a message other than the vector's";
	if (plen != msglen || memcmp(pt, msg, msglen) != 0)
		goto out;
	c->why = "encryption gave a ciphertext other than the vector's";
	rc = cb_cipher_encrypt(k, ctx, iv, ivlen, aad, aadlen, msg, msglen, out, &olen);
	if (rc == 0 && olen == blen && memcmp(out, both, blen) == 0)
		r = ACCEPTED;
out:
	if (ctx)
		k->free(ctx);
	if (key)
		cb_wipe(key, keylen);
	free(key), free(iv), free(aad), free(msg), free(ct), free(tag), free(both), free(out), free(pt);
	return r;
}

/* ---- NIST ACVP ML-KEM (ACCEPTED: as the file says; REJECTED: not) ---- */

static int kem_sizes(const cb_kem_class *k, size_t ekl, size_t dkl)
{
	return ekl == k->public_key_bytes && dkl == k->secret_key_bytes;
}

static int mlkem_keygen_case(vcase *c)
{
	const cb_kem_class *k = cb_as_kem(c->cls);
	uint8_t *d = NULL, *z = NULL, *ek = NULL, *dk = NULL, *ek2 = NULL, *dk2 = NULL, coins[64];
	size_t dl = 0, zl = 0, ekl = 0, dkl = 0;
	int r = BAD_VECTOR;

	c->why = "no hex fields 'd', 'z', 'ek', 'dk' of the sizes of the class";
	if (jhex(c->test, "d", &d, &dl) || jhex(c->test, "z", &z, &zl) || jhex(c->test, "ek", &ek, &ekl) ||
	    jhex(c->test, "dk", &dk, &dkl) || dl != 32 || zl != 32 || !kem_sizes(k, ekl, dkl) ||
	    k->keypair_coins_bytes != 64)
		goto out;
	ek2 = malloc(ekl);
	dk2 = malloc(dkl);
	c->why = "out of memory";
	if (!ek2 || !dk2)
		goto out;
	memcpy(coins, d, 32);
	memcpy(coins + 32, z, 32);
	r = REJECTED;
	c->why = "keypair_derand gave another key pair";
	if (k->keypair_derand(k, ek2, dk2, coins) == 0 && memcmp(ek2, ek, ekl) == 0 && memcmp(dk2, dk, dkl) == 0)
		r = ACCEPTED;
	cb_wipe(coins, sizeof(coins));
	cb_wipe(dk2, dkl);
out:
	if (dk)
		cb_wipe(dk, dkl);
	free(d), free(z), free(ek), free(dk), free(ek2), free(dk2);
	return r;
}

static int mlkem_encapdecap_case(vcase *c)
{
	const cb_kem_class *k = cb_as_kem(c->cls);
	const char *fn = jstr(c->group, "function");
	uint8_t *ek = NULL, *dk = NULL, *m = NULL, *ct = NULL, *kk = NULL, *ct2 = NULL, ss[64];
	size_t ekl = 0, dkl = 0, ml = 0, ctl = 0, kl = 0;
	int r = BAD_VECTOR, rc;

	c->why = "fields of other sizes than the class's";
	jhex(c->test, "ek", &ek, &ekl);
	jhex(c->test, "dk", &dk, &dkl);
	jhex(c->test, "m", &m, &ml);
	jhex(c->test, "c", &ct, &ctl);
	jhex(c->test, "k", &kk, &kl);
	ct2 = malloc(k->ciphertext_bytes + 1);
	if (!ct2 || k->shared_secret_bytes > sizeof(ss))
		goto out;
	if (strcmp(fn, "encapsulation") == 0) {
		if (ekl != k->public_key_bytes || ml != k->encaps_coins_bytes || ctl != k->ciphertext_bytes ||
		    kl != k->shared_secret_bytes)
			goto out;
		r = REJECTED;
		c->why = "encaps_derand gave another ciphertext or secret";
		if (k->encaps_derand(k, ct2, ss, ek, m) == 0 && memcmp(ct2, ct, ctl) == 0 && memcmp(ss, kk, kl) == 0)
			r = ACCEPTED;
	} else if (strcmp(fn, "decapsulation") == 0) {
		if (dkl != k->secret_key_bytes || ctl != k->ciphertext_bytes || kl != k->shared_secret_bytes)
			goto out;
		/* valid and modified ciphertexts alike succeed; k is the rejection secret for the latter */
		r = REJECTED;
		c->why = "decaps gave another secret";
		if (k->decaps(k, ss, ct, dk) == 0 && memcmp(ss, kk, kl) == 0)
			r = ACCEPTED;
	} else if (strcmp(fn, "encapsulationKeyCheck") == 0 || strcmp(fn, "decapsulationKeyCheck") == 0) {
		int is_ek = fn[0] == 'e', expect = json_is_true(json_object_get(c->test, "testPassed"));
		size_t want = is_ek ? k->public_key_bytes : k->secret_key_bytes;
		uint8_t zero[64] = {0};

		r = REJECTED;
		c->why = expect ? "a valid key was refused" : "an invalid key was taken";
		if ((is_ek ? ekl : dkl) != want) {
			/* a wrong length fails the type check: the expected "false" */
			r = expect ? REJECTED : ACCEPTED;
			goto out;
		}
		if (is_ek) {
			rc = k->encaps_derand(k, ct2, ss, ek, zero);
		} else {
			memset(ct2, 0, k->ciphertext_bytes);
			rc = k->decaps(k, ss, ct2, dk);
		}
		if (expect)
			r = rc == 0 ? ACCEPTED : REJECTED;
		else if (rc == CB_ERR_INVALID_KEY)
			r = ACCEPTED;
		else if (rc == 0 && (k->skipped_checks & (is_ek ? CB_KEM_SKIPS_EK_CHECK : CB_KEM_SKIPS_DK_CHECK))) {
			c->why = is_ek ? "the class declares it skips the FIPS 203 7.2 key check"
				       : "the class declares it skips the FIPS 203 7.3 key check";
			r = KNOWN;
		}
	} else {
		c->why = "an unknown ACVP function";
	}
out:
	cb_wipe(ss, sizeof(ss));
	if (dk)
		cb_wipe(dk, dkl);
	free(ek), free(dk), free(m), free(ct), free(kk), free(ct2);
	return r;
}

/* ---- Wycheproof ML-KEM (the group's "type" says which operation) ---- */

static int wy_mlkem_case(vcase *c)
{
	const cb_kem_class *k = cb_as_kem(c->cls);
	const char *type = jstr(c->group, "type");
	uint8_t *seed = NULL, *ek = NULL, *dk = NULL, *m = NULL, *ct = NULL, *kk = NULL, *ek2 = NULL, *dk2 = NULL,
		*ct2 = NULL, ss[64];
	size_t sl = 0, ekl = 0, dkl = 0, ml = 0, ctl = 0, kl = 0;
	int r = BAD_VECTOR;

	jhex(c->test, "seed", &seed, &sl);
	jhex(c->test, "ek", &ek, &ekl);
	jhex(c->test, "dk", &dk, &dkl);
	jhex(c->test, "m", &m, &ml);
	jhex(c->test, "c", &ct, &ctl);
	jhex(c->test, "K", &kk, &kl);
	ek2 = malloc(k->public_key_bytes);
	dk2 = malloc(k->secret_key_bytes);
	ct2 = malloc(k->ciphertext_bytes);
	c->why = "out of memory";
	if (!ek2 || !dk2 || !ct2 || k->shared_secret_bytes > sizeof(ss))
		goto out;
	c->why = "another output than the vector's";
	if (!strcmp(type, "MLKEMTest") || !strcmp(type, "MLKEMKeyGen")) {
		/* KeyGen_internal(seed = d || z), then (MLKEMTest) Decaps(c) */
		r = REJECTED;
		if (sl != k->keypair_coins_bytes || k->keypair_derand(k, ek2, dk2, seed) != 0)
			goto out;
		r = WRONG_OUTPUT;
		if (ek && (ekl != k->public_key_bytes || memcmp(ek, ek2, ekl)))
			goto out;
		if (type[5] == 'K') {
			if (dkl == k->secret_key_bytes && !memcmp(dk, dk2, dkl))
				r = ACCEPTED;
			goto out;
		}
		r = REJECTED;
		if (ctl != k->ciphertext_bytes || k->decaps(k, ss, ct, dk2) != 0)
			goto out;
		r = kl == k->shared_secret_bytes && !memcmp(ss, kk, kl) ? ACCEPTED : WRONG_OUTPUT;
	} else if (!strcmp(type, "MLKEMEncapsTest")) {
		int rc;

		r = REJECTED;
		if (ekl != k->public_key_bytes || ml != k->encaps_coins_bytes)
			goto out;
		rc = k->encaps_derand(k, ct2, ss, ek, m);
		if (rc != 0)
			goto out;
		r = ctl == k->ciphertext_bytes && kl == k->shared_secret_bytes && !memcmp(ct2, ct, ctl) &&
				    !memcmp(ss, kk, kl)
			    ? ACCEPTED
			    : WRONG_OUTPUT;
		if (!strcmp(jstr(c->test, "result"), "invalid") && (k->skipped_checks & CB_KEM_SKIPS_EK_CHECK)) {
			c->why = "the class declares it skips the FIPS 203 7.2 key check";
			r = KNOWN;
		}
	} else if (!strcmp(type, "MLKEMDecapsValidationTest")) {
		r = REJECTED;
		if (dkl != k->secret_key_bytes || ctl != k->ciphertext_bytes || k->decaps(k, ss, ct, dk) != 0)
			goto out;
		r = !kk || (kl == k->shared_secret_bytes && !memcmp(ss, kk, kl)) ? ACCEPTED : WRONG_OUTPUT;
		if (!strcmp(jstr(c->test, "result"), "invalid") && (k->skipped_checks & CB_KEM_SKIPS_DK_CHECK)) {
			c->why = "the class declares it skips the FIPS 203 7.3 key check";
			r = KNOWN;
		}
	} else {
		c->why = "an unknown Wycheproof ML-KEM test type";
	}
out:
	cb_wipe(ss, sizeof(ss));
	if (dk2)
		cb_wipe(dk2, k->secret_key_bytes);
	if (dk)
		cb_wipe(dk, dkl);
	free(seed), free(ek), free(dk), free(m), free(ct), free(kk), free(ek2), free(dk2), free(ct2);
	return r;
}

/* ---- the GM/T examples (gm/gm_standard_vectors.json; ACCEPTED: as the file says) ---- */

static int gm_sm3_case(vcase *c)
{
	const cb_hash_class *h = cb_as_hash(c->cls);
	uint8_t *m = NULL, *want = NULL, d[64];
	size_t ml = 0, wl = 0;
	void *ctx = NULL;
	int r = BAD_VECTOR;

	c->why = "no hex fields 'message_hex' and 'digest_hex'";
	if (jhex(c->test, "message_hex", &m, &ml) || jhex(c->test, "digest_hex", &want, &wl) ||
	    wl != h->digest_bytes || wl > sizeof(d))
		goto out;
	r = REJECTED;
	c->why = "another digest";
	if (cb_hash_init(h, &ctx) == 0) {
		if (cb_hash_digest(h, ctx, m, ml, d) == 0 && memcmp(d, want, wl) == 0)
			r = ACCEPTED;
		h->free(ctx);
	}
out:
	free(m), free(want);
	return r;
}

/* One block under sm4-ecb, "iterations" times (each output the next input). */
static int gm_sm4_case(vcase *c)
{
	const cb_cipher_class *k = cb_as_cipher(c->cls);
	uint8_t *key = NULL, *pt = NULL, *want = NULL, buf[16], out[32];
	size_t kl = 0, pl = 0, wl = 0, ol;
	json_int_t iters = json_integer_value(json_object_get(c->test, "iterations"));
	void *ctx = NULL;
	int r = BAD_VECTOR;

	if (!iters && json_is_string(json_object_get(c->test, "iterations")))
		iters = strtoll(jstr(c->test, "iterations"), NULL, 10);
	c->why = "no hex fields 'key_hex', 'plaintext_hex', 'ciphertext_hex' of one block";
	if (jhex(c->test, "key_hex", &key, &kl) || jhex(c->test, "plaintext_hex", &pt, &pl) ||
	    jhex(c->test, "ciphertext_hex", &want, &wl) || kl != k->key_bytes || pl != 16 || wl != 16 || iters < 1)
		goto out;
	c->why = "the cipher did not take the key";
	if (cb_cipher_init(k, &ctx, key, kl) != 0)
		goto out;
	memcpy(buf, pt, 16);
	r = REJECTED;
	c->why = "another ciphertext";
	for (json_int_t i = 0; i < iters; i++) {
		ol = sizeof(out);
		if (cb_cipher_encrypt(k, ctx, NULL, 0, NULL, 0, buf, 16, out, &ol) != 0 || ol != 16)
			goto out;
		memcpy(buf, out, 16);
	}
	if (memcmp(buf, want, 16) == 0)
		r = ACCEPTED;
out:
	if (ctx)
		k->free(ctx);
	if (key)
		cb_wipe(key, kl);
	free(key), free(pt), free(want);
	return r;
}

/* 04 || x || y from the vector's fields px and py (32 bytes each) into pt[65]; -1 when absent. */
static int gm_point(const json_t *v, const char *px, const char *py, uint8_t pt[65])
{
	uint8_t *x = NULL, *y = NULL;
	size_t xl = 0, yl = 0;
	int rc = -1;

	if (!jhex(v, px, &x, &xl) && !jhex(v, py, &y, &yl) && xl == 32 && yl == 32) {
		pt[0] = 4;
		memcpy(pt + 1, x, 32);
		memcpy(pt + 33, y, 32);
		rc = 0;
	}
	free(x), free(y);
	return rc;
}

static int gm_curve(vcase *c)
{
	if (strcmp(jstr(c->test, "curve"), "sm2p256v1") == 0)
		return 1;
	c->why = "an example on the GM/T 0003 example curve (no class has that curve)";
	return 0;
}

/* Verify (r, s) over the message with the key (x, y) and the vector's user ID; a changed message must fail. */
static int gm_sm2_sign_case(vcase *c)
{
	const cb_sig_class *s = cb_as_sig(c->cls);
	uint8_t pt[65], *spki = NULL, *rr = NULL, *ss = NULL, *m = NULL, *id = NULL, der[80];
	size_t spkil = 0, rl = 0, sl = 0, ml = 0, idl = 0, derl = sizeof(der);
	cb_opts o = {0};
	void *key = NULL;
	int r = BAD_VECTOR;

	if (!gm_curve(c))
		return NOT_RUN;
	c->why = "no fields public_key_x/y, r, s, message_hex, user_id_hex";
	if (gm_point(c->test, "public_key_x", "public_key_y", pt) || jhex(c->test, "r", &rr, &rl) ||
	    jhex(c->test, "s", &ss, &sl) || jhex(c->test, "message_hex", &m, &ml) ||
	    jhex(c->test, "user_id_hex", &id, &idl) || rl != 32 || sl != 32 || ml == 0)
		goto out;
	if (cb_key_wrap_raw(CB_KEY_SM2, 0, pt, sizeof(pt), &spki, &spkil) != 0 ||
	    cb_der_sig_encode(rr, ss, der, &derl) != 0)
		goto out;
	o.sm2_id = id;
	o.sm2_id_len = idl;
	c->why = "the public key was not imported";
	if (cb_sig_import_public(s, spki, spkil, &o, &key) != 0)
		goto out;
	r = REJECTED;
	c->why = "the signature did not verify";
	if (cb_sig_verify(s, key, m, ml, der, derl) == 0) {
		m[0] ^= 1;
		c->why = "the signature verified over a changed message";
		r = cb_sig_verify(s, key, m, ml, der, derl) == 0 ? REJECTED : ACCEPTED;
	}
	s->key_free(key);
out:
	free(spki), free(rr), free(ss), free(m), free(id);
	return r;
}

/* Decrypt the example's ciphertext in the class's form (c1c3c2, c1c2c3 or GM/T 0009 DER) with d. */
static int gm_sm2_enc_case(vcase *c)
{
	const cb_pke_class *p = cb_as_pke(c->cls);
	const char *name = c->cls->name;
	uint8_t *d = NULL, *sk = NULL, *m = NULL, *ct = NULL, *c2 = NULL, *c3 = NULL, *pt = NULL, c1[65];
	size_t dl = 0, skl = 0, ml = 0, ctl = 0, c2l = 0, c3l = 0, ptl;
	void *key = NULL;
	int r = BAD_VECTOR;

	if (!gm_curve(c))
		return NOT_RUN;
	c->why = "no fields private_key_d, message_hex and the ciphertext";
	if (jhex(c->test, "private_key_d", &d, &dl) || dl != 32 || jhex(c->test, "message_hex", &m, &ml))
		goto out;
	if (strcmp(name, "sm2-enc-c1c3c2") == 0) {
		if (jhex(c->test, "ciphertext_c1c3c2_hex", &ct, &ctl))
			goto out;
	} else if (strcmp(name, "sm2-enc-der") == 0) {
		if (jhex(c->test, "ciphertext_gmt0009_der_hex", &ct, &ctl))
			goto out;
	} else {
		if (gm_point(c->test, "c1_x", "c1_y", c1) || jhex(c->test, "c2", &c2, &c2l) ||
		    jhex(c->test, "c3", &c3, &c3l))
			goto out;
		ctl = 65 + c2l + c3l;
		ct = malloc(ctl);
		if (!ct)
			goto out;
		memcpy(ct, c1, 65);
		memcpy(ct + 65, c2, c2l);
		memcpy(ct + 65 + c2l, c3, c3l);
	}
	if (cb_key_wrap_raw(CB_KEY_SM2, 1, d, dl, &sk, &skl) != 0)
		goto out;
	c->why = "the private key was not imported";
	if (cb_pke_import_secret(p, sk, skl, NULL, &key) != 0)
		goto out;
	ptl = ctl + 16;
	pt = malloc(ptl);
	r = REJECTED;
	c->why = "decryption failed or gave another message";
	if (pt && cb_pke_decrypt(p, key, ct, ctl, pt, &ptl) == 0 && ptl == ml && memcmp(pt, m, ml) == 0)
		r = ACCEPTED;
	if (pt)
		cb_wipe(pt, ctl + 16);
	p->key_free(key);
out:
	if (d)
		cb_wipe(d, dl);
	if (sk) {
		cb_wipe(sk, skl);
		free(sk);
	}
	free(d), free(m), free(ct), free(c2), free(c3), free(pt);
	return r;
}

/* ---- the table ---- */

/* ---- ML-DSA (FIPS 204): ACVP keyGen / sigGen / sigVer, Wycheproof sign / verify ---- */

/* ACVP ML-DSA: the group's parameterSet "ML-DSA-65" for class mldsa65. */
static int mldsa_group(const cb_alg_info *cls, const json_t *g, const char **why)
{
	const char *p = jstr(g, "parameterSet");

	*why = "a group of another parameter set";
	return strncmp(p, "ML-DSA-", 7) == 0 && strncmp(cls->name, "mldsa", 5) == 0 && strcmp(p + 7, cls->name + 5) == 0;
}

/* The raw key of a handle (export_raw) compared with want. */
static int raw_equals(const cb_sig_class *s, const void *key, int secret, const uint8_t *want, size_t wantlen)
{
	uint8_t *buf = malloc(wantlen + 1);
	size_t len = wantlen + 1;
	int ok;

	if (!buf)
		return 0;
	ok = s->export_raw(key, secret, buf, &len) == 0 && len == wantlen && memcmp(buf, want, len) == 0;
	cb_wipe(buf, wantlen + 1);
	free(buf);
	return ok;
}

static int mldsa_keygen_case(vcase *c)
{
	const cb_sig_class *s = cb_as_sig(c->cls);
	uint8_t *seed = NULL, *pk = NULL, *sk = NULL;
	size_t sl = 0, pkl = 0, skl = 0;
	void *key = NULL;
	int r = BAD_VECTOR;

	c->why = "no hex fields 'seed', 'pk', 'sk'";
	if (jhex(c->test, "seed", &seed, &sl) || jhex(c->test, "pk", &pk, &pkl) || jhex(c->test, "sk", &sk, &skl))
		goto out;
	r = REJECTED;
	c->why = "keygen_seed gave another key pair";
	if (s->keygen_seed(s, seed, sl, NULL, &key) == 0 && raw_equals(s, key, 0, pk, pkl) &&
	    raw_equals(s, key, 1, sk, skl))
		r = ACCEPTED;
out:
	if (key)
		s->key_free(key);
	if (sk)
		cb_wipe(sk, skl);
	if (seed)
		cb_wipe(seed, sl);
	free(seed), free(pk), free(sk);
	return r;
}

/* The interface of an ACVP ML-DSA group: the cb_sig_params iface, or -1 (HashML-DSA, *why set). */
static int mldsa_acvp_iface(const json_t *g, const char **why)
{
	const char *si = jstr(g, "signatureInterface"), *ph = jstr(g, "preHash");

	if (strcmp(si, "internal") == 0)
		return json_is_true(json_object_get(g, "externalMu")) ? CB_SIG_IFACE_MU : CB_SIG_IFACE_INTERNAL;
	if (strcmp(ph, "preHash") == 0) {
		*why = "HashML-DSA (pre-hash) is not implemented";
		return -1;
	}
	return CB_SIG_IFACE_PURE;
}

static int mldsa_siggen_case(vcase *c)
{
	const cb_sig_class *s = cb_as_sig(c->cls);
	uint8_t *sk = NULL, *m = NULL, *ctx = NULL, *rnd = NULL, *want = NULL, *sig = NULL, zero[32] = {0};
	size_t skl = 0, ml = 0, ctxl = 0, rndl = 0, wl = 0, sigl = 0;
	cb_sig_params p = {0};
	void *key = NULL;
	int r = BAD_VECTOR, rc;

	p.iface = mldsa_acvp_iface(c->group, &c->why);
	if (p.iface < 0)
		return NOT_RUN;
	c->why = "missing hex fields";
	if (jhex(c->test, "sk", &sk, &skl) || jhex(c->test, p.iface == CB_SIG_IFACE_MU ? "mu" : "message", &m, &ml) ||
	    jhex(c->test, "signature", &want, &wl))
		goto out;
	if (p.iface == CB_SIG_IFACE_PURE && json_object_get(c->test, "context") && jhex(c->test, "context", &ctx, &ctxl))
		goto out;
	if (!json_is_true(json_object_get(c->group, "deterministic"))) {
		if (jhex(c->test, "rnd", &rnd, &rndl) || rndl != 32)
			goto out;
		p.rnd = rnd;
	} else {
		p.rnd = zero;
	}
	p.ctx = ctx;
	p.ctx_len = ctxl;
	sig = malloc(wl + 64);
	c->why = "out of memory";
	if (!sig)
		goto out;
	sigl = wl + 64;
	r = REJECTED;
	c->why = "import_raw refused the secret key";
	if (s->import_raw(s, 1, sk, skl, NULL, &key) != 0)
		goto out;
	rc = s->sign_ex(key, &p, m, ml, sig, &sigl);
	if (rc == CB_ERR_UNSUPPORTED) {
		c->why = "the class lacks this ML-DSA interface";
		r = NOT_RUN;
	} else if (rc != 0) {
		c->why = "sign_ex failed";
	} else if (sigl != wl || memcmp(sig, want, wl) != 0) {
		c->why = "sign_ex gave another signature";
	} else {
		r = ACCEPTED;
	}
out:
	if (key)
		s->key_free(key);
	if (sk)
		cb_wipe(sk, skl);
	free(sk), free(m), free(ctx), free(rnd), free(want), free(sig);
	return r;
}

static int mldsa_sigver_case(vcase *c)
{
	const cb_sig_class *s = cb_as_sig(c->cls);
	uint8_t *pk = NULL, *m = NULL, *ctx = NULL, *sig = NULL;
	size_t pkl = 0, ml = 0, ctxl = 0, sigl = 0;
	const json_t *tp = json_object_get(c->test, "testPassed");
	cb_sig_params p = {0};
	void *key = NULL;
	int r = BAD_VECTOR, rc, expect;

	p.iface = mldsa_acvp_iface(c->group, &c->why);
	if (p.iface < 0)
		return NOT_RUN;
	c->why = "missing hex fields or testPassed";
	if (jhex(c->test, "pk", &pk, &pkl) || jhex(c->test, p.iface == CB_SIG_IFACE_MU ? "mu" : "message", &m, &ml) ||
	    jhex(c->test, "signature", &sig, &sigl) || !(json_is_boolean(tp) || json_is_string(tp)))
		goto out;
	if (p.iface == CB_SIG_IFACE_PURE && json_object_get(c->test, "context") && jhex(c->test, "context", &ctx, &ctxl))
		goto out;
	/* the projection writes testPassed as a boolean or as "True" / "False" */
	expect = json_is_boolean(tp) ? json_is_true(tp) : strcmp(json_string_value(tp), "True") == 0;
	p.ctx = ctx;
	p.ctx_len = ctxl;
	r = REJECTED;
	c->why = "import_raw refused the public key";
	if (s->import_raw(s, 0, pk, pkl, NULL, &key) != 0)
		goto out;
	rc = s->verify_ex(key, &p, m, ml, sig, sigl);
	if (rc == CB_ERR_UNSUPPORTED) {
		c->why = "the class lacks this ML-DSA interface";
		r = NOT_RUN;
	} else if ((rc == 0) == expect) {
		r = ACCEPTED;
	} else {
		c->why = expect ? "a valid signature was refused" : "an invalid signature was accepted";
	}
out:
	if (key)
		s->key_free(key);
	free(pk), free(m), free(ctx), free(sig);
	return r;
}

/*
 * Wycheproof ML-DSA sign (MlDsaSign, seed or expanded key): ACCEPTED when
 * the class signs with exactly sig (deterministic, or with the test's rnd;
 * pure with ctx on msg, or Sign_internal on mu when the test has no msg)
 * and its key gives the group's public key; REJECTED when it refuses the
 * key or the context.
 */
static int wy_mldsa_sign_case(vcase *c)
{
	const cb_sig_class *s = cb_as_sig(c->cls);
	int seeded = json_object_get(c->group, "privateSeed") != NULL, has_msg = json_object_get(c->test, "msg") != NULL;
	uint8_t *sk = NULL, *pk = NULL, *m = NULL, *ctx = NULL, *rnd = NULL, *want = NULL, *sig = NULL, zero[32] = {0};
	size_t skl = 0, pkl = 0, ml = 0, ctxl = 0, rndl = 0, wl = 0, sigl = 0;
	cb_sig_params p = {0};
	void *key = NULL;
	int r = BAD_VECTOR, rc;

	c->why = "missing hex fields";
	if (jhex(c->group, seeded ? "privateSeed" : "privateKey", &sk, &skl) ||
	    jhex(c->test, has_msg ? "msg" : "mu", &m, &ml) || jhex(c->test, "sig", &want, &wl))
		goto out;
	if ((json_object_get(c->test, "ctx") && jhex(c->test, "ctx", &ctx, &ctxl)) ||
	    (json_object_get(c->test, "rnd") && (jhex(c->test, "rnd", &rnd, &rndl) || rndl != 32)))
		goto out;
	/* publicKey may be absent or not hex for a key of a wrong length */
	if (json_is_string(json_object_get(c->group, "publicKey")))
		(void)jhex(c->group, "publicKey", &pk, &pkl);
	p.iface = has_msg ? CB_SIG_IFACE_PURE : CB_SIG_IFACE_MU;
	p.ctx = ctx;
	p.ctx_len = ctxl;
	p.rnd = rnd ? rnd : zero;
	sig = malloc(wl + 8192);
	c->why = "out of memory";
	if (!sig)
		goto out;
	sigl = wl + 8192;
	r = REJECTED;
	c->why = "the key was refused";
	rc = seeded ? s->keygen_seed(s, sk, skl, NULL, &key) : s->import_raw(s, 1, sk, skl, NULL, &key);
	if (rc != 0)
		goto out;
	if (seeded && pk && !raw_equals(s, key, 0, pk, pkl)) {
		c->why = "keygen_seed gave another public key";
		r = WRONG_OUTPUT;
		goto out;
	}
	rc = s->sign_ex(key, &p, m, ml, sig, &sigl);
	if (rc == CB_ERR_UNSUPPORTED) {
		c->why = "the class lacks this ML-DSA interface";
		r = NOT_RUN;
	} else if (rc != 0) {
		c->why = "sign_ex refused";
	} else if (sigl != wl || memcmp(sig, want, wl) != 0) {
		c->why = "sign_ex gave another signature";
		r = WRONG_OUTPUT;
	} else {
		r = ACCEPTED;
	}
out:
	if (key)
		s->key_free(key);
	if (sk)
		cb_wipe(sk, skl);
	free(sk), free(pk), free(m), free(ctx), free(rnd), free(want), free(sig);
	return r;
}

/* Wycheproof ML-DSA verify (MlDsaVerify): the raw public key, pure ML-DSA with ctx. */
static int wy_mldsa_verify_case(vcase *c)
{
	const cb_sig_class *s = cb_as_sig(c->cls);
	uint8_t *pk = NULL, *m = NULL, *ctx = NULL, *sig = NULL;
	size_t pkl = 0, ml = 0, ctxl = 0, sigl = 0;
	cb_sig_params p = {0};
	void *key = NULL;
	int r = BAD_VECTOR, rc;

	c->why = "missing hex fields";
	if (jhex(c->group, "publicKey", &pk, &pkl) || jhex(c->test, "msg", &m, &ml) || jhex(c->test, "sig", &sig, &sigl))
		goto out;
	if (json_object_get(c->test, "ctx") && jhex(c->test, "ctx", &ctx, &ctxl))
		goto out;
	p.ctx = ctx;
	p.ctx_len = ctxl;
	r = REJECTED;
	if (s->import_raw(s, 0, pk, pkl, NULL, &key) != 0)
		goto out;
	rc = s->verify_ex(key, &p, m, ml, sig, sigl);
	if (rc == CB_ERR_UNSUPPORTED) {
		c->why = "the class lacks this ML-DSA interface";
		r = NOT_RUN;
	} else if (rc == 0) {
		r = ACCEPTED;
	}
out:
	if (key)
		s->key_free(key);
	free(pk), free(m), free(ctx), free(sig);
	return r;
}

static const cb_vec_driver d_x25519 = {NULL, x25519_case, 0};
static const cb_vec_driver d_ecdh_point = {NULL, ecdh_point_case, 0};
static const cb_vec_driver d_verify = {NULL, verify_case, 0};
static const cb_vec_driver d_verify_p1363 = {NULL, verify_p1363_case, 0};
static const cb_vec_driver d_rsa_verify = {rsa_group, verify_case, 0};
static const cb_vec_driver d_pss_verify = {pss32_group, verify_case, 0};
static const cb_vec_driver d_rsa_decrypt = {rsa_group, decrypt_case, 0};
static const cb_vec_driver d_cipher = {cipher_group, cipher_case, 0};
static const cb_vec_driver d_mlkem_keygen = {mlkem_group, mlkem_keygen_case, 1};
static const cb_vec_driver d_mlkem_encapdecap = {mlkem_group, mlkem_encapdecap_case, 1};
static const cb_vec_driver d_wy_mlkem = {mlkem_group, wy_mlkem_case, 0};
static const cb_vec_driver d_mldsa_keygen = {mldsa_group, mldsa_keygen_case, 1};
static const cb_vec_driver d_mldsa_siggen = {mldsa_group, mldsa_siggen_case, 1};
static const cb_vec_driver d_mldsa_sigver = {mldsa_group, mldsa_sigver_case, 1};
static const cb_vec_driver d_wy_mldsa_sign = {NULL, wy_mldsa_sign_case, 0};
static const cb_vec_driver d_wy_mldsa_verify = {NULL, wy_mldsa_verify_case, 0};
static const cb_vec_driver d_gm_sm3 = {NULL, gm_sm3_case, 1};
static const cb_vec_driver d_gm_sm4 = {NULL, gm_sm4_case, 1};
static const cb_vec_driver d_gm_sm2_sign = {NULL, gm_sm2_sign_case, 1};
static const cb_vec_driver d_gm_sm2_enc = {NULL, gm_sm2_enc_case, 1};

#define WY(f) "wycheproof/testvectors_v1/" f
#define ACVP_KEYGEN "acvp/ML-KEM-keyGen-FIPS203/internalProjection.json"
#define ACVP_ENCAP "acvp/ML-KEM-encapDecap-FIPS203/internalProjection.json"
#define GM "gm/gm_standard_vectors.json"
#define ACVP_MLDSA_KEYGEN "acvp/ML-DSA-keyGen-FIPS204/internalProjection.json"
#define ACVP_MLDSA_SIGGEN "acvp/ML-DSA-sigGen-FIPS204/prompt.json"
#define ACVP_MLDSA_SIGGEN_EXPECTED "acvp/ML-DSA-sigGen-FIPS204/expectedResults.json"
#define ACVP_MLDSA_SIGVER "acvp/ML-DSA-sigVer-FIPS204/internalProjection.json"
#define MLDSA_SETS(n)                                                                                          \
	{ACVP_MLDSA_KEYGEN, "mldsa" #n, "NIST ACVP", NULL, &d_mldsa_keygen},                                 \
	{ACVP_MLDSA_SIGGEN, "mldsa" #n, "NIST ACVP", NULL, &d_mldsa_siggen},           \
	{ACVP_MLDSA_SIGVER, "mldsa" #n, "NIST ACVP", NULL, &d_mldsa_sigver},                                 \
	{WY("mldsa_" #n "_sign_seed_test.json"), "mldsa" #n, "Wycheproof", NULL, &d_wy_mldsa_sign},          \
	{WY("mldsa_" #n "_sign_noseed_test.json"), "mldsa" #n, "Wycheproof", NULL, &d_wy_mldsa_sign},        \
	{WY("mldsa_" #n "_verify_test.json"), "mldsa" #n, "Wycheproof", NULL, &d_wy_mldsa_verify}

static const cb_vec_set sets[] = {
	{WY("x25519_test.json"), "x25519", "Wycheproof", NULL, &d_x25519},
	{WY("ecdh_secp256r1_ecpoint_test.json"), "ecdh-p256", "Wycheproof", NULL, &d_ecdh_point},
	{WY("ecdsa_secp256r1_sha256_test.json"), "ecdsa-p256", "Wycheproof", NULL, &d_verify},
	{WY("ecdsa_secp256r1_sha256_p1363_test.json"), "ecdsa-p256", "Wycheproof", NULL, &d_verify_p1363},
	{WY("ed25519_test.json"), "ed25519", "Wycheproof", NULL, &d_verify},
	{WY("rsa_signature_2048_sha256_test.json"), "rsa2048-pkcs1-sha256", "Wycheproof", NULL, &d_rsa_verify},
	{WY("rsa_pss_2048_sha256_mgf1_32_test.json"), "rsa2048-pss-sha256", "Wycheproof", NULL, &d_pss_verify},
	{WY("rsa_pkcs1_2048_test.json"), "rsa2048-pkcs1", "Wycheproof", NULL, &d_rsa_decrypt},
	{WY("rsa_pkcs1_3072_test.json"), "rsa3072-pkcs1", "Wycheproof", NULL, &d_rsa_decrypt},
	{WY("rsa_pkcs1_4096_test.json"), "rsa4096-pkcs1", "Wycheproof", NULL, &d_rsa_decrypt},
	{WY("rsa_oaep_2048_sha256_mgf1sha256_test.json"), "rsa2048-oaep-sha256", "Wycheproof", NULL, &d_rsa_decrypt},
	{WY("rsa_oaep_3072_sha256_mgf1sha256_test.json"), "rsa3072-oaep-sha256", "Wycheproof", NULL, &d_rsa_decrypt},
	{WY("rsa_oaep_4096_sha256_mgf1sha256_test.json"), "rsa4096-oaep-sha256", "Wycheproof", NULL, &d_rsa_decrypt},
	{WY("rsa_oaep_2048_sha1_mgf1sha1_test.json"), "rsa2048-oaep-sha1", "Wycheproof", NULL, &d_rsa_decrypt},
	{WY("aes_gcm_test.json"), "aes-128-gcm", "Wycheproof", NULL, &d_cipher},
	{WY("aes_gcm_test.json"), "aes-256-gcm", "Wycheproof", NULL, &d_cipher},
	{WY("aes_cbc_pkcs5_test.json"), "aes-128-cbc-pkcs7", "Wycheproof", NULL, &d_cipher},
	{WY("aes_cbc_pkcs5_test.json"), "aes-256-cbc-pkcs7", "Wycheproof", NULL, &d_cipher},
	{WY("sm4_gcm_test.json"), "sm4-gcm", "Wycheproof", NULL, &d_cipher},
	{ACVP_KEYGEN, "mlkem512", "NIST ACVP", NULL, &d_mlkem_keygen},
	{ACVP_KEYGEN, "mlkem768", "NIST ACVP", NULL, &d_mlkem_keygen},
	{ACVP_KEYGEN, "mlkem1024", "NIST ACVP", NULL, &d_mlkem_keygen},
	{ACVP_ENCAP, "mlkem512", "NIST ACVP", NULL, &d_mlkem_encapdecap},
	{ACVP_ENCAP, "mlkem768", "NIST ACVP", NULL, &d_mlkem_encapdecap},
	{ACVP_ENCAP, "mlkem1024", "NIST ACVP", NULL, &d_mlkem_encapdecap},
	{WY("mlkem_512_test.json"), "mlkem512", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_512_encaps_test.json"), "mlkem512", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_512_keygen_seed_test.json"), "mlkem512", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_512_semi_expanded_decaps_test.json"), "mlkem512", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_768_test.json"), "mlkem768", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_768_encaps_test.json"), "mlkem768", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_768_keygen_seed_test.json"), "mlkem768", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_768_semi_expanded_decaps_test.json"), "mlkem768", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_1024_test.json"), "mlkem1024", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_1024_encaps_test.json"), "mlkem1024", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_1024_keygen_seed_test.json"), "mlkem1024", "Wycheproof", NULL, &d_wy_mlkem},
	{WY("mlkem_1024_semi_expanded_decaps_test.json"), "mlkem1024", "Wycheproof", NULL, &d_wy_mlkem},
	MLDSA_SETS(44),
	MLDSA_SETS(65),
	MLDSA_SETS(87),
	{GM, "sm3", "GM/T", "SM3", &d_gm_sm3},
	{GM, "sm4-ecb", "GM/T", "SM4", &d_gm_sm4},
	{GM, "sm2-sign", "GM/T", "SM2-sign", &d_gm_sm2_sign},
	{GM, "sm2-enc-c1c3c2", "GM/T", "SM2-encrypt", &d_gm_sm2_enc},
	{GM, "sm2-enc-c1c2c3", "GM/T", "SM2-encrypt", &d_gm_sm2_enc},
	{GM, "sm2-enc-der", "GM/T", "SM2-encrypt", &d_gm_sm2_enc},
};

const char *cb_vec_set_expected(const cb_vec_set *set)
{
	return set && set->driver == &d_mldsa_siggen ? ACVP_MLDSA_SIGGEN_EXPECTED : NULL;
}

size_t cb_vec_set_count(void)
{
	return sizeof(sets) / sizeof(sets[0]);
}

const cb_vec_set *cb_vec_set_get(size_t i)
{
	return i < cb_vec_set_count() ? &sets[i] : NULL;
}

/* What the class must have for the set's driver; NULL when it has it. */
static const char *lacks(const cb_vec_set *set, const cb_alg_info *cls)
{
	const cb_vec_driver *d = set->driver;

	if (d == &d_x25519 || d == &d_ecdh_point)
		return cb_as_kex(cls) && cb_as_kex(cls)->import_secret ? NULL : "a kex class with import_secret";
	if (d == &d_verify || d == &d_verify_p1363 || d == &d_rsa_verify || d == &d_pss_verify)
		return cb_as_sig(cls) && cb_as_sig(cls)->import_public ? NULL : "a sig class with import_public";
	if (d == &d_rsa_decrypt)
		return cb_as_pke(cls) && cb_as_pke(cls)->import_secret ? NULL : "a pke class with import_secret";
	if (d == &d_cipher)
		return cb_as_cipher(cls) ? NULL : "a cipher class";
	if (d == &d_gm_sm3)
		return cb_as_hash(cls) ? NULL : "a hash class";
	if (d == &d_gm_sm4)
		return cb_as_cipher(cls) ? NULL : "a cipher class";
	if (d == &d_gm_sm2_sign)
		return cb_as_sig(cls) && cb_as_sig(cls)->import_public ? NULL : "a sig class with import_public";
	if (d == &d_gm_sm2_enc)
		return cb_as_pke(cls) && cb_as_pke(cls)->import_secret ? NULL : "a pke class with import_secret";
	if (d == &d_mldsa_keygen || d == &d_wy_mldsa_sign)
		return cb_as_sig(cls) && cb_as_sig(cls)->keygen_seed && cb_as_sig(cls)->import_raw &&
				       cb_as_sig(cls)->export_raw && cb_as_sig(cls)->sign_ex
			       ? NULL
			       : "a sig class with keygen_seed, import_raw, export_raw and sign_ex";
	if (d == &d_mldsa_siggen)
		return cb_as_sig(cls) && cb_as_sig(cls)->import_raw && cb_as_sig(cls)->sign_ex
			       ? NULL
			       : "a sig class with import_raw and sign_ex";
	if (d == &d_mldsa_sigver || d == &d_wy_mldsa_verify)
		return cb_as_sig(cls) && cb_as_sig(cls)->import_raw && cb_as_sig(cls)->verify_ex
			       ? NULL
			       : "a sig class with import_raw and verify_ex";
	if (d == &d_wy_mlkem)
		return cb_as_kem(cls) && cb_as_kem(cls)->keypair_derand && cb_as_kem(cls)->encaps_derand
			       ? NULL
			       : "a kem class with keypair_derand and encaps_derand";
	if (d == &d_mlkem_keygen)
		return cb_as_kem(cls) && cb_as_kem(cls)->keypair_derand ? NULL : "a kem class with keypair_derand";
	return cb_as_kem(cls) && cb_as_kem(cls)->encaps_derand ? NULL : "a kem class with encaps_derand";
}

/* File the outcome r of case c, whose file says `result` (ACVP: "" and r ACCEPTED when as the file says). */
static void count(cb_vec_counts *n, vcase *c, int r, int acvp, const char *result, const char *label, const char *file)
{
	int ok;

	if (!acvp && ((r == REJECTED && strcmp(result, "valid") == 0) ||
		      (r != REJECTED && r != NOT_RUN && r != BAD_VECTOR && strcmp(result, "invalid") == 0))) {
		const char *gap = known_gap(c);
		if (gap) {
			c->why = gap;
			r = KNOWN;
		}
	}
	if (r == NOT_RUN || r == KNOWN) {
		char *why = r == NOT_RUN ? n->skip_reason : n->known_reason;
		size_t len = r == NOT_RUN ? sizeof(n->skip_reason) : sizeof(n->known_reason);
		if (r == NOT_RUN)
			n->skipped++;
		else
			n->known++;
		if (!why[0])
			put(why, len, "%s", c->why);
		return;
	}
	if (acvp)
		ok = r == ACCEPTED;
	else if (strcmp(result, "valid") == 0)
		ok = r == ACCEPTED;
	else if (strcmp(result, "invalid") == 0)
		ok = r == REJECTED;
	else if (strcmp(result, "acceptable") == 0)
		ok = r == ACCEPTED || r == REJECTED;
	else {
		ok = 0;
		c->why = "an unknown expected result";
		r = BAD_VECTOR;
	}
	if (ok) {
		n->passed++;
		return;
	}
	n->failed++;
	if (!n->first_failure[0]) {
		const char *how;
		if (acvp)
			how = c->why;
		else if (r == ACCEPTED)
			how = "accepted";
		else if (r == REJECTED)
			how = "rejected";
		else
			how = c->why;
		if (acvp)
			put(n->first_failure, sizeof(n->first_failure), "%s %s: %s", file, label, how);
		else
			put(n->first_failure, sizeof(n->first_failure), "%s %s (%s): %s", file, label, result, how);
	}
}

/* The test of `groups` with this tgId and tcId, or NULL. */
static json_t *find_test(json_t *groups, json_t *tg, json_t *tc)
{
	json_t *g, *t;
	size_t gi, ti;

	json_array_foreach (groups, gi, g) {
		if (!json_equal(json_object_get(g, "tgId"), tg))
			continue;
		json_array_foreach (json_object_get(g, "tests"), ti, t)
			if (json_equal(json_object_get(t, "tcId"), tc))
				return t;
	}
	return NULL;
}

/* Merge the tests of the expected-results file at path into root's (by tgId and tcId). */
static int merge_expected(json_t *root, const char *path, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *exp = json_load_file(path, 0, &jerr), *g, *t;
	size_t gi, ti;

	if (!exp) {
		put(err, errlen, "cannot read %s", path);
		return CB_ERR_IO;
	}
	json_array_foreach (json_object_get(exp, "testGroups"), gi, g) {
		json_array_foreach (json_object_get(g, "tests"), ti, t) {
			json_t *dst = find_test(json_object_get(root, "testGroups"), json_object_get(g, "tgId"),
						json_object_get(t, "tcId"));
			if (dst)
				json_object_update(dst, t);
		}
	}
	json_decref(exp);
	return CB_OK;
}

int cb_vec_run(const char *dir, const cb_vec_set *set, const cb_alg_info *cls, cb_vec_counts *out, char *err,
	       size_t errlen)
{
	char path[4096];
	const char *why, *base;
	json_error_t jerr;
	json_t *root, *groups, *g, *t;
	size_t gi, ti;

	put(err, errlen, "%s", "");
	if (!out || !set || !cls || !dir) {
		put(err, errlen, "no vector set, class or folder");
		return CB_ERR_ARG;
	}
	memset(out, 0, sizeof(*out));
	if (strcmp(cls->name, set->alg) != 0) {
		put(err, errlen, "the set is for %s, not %s", set->alg, cls->name);
		return CB_ERR_ARG;
	}
	why = cb_alg_unavailable(cls);
	if (why) {
		put(err, errlen, "unavailable: %s", why);
		return CB_ERR_UNSUPPORTED;
	}
	why = lacks(set, cls);
	if (why) {
		put(err, errlen, "the set needs %s", why);
		return CB_ERR_UNSUPPORTED;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, set->file) >= sizeof(path)) {
		put(err, errlen, "path too long: %s/%s", dir, set->file);
		return CB_ERR_IO;
	}
	base = strrchr(set->file, '/');
	base = base ? base + 1 : set->file;
	root = json_load_file(path, 0, &jerr);
	if (!root) {
		FILE *f = fopen(path, "rb");
		if (!f) {
			put(err, errlen, "cannot read %s", path);
			return CB_ERR_IO;
		}
		fclose(f);
		put(err, errlen, "%s: line %d: %s", path, jerr.line, jerr.text);
		return CB_ERR_FORMAT;
	}
	if (cb_vec_set_expected(set)) {
		int rc;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, cb_vec_set_expected(set)) >= sizeof(path)) {
			put(err, errlen, "path too long: %s/%s", dir, cb_vec_set_expected(set));
			json_decref(root);
			return CB_ERR_IO;
		}
		rc = merge_expected(root, path, err, errlen);
		if (rc) {
			json_decref(root);
			return rc;
		}
	}
	if (set->select) {
		groups = json_object_get(root, "vectors");
		if (!json_is_array(groups)) {
			put(err, errlen, "%s: no vectors array", path);
			json_decref(root);
			return CB_ERR_FORMAT;
		}
		json_array_foreach (groups, ti, t) {
			vcase c = {cls, root, t, NULL, NULL, 0};
			int r;

			if (strcmp(jstr(t, "algorithm"), set->select) != 0)
				continue;
			r = set->driver->run(&c);
			count(out, &c, r, 1, "", jstr(t, "id"), base);
		}
		json_decref(root);
		return CB_OK;
	}
	groups = json_object_get(root, "testGroups");
	if (!json_is_array(groups)) {
		put(err, errlen, "%s: no testGroups array", path);
		json_decref(root);
		return CB_ERR_FORMAT;
	}
	json_array_foreach (groups, gi, g) {
		json_t *tests = json_object_get(g, "tests");
		const char *gwhy = NULL;

		if (set->driver->group && !set->driver->group(cls, g, &gwhy)) {
			out->skipped += (unsigned long)json_array_size(tests);
			if (!out->skip_reason[0] && json_array_size(tests))
				put(out->skip_reason, sizeof(out->skip_reason), "%s", gwhy);
			continue;
		}
		vcase c = {cls, g, NULL, NULL, NULL, 0};

		json_array_foreach (tests, ti, t) {
			char label[32];
			int r;

			c.test = t;
			c.why = NULL;
			r = set->driver->run(&c);
			snprintf(label, sizeof(label), "tcId %lld", (long long)json_integer_value(json_object_get(t, "tcId")));
			count(out, &c, r, set->driver->acvp, jstr(t, "result"), label, base);
		}
		group_done(&c);
	}
	json_decref(root);
	return CB_OK;
}

/* The SHA-256 of the file at path into d (32 bytes). */
static int sha256_file(const cb_hash_class *h, const char *path, uint8_t d[32])
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, got;
	void *ctx = NULL;
	int rc = CB_ERR_IO;

	if (!f)
		return CB_ERR_IO;
	for (;;) {
		if (cap - len < 65536) {
			uint8_t *nb = realloc(buf, cap * 2 + 65536);
			if (!nb) {
				rc = CB_ERR_NOMEM;
				goto out;
			}
			buf = nb;
			cap = cap * 2 + 65536;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f))
		goto out;
	rc = cb_hash_init(h, &ctx);
	if (rc == 0) {
		rc = cb_hash_digest(h, ctx, buf, len, d);
		h->free(ctx);
	}
out:
	fclose(f);
	free(buf);
	return rc;
}

int cb_vec_check_sum(const char *dir, const char *file, char *err, size_t errlen)
{
	char path[4096], line[4096], want[65] = "", got[65];
	const cb_hash_class *h = NULL;
	const cb_alg_info *a;
	uint8_t d[32];
	FILE *f;
	int rc;

	put(err, errlen, "%s", "");
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL && !h; i++)
		if (strcmp(a->name, "sha256") == 0 && cb_as_hash(a) && !cb_alg_unavailable(a))
			h = cb_as_hash(a);
	if (!h) {
		put(err, errlen, "no SHA-256 in this build to check %s", file);
		return CB_ERR_UNSUPPORTED;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/SHA256SUMS", dir) >= sizeof(path) || !(f = fopen(path, "r"))) {
		put(err, errlen, "cannot read %s/SHA256SUMS", dir);
		return CB_ERR_IO;
	}
	while (fgets(line, sizeof(line), f)) {
		char *name = line + 64;
		size_t n;

		if (strlen(line) < 67 || name[0] != ' ')
			continue;
		name += name[1] == ' ' || name[1] == '*' ? 2 : 1;
		n = strcspn(name, "\r\n");
		name[n] = 0;
		if (strcmp(name, file) == 0) {
			memcpy(want, line, 64);
			want[64] = 0;
			break;
		}
	}
	fclose(f);
	if (!want[0]) {
		put(err, errlen, "%s/SHA256SUMS has no line for %s", dir, file);
		return CB_ERR_FORMAT;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, file) >= sizeof(path)) {
		put(err, errlen, "path too long: %s/%s", dir, file);
		return CB_ERR_IO;
	}
	rc = sha256_file(h, path, d);
	if (rc != 0) {
		put(err, errlen, rc == CB_ERR_IO ? "cannot read %s" : "cannot hash %s", path);
		return rc;
	}
	cb_hex_encode(d, sizeof(d), got);
	for (size_t i = 0; i < 64; i++)
		want[i] = (char)(want[i] >= 'A' && want[i] <= 'F' ? want[i] - 'A' + 'a' : want[i]);
	if (strcmp(got, want) != 0) {
		put(err, errlen, "%s does not match SHA256SUMS (SHA-256 %.16s..., expected %.16s...)", path, got, want);
		return CB_ERR_VERIFY;
	}
	return CB_OK;
}
