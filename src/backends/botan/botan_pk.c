/*
 * Botan public-key classes under the OpenSSL classes' names and encodings:
 *
 *   kex  x25519           public and secret: raw 32 bytes (RFC 7748)
 *   kex  ecdh-p256        public: uncompressed X9.62 point; secret: PKCS#8
 *                         DER (RFC 5915 ECPrivateKey without the public key)
 *   sig  ecdsa-p256       SHA-256, DER signatures; public: SPKI DER
 *   sig  ed25519          pure Ed25519; public: SPKI DER (RFC 8410); secret:
 *                         PKCS#8 DER of the 32-byte seed
 *   sig  sm2-sign         SM3 with Z_A (user ID from cb_opts, default
 *                         CB_SM2_DEFAULT_ID), DER signatures; public: SPKI
 *                         DER (id-ecPublicKey, sm2p256v1)
 *   pke  sm2-enc-c1c3c2, sm2-enc-c1c2c3, sm2-enc-der  SM3; Botan's own form is
 *                         the GM/T 0009 DER one, the raw forms converted;
 *                         secret: PKCS#8 DER (id-ecPublicKey, sm2p256v1)
 *   sig  rsaN-pkcs1-sha256, rsaN-pss-sha256 (MGF1-SHA-256, 32-byte salt)
 *   pke  rsaN-pkcs1, rsaN-oaep-sha256 (MGF1-SHA-256, empty label)
 *                         RSA public: SPKI DER; secret: PKCS#8 DER
 *
 * A key handle holds the Botan key, its public half, its own random
 * generator (Botan's AutoSeeded_RNG, "user") and the operation objects made
 * once (signer, verifier, encryptor, decryptor, key agreement), so a timed
 * call is the operation only.  It begins with the shared handle of its
 * class, which gives the key files, the sizes and the making: X25519, ECDH
 * and ECDSA P-256 on backends/ec_handle.h, RSA on backends/rsa_handle.h,
 * SM2 on core/sm2key.h, Ed25519 on core/rawkey.h's key-object shape; the
 * sign, verify, encrypt and decrypt here serve them all.
 */
#include <botan/ffi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/botan/botan_common.h"
#include "backends/class_tables.h"
#include "backends/ec_handle.h"
#include "backends/rsa_handle.h"
#include "core/der.h"
#include "core/keycheck.h"
#include "core/rawkey.h"
#include "core/sm2key.h"
#include "core/util.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "cryptobench/sm2.h"

/* The longest SM2 user ID taken (bytes). */
#define CB_BOTAN_SM2_ID_MAX 256

enum ktype { K_X25519, K_ECDH, K_ECDSA, K_ED25519, K_SM2, K_SM2_ENC, K_RSA_SIG, K_RSA_ENC };

struct kdesc {
	enum ktype type;
	const char *algo;   /* botan_privkey_create's algorithm (RSA: rsa_generate) */
	const char *params; /* its parameters: "secp256r1" */
	const char *pad;    /* the operation's padding / EMSA, or NULL */
};

struct bkey {
	union { /* first: the shared handle of the class */
		cb_ec_handle ec;    /* X25519, ECDH, ECDSA P-256 */
		cb_rsa_handle rsa;  /* the RSA classes */
		cb_sm2_handle sm2;  /* sm2-sign, sm2-enc-* */
		cb_ed25519_obj ed;  /* Ed25519 */
	} h;
	const struct kdesc *d;
	int imported;         /* SM2: made by an import */
	botan_privkey_t priv; /* NULL for a verify-only handle */
	botan_pubkey_t pub;
	botan_rng_t rng;
	botan_pk_op_sign_t sign;
	botan_pk_op_verify_t verify;
	botan_pk_op_encrypt_t enc;
	botan_pk_op_decrypt_t dec;
	botan_pk_op_ka_t ka;
	char sm2_pad[CB_BOTAN_SM2_ID_MAX + 8]; /* SM2: "<user ID>,SM3" */
};

/* The Botan objects of a handle released (every shared handle's clear or unload; then it wipes and frees). */
static void key_clear(void *p)
{
	struct bkey *k = p;

	/* Botan wipes its secrets when the objects are destroyed, and ignores a NULL one. */
	botan_pk_op_sign_destroy(k->sign);
	botan_pk_op_verify_destroy(k->verify);
	botan_pk_op_encrypt_destroy(k->enc);
	botan_pk_op_decrypt_destroy(k->dec);
	botan_pk_op_key_agreement_destroy(k->ka);
	botan_pubkey_destroy(k->pub);
	botan_privkey_destroy(k->priv);
	botan_rng_destroy(k->rng);
}

