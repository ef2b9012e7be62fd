/*
 * nettle/hogweed classes for X25519, Ed25519, ECDSA P-256 and ECDH P-256,
 * under the OpenSSL classes' names and encodings:
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
 * GMP numbers are only ever made by hogweed itself (dsa_signature_init),
 * because the build links hogweed but not GMP; the conversions between
 * bytes and numbers are hogweed's nettle_mpz_*_str_256 functions.
 */
#include <nettle/bignum.h>
#include <nettle/curve25519.h>
#include <nettle/dsa.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/eddsa.h>
#include <nettle/sha2.h>
#include <stdlib.h>
#include <string.h>

#include "backends/ec_handle.h"
#include "backends/nettle/nettle_common.h"
#include "core/der.h"
#include "core/util.h"
#include "core/rawkey.h"

#define P256_BYTES 32
#define P256_POINT 65

/* ------------------------------------------------------------------ X25519 */

static int x25519_base(uint8_t pk[32], const uint8_t sk[32])
{
	curve25519_mul_g(pk, sk);
	return CB_OK;
}

/* The layer checks the peer's length and the room for the secret, and refuses an all-zero one (RFC 7748 6.1). */
static int x25519_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	curve25519_mul(ss, ((const cb_x25519_raw *)key)->sk, peer);
	*sslen = CURVE25519_SIZE;
	return CB_OK;
}

/* ----------------------------------------------------------------- Ed25519 */

static int ed25519_pub(uint8_t sk[64])
{
	ed25519_sha512_public_key(sk + 32, sk);
	return CB_OK;
}

/* nettle keeps its X25519 and Ed25519 keys as their bytes (rawkey.h). */
static const cb_rawkey_lib nettle_rawkey = {NULL, cb_random_bytes, x25519_base, ed25519_pub};

static int ed25519_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	cb_ed25519_raw *k = key;

	if (!k->has_secret)
		return CB_ERR_ARG;
	ed25519_sha512_sign(CB_ED25519_PK(k), k->sk, mlen, m, sig);
	*siglen = ED25519_SIGNATURE_SIZE;
	return CB_OK;
}

/* The layer checks the length (64) and S < L. */
static int ed25519_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	return ed25519_sha512_verify(CB_ED25519_PK((cb_ed25519_raw *)key), mlen, m, sig) ? CB_OK : CB_ERR_VERIFY;
}

/* ------------------------------------------------------------------- P-256 */

/*
 * One handle for both P-256 classes: the key (hogweed's point and scalar),
 * the encoded public point, a SHA-256 context (ECDSA), and the last peer
 * point decoded (ECDH) with a point for the product.
 */
struct p256_key {
	cb_ec_handle base; /* first (ec_handle.h) */
	struct ecc_point pub;
	struct ecc_scalar priv;
	struct sha256_ctx sha;
	struct ecc_point peer;
	struct ecc_point prod;
};

static void p256_free(void *p)
{
	struct p256_key *k = p;

	/* hogweed does not wipe on clear: the scalar's limbs are wiped here. */
	cb_wipe(k->priv.p, (size_t)ecc_size(nettle_get_secp_256r1()) * sizeof(mp_limb_t));
	ecc_scalar_clear(&k->priv);
	ecc_point_clear(&k->pub);
	ecc_point_clear(&k->peer);
	ecc_point_clear(&k->prod);
	cb_wipe(k, sizeof(*k));
	free(k);
}

static int p256_new(void **key)
{
	const struct ecc_curve *ecc = nettle_get_secp_256r1();
	struct p256_key *k = calloc(1, sizeof(*k));
	if (!k)
		return CB_ERR_NOMEM;
	ecc_point_init(&k->pub, ecc);
	ecc_scalar_init(&k->priv, ecc);
	ecc_point_init(&k->peer, ecc);
	ecc_point_init(&k->prod, ecc);
	*key = k;
	return CB_OK;
}

/* X9.62 uncompressed encoding of a point (x in out+1, y in out+33). */
static void point_encode(const struct ecc_point *p, uint8_t out[P256_POINT])
{
	struct dsa_signature t; /* two GMP numbers made by hogweed */

	dsa_signature_init(&t);
	ecc_point_get(p, t.r, t.s);
	out[0] = 0x04;
	nettle_mpz_get_str_256(P256_BYTES, out + 1, t.r);
	nettle_mpz_get_str_256(P256_BYTES, out + 1 + P256_BYTES, t.s);
	dsa_signature_clear(&t);
}

/* The point of an uncompressed encoding into the key's (peer 0) or the peer's; CB_ERR_INVALID_KEY when not on the curve. */
static int p256_set_point(void *key, int peer, const uint8_t in[P256_POINT])
{
	struct p256_key *k = key;
	struct dsa_signature t;
	int ok;

	if (in[0] != 0x04)
		return CB_ERR_INVALID_KEY;
	dsa_signature_init(&t);
	nettle_mpz_set_str_256_u(t.r, P256_BYTES, in + 1);
	nettle_mpz_set_str_256_u(t.s, P256_BYTES, in + 1 + P256_BYTES);
	ok = ecc_point_set(peer ? &k->peer : &k->pub, t.r, t.s); /* checks the coordinates and the curve equation */
	dsa_signature_clear(&t);
	return ok ? CB_OK : CB_ERR_INVALID_KEY;
}

/* dsa_signature_clear after wiping the limbs (GMP frees without wiping). */
static void wipe_clear(struct dsa_signature *t)
{
	cb_wipe(t->r->_mp_d, (size_t)t->r->_mp_alloc * sizeof(mp_limb_t));
	dsa_signature_clear(t);
}

