/*
 * wolfCrypt classes for X25519, Ed25519, ECDSA P-256 and ECDH P-256, under
 * the OpenSSL classes' names and encodings:
 *
 *   kex  x25519      public and secret: raw 32 bytes (RFC 7748)
 *   kex  ecdh-p256   public: uncompressed X9.62 point (65 bytes); secret:
 *                    PKCS#8 DER (RFC 5915, without the public key); shared
 *                    secret: the 32-byte x-coordinate
 *   sig  ecdsa-p256  SHA-256, DER Ecdsa-Sig-Value; public: SPKI DER
 *   sig  ed25519     pure Ed25519 (RFC 8032); public: SPKI DER; secret:
 *                    PKCS#8 DER of the seed
 *
 * The SPKI / PKCS#8 wrappers are fixed prefixes (the keys have one length).
 * Each P-256 handle owns a WC_RNG: Debian's wolfSSL is built with
 * ECC_TIMING_RESISTANT, so ECDH and ECDSA take random blinding / nonces
 * from it (wc_ecc_set_rng).
 */
#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <stdlib.h>
#include <string.h>

#include "backends/ec_handle.h"
#include "backends/wolfssl/wolfssl_common.h"
#include "core/der.h"
#include "core/util.h"

#define P256_BYTES 32
#define P256_POINT 65
#define ECDSA_MAX_DER 72

/* 32 random bytes from a fresh wolfCrypt DRBG (key generation only). */
static int wolf_random(uint8_t *out, size_t len)
{
	WC_RNG rng;
	int r;

	if (wc_InitRng(&rng) != 0)
		return CB_ERR_RANDOM;
	r = wc_RNG_GenerateBlock(&rng, out, (word32)len);
	wc_FreeRng(&rng);
	return r == 0 ? CB_OK : CB_ERR_RANDOM;
}

/* ---- X25519 ---- */

struct x25519_key {
	uint8_t sk[CURVE25519_KEYSIZE]; /* as given (export_secret returns it unchanged) */
	uint8_t pk[CURVE25519_KEYSIZE];
	curve25519_key key, peer;
	int have_key, have_peer;
};

static void x25519_free(void *p)
{
	struct x25519_key *k = p;
	if (!k)
		return;
	if (k->have_key)
		wc_curve25519_free(&k->key);
	if (k->have_peer)
		wc_curve25519_free(&k->peer);
	cb_wipe(k, sizeof(*k));
	free(k);
}

static int x25519_from_secret(const uint8_t *sk, void **key)
{
	struct x25519_key *k;
	uint8_t cl[CURVE25519_KEYSIZE];
	int r;

	*key = NULL;
	if (cb_wolfssl_ready() != CB_OK)
		return CB_ERR_BACKEND;
	k = calloc(1, sizeof(*k));
	if (!k)
		return CB_ERR_NOMEM;
	memcpy(k->sk, sk, sizeof(k->sk));
	/* wolfCrypt takes only clamped scalars; X25519 clamps anyway (RFC 7748 5). */
	memcpy(cl, sk, sizeof(cl));
	cl[0] &= 248;
	cl[31] &= 127;
	cl[31] |= 64;
	r = wc_curve25519_init(&k->key);
	if (r == 0) {
		k->have_key = 1;
		r = wc_curve25519_init(&k->peer);
	}
	if (r == 0) {
		k->have_peer = 1;
		r = wc_curve25519_make_pub((int)sizeof(k->pk), k->pk, (int)sizeof(cl), cl);
	}
	if (r == 0)
		r = wc_curve25519_import_private_raw_ex(cl, sizeof(cl), k->pk, sizeof(k->pk), &k->key,
							EC25519_LITTLE_ENDIAN);
	cb_wipe(cl, sizeof(cl));
	if (r != 0) {
		x25519_free(k);
		return CB_ERR_BACKEND;
	}
	*key = k;
	return CB_OK;
}

static int x25519_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	uint8_t sk[CURVE25519_KEYSIZE];
	int r;

	(void)opts;
	*key = NULL;
	if (cb_wolfssl_ready() != CB_OK)
		return CB_ERR_BACKEND;
	if ((r = wolf_random(sk, sizeof(sk))) != 0)
		return r;
	r = x25519_from_secret(sk, key);
	cb_wipe(sk, sizeof(sk));
	return r;
}

static int x25519_import(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	(void)opts;
	*key = NULL;
	if (len != CURVE25519_KEYSIZE)
		return CB_ERR_FORMAT;
	return x25519_from_secret(in, key);
}

static int x25519_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const struct x25519_key *k = key;
	return k ? cb_bytes_out(k->pk, sizeof(k->pk), out, outlen) : CB_ERR_ARG;
}