/* A zeroed handle's class d and its generator (every shared handle's init). */
static int key_open(struct bkey *k, const struct kdesc *d)
{
	k->d = d;
	if (cb_botan_unavailable())
		return CB_ERR_UNSUPPORTED;
	return botan_rng_init(&k->rng, "user") == 0 ? CB_OK : CB_ERR_NOMEM;
}

/* A new key of the class's algorithm (also SM2's generate). */
static int key_create(void *p)
{
	struct bkey *k = p;

	return botan_privkey_create(&k->priv, k->d->algo, k->d->params, k->rng) == 0 ? CB_OK : CB_ERR_BACKEND;
}

static uint32_t sig_flags(const struct kdesc *d)
{
	return d->type == K_ECDSA || d->type == K_SM2 ? BOTAN_PUBKEY_DER_FORMAT_SIGNATURE : 0;
}

/* The signing / verifying parameter: the padding, or SM2's "<ID>,SM3". */
static const char *sig_pad(const struct bkey *k)
{
	return k->d->type == K_SM2 ? k->sm2_pad : k->d->pad;
}

/*
 * SM2: Botan takes the user ID inside its parameter string, "<ID>,SM3", so
 * an ID with a comma or a NUL byte cannot be passed (CB_ERR_UNSUPPORTED).
 */
static int sm2_set_id(struct bkey *k, const cb_opts *opts)
{
	const uint8_t *id;
	size_t len;

	cb_sm2_id(opts, &id, &len);
	if (len > CB_BOTAN_SM2_ID_MAX || memchr(id, ',', len) || memchr(id, 0, len))
		return CB_ERR_UNSUPPORTED;
	memcpy(k->sm2_pad, id, len);
	memcpy(k->sm2_pad + len, ",SM3", 5);
	return CB_OK;
}

/* The public half and the prepared operations, once k->priv or k->pub is set. */
static int key_prepare(struct bkey *k)
{
	const struct kdesc *d = k->d;

	if (k->priv && !k->pub && botan_privkey_export_pubkey(&k->pub, k->priv) != 0)
		return CB_ERR_BACKEND;
	switch (d->type) {
	case K_X25519:
	case K_ECDH:
		if (k->priv && botan_pk_op_key_agreement_create(&k->ka, k->priv, "Raw", 0) != 0)
			return CB_ERR_BACKEND;
		break;
	case K_ECDSA:
	case K_ED25519:
	case K_SM2:
	case K_RSA_SIG:
		if (k->priv && botan_pk_op_sign_create(&k->sign, k->priv, sig_pad(k), sig_flags(d)) != 0)
			return CB_ERR_BACKEND;
		if (botan_pk_op_verify_create(&k->verify, k->pub, sig_pad(k), sig_flags(d)) != 0)
			return CB_ERR_BACKEND;
		break;
	case K_SM2_ENC:
	case K_RSA_ENC:
		if (botan_pk_op_encrypt_create(&k->enc, k->pub, d->pad, 0) != 0)
			return CB_ERR_BACKEND;
		if (k->priv && botan_pk_op_decrypt_create(&k->dec, k->priv, d->pad, 0) != 0)
			return CB_ERR_BACKEND;
		break;
	}
	return CB_OK;
}

/* A field of the key ("x" of priv when secret, else "public_x", "n", ... of pub) as n bytes, left-padded. */
static int key_field(const struct bkey *k, int secret, const char *name, uint8_t *out, size_t n)
{
	botan_mp_t mp = NULL;
	size_t len = 0;
	int r = CB_ERR_BACKEND;

	if (botan_mp_init(&mp) != 0)
		return CB_ERR_NOMEM;
	if ((secret ? botan_privkey_get_field(mp, k->priv, name) : botan_pubkey_get_field(mp, k->pub, name)) == 0 &&
	    botan_mp_num_bytes(mp, &len) == 0 && len <= n) {
		memset(out, 0, n - len);
		r = botan_mp_to_bin(mp, out + n - len) == 0 ? CB_OK : CB_ERR_BACKEND;
	}
	botan_mp_destroy(mp); /* Botan zeroes its integers when freed */
	return r;
}

