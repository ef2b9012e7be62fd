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
 * The handles and key files: P-256 on backends/ec_handle.h, X25519 and
 * Ed25519 on core/rawkey.h (Ed25519 beside wolfCrypt's ed25519_key).  Each P-256
 * handle owns a WC_RNG: Debian's wolfSSL is built with
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
#include "core/rawkey.h"
#include "core/util.h"

#define P256_BYTES 32
#define P256_POINT 65

/* len random bytes from a fresh wolfCrypt DRBG (key generation only). */
static int wolf_random(void *out, size_t len)
{
	WC_RNG rng;
	int r;

	if (wc_InitRng(&rng) != 0)
		return CB_ERR_RANDOM;
	r = wc_RNG_GenerateBlock(&rng, out, (word32)len);
	wc_FreeRng(&rng);
	return r == 0 ? CB_OK : CB_ERR_RANDOM;
}

/* ---- X25519: raw 32-byte keys (RFC 7748) on rawkey.h ---- */

/*
 * X25519(sk, u) by wolfCrypt's raw-bytes call.  It takes only clamped
 * scalars (X25519 clamps anyway, RFC 7748 5) and refuses a u with the top
 * bit set, which RFC 7748 5 says to ignore (OpenSSL masks it): both done
 * here on copies.  The layer refuses the all-zero result of a small-order u.
 */
static int x25519_mul(uint8_t out[32], const uint8_t sk[32], const uint8_t u[32])
{
	uint8_t cl[CURVE25519_KEYSIZE], pt[CURVE25519_KEYSIZE];
	int r;

	memcpy(cl, sk, sizeof(cl));
	cl[0] &= 248;
	cl[31] &= 127;
	cl[31] |= 64;
	memcpy(pt, u, sizeof(pt));
	pt[31] &= 127;
	r = wc_curve25519_generic(CURVE25519_KEYSIZE, out, sizeof(cl), cl, sizeof(pt), pt);
	cb_wipe(cl, sizeof(cl));
	return r == 0 ? CB_OK : CB_ERR_INVALID_KEY;
}

static int x25519_base(uint8_t pk[32], const uint8_t sk[32])
{
	static const uint8_t nine[CURVE25519_KEYSIZE] = {9};

	return x25519_mul(pk, sk, nine);
}

static const cb_rawkey_lib wolf_x25519 = {cb_wolfssl_ready, wolf_random, x25519_base, NULL};

/* The layer checked the peer's length and the room for the secret. */
static int x25519_derive(void *p, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	int r = x25519_mul(ss, ((const cb_x25519_raw *)p)->sk, peer);

	if (r == CB_OK)
		*sslen = CURVE25519_KEYSIZE;
	return r;
}

/* ---- Ed25519: the seed and public key kept by rawkey.h, beside wolfCrypt's ed25519_key ---- */

struct ed25519_h {
	cb_ed25519_obj base; /* first (rawkey.h) */
	ed25519_key key;
};

/* wolfCrypt's key of the public key, or of the seed (the public key computed into the handle). */
static int ed25519_load(void *p)
{
	struct ed25519_h *k = p;
	uint8_t *seed = k->base.raw.sk, *pk = CB_ED25519_PK(&k->base.raw);

	if (wc_ed25519_init(&k->key) != 0)
		return CB_ERR_BACKEND;
	if (!k->base.raw.has_secret)
		return wc_ed25519_import_public(pk, ED25519_PUB_KEY_SIZE, &k->key) ? CB_ERR_INVALID_KEY : CB_OK;
	if (wc_ed25519_import_private_only(seed, ED25519_KEY_SIZE, &k->key) != 0 ||
	    wc_ed25519_make_public(&k->key, pk, ED25519_PUB_KEY_SIZE) != 0 ||
	    wc_ed25519_import_private_key(seed, ED25519_KEY_SIZE, pk, ED25519_PUB_KEY_SIZE, &k->key) != 0)
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

/* wc_ed25519_free only zeroes the key (no WOLFSSL_ED25519_PERSISTENT_SHA): safe on one not made. */
static void ed25519_unload(void *p)
{
	wc_ed25519_free(&((struct ed25519_h *)p)->key);
}

static const cb_ed25519_objlib wolf_ed25519 = {
	{cb_wolfssl_ready, wolf_random, NULL, NULL}, sizeof(struct ed25519_h), ed25519_load, NULL, ed25519_unload};

static int ed25519_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct ed25519_h *k = key;
	word32 n = ED25519_SIG_SIZE;

	if (!k->base.raw.has_secret)
		return CB_ERR_ARG;
	if (mlen > 0xffffffffu)
		return CB_ERR_LENGTH;
	if (wc_ed25519_sign_msg(m, (word32)mlen, sig, &n, &k->key) != 0)
		return CB_ERR_BACKEND;
	*siglen = n;
	return CB_OK;
}

static int ed25519_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct ed25519_h *k = key;
	int res = 0, r;

	/* the layer refused S >= L (wolfSSL 5.5 accepts some: Wycheproof ed25519 tcId 85) */
	if (mlen > 0xffffffffu)
		return CB_ERR_VERIFY;
	r = wc_ed25519_verify_msg(sig, (word32)siglen, m, (word32)mlen, &res, &k->key);
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

	if (cb_wolfssl_ready() != CB_OK || !(k = calloc(1, sizeof(*k))))
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
	if (mlen > 0xffffffffu)
		return CB_ERR_LENGTH;
	return wc_Sha256Hash(m, (word32)mlen, dig) == 0 ? CB_OK : CB_ERR_BACKEND;
}

