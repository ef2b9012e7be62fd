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
 * call is the operation only.  X25519, ECDH and ECDSA P-256 keep it under
 * backends/ec_handle.h, which gives their key files, public values and
 * derive's peer.
 */
#include <botan/ffi.h>
#include <stdlib.h>
#include <string.h>

#include "backends/botan/botan_common.h"
#include "backends/class_tables.h"
#include "backends/ec_handle.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "cryptobench/sm2.h"
#include "core/der.h"
#include "core/keycheck.h"
#include "core/util.h"

/* The longest SM2 user ID taken (bytes). */
#define CB_BOTAN_SM2_ID_MAX 256

enum ktype { K_X25519, K_ECDH, K_ECDSA, K_ED25519, K_SM2, K_SM2_ENC, K_RSA_SIG, K_RSA_ENC };

struct kdesc {
	enum ktype type;
	const char *algo;   /* botan_privkey_create's algorithm */
	const char *params; /* its parameters: "secp256r1", "2048" */
	const char *pad;    /* the operation's padding / EMSA, or NULL */
	size_t bits;        /* RSA modulus size */
	size_t pad_overhead; /* RSA encryption: k - max plaintext */
	cb_sm2_ct_format fmt; /* SM2 encryption: the ciphertext form (unused by the others) */
};

struct bkey {
	cb_ec_handle base; /* first: ec_handle.h's part (X25519, ECDH and ECDSA P-256 only) */
	const struct kdesc *d;
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

static void bk_free(void *p)
{
	struct bkey *k = p;

	if (!k)
		return;
	/* Botan wipes its secrets when the objects are destroyed. */
	if (k->sign)
		botan_pk_op_sign_destroy(k->sign);
	if (k->verify)
		botan_pk_op_verify_destroy(k->verify);
	if (k->enc)
		botan_pk_op_encrypt_destroy(k->enc);
	if (k->dec)
		botan_pk_op_decrypt_destroy(k->dec);
	if (k->ka)
		botan_pk_op_key_agreement_destroy(k->ka);
	if (k->pub)
		botan_pubkey_destroy(k->pub);
	if (k->priv)
		botan_privkey_destroy(k->priv);
	if (k->rng)
		botan_rng_destroy(k->rng);
	free(k);
}

static struct bkey *key_new(const struct kdesc *d)
{
	struct bkey *k = calloc(1, sizeof(*k));

	if (!k)
		return NULL;
	k->d = d;
	if (botan_rng_init(&k->rng, "user") != 0) {
		free(k);
		return NULL;
	}
	return k;
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
	const uint8_t *id = (const uint8_t *)CB_SM2_DEFAULT_ID;
	size_t len = sizeof(CB_SM2_DEFAULT_ID) - 1;