static int x25519_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const struct x25519_key *k = key;
	return k ? cb_bytes_out(k->sk, sizeof(k->sk), out, outlen) : CB_ERR_ARG;
}

static int x25519_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct x25519_key *k = key;
	uint8_t pv[CURVE25519_KEYSIZE];
	word32 n = CURVE25519_KEYSIZE;
	int r;

	if (peerlen != CURVE25519_KEYSIZE || *sslen < CURVE25519_KEYSIZE)
		return CB_ERR_LENGTH;
	/*
	 * RFC 7748 5: the top bit of the u-coordinate is ignored; wolfCrypt
	 * refuses a value with it set, OpenSSL masks it, so mask it here.
	 */
	memcpy(pv, peer, sizeof(pv));
	pv[31] &= 127;
	if (wc_curve25519_import_public_ex(pv, sizeof(pv), &k->peer, EC25519_LITTLE_ENDIAN) != 0)
		return CB_ERR_INVALID_KEY;
	r = wc_curve25519_shared_secret_ex(&k->key, &k->peer, ss, &n, EC25519_LITTLE_ENDIAN);
	if (r != 0) {
		/* includes the all-zero result of a small-order peer value */
		cb_wipe(ss, CURVE25519_KEYSIZE);
		return CB_ERR_INVALID_KEY;
	}
	*sslen = n;
	return CB_OK;
}

/* ---- Ed25519 ---- */

struct ed25519_h {
	int has_secret;
	ed25519_key key;
	uint8_t pk[ED25519_PUB_KEY_SIZE];
	uint8_t seed[ED25519_KEY_SIZE];
};

static void ed25519_free(void *p)
{
	struct ed25519_h *k = p;
	if (!k)
		return;
	wc_ed25519_free(&k->key);
	cb_wipe(k, sizeof(*k));
	free(k);
}

static struct ed25519_h *ed25519_new(void)
{
	struct ed25519_h *k;

	if (cb_wolfssl_ready() != CB_OK)
		return NULL;
	k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	if (wc_ed25519_init(&k->key) != 0) {
		free(k);
		return NULL;
	}
	return k;
}

/* The key of seed (NULL: a fresh one); a failure of wolfCrypt's says fail. */
static int ed25519_from_seed(const uint8_t *seed, int fail, void **key)
{
	struct ed25519_h *k;
	word32 n;
	int r;

	*key = NULL;
	if (!(k = ed25519_new()))
		return CB_ERR_BACKEND;
	if (seed)
		memcpy(k->seed, seed, sizeof(k->seed));
	else if ((r = wolf_random(k->seed, sizeof(k->seed))) != 0) {
		ed25519_free(k);
		return r;
	}
	r = wc_ed25519_import_private_only(k->seed, sizeof(k->seed), &k->key);
	if (r == 0)
		r = wc_ed25519_make_public(&k->key, k->pk, sizeof(k->pk));
	if (r == 0)
		r = wc_ed25519_import_private_key(k->seed, sizeof(k->seed), k->pk, sizeof(k->pk), &k->key);
	n = sizeof(k->pk);
	if (r == 0)
		r = wc_ed25519_export_public(&k->key, k->pk, &n);
	if (r != 0) {
		ed25519_free(k);
		return fail;
	}
	k->has_secret = 1;
	*key = k;
	return CB_OK;
}

static int ed25519_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	return ed25519_from_seed(NULL, CB_ERR_BACKEND, key);
}

/* import_secret: RFC 8410 PKCS#8 prefix || seed (the key made as keygen makes it). */
static int ed25519_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	const uint8_t *seed;

	*key = NULL;
	if (cb_key_get(CB_KEY_ED25519, 1, in, len, &seed) != 0)
		return CB_ERR_FORMAT;
	return ed25519_from_seed(seed, CB_ERR_INVALID_KEY, key);
}

static int ed25519_import(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	struct ed25519_h *k;
	const uint8_t *pk;

	*key = NULL;
	if (cb_key_get(CB_KEY_ED25519, 0, in, len, &pk) != 0)
		return CB_ERR_FORMAT;
	if (!(k = ed25519_new()))
		return CB_ERR_BACKEND;
	memcpy(k->pk, pk, sizeof(k->pk));
	if (wc_ed25519_import_public(k->pk, sizeof(k->pk), &k->key) != 0) {
		ed25519_free(k);
		return CB_ERR_INVALID_KEY;
	}
	*key = k;
	return CB_OK;
}

static int ed25519_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const struct ed25519_h *k = key;
	return k ? cb_key_put(CB_KEY_ED25519, 0, k->pk, out, outlen) : CB_ERR_ARG;
}