/* The uncompressed point 0x04 || x || y of a P-256 or SM2 public key (also SM2's get_point). */
static int ec_point(const void *k, uint8_t pt[65])
{
	pt[0] = 0x04;
	if (key_field(k, 0, "public_x", pt + 1, 32) != 0 || key_field(k, 0, "public_y", pt + 33, 32) != 0)
		return CB_ERR_BACKEND;
	return CB_OK;
}

/* The secret scalar of a P-256 or SM2 key (also SM2's get_secret). */
static int ec_scalar(const void *k, uint8_t d[32])
{
	return key_field(k, 1, "x", d, 32);
}

/*
 * A P-256 (ECDH, ECDSA) or SM2 key from the 32-byte scalar d, in range by
 * keycheck.h (Botan would draw a random key for 0): P-256's PKCS#8, d in
 * [1, n-1]; SM2's d in [1, n-2] (GM/T 0003.1 6.1), sm2-kx's check of d || d.
 */
static int scalar_load(struct bkey *k, const uint8_t d32[32])
{
	int sm2 = k->d->type == K_SM2 || k->d->type == K_SM2_ENC;
	uint8_t buf[128];
	size_t bl = sizeof(buf);
	botan_mp_t mp = NULL;
	int r;

	memcpy(buf, d32, 32);
	memcpy(buf + 32, d32, 32);
	r = sm2 ? cb_key_check(CB_KEY_SM2, 0, 1, 1, buf, 64)
		: cb_key_put(CB_KEY_P256, 1, d32, buf, &bl) || cb_key_check(CB_KEY_P256, 0, 1, 0, buf, bl);
	cb_wipe(buf, sizeof(buf));
	if (r)
		return CB_ERR_INVALID_KEY;
	if (botan_mp_init(&mp) != 0)
		return CB_ERR_NOMEM;
	r = botan_mp_from_bin(mp, d32, 32);
	if (r == 0 && sm2)
		r = botan_privkey_load_sm2(&k->priv, mp, "sm2p256v1");
	else if (r == 0)
		r = k->d->type == K_ECDH ? botan_privkey_load_ecdh(&k->priv, mp, "secp256r1")
					 : botan_privkey_load_ecdsa(&k->priv, mp, "secp256r1");
	botan_mp_destroy(mp);
	return r == 0 ? CB_OK : CB_ERR_INVALID_KEY;
}

/* The public key of the point pt (0x04 || x || y) of P-256 or SM2, checked on the curve by Botan. */
static int point_load(struct bkey *k, const uint8_t pt[65], int sm2)
{
	botan_mp_t x = NULL, y = NULL;
	int r = CB_ERR_INVALID_KEY;

	if (pt[0] == 0x04 && botan_mp_init(&x) == 0 && botan_mp_init(&y) == 0 &&
	    botan_mp_from_bin(x, pt + 1, 32) == 0 && botan_mp_from_bin(y, pt + 33, 32) == 0 &&
	    (sm2 ? botan_pubkey_load_sm2(&k->pub, x, y, "sm2p256v1")
		 : botan_pubkey_load_ecdsa(&k->pub, x, y, "secp256r1")) == 0 &&
	    botan_pubkey_check_key(k->pub, k->rng, 0) == 0)
		r = CB_OK;
	botan_mp_destroy(x); /* NULL ignored */
	botan_mp_destroy(y);
	return r;
}

static const struct kdesc d_x25519 = {K_X25519, "Curve25519", "", NULL};
static const struct kdesc d_ecdh = {K_ECDH, "ECDH", "secp256r1", NULL};
static const struct kdesc d_ecdsa = {K_ECDSA, "ECDSA", "secp256r1", "EMSA1(SHA-256)"};
static const struct kdesc d_ed25519 = {K_ED25519, "Ed25519", "", "Pure"};
static const struct kdesc d_sm2 = {K_SM2, "SM2", "sm2p256v1", NULL};
static const struct kdesc d_sm2_enc = {K_SM2_ENC, "SM2", "sm2p256v1", "SM3"};