static int p256_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct p256_key *k = key;
	uint8_t dig[WC_SHA256_DIGEST_SIZE];
	word32 n;
	int r;

	if (!k->base.has_secret)
		return CB_ERR_ARG;
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
	uint8_t dig[WC_SHA256_DIGEST_SIZE];
	int res = 0, r;

	/* the layer checked the strict DER SEQUENCE { INTEGER r, INTEGER s } and 0 < r, s < n (keycheck.c) */
	if ((r = p256_hash(m, mlen, dig)) != 0)
		return r;
	r = wc_ecc_verify_hash(sig, (word32)siglen, dig, sizeof(dig), &res, &k->key);
	return (r == 0 && res == 1) ? CB_OK : CB_ERR_VERIFY;
}

static const cb_kex_class cb_wolfssl_x25519 = {
	.info = WOLFSSL_INFO(CB_KIND_KEX, "x25519",
			     "wolfCrypt's C field arithmetic; the peer value's top bit is masked here (wolfCrypt refuses it)",
			     &wolf_x25519),
	CB_X25519_RAW_METHODS,
	.derive = x25519_derive,
	.import_secret = cb_x25519_raw_class_import,
};

static const cb_kex_class cb_wolfssl_ecdh_p256 = {
	.info = WOLFSSL_INFO(CB_KIND_KEX, "ecdh-p256",
			     "ECC_TIMING_RESISTANT: the scalar multiplication is blinded with the handle's DRBG; "
			     "the peer point is checked on the curve when it changes", &wolf_p256),
	CB_EC_KEX_METHODS,
};

static const cb_sig_class cb_wolfssl_ecdsa_p256 = {
	.info = WOLFSSL_INFO(CB_KIND_SIG, "ecdsa-p256",
			     "random k per signature from the handle's wolfCrypt DRBG (Hash_DRBG); includes SHA-256; "
			     "verify includes a strict DER check", &wolf_p256),
	CB_EC_SIG_METHODS,
	.sign = p256_sign,
	.verify = p256_verify,
};

static const cb_sig_class cb_wolfssl_ed25519 = {
	.info = WOLFSSL_INFO(CB_KIND_SIG, "ed25519", NULL, &wolf_ed25519),
	CB_ED25519_OBJ_METHODS,
	.sign = ed25519_sign,
	.verify = ed25519_verify,
};

const cb_alg_info *const cb_wolfssl_ec_algs[] = {&cb_wolfssl_x25519.info, &cb_wolfssl_ecdh_p256.info,
						 &cb_wolfssl_ecdsa_p256.info, &cb_wolfssl_ed25519.info, NULL};