static int ed25519_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const struct ed25519_h *k = key;
	if (!k || !k->has_secret)
		return CB_ERR_ARG;
	return cb_key_put(CB_KEY_ED25519, 1, k->seed, out, outlen);
}

static size_t ed25519_max_signature(const void *key)
{
	(void)key;
	return ED25519_SIG_SIZE;
}

static int ed25519_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct ed25519_h *k = key;
	word32 n = ED25519_SIG_SIZE;
	static const uint8_t none[1];

	if (!k || !sig || !siglen || (!m && mlen) || !k->has_secret)
		return CB_ERR_ARG;
	if (*siglen < ED25519_SIG_SIZE || mlen > 0xffffffffu)
		return CB_ERR_LENGTH;
	if (wc_ed25519_sign_msg(m ? m : none, (word32)mlen, sig, &n, &k->key) != 0)
		return CB_ERR_BACKEND;
	*siglen = n;
	return CB_OK;
}

static int ed25519_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct ed25519_h *k = key;
	static const uint8_t none[1];
	int res = 0, r;

	/* the layer refused S >= L (wolfSSL 5.5 accepts some: Wycheproof ed25519 tcId 85) */
	if (mlen > 0xffffffffu)
		return CB_ERR_VERIFY;
	r = wc_ed25519_verify_msg(sig, (word32)siglen, m ? m : none, (word32)mlen, &res, &k->key);
	return (r == 0 && res == 1) ? CB_OK : CB_ERR_VERIFY;
}

/* ---- P-256: ECDH and ECDSA ---- */

struct p256_key {
	cb_ec_handle base; /* first (ec_handle.h) */
	int have_rng, have_peer;
	WC_RNG rng;
	ecc_key key, peer;
};

static void p256_free(void *p)
{
	struct p256_key *k = p;
	if (!k)
		return;
	wc_ecc_free(&k->key);
	if (k->have_peer)
		wc_ecc_free(&k->peer);
	if (k->have_rng)
		wc_FreeRng(&k->rng);
	cb_wipe(k, sizeof(*k));
	free(k);
}

static int p256_new(void **key)
{
	struct p256_key *k;

	if (cb_wolfssl_ready() != CB_OK)
		return CB_ERR_BACKEND;
	k = calloc(1, sizeof(*k));
	if (!k)
		return CB_ERR_BACKEND;
	if (wc_ecc_init(&k->key) != 0) {
		free(k);
		return CB_ERR_BACKEND;
	}
	k->have_rng = wc_InitRng(&k->rng) == 0;
	k->have_peer = k->have_rng && wc_ecc_init(&k->peer) == 0;
	if (!k->have_peer || wc_ecc_set_rng(&k->key, &k->rng) != 0) {
		p256_free(k);
		return CB_ERR_BACKEND;
	}
	*key = k;
	return CB_OK;
}

static int p256_store_public(struct p256_key *k)
{
	word32 n = P256_POINT;
	if (wc_ecc_export_x963(&k->key, k->base.pub, &n) != 0 || n != P256_POINT)
		return CB_ERR_BACKEND;
	return CB_OK;
}

static int p256_generate(void *key)
{
	struct p256_key *k = key;

	if (wc_ecc_make_key_ex(&k->rng, P256_BYTES, &k->key, ECC_SECP256R1) != 0 || p256_store_public(k) != 0)
		return CB_ERR_BACKEND;
	return CB_OK;
}