/* The RSA classes' paddings and EMSAs, by their cb_rsa_scheme. */
static const struct kdesc d_rsa[] = {
	[CB_RSA_PKCS1] = {K_RSA_ENC, NULL, NULL, "EME-PKCS1-v1_5"},
	[CB_RSA_OAEP256] = {K_RSA_ENC, NULL, NULL, "OAEP(SHA-256)"},
	[CB_RSA_OAEP1] = {K_RSA_ENC, NULL, NULL, "OAEP(SHA-1)"},
	[CB_RSA_RAW] = {K_RSA_ENC, NULL, NULL, "Raw"},
	[CB_RSA_SIG_PKCS1] = {K_RSA_SIG, NULL, NULL, "EMSA3(SHA-256)"},
	[CB_RSA_PSS] = {K_RSA_SIG, NULL, NULL, "PSSR(SHA-256,MGF1,32)"},
};

/* ---- X25519, ECDH and ECDSA P-256 on ec_handle.h ---- */

/* A handle of d's class (ec_handle's make). */
static int ec_make(const struct kdesc *d, void **key)
{
	struct bkey *k = calloc(1, sizeof(*k));
	int r = k ? key_open(k, d) : CB_ERR_NOMEM;

	if (r && k) {
		key_clear(k);
		free(k);
		k = NULL;
	}
	*key = k;
	return r;
}

static void ec_free(void *key)
{
	if (!key)
		return;
	key_clear(key);
	cb_wipe(key, sizeof(struct bkey));
	free(key);
}

/* Once k->priv or k->pub is set: the prepared operations, and the public value in h.ec.pub. */
static int ec_ready(struct bkey *k)
{
	int r = key_prepare(k);

	if (r == 0 && k->d->type == K_X25519)
		r = botan_pubkey_x25519_get_pubkey(k->pub, k->h.ec.pub) == 0 ? CB_OK : CB_ERR_BACKEND;
	else if (r == 0)
		r = ec_point(k, k->h.ec.pub);
	return r;
}

static int ec_generate(void *key)
{
	int r = key_create(key);

	return r ? r : ec_ready(key);
}

/* X25519's 32 bytes as they are, or the P-256 scalar (scalar_load: 0 < d < n). */
static int ec_set_secret(void *key, const uint8_t d[32])
{
	struct bkey *k = key;
	int r;

	if (k->d->type == K_X25519)
		r = botan_privkey_load_x25519(&k->priv, d) == 0 ? CB_OK : CB_ERR_INVALID_KEY;
	else
		r = scalar_load(k, d);
	return r ? r : ec_ready(k);
}

/* ECDSA's public point (peer 0); a peer is kept by ec_handle and given to Botan as it is (ec_shared). */
static int ec_set_point(void *key, int peer, const uint8_t pt[65])
{
	struct bkey *k = key;

	if (peer)
		return CB_OK;
	return point_load(k, pt, 0) == 0 ? key_prepare(k) : CB_ERR_INVALID_KEY;
}

static int ec_get_secret(const void *key, uint8_t d[32])
{
	const struct bkey *k = key;

	if (k->d->type == K_X25519)
		return botan_privkey_x25519_get_privkey(k->priv, d) == 0 ? CB_OK : CB_ERR_BACKEND;
	return ec_scalar(k, d);
}

