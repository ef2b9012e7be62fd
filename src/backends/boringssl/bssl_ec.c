/*
 * BoringSSL elliptic curves: ECDSA and ECDH on P-256 (EC_KEY, with
 * BoringSSL's fiat-crypto / nistz256 P-256 field code), Ed25519 and X25519
 * (openssl/curve25519.h, its raw-byte API), with the OpenSSL classes'
 * encodings.  The P-256 key is one EC_KEY behind both classes
 * (backends/ec_handle.h: SPKI / PKCS#8 key files, uncompressed ECDH
 * public values, the last peer kept); the curve25519 keys are their bytes
 * (core/rawkey.h: Ed25519 keys as RFC 8410 SPKI / PKCS#8, X25519 keys raw,
 * RFC 7748), made by BoringSSL's own keypair calls.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "backends/ec_handle.h"
#include "core/rawkey.h"
#include "core/util.h"

#ifdef CB_BSSL_BUILT

#include <openssl/bn.h>
#include <openssl/curve25519.h>
#include <openssl/ec.h>
#include <openssl/ec_key.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/mem.h>
#include <openssl/nid.h>
#include <openssl/sha.h>

/* ------------------------------------------------------------------ P-256 */

/* One handle for both P-256 classes (ec_handle.h): BoringSSL's EC_KEY, and derive's last peer point. */
struct p256_key {
	cb_ec_handle base; /* first */
	EC_KEY *ec;
	EC_POINT *peer;
};

static void p256_free(void *p)
{
	struct p256_key *k = p;

	EC_POINT_free(k->peer);
	EC_KEY_free(k->ec); /* cleanses the scalar */
	OPENSSL_free(k);
}

static int p256_new(void **key)
{
	struct p256_key *k = OPENSSL_zalloc(sizeof(*k));

	if (k && (k->ec = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1)) &&
	    (k->peer = EC_POINT_new(EC_KEY_get0_group(k->ec)))) {
		*key = k;
		return CB_OK;
	}
	if (k)
		p256_free(k);
	return CB_ERR_NOMEM;
}

/* The handle's public point into base.pub (uncompressed). */
static int p256_encode(struct p256_key *k)
{
	const EC_GROUP *g = EC_KEY_get0_group(k->ec);
	size_t n = EC_POINT_point2oct(g, EC_KEY_get0_public_key(k->ec), POINT_CONVERSION_UNCOMPRESSED, k->base.pub,
				      sizeof(k->base.pub), NULL);

	return n == sizeof(k->base.pub) ? CB_OK : cb_bssl_fail(CB_ERR_BACKEND);
}

static int p256_generate(void *key)
{
	struct p256_key *k = key;

	return EC_KEY_generate_key(k->ec) ? p256_encode(k) : cb_bssl_fail(CB_ERR_BACKEND);
}

/* d (refused outside [1, n-1] by EC_KEY_set_private_key) and Q = dG. */
static int p256_set_secret(void *key, const uint8_t d[32])
{
	struct p256_key *k = key;
	const EC_GROUP *g = EC_KEY_get0_group(k->ec);
	BIGNUM *bn = BN_bin2bn(d, 32, NULL);
	EC_POINT *q = EC_POINT_new(g);
	int r = CB_ERR_NOMEM;

	if (bn && q)
		r = EC_KEY_set_private_key(k->ec, bn) ? CB_OK : CB_ERR_INVALID_KEY;
	if (!r && (!EC_POINT_mul(g, q, bn, NULL, NULL, NULL) || !EC_KEY_set_public_key(k->ec, q)))
		r = CB_ERR_BACKEND;
	BN_clear_free(bn);
	EC_POINT_free(q);
	return r ? cb_bssl_fail(r) : p256_encode(k);
}

/* EC_POINT_oct2point checks that the point is on the curve. */
static int p256_set_point(void *key, int peer, const uint8_t pt[65])
{
	struct p256_key *k = key;

	if (!EC_POINT_oct2point(EC_KEY_get0_group(k->ec), k->peer, pt, 65, NULL) ||
	    (!peer && !EC_KEY_set_public_key(k->ec, k->peer)))
		return cb_bssl_fail(CB_ERR_INVALID_KEY);
	return CB_OK;
}

static int p256_get_secret(const void *key, uint8_t d[32])
{
	const struct p256_key *k = key;

	return BN_bn2bin_padded(d, 32, EC_KEY_get0_private_key(k->ec)) ? CB_OK : CB_ERR_BACKEND;
}

static int p256_shared(void *key, uint8_t x[32])
{
	struct p256_key *k = key;

	return ECDH_compute_key(x, 32, k->peer, k->ec, NULL) == 32 ? CB_OK : cb_bssl_fail(CB_ERR_BACKEND);
}

static const cb_ec_lib bssl_p256 = {p256_new,       p256_free,       p256_generate, p256_set_secret,
				    p256_set_point, p256_get_secret, p256_shared};

static int ecdsa_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct p256_key *k = p;
	uint8_t dg[SHA256_DIGEST_LENGTH];
	unsigned int n = 0;

	if (!k->base.has_secret)
		return CB_ERR_UNSUPPORTED;
	SHA256(m, mlen, dg);
	if (!ECDSA_sign(0, dg, sizeof(dg), sig, &n, k->ec))
		return cb_bssl_fail(CB_ERR_BACKEND);
	*siglen = n;
	return CB_OK;
}