	if (opts && opts->sm2_id) {
		id = opts->sm2_id;
		len = opts->sm2_id_len;
	}
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

/* The end of every handle's making: unless r, its public half and operations (key_prepare); k kept or freed. */
static int key_finish(struct bkey *k, int r, void **key)
{
	if (r == 0)
		r = key_prepare(k);
	if (r != 0) {
		bk_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

/* keygen: the class's variant is its struct kdesc (class_tables.h makes each kind's entry). */
static int bk_keygen(const struct kdesc *d, const cb_opts *opts, void **key)
{
	struct bkey *k;
	int r;

	*key = NULL;
	if (cb_botan_unavailable())
		return CB_ERR_UNSUPPORTED;
	k = key_new(d);
	if (!k)
		return CB_ERR_NOMEM;
	r = d->type == K_SM2 ? sm2_set_id(k, opts) : CB_OK;
	if (r == 0 && botan_privkey_create(&k->priv, d->algo, d->params, k->rng) != 0)
		r = CB_ERR_BACKEND;
	return key_finish(k, r, key);
}

/* A field of a Botan key ("x" of priv, or "public_x", "public_y" of pub when priv is NULL) as n bytes, left-padded. */
static int key_field(botan_privkey_t priv, botan_pubkey_t pub, const char *name, uint8_t *out, size_t n)
{
	botan_mp_t mp = NULL;
	size_t len = 0;
	uint8_t buf[64];
	int r = CB_ERR_BACKEND;

	if (botan_mp_init(&mp) != 0)
		return CB_ERR_NOMEM;
	if ((priv ? botan_privkey_get_field(mp, priv, name) : botan_pubkey_get_field(mp, pub, name)) == 0 &&
	    botan_mp_num_bytes(mp, &len) == 0 && len <= n && len <= sizeof(buf) && botan_mp_to_bin(mp, buf) == 0) {
		memset(out, 0, n - len);
		memcpy(out + n - len, buf, len);
		r = CB_OK;
	}
	botan_mp_destroy(mp); /* Botan zeroes its integers when freed */
	cb_wipe(buf, sizeof(buf));
	return r;
}

/* The uncompressed point 0x04 || x || y of a P-256 or SM2 public key. */
static int ec_point(botan_pubkey_t pub, uint8_t pt[65])
{
	pt[0] = 0x04;
	if (key_field(NULL, pub, "public_x", pt + 1, 32) != 0 || key_field(NULL, pub, "public_y", pt + 33, 32) != 0)
		return CB_ERR_BACKEND;
	return CB_OK;
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

/* ---- Keys: every class's import and export, by the handle's type ---- */

static const struct kdesc d_x25519 = {K_X25519, "Curve25519", "", NULL, 0, 0, CB_SM2_DER};
static const struct kdesc d_ecdh = {K_ECDH, "ECDH", "secp256r1", NULL, 0, 0, CB_SM2_DER};
static const struct kdesc d_ecdsa = {K_ECDSA, "ECDSA", "secp256r1", "EMSA1(SHA-256)", 0, 0, CB_SM2_DER};
static const struct kdesc d_ed25519 = {K_ED25519, "Ed25519", "", "Pure", 0, 0, CB_SM2_DER};
static const struct kdesc d_sm2 = {K_SM2, "SM2", "sm2p256v1", NULL, 0, 0, CB_SM2_DER};

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

/*
 * An Ed25519 or SM2 key (signature, with its user ID, or encryption: d's
 * type) from its canonical SPKI or PKCS#8.
 */
static int raw_import(const struct kdesc *d, int secret, const uint8_t *in, size_t len, const cb_opts *opts,
		      void **key)
{
	int ed = d->type == K_ED25519;
	struct bkey *k;
	const uint8_t *raw;
	int r;

	if (cb_key_get(ed ? CB_KEY_ED25519 : CB_KEY_SM2, secret, in, len, &raw) != 0 ||
	    (!ed && !secret && raw[0] != 0x04))
		return CB_ERR_FORMAT;
	k = key_new(d);
	if (!k)
		return CB_ERR_NOMEM;
	if (ed)
		r = (secret ? botan_privkey_load_ed25519(&k->priv, raw) : botan_pubkey_load_ed25519(&k->pub, raw)) != 0
			    ? CB_ERR_INVALID_KEY
			    : CB_OK;
	else if (d->type == K_SM2 && sm2_set_id(k, opts) != 0)
		r = CB_ERR_INVALID_KEY;
	else
		r = secret ? scalar_load(k, raw) : point_load(k, raw, 1);
	return key_finish(k, r, key);
}

/* An RSA key (botan_privkey_load reads any algorithm's); its size is the layer's check (keycheck.h). */
static int rsa_check_algo(botan_pubkey_t pub)
{
	char name[16];
	size_t nl = sizeof(name);

	return botan_pubkey_algo_name(pub, name, &nl) == 0 && strcmp(name, "RSA") == 0 ? CB_OK : CB_ERR_INVALID_KEY;
}

/*
 * An RSA key from its SPKI or PKCS#8, in strict DER: the
 * key re-encodes to exactly the input (botan_privkey_load also reads PEM;
 * nothing may follow the key).
 */
static int rsa_import(const struct kdesc *d, int secret, const uint8_t *in, size_t len, void **key)
{
	struct bkey *k;
	uint8_t again[8192];
	size_t al = sizeof(again);
	int r;

	k = key_new(d);
	if (!k)
		return CB_ERR_NOMEM;
	if ((secret ? botan_privkey_load(&k->priv, k->rng, in, len, NULL) : botan_pubkey_load(&k->pub, in, len)) != 0)
		r = CB_ERR_FORMAT;
	else if (!k->pub && botan_privkey_export_pubkey(&k->pub, k->priv) != 0)
		r = CB_ERR_BACKEND;
	else
		r = rsa_check_algo(k->pub);
	if (r == 0 && ((secret ? botan_privkey_export(k->priv, again, &al, BOTAN_PRIVKEY_EXPORT_FLAG_DER)
			       : botan_pubkey_export(k->pub, again, &al, BOTAN_PRIVKEY_EXPORT_FLAG_DER)) != 0 ||
		       al != len || memcmp(again, in, len) != 0))
		r = CB_ERR_FORMAT;
	cb_wipe(again, sizeof(again));
	return key_finish(k, r, key);
}

/* Ed25519, SM2 (sm2-enc without a user ID) and RSA: the class's variant is its struct kdesc. */
static int bk_import_public(const struct kdesc *d, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	*key = NULL;
	if (d->type == K_RSA_SIG || d->type == K_RSA_ENC)
		return rsa_import(d, 0, in, len, key);
	return raw_import(d, 0, in, len, d->type == K_SM2 ? opts : NULL, key);
}

static int bk_import_secret(const struct kdesc *d, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	*key = NULL;
	if (d->type == K_RSA_SIG || d->type == K_RSA_ENC)
		return rsa_import(d, 1, in, len, key);
	return raw_import(d, 1, in, len, d->type == K_SM2 ? opts : NULL, key);
}

/* Botan's answer to a call with an output buffer: 0, CB_ERR_LENGTH or `fail`. */
static int out_status(int botan_r, int fail)
{
	switch (botan_r) {
	case 0: return CB_OK;
	case BOTAN_FFI_ERROR_INSUFFICIENT_BUFFER_SPACE: return CB_ERR_LENGTH;
	default: return fail;
	}
}

/* Botan's DER export of an RSA key (SPKI or PKCS#8). */
static int rsa_export(const struct bkey *k, int secret, uint8_t *out, size_t *outlen)
{
	size_t n = *outlen;
	int r = out_status(secret ? botan_privkey_export(k->priv, out, &n, BOTAN_PRIVKEY_EXPORT_FLAG_DER)
				  : botan_pubkey_export(k->pub, out, &n, BOTAN_PRIVKEY_EXPORT_FLAG_DER),
			   CB_ERR_BACKEND);

	if (r == 0)
		*outlen = n;
	return r;
}

/*
 * SM2: the canonical SPKI (Botan's own names the SM2 algorithm OID, not
 * id-ecPublicKey); Ed25519: SPKI; RSA: Botan's SPKI.
 */
static int bk_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const struct bkey *k = key;
	uint8_t pt[65];
	int r;

	switch (k->d->type) {
	case K_ED25519:
		if (botan_pubkey_ed25519_get_pubkey(k->pub, pt) != 0)
			return CB_ERR_BACKEND;
		return cb_key_put(CB_KEY_ED25519, 0, pt, out, outlen);
	case K_RSA_SIG:
	case K_RSA_ENC: return rsa_export(k, 0, out, outlen);
	default: break;
	}
	if ((r = ec_point(k->pub, pt)) != 0)
		return r;
	return cb_key_put(CB_KEY_SM2, 0, pt, out, outlen);
}

/* Their canonical PKCS#8 (RSA: Botan's). */
static int bk_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const struct bkey *k = key;
	uint8_t sk[64]; /* Ed25519's seed || public key; SM2's d */
	int r;

	if (!k->priv)
		return CB_ERR_ARG;
	if (k->d->type == K_RSA_SIG || k->d->type == K_RSA_ENC)
		return rsa_export(k, 1, out, outlen);
	if (k->d->type == K_ED25519)
		r = botan_privkey_ed25519_get_privkey(k->priv, sk) == 0 ? CB_OK : CB_ERR_BACKEND;
	else
		r = key_field(k->priv, NULL, "x", sk, 32);
	if (r == 0)
		r = cb_key_put(k->d->type == K_ED25519 ? CB_KEY_ED25519 : CB_KEY_SM2, 1, sk, out, outlen);
	cb_wipe(sk, sizeof(sk));
	return r;
}

CB_KIND_ENTRIES(bk, sig)
CB_KIND_ENTRIES(bk, pke)

/* ---- X25519, ECDH and ECDSA P-256 on ec_handle.h ---- */

/* A handle of d's class (ec_handle's make). */
static int ec_make(const struct kdesc *d, void **key)
{
	*key = key_new(d);
	return *key ? CB_OK : CB_ERR_NOMEM;
}

/* Once k->priv or k->pub is set: the prepared operations, and the public value in base.pub. */
static int ec_ready(struct bkey *k)
{
	int r = key_prepare(k);

	if (r == 0 && k->d->type == K_X25519)
		r = botan_pubkey_x25519_get_pubkey(k->pub, k->base.pub) == 0 ? CB_OK : CB_ERR_BACKEND;
	else if (r == 0)
		r = ec_point(k->pub, k->base.pub);
	return r;
}

static int ec_generate(void *key)
{
	struct bkey *k = key;

	if (cb_botan_unavailable())
		return CB_ERR_UNSUPPORTED;
	if (botan_privkey_create(&k->priv, k->d->algo, k->d->params, k->rng) != 0)
		return CB_ERR_BACKEND;
	return ec_ready(k);
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
	return key_field(k->priv, NULL, "x", d, 32);
}

/* ECDH: Botan decodes the peer's point on each call and refuses one off the curve. */
static int ec_shared(void *key, uint8_t x[32])
{
	struct bkey *k = key;
	size_t n = 32;

	if (botan_pk_op_key_agreement(k->ka, x, &n, k->base.peer, k->d->type == K_X25519 ? 32 : 65, NULL, 0) != 0 ||
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
	static const cb_ec_lib var_ = {var_##_make,  bk_free,       ec_generate, ec_set_secret,                \
				       ec_set_point, ec_get_secret, ec_shared}

BOTAN_EC_LIB(botan_x25519, d_x25519);
BOTAN_EC_LIB(botan_ecdh, d_ecdh);
BOTAN_EC_LIB(botan_ecdsa, d_ecdsa);

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

/* ---- Signatures: ECDSA P-256, Ed25519, SM2 (GM/T 0003.2: SM3 over Z_A || M), RSA ---- */

static size_t bk_max_signature(const void *key)
{
	const struct bkey *k = key;

	switch (k->d->type) {
	case K_ED25519: return 64;
	case K_RSA_SIG: return k->d->bits / 8;
	default: return 72; /* SEQUENCE { INTEGER (33 bytes), INTEGER (33 bytes) } */
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
	if (k->d->type == K_RSA_SIG && siglen != k->d->bits / 8)
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
	.info = BOTAN_INFO(CB_KIND_SIG, "ed25519", NULL, &d_ed25519),
	CB_HANDLE_SIG_METHODS(bk),
};

static const cb_sig_class sm2_sign = {
	.info = BOTAN_INFO(CB_KIND_SIG, "sm2-sign",
			   "Botan takes the user ID in its parameter string (an ID with a comma or NUL byte is "
			   "refused); a random nonce from the key's generator per signature",
			   &d_sm2),
	CB_HANDLE_SIG_METHODS(bk),
};

/* ---- Encryption: SM2 (GM/T 0003.4, SM3) and RSA ---- */

static size_t bk_max_plaintext(const void *key)
{
	const struct bkey *k = key;

	return k->d->type == K_SM2_ENC ? SIZE_MAX : k->d->bits / 8 - k->d->pad_overhead;
}

static size_t bk_max_ciphertext(const void *key, size_t mlen)
{
	const struct bkey *k = key;

	return k->d->type == K_SM2_ENC ? cb_sm2_ct_size(k->d->fmt, mlen) : k->d->bits / 8;
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
	if (k->d->fmt == CB_SM2_DER)
		return encrypt_into(k, m, mlen, c, clen);
	der = malloc(dlen);
	if (!der)
		return CB_ERR_NOMEM;
	r = encrypt_into(k, m, mlen, der, &dlen) == 0 ? CB_OK : CB_ERR_BACKEND;
	if (r == 0)
		r = cb_sm2_ct_convert(CB_SM2_DER, der, dlen, k->d->fmt, c, clen);
	free(der); /* a ciphertext: nothing secret */
	return r;
}

/* The layer has checked the sizes against bk_max_plaintext and bk_max_ciphertext. */
static int bk_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct bkey *k = key;

	if (k->d->type == K_SM2_ENC)
		return sm2_encrypt(k, m, mlen, c, clen);
	/* Raw RSA (no padding overhead): exactly one block, which Botan refuses when it is not below n. */
	if (k->d->pad_overhead == 0 && mlen != k->d->bits / 8)
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
	if (cb_sm2_ct_convert(k->d->fmt, *c, *clen, CB_SM2_DER, *der, &inlen) != 0)
		return CB_ERR_DECRYPT;
	*c = *der;
	*clen = inlen;
	return CB_OK;
}

static int bk_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct bkey *k = key;
	uint8_t *der = NULL;
	size_t kb = k->d->bits / 8, n;
	int r = CB_OK;

	if (!k->dec)
		return CB_ERR_ARG;
	if (k->d->type == K_SM2_ENC && k->d->fmt != CB_SM2_DER)
		r = sm2_decrypt_input(k, &c, &clen, &der);
	else if (k->d->type == K_RSA_ENC && clen != kb)
		r = CB_ERR_DECRYPT;
	n = *mlen;
	if (r == 0)
		r = out_status(botan_pk_op_decrypt(k->dec, m, &n, c, clen), CB_ERR_DECRYPT);
	free(der); /* a ciphertext: nothing secret */
	if (r != 0)
		return r;
	/* Raw RSA: Botan gives the integer without its leading zero bytes; the block is k bytes. */
	if (k->d->type == K_RSA_ENC && k->d->pad_overhead == 0 && n < clen) {
		if (*mlen < clen)
			return CB_ERR_LENGTH; /* m wiped by the layer */
		memmove(m + (clen - n), m, n);
		memset(m, 0, clen - n);
		n = clen;
	}
	*mlen = n;
	return CB_OK;
}

#define BOTAN_SM2_PKE(var_, name_, fmt_, notes_)                                                              \
	static const struct kdesc var_##_d = {K_SM2_ENC, "SM2", "sm2p256v1", "SM3", 0, 0, fmt_};             \
	static const cb_pke_class var_ = {.info = BOTAN_INFO(CB_KIND_PKE, name_, notes_, &var_##_d),         \
					  CB_HANDLE_PKE_METHODS(bk)}

#define SM2_RAW_NOTES "Botan speaks the DER form only: includes a DER conversion and a buffer allocation"
BOTAN_SM2_PKE(sm2_enc_c1c3c2, "sm2-enc-c1c3c2", CB_SM2_C1C3C2, SM2_RAW_NOTES);
BOTAN_SM2_PKE(sm2_enc_c1c2c3, "sm2-enc-c1c2c3", CB_SM2_C1C2C3, SM2_RAW_NOTES);
BOTAN_SM2_PKE(sm2_enc_der, "sm2-enc-der", CB_SM2_DER, NULL);

#define RSA_NOTES "private operations blinded by Botan (a random blinding factor from the key's generator)"
#define RSA_SIG_NOTES RSA_NOTES "; the adapter refuses a signature that is not exactly k bytes (Botan 2.19 accepts leading zeros)"

#define BOTAN_RSA_SIG(var_, name_, bits_, pad_)                                                               \
	static const struct kdesc var_##_d = {K_RSA_SIG, "RSA", #bits_, pad_, bits_, 0, CB_SM2_DER};         \
	static const cb_sig_class var_ = {.info = BOTAN_INFO(CB_KIND_SIG, name_, RSA_SIG_NOTES, &var_##_d),   \
					  CB_HANDLE_SIG_METHODS(bk)}

#define BOTAN_RSA_PKE(var_, name_, bits_, pad_, overhead_, notes_)                                           \
	static const struct kdesc var_##_d = {K_RSA_ENC, "RSA", #bits_, pad_, bits_, overhead_, CB_SM2_DER}; \
	static const cb_pke_class var_ = {.info = BOTAN_INFO(CB_KIND_PKE, name_, notes_, &var_##_d),         \
					  CB_HANDLE_PKE_METHODS(bk)}

#define PSS "PSSR(SHA-256,MGF1,32)"
#define PKCS1_NOTES RSA_NOTES "; a bad padding is reported as an error (PK_Decryptor::decrypt), no implicit rejection"

/* The RSA signature rows of class_tables.h. */
#define BOTAN_RSA_SIG_ROW(id, nm, bits, pss) BOTAN_RSA_SIG(id, nm, bits, (pss) ? PSS : "EMSA3(SHA-256)");
CB_RSA_SIG_ROWS(BOTAN_RSA_SIG_ROW)

/* The RSA encryption classes, in their listing order: X(id, name, bits, Botan's padding, k - max plaintext, notes). */
#define BOTAN_RSA_PKE_ROWS(X)                                                                                  \
	X(rsa2048_pkcs1, "rsa2048-pkcs1", 2048, "EME-PKCS1-v1_5", 11, PKCS1_NOTES)                             \
	X(rsa2048_oaep_sha256, "rsa2048-oaep-sha256", 2048, "OAEP(SHA-256)", 66, RSA_NOTES)                    \
	X(rsa3072_pkcs1, "rsa3072-pkcs1", 3072, "EME-PKCS1-v1_5", 11, PKCS1_NOTES)                             \
	X(rsa3072_oaep_sha256, "rsa3072-oaep-sha256", 3072, "OAEP(SHA-256)", 66, RSA_NOTES)                    \
	X(rsa4096_pkcs1, "rsa4096-pkcs1", 4096, "EME-PKCS1-v1_5", 11, PKCS1_NOTES)                             \
	X(rsa4096_oaep_sha256, "rsa4096-oaep-sha256", 4096, "OAEP(SHA-256)", 66, RSA_NOTES)                    \
	X(rsa2048_oaep_sha1, "rsa2048-oaep-sha1", 2048, "OAEP(SHA-1)", 42, RSA_NOTES)                          \
	X(rsa3072_oaep_sha1, "rsa3072-oaep-sha1", 3072, "OAEP(SHA-1)", 42, RSA_NOTES)                          \
	X(rsa4096_oaep_sha1, "rsa4096-oaep-sha1", 4096, "OAEP(SHA-1)", 42, RSA_NOTES)                          \
	X(rsa2048_raw, "rsa2048-raw", 2048, "Raw", 0, RSA_NOTES)                                               \
	X(rsa3072_raw, "rsa3072-raw", 3072, "Raw", 0, RSA_NOTES)                                               \
	X(rsa4096_raw, "rsa4096-raw", 4096, "Raw", 0, RSA_NOTES)
#define BOTAN_RSA_PKE_ROW(id, nm, bits, pad, overhead, notes) BOTAN_RSA_PKE(id, nm, bits, pad, overhead, notes);
BOTAN_RSA_PKE_ROWS(BOTAN_RSA_PKE_ROW)

/* Listed in the order of class_tables.h's RSA signature rows, then BOTAN_RSA_PKE_ROWS'. */
#define BOTAN_RSA_SIG_INFO(id, nm, bits, pss) &id.info,
#define BOTAN_RSA_PKE_INFO(id, nm, bits, pad, overhead, notes) &id.info,

const cb_alg_info *const cb_botan_pk_algs[] = {
	&x25519.info,   &ecdh_p256.info,      &ecdsa_p256.info,      &ed25519.info,
	&sm2_sign.info, &sm2_enc_c1c3c2.info, &sm2_enc_c1c2c3.info, &sm2_enc_der.info,
	CB_RSA_SIG_ROWS(BOTAN_RSA_SIG_INFO) BOTAN_RSA_PKE_ROWS(BOTAN_RSA_PKE_INFO)
	NULL,
};