/* ECDH: Botan decodes the peer's point on each call and refuses one off the curve. */
static int ec_shared(void *key, uint8_t x[32])
{
	struct bkey *k = key;
	size_t n = 32;

	if (botan_pk_op_key_agreement(k->ka, x, &n, k->h.ec.peer, k->d->type == K_X25519 ? 32 : 65, NULL, 0) != 0 ||
	    n != 32)
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

/* A class's cb_ec_lib: its make (the handle of the struct kdesc d_) and the functions above. */
#define BOTAN_EC_LIB(var_, d_)                                                                                 \
	static int var_##_make(void **key)                                                                     \
	{                                                                                                      \
		return ec_make(&d_, key);                                                                      \
	}                                                                                                      \
	static const cb_ec_lib var_ = {var_##_make,  ec_free,       ec_generate, ec_set_secret,                \
				       ec_set_point, ec_get_secret, ec_shared}

BOTAN_EC_LIB(botan_x25519, d_x25519);
BOTAN_EC_LIB(botan_ecdh, d_ecdh);
BOTAN_EC_LIB(botan_ecdsa, d_ecdsa);

/* ---- Ed25519 on rawkey.h: the seed and public key beside Botan's key ---- */

/* Botan's key of the seed (the public key computed into the handle) or of the public key. */
static int ed_load(void *p)
{
	struct bkey *k = p;
	cb_ed25519_raw *raw = &k->h.ed.raw;
	int r = key_open(k, &d_ed25519);

	if (r == 0 && (raw->has_secret ? botan_privkey_load_ed25519(&k->priv, raw->sk)
				       : botan_pubkey_load_ed25519(&k->pub, CB_ED25519_PK(raw))) != 0)
		r = CB_ERR_INVALID_KEY;
	if (r == 0)
		r = key_prepare(k);
	if (r == 0 && raw->has_secret && botan_pubkey_ed25519_get_pubkey(k->pub, CB_ED25519_PK(raw)) != 0)
		r = CB_ERR_BACKEND;
	return r;
}

/* Botan's keygen, its seed and public key copied into the handle. */
static int ed_generate(void *p)
{
	struct bkey *k = p;
	int r = key_open(k, &d_ed25519);

	if (r == 0 && (r = key_create(k)) == 0 && botan_privkey_ed25519_get_privkey(k->priv, k->h.ed.raw.sk) != 0)
		r = CB_ERR_BACKEND;
	return r ? r : key_prepare(k);
}

static const cb_ed25519_objlib botan_ed25519 = {{NULL, NULL, NULL, NULL}, sizeof(struct bkey), ed_load, ed_generate,
						key_clear};

/* ---- SM2 on sm2key.h ---- */

static int sm2_init(void *p)
{
	struct bkey *k = p;

	return key_open(k, k->h.sm2.kind == CB_KIND_SIG ? &d_sm2 : &d_sm2_enc);
}

/* The canonical PKCS#8 of d or SPKI of the point. */
static int sm2_import(void *p, int secret, const uint8_t *in, size_t len)
{
	struct bkey *k = p;
	const uint8_t *raw;

	k->imported = 1;
	if (cb_key_get(CB_KEY_SM2, secret, in, len, &raw) != 0 || (!secret && raw[0] != 0x04))
		return CB_ERR_FORMAT;
	return secret ? scalar_load(k, raw) : point_load(k, raw, 1);
}

/*
 * sm2-sign's user ID, then the operations.  An ID Botan cannot take is
 * CB_ERR_UNSUPPORTED at keygen, CB_ERR_INVALID_KEY at import.
 */
static int sm2_prepare(void *p, const cb_opts *opts)
{
	struct bkey *k = p;

	if (k->d->type == K_SM2 && sm2_set_id(k, opts) != 0)
		return k->imported ? CB_ERR_INVALID_KEY : CB_ERR_UNSUPPORTED;
	return key_prepare(k);
}

static const cb_sm2_lib botan_sm2 = {sizeof(struct bkey), SIZE_MAX, sm2_init,  key_clear,  key_create,
				     sm2_import,          ec_point, ec_scalar, sm2_prepare};

/* A public key's PKCS#8: CB_ERR_ARG, as Botan's other classes say. */
static int sm2_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	return ((const struct bkey *)key)->priv ? cb_sm2_export_pkcs8(key, out, outlen) : CB_ERR_ARG;
}

/* ---- RSA on rsa_handle.h ---- */

static int rsa_init(void *p)
{
	struct bkey *k = p;

	return key_open(k, &d_rsa[k->h.rsa.scheme]);
}

static int rsa_generate(void *p)
{
	struct bkey *k = p;
	char bits[8];

	snprintf(bits, sizeof(bits), "%u", k->h.rsa.v->bits);
	if (botan_privkey_create(&k->priv, "RSA", bits, k->rng) != 0)
		return CB_ERR_BACKEND;
	return key_prepare(k);
}

/*
 * The key of x through its canonical key file, which Botan reads with d as
 * it is (botan_privkey_load_rsa would compute d again, mod lcm(p-1, q-1)).
 */
static int rsa_set(void *p, int secret, const cb_rsa_ints *x)
{
	struct bkey *k = p;
	uint8_t der[CB_RSA_INTS * 520];
	size_t n = sizeof(der);
	int r = cb_rsa_key_encode(secret, x, der, &n);

	if (r == 0 &&
	    (secret ? botan_privkey_load(&k->priv, k->rng, der, n, NULL) : botan_pubkey_load(&k->pub, der, n)) != 0)
		r = CB_ERR_INVALID_KEY;
	cb_wipe(der, sizeof(der));
	return r ? r : key_prepare(k);
}