static int ecdsa_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct p256_key *k = p;
	uint8_t dg[SHA256_DIGEST_LENGTH];

	SHA256(m, mlen, dg);
	/* Strict DER: BoringSSL refuses a non-minimal or trailing encoding. */
	if (!ECDSA_verify(0, dg, sizeof(dg), sig, siglen, k->ec))
		return cb_bssl_fail(CB_ERR_VERIFY);
	return CB_OK;
}

static const cb_kex_class ecdh_p256 = {
	.info = BSSL_INFO(CB_KIND_KEX, "ecdh-p256",
			  "ECDH_compute_key on EC_KEY (BoringSSL's P-256: nistz256 assembly / fiat-crypto); the "
			  "parsed peer point is kept while the peer bytes repeat",
			  &bssl_p256),
	CB_EC_KEX_METHODS,
};

static const cb_sig_class ecdsa_p256 = {
	.info = BSSL_INFO(CB_KIND_SIG, "ecdsa-p256",
			  "ECDSA_sign / ECDSA_verify over SHA256() (BoringSSL's P-256: nistz256 assembly / "
			  "fiat-crypto); nonces from RAND bytes mixed with the key and digest",
			  &bssl_p256),
	CB_EC_SIG_METHODS,
	.sign = ecdsa_sign,
	.verify = ecdsa_verify,
};

/* ------------------------------------------------------- Ed25519 and X25519 */

/* BoringSSL's keys are their bytes (rawkey.h); the classes' keygen is its own keypair call. */
static int x_base(uint8_t pk[32], const uint8_t sk[32])
{
	X25519_public_from_private(pk, sk);
	return CB_OK;
}

/* The public key of the seed sk[0..32) into sk + 32; the copy of seed || public key it also writes is wiped. */
static int ed_pub(uint8_t sk[64])
{
	uint8_t full[64];

	ED25519_keypair_from_seed(sk + 32, full, sk);
	cb_wipe(full, sizeof(full));
	return CB_OK;
}

static const cb_rawkey_lib bssl_rawkey = {NULL, NULL, x_base, ed_pub};

static int ed_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	cb_ed25519_raw *k = calloc(1, sizeof(*k));

	if (!(*key = k))
		return CB_ERR_NOMEM;
	ED25519_keypair(CB_ED25519_PK(k), k->sk);
	k->has_secret = 1;
	return CB_OK;
}

static int ed_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	cb_ed25519_raw *k = p;

	if (!k->has_secret)
		return CB_ERR_UNSUPPORTED;
	if (!ED25519_sign(sig, m, mlen, k->sk))
		return cb_bssl_fail(CB_ERR_BACKEND);
	*siglen = 64;
	return CB_OK;
}

/* The layer has checked the length and S < L (BoringSSL refuses S >= L too). */
static int ed_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	cb_ed25519_raw *k = p;

	return siglen == 64 && ED25519_verify(m, mlen, sig, CB_ED25519_PK(k)) ? CB_OK : CB_ERR_VERIFY;
}

static const cb_sig_class ed25519 = {
	.info = BSSL_INFO(CB_KIND_SIG, "ed25519",
			  "ED25519_sign / ED25519_verify (BoringSSL's curve25519, fiat-crypto field arithmetic); "
			  "the handle keeps the 64-byte expanded private key",
			  &bssl_rawkey),
	.keygen = ed_keygen, .key_free = cb_ed25519_raw_free, .export_public = cb_ed25519_raw_export_public,
	.export_secret = cb_ed25519_raw_export_secret, .max_signature = cb_ed25519_raw_max_signature, .sign = ed_sign,
	.verify = ed_verify, .import_public = cb_ed25519_raw_class_import_public,
	.import_secret = cb_ed25519_raw_class_import_secret,
};

static int x_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	cb_x25519_raw *k = calloc(1, sizeof(*k));

	if (!(*key = k))
		return CB_ERR_NOMEM;
	X25519_keypair(k->pk, k->sk);
	return CB_OK;
}

/* A low-order peer gives the all-zero secret, which X25519() refuses (as OpenSSL does). */
static int x_derive(void *p, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	cb_x25519_raw *k = p;

	if (peerlen != 32)
		return CB_ERR_INVALID_KEY;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	if (!X25519(ss, k->sk, peer))
		return CB_ERR_BACKEND;
	*sslen = 32;
	return CB_OK;
}

static const cb_kex_class x25519 = {
	.info = BSSL_INFO(CB_KIND_KEX, "x25519",
			  "X25519() (BoringSSL's curve25519: fiat-crypto field arithmetic, the x86-64 ADX assembly "
			  "where the CPU has it); refuses the all-zero secret",
			  &bssl_rawkey),
	.keygen = x_keygen, .key_free = cb_x25519_raw_free, .export_public = cb_x25519_raw_export_public,
	.export_secret = cb_x25519_raw_export_secret, .derive = x_derive, .import_secret = cb_x25519_raw_class_import,
};

const cb_alg_info *const cb_bssl_ec_algs[] = {&ecdsa_p256.info, &ed25519.info, &ecdh_p256.info, &x25519.info, NULL};

#endif