static int p256_generate(void *key)
{
	struct p256_key *k = key;
	struct cb_nettle_rand rnd = {0};

	ecdsa_generate_keypair(&k->pub, &k->priv, &rnd, cb_nettle_random);
	if (rnd.failed)
		return CB_ERR_RANDOM;
	point_encode(&k->pub, k->base.pub);
	return CB_OK;
}

static int p256_set_secret(void *key, const uint8_t d[P256_BYTES])
{
	struct p256_key *k = key;
	struct dsa_signature t;
	int ok;

	dsa_signature_init(&t);
	nettle_mpz_set_str_256_u(t.r, P256_BYTES, d);
	ok = ecc_scalar_set(&k->priv, t.r); /* 0 < d < n */
	wipe_clear(&t);
	if (!ok)
		return CB_ERR_INVALID_KEY;
	ecc_point_mul_g(&k->pub, &k->priv);
	point_encode(&k->pub, k->base.pub);
	return CB_OK;
}

static int p256_get_secret(const void *key, uint8_t d[P256_BYTES])
{
	const struct p256_key *k = key;
	struct dsa_signature t;

	dsa_signature_init(&t);
	ecc_scalar_get(&k->priv, t.r);
	nettle_mpz_get_str_256(P256_BYTES, d, t.r);
	wipe_clear(&t);
	return CB_OK;
}

static int p256_shared(void *key, uint8_t x[P256_BYTES])
{
	struct p256_key *k = key;
	uint8_t prod[P256_POINT];

	ecc_point_mul(&k->prod, &k->priv, &k->peer);
	point_encode(&k->prod, prod);
	memcpy(x, prod + 1, P256_BYTES);
	cb_wipe(prod, sizeof(prod));
	return CB_OK;
}

/* One handle for both P-256 classes (ec_handle.h): hogweed's point and scalar, SHA-256 for ECDSA. */
static const cb_ec_lib nettle_p256 = {p256_new,        p256_free,       p256_generate, p256_set_secret,
				      p256_set_point, p256_get_secret, p256_shared};

static void p256_hash(struct p256_key *k, const uint8_t *m, size_t mlen, uint8_t dig[SHA256_DIGEST_SIZE])
{
	sha256_init(&k->sha);
	sha256_update(&k->sha, mlen, m);
	sha256_digest(&k->sha, SHA256_DIGEST_SIZE, dig);
}

static int p256_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct p256_key *k = key;
	struct cb_nettle_rand rnd = {0};
	struct dsa_signature s;
	uint8_t dig[SHA256_DIGEST_SIZE], r32[P256_BYTES], s32[P256_BYTES];

	if (!k->base.has_secret)
		return CB_ERR_ARG;
	p256_hash(k, m, mlen, dig);
	dsa_signature_init(&s);
	ecdsa_sign(&k->priv, &rnd, cb_nettle_random, sizeof(dig), dig, &s);
	nettle_mpz_get_str_256(P256_BYTES, r32, s.r);
	nettle_mpz_get_str_256(P256_BYTES, s32, s.s);
	dsa_signature_clear(&s);
	if (rnd.failed)
		return CB_ERR_RANDOM;
	return cb_der_sig_encode(r32, s32, sig, siglen);
}

static int p256_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct p256_key *k = key;
	struct dsa_signature s;
	uint8_t dig[SHA256_DIGEST_SIZE], r32[P256_BYTES], s32[P256_BYTES];
	int ok;

	/* SEQUENCE { INTEGER r, INTEGER s }, strict DER, nothing after it. */
	if (cb_der_sig_decode(sig, siglen, r32, s32) != 0)
		return CB_ERR_VERIFY;
	p256_hash(k, m, mlen, dig);
	dsa_signature_init(&s);
	nettle_mpz_set_str_256_u(s.r, P256_BYTES, r32);
	nettle_mpz_set_str_256_u(s.s, P256_BYTES, s32);
	ok = ecdsa_verify(&k->pub, sizeof(dig), dig, &s); /* checks 0 < r, s < n */
	dsa_signature_clear(&s);
	return ok ? CB_OK : CB_ERR_VERIFY;
}

#define NETTLE_INFO(kind_, name_, variant_)                                                                    \
	{.kind = (kind_), .name = (name_), .backend = "nettle", .implementation = cb_nettle_implementation,    \
	 .variant = (variant_)}

static const cb_kex_class x25519 = {.info = NETTLE_INFO(CB_KIND_KEX, "x25519", &nettle_rawkey), CB_X25519_RAW_METHODS,
				    .derive = x25519_derive, .import_secret = cb_x25519_raw_class_import};
static const cb_kex_class ecdh_p256 = {.info = NETTLE_INFO(CB_KIND_KEX, "ecdh-p256", &nettle_p256), CB_EC_KEX_METHODS};
static const cb_sig_class ecdsa_p256 = {.info = NETTLE_INFO(CB_KIND_SIG, "ecdsa-p256", &nettle_p256), CB_EC_SIG_METHODS,
					.sign = p256_sign, .verify = p256_verify};
static const cb_sig_class ed25519 = {.info = NETTLE_INFO(CB_KIND_SIG, "ed25519", &nettle_rawkey), CB_ED25519_RAW_METHODS,
				     .sign = ed25519_sign, .verify = ed25519_verify};

const cb_alg_info *const cb_nettle_ec_algs[] = {&x25519.info, &ed25519.info, &ecdsa_p256.info, &ecdh_p256.info, NULL};