/* n, e, d, p, q, d mod (p-1), d mod (q-1), q^-1 mod p: Botan's names of PKCS#1's integers. */
static int rsa_get(const void *p, int count, uint8_t *out)
{
	static const char *const names[CB_RSA_INTS] = {"n", "e", "d", "p", "q", "d1", "d2", "c"};
	const struct bkey *k = p;
	size_t kb = k->h.rsa.k;
	int r = CB_OK;

	for (int i = 0; i < count && r == 0; i++)
		r = key_field(k, count > 2, names[i], out + i * kb, kb);
	return r;
}

static const cb_rsa_lib botan_rsa = {sizeof(struct bkey), rsa_init, key_clear, rsa_generate, rsa_set, rsa_get};

/* ---- The operations of every class ---- */

/* Botan's answer to a call with an output buffer: 0, CB_ERR_LENGTH or `fail`. */
static int out_status(int botan_r, int fail)
{
	switch (botan_r) {
	case 0: return CB_OK;
	case BOTAN_FFI_ERROR_INSUFFICIENT_BUFFER_SPACE: return CB_ERR_LENGTH;
	default: return fail;
	}
}

static int bk_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct bkey *k = key;
	size_t n;
	int r;

	if (!k->sign)
		return CB_ERR_ARG;
	n = *siglen;
	if (botan_pk_op_sign_update(k->sign, m, mlen) != 0)
		return CB_ERR_BACKEND;
	r = out_status(botan_pk_op_sign_finish(k->sign, k->rng, sig, &n), CB_ERR_BACKEND);
	if (r == 0)
		*siglen = n;
	return r;
}

/*
 * A check Botan 2.19 leaves out, made here (bk_verify) so that every
 * library's class refuses the same signatures (Wycheproof): an RSA
 * signature must be exactly k bytes (Botan accepts leading zero bytes
 * before it).  Ed25519's S < L (Botan only checks its top three bits) is
 * the layer's (sig.h).
 */
static int bk_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct bkey *k = key;
	int r;

	if (!k->verify)
		return CB_ERR_ARG;
	if (k->d->type == K_RSA_SIG && siglen != k->h.rsa.k)
		return CB_ERR_VERIFY;
	if (botan_pk_op_verify_update(k->verify, m, mlen) != 0)
		return CB_ERR_BACKEND;
	/* 0 valid; BOTAN_FFI_INVALID_VERIFIER invalid; a malformed signature is an error: both refused. */
	r = botan_pk_op_verify_finish(k->verify, sig, siglen);
	if (r == 0)
		return CB_OK;
	/*
	 * Refused.  Botan 2 may keep the message after a refusal (a signature
	 * of the wrong length, or one it could not decode), so that it would
	 * be hashed into the next check: a fresh verifier then.
	 */
	botan_pk_op_verify_destroy(k->verify);
	k->verify = NULL;
	if (botan_pk_op_verify_create(&k->verify, k->pub, sig_pad(k), sig_flags(k->d)) != 0)
		return CB_ERR_BACKEND;
	return CB_ERR_VERIFY;
}

/* The prepared encryption into c (capacity *clen). */
static int encrypt_into(struct bkey *k, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	size_t n = *clen;
	int r;

	r = out_status(botan_pk_op_encrypt(k->enc, k->rng, c, &n, m, mlen), CB_ERR_BACKEND);
	if (r == 0)
		*clen = n;
	return r;
}

/*
 * SM2: Botan reads and writes only the GM/T 0009 DER form; the raw forms
 * are converted (cb_sm2_ct_convert) inside the timed operation, as the
 * OpenSSL classes do.
 */
static int sm2_encrypt(struct bkey *k, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	size_t dlen;
	uint8_t *der;
	int r;

	dlen = cb_sm2_ct_size(CB_SM2_DER, mlen);
	if (!dlen)
		return CB_ERR_LENGTH;
	if (k->h.sm2.fmt == CB_SM2_DER)
		return encrypt_into(k, m, mlen, c, clen);
	der = malloc(dlen);
	if (!der)
		return CB_ERR_NOMEM;
	r = encrypt_into(k, m, mlen, der, &dlen) == 0 ? CB_OK : CB_ERR_BACKEND;
	if (r == 0)
		r = cb_sm2_ct_convert(CB_SM2_DER, der, dlen, k->h.sm2.fmt, c, clen);
	free(der); /* a ciphertext: nothing secret */
	return r;
}