/* d, 0 < d < n (the layer checked it, keycheck.c). */
static int p256_set_secret(void *key, const uint8_t d[P256_BYTES])
{
	struct p256_key *k = key;

	if (wc_ecc_import_private_key_ex(d, P256_BYTES, NULL, 0, &k->key, ECC_SECP256R1) != 0 ||
	    wc_ecc_make_pub_ex(&k->key, NULL, &k->rng) != 0 || p256_store_public(k) != 0)
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

/* An uncompressed point on P-256 into the key (peer 0) or the peer (cofactor 1: on the curve is enough). */
static int p256_set_point(void *key, int peer, const uint8_t pt[P256_POINT])
{
	struct p256_key *k = key;
	ecc_key *e = peer ? &k->peer : &k->key;

	if (pt[0] != 0x04)
		return CB_ERR_INVALID_KEY;
	if (wc_ecc_import_x963_ex(pt, P256_POINT, e, ECC_SECP256R1) != 0)
		return CB_ERR_INVALID_KEY;
	if (wc_ecc_point_is_on_curve(&e->pubkey, wc_ecc_get_curve_idx(ECC_SECP256R1)) != 0)
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

static int p256_get_secret(const void *key, uint8_t d[P256_BYTES])
{
	const struct p256_key *k = key;
	word32 n = P256_BYTES;

	/* const is cast away: wolfCrypt's export takes a non-const key it does not change */
	if (wc_ecc_export_private_only((ecc_key *)&k->key, d, &n) != 0 || n != P256_BYTES)
		return CB_ERR_BACKEND;
	return CB_OK;
}

static int p256_shared(void *key, uint8_t x[P256_BYTES])
{
	struct p256_key *k = key;
	word32 n = P256_BYTES;

	if (wc_ecc_shared_secret(&k->key, &k->peer, x, &n) != 0 || n != P256_BYTES)
		return CB_ERR_BACKEND;
	return CB_OK;
}

/* One handle for both P-256 classes (ec_handle.h), with its DRBG for the blinding and the nonces. */
static const cb_ec_lib wolf_p256 = {p256_new,        p256_free,       p256_generate, p256_set_secret,
				    p256_set_point, p256_get_secret, p256_shared};

static int p256_hash(const uint8_t *m, size_t mlen, uint8_t dig[WC_SHA256_DIGEST_SIZE])
{
	static const uint8_t none[1];
	if (mlen > 0xffffffffu)
		return CB_ERR_LENGTH;
	return wc_Sha256Hash(m ? m : none, (word32)mlen, dig) == 0 ? CB_OK : CB_ERR_BACKEND;
}

static int p256_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct p256_key *k = key;
	uint8_t dig[WC_SHA256_DIGEST_SIZE];
	word32 n;
	int r;

	if (!k || !sig || !siglen || (!m && mlen) || !k->base.has_secret)
		return CB_ERR_ARG;
	if (*siglen < ECDSA_MAX_DER)
		return CB_ERR_LENGTH;
	if ((r = p256_hash(m, mlen, dig)) != 0)
		return r;
	n = (word32)*siglen;
	if (wc_ecc_sign_hash(dig, sizeof(dig), sig, &n, &k->rng, &k->key) != 0)
		return CB_ERR_BACKEND;
	*siglen = n;
	return CB_OK;
}

static int p256_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct p256_key *k = key;
	uint8_t dig[WC_SHA256_DIGEST_SIZE], r32[P256_BYTES], s32[P256_BYTES];
	int res = 0, r;

	/* SEQUENCE { INTEGER r, INTEGER s }, strict DER, nothing after it (as OpenSSL). */
	if (cb_der_sig_decode(sig, siglen, r32, s32) != 0)
		return CB_ERR_VERIFY;
	if ((r = p256_hash(m, mlen, dig)) != 0)
		return r;
	r = wc_ecc_verify_hash(sig, (word32)siglen, dig, sizeof(dig), &res, &k->key);
	return (r == 0 && res == 1) ? CB_OK : CB_ERR_VERIFY;
}

const cb_kex_class cb_wolfssl_x25519 = {
	.info = WOLFSSL_INFO(CB_KIND_KEX, "x25519",
			     "wolfCrypt's C field arithmetic; the peer value's top bit is masked here (wolfCrypt refuses it)", NULL),
	.keygen = x25519_keygen,
	.key_free = x25519_free,
	.export_public = x25519_export_public,
	.export_secret = x25519_export_secret,
	.derive = x25519_derive,
	.import_secret = x25519_import,
};

const cb_kex_class cb_wolfssl_ecdh_p256 = {
	.info = WOLFSSL_INFO(CB_KIND_KEX, "ecdh-p256",
			     "ECC_TIMING_RESISTANT: the scalar multiplication is blinded with the handle's DRBG; "
			     "the peer point is checked on the curve when it changes", &wolf_p256),
	CB_EC_KEX_METHODS,
};

const cb_sig_class cb_wolfssl_ecdsa_p256 = {
	.info = WOLFSSL_INFO(CB_KIND_SIG, "ecdsa-p256",
			     "random k per signature from the handle's wolfCrypt DRBG (Hash_DRBG); includes SHA-256; "
			     "verify includes a strict DER check", &wolf_p256),
	CB_EC_SIG_METHODS,
	.sign = p256_sign,
	.verify = p256_verify,
};

const cb_sig_class cb_wolfssl_ed25519 = {
	.info = WOLFSSL_INFO(CB_KIND_SIG, "ed25519", NULL, NULL),
	.keygen = ed25519_keygen,
	.key_free = ed25519_free,
	.export_public = ed25519_export_public,
	.export_secret = ed25519_export_secret,
	.max_signature = ed25519_max_signature,
	.sign = ed25519_sign,
	.verify = ed25519_verify,
	.import_public = ed25519_import,
	.import_secret = ed25519_import_secret,
};