/* The layer has checked the sizes against the shared handle's max_plaintext and max_ciphertext. */
static int bk_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct bkey *k = key;

	if (k->d->type == K_SM2_ENC)
		return sm2_encrypt(k, m, mlen, c, clen);
	/* Raw RSA: exactly one block, which Botan refuses when it is not below n. */
	if (k->h.rsa.scheme == CB_RSA_RAW && mlen != k->h.rsa.k)
		return CB_ERR_LENGTH;
	return encrypt_into(k, m, mlen, c, clen);
}

/* SM2: the raw forms converted to DER for Botan (a new buffer in *der). */
static int sm2_decrypt_input(const struct bkey *k, const uint8_t **c, size_t *clen, uint8_t **der)
{
	size_t inlen;

	if (*clen < CB_SM2_RAW_OVERHEAD)
		return CB_ERR_DECRYPT;
	inlen = cb_sm2_ct_size(CB_SM2_DER, *clen - CB_SM2_RAW_OVERHEAD);
	if (!inlen)
		return CB_ERR_DECRYPT;
	*der = malloc(inlen);
	if (!*der)
		return CB_ERR_NOMEM;
	if (cb_sm2_ct_convert(k->h.sm2.fmt, *c, *clen, CB_SM2_DER, *der, &inlen) != 0)
		return CB_ERR_DECRYPT;
	*c = *der;
	*clen = inlen;
	return CB_OK;
}

static int bk_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct bkey *k = key;
	int rsa = k->d->type == K_RSA_ENC;
	uint8_t *der = NULL;
	size_t n;
	int r = CB_OK;

	if (!k->dec)
		return CB_ERR_ARG;
	if (!rsa && k->h.sm2.fmt != CB_SM2_DER)
		r = sm2_decrypt_input(k, &c, &clen, &der);
	else if (rsa && clen != k->h.rsa.k)
		r = CB_ERR_DECRYPT;
	n = *mlen;
	if (r == 0)
		r = out_status(botan_pk_op_decrypt(k->dec, m, &n, c, clen), CB_ERR_DECRYPT);
	free(der); /* a ciphertext: nothing secret */
	if (r != 0)
		return r;
	/* Raw RSA: Botan gives the integer without its leading zero bytes; the block is k bytes. */
	if (rsa && k->h.rsa.scheme == CB_RSA_RAW && n < clen) {
		if (*mlen < clen)
			return CB_ERR_LENGTH; /* m wiped by the layer */
		memmove(m + (clen - n), m, n);
		memset(m, 0, clen - n);
		n = clen;
	}
	*mlen = n;
	return CB_OK;
}

/* ---- Classes ---- */

static const cb_kex_class x25519 = {
	.info = BOTAN_INFO(CB_KIND_KEX, "x25519", "the all-zero result (small-order peer) is refused by the adapter",
			   &botan_x25519),
	CB_EC_KEX_METHODS,
};

static const cb_kex_class ecdh_p256 = {
	.info = BOTAN_INFO(CB_KIND_KEX, "ecdh-p256", "the peer point is decoded and checked on each derive",
			   &botan_ecdh),
	CB_EC_KEX_METHODS,
};

static const cb_sig_class ecdsa_p256 = {
	.info = BOTAN_INFO(CB_KIND_SIG, "ecdsa-p256",
			   "Botan 2 derives the nonce from the key and message (RFC 6979) and blinds the signing "
			   "inversion with a random mask from the key's generator",
			   &botan_ecdsa),
	CB_EC_SIG_METHODS,
	.sign = bk_sign,
	.verify = bk_verify,
};

static const cb_sig_class ed25519 = {
	.info = BOTAN_INFO(CB_KIND_SIG, "ed25519", NULL, &botan_ed25519),
	CB_ED25519_OBJ_METHODS,
	.sign = bk_sign,
	.verify = bk_verify,
};

/* sm2key.h's methods of a kind (CB_SM2_SIG_METHODS, ...), with this adapter's export_secret. */
#define BOTAN_SM2_METHODS(kind)                                                                                \
	.keygen = cb_sm2_##kind##_keygen, .key_free = cb_sm2_free, .export_public = cb_sm2_export_spki,        \
	.export_secret = sm2_export_secret, .import_public = cb_sm2_##kind##_import_public,                    \
	.import_secret = cb_sm2_##kind##_import_secret

static const cb_sm2_variant sm2_sign_v = {&botan_sm2, CB_SM2_DER};
static const cb_sig_class sm2_sign = {
	.info = BOTAN_INFO(CB_KIND_SIG, "sm2-sign",
			   "Botan takes the user ID in its parameter string (an ID with a comma or NUL byte is "
			   "refused); a random nonce from the key's generator per signature",
			   &sm2_sign_v),
	BOTAN_SM2_METHODS(sig),
	.max_signature = cb_sm2_max_signature,
	.sign = bk_sign,
	.verify = bk_verify,
};

#define BOTAN_SM2_PKE(var_, name_, fmt_, notes_)                                                              \
	static const cb_sm2_variant var_##_v = {&botan_sm2, fmt_};                                             \
	static const cb_pke_class var_ = {.info = BOTAN_INFO(CB_KIND_PKE, name_, notes_, &var_##_v),           \
					  BOTAN_SM2_METHODS(pke), .max_plaintext = cb_sm2_max_plaintext,       \
					  .max_ciphertext = cb_sm2_max_ciphertext, .encrypt = bk_encrypt,      \
					  .decrypt = bk_decrypt}

#define SM2_RAW_NOTES "Botan speaks the DER form only: includes a DER conversion and a buffer allocation"
BOTAN_SM2_PKE(sm2_enc_c1c3c2, "sm2-enc-c1c3c2", CB_SM2_C1C3C2, SM2_RAW_NOTES);
BOTAN_SM2_PKE(sm2_enc_c1c2c3, "sm2-enc-c1c2c3", CB_SM2_C1C2C3, SM2_RAW_NOTES);
BOTAN_SM2_PKE(sm2_enc_der, "sm2-enc-der", CB_SM2_DER, NULL);

#define RSA_NOTES "private operations blinded by Botan (a random blinding factor from the key's generator)"
#define RSA_SIG_NOTES RSA_NOTES "; the adapter refuses a signature that is not exactly k bytes (Botan 2.19 accepts leading zeros)"
#define PKCS1_NOTES RSA_NOTES "; a bad padding is reported as an error (PK_Decryptor::decrypt), no implicit rejection"

/* The RSA rows of class_tables.h. */
#define BOTAN_RSA_SIG_ROW(id, nm, bits, pss)                                                                   \
	static const cb_rsa_variant id##_v = {&botan_rsa, bits, (pss) ? CB_RSA_PSS : CB_RSA_SIG_PKCS1};        \
	static const cb_sig_class id = {.info = BOTAN_INFO(CB_KIND_SIG, nm, RSA_SIG_NOTES, &id##_v),           \
					CB_RSA_SIG_METHODS(bk)};
#define BOTAN_RSA_PKE_ROW(id, nm, bits, scheme)                                                                \
	static const cb_rsa_variant id##_v = {&botan_rsa, bits, CB_RSA_##scheme};                              \
	static const cb_pke_class id = {                                                                       \
		.info = BOTAN_INFO(CB_KIND_PKE, nm, CB_RSA_##scheme == CB_RSA_PKCS1 ? PKCS1_NOTES : RSA_NOTES,  \
				   &id##_v),                                                                   \
		CB_RSA_PKE_METHODS(bk)};
CB_RSA_SIG_ROWS(BOTAN_RSA_SIG_ROW)
CB_RSA_PKE_ROWS(BOTAN_RSA_PKE_ROW)

/* Listed in the order of class_tables.h's RSA signature rows, then each size's PKCS#1 and OAEP-SHA-256, the rest. */
#define BOTAN_RSA_SIG_INFO(id, nm, bits, pss) &id.info,

const cb_alg_info *const cb_botan_pk_algs[] = {
	&x25519.info,   &ecdh_p256.info,      &ecdsa_p256.info,      &ed25519.info,
	&sm2_sign.info, &sm2_enc_c1c3c2.info, &sm2_enc_c1c2c3.info, &sm2_enc_der.info,
	CB_RSA_SIG_ROWS(BOTAN_RSA_SIG_INFO)
	&rsa2048_pkcs1.info, &rsa2048_oaep256.info, &rsa3072_pkcs1.info, &rsa3072_oaep256.info,
	&rsa4096_pkcs1.info, &rsa4096_oaep256.info, &rsa2048_oaep1.info, &rsa3072_oaep1.info,
	&rsa4096_oaep1.info, &rsa2048_raw.info,     &rsa3072_raw.info,    &rsa4096_raw.info,
	NULL,
};
