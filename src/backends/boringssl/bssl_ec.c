/*
 * BoringSSL elliptic curves: ECDSA and ECDH on P-256 (EC_KEY, with
 * BoringSSL's fiat-crypto / nistz256 P-256 field code), Ed25519 and X25519
 * (openssl/curve25519.h, its raw-byte API), with the OpenSSL classes'
 * encodings: P-256 keys as SPKI / PKCS#8 (EVP_marshal_* / EVP_parse_*),
 * ECDH public values as uncompressed X9.62 points, Ed25519 keys as RFC 8410
 * SPKI / PKCS#8 (src/core/der.c prefixes), X25519 keys raw (RFC 7748).
 */
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "backends/class_tables.h"
#include "core/der.h"
#include "core/util.h"
#include "cryptobench/kex.h"
#include "cryptobench/sig.h"

#ifdef CB_BSSL_BUILT

#include <openssl/bytestring.h>
#include <openssl/curve25519.h>
#include <openssl/ec.h>
#include <openssl/ec_key.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/mem.h>
#include <openssl/nid.h>
#include <openssl/sha.h>

#define P256_POINT 65

/* ------------------------------------------------------------------ P-256 */

struct p256_key {
	EVP_PKEY *pkey; /* owns ec */
	EC_KEY *ec;     /* borrowed from pkey */
	int has_secret;
	/* ECDH: the last peer, parsed */
	EC_POINT *peer;
	uint8_t peer_bytes[P256_POINT];
	size_t peer_len;
};

static void p256_free(void *p)
{
	struct p256_key *k = p;
	if (!k)
		return;
	EC_POINT_free(k->peer);
	EVP_PKEY_free(k->pkey); /* EC_KEY_free cleanses the scalar */
	OPENSSL_free(k);
}

/* A handle of pkey (taken); CB_ERR_INVALID_KEY unless it is a P-256 key. */
static int p256_wrap(EVP_PKEY *pkey, int has_secret, void **out)
{
	struct p256_key *k;
	EC_KEY *ec = EVP_PKEY_get0_EC_KEY(pkey);

	if (!ec || EC_GROUP_get_curve_name(EC_KEY_get0_group(ec)) != NID_X9_62_prime256v1 ||
	    !EC_KEY_get0_public_key(ec) || (has_secret && !EC_KEY_get0_private_key(ec))) {
		EVP_PKEY_free(pkey);
		return cb_bssl_fail(CB_ERR_INVALID_KEY);
	}
	k = OPENSSL_zalloc(sizeof(*k));
	if (!k) {
		EVP_PKEY_free(pkey);
		return CB_ERR_NOMEM;
	}
	k->pkey = pkey;
	k->ec = ec;
	k->has_secret = has_secret;
	*out = k;
	return CB_OK;
}

static int p256_keygen(const void *variant, const cb_opts *opts, void **out)
{
	EC_KEY *ec = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
	EVP_PKEY *pkey = EVP_PKEY_new();

	if (!out)
		return CB_ERR_ARG;
	*out = NULL;
	if (!ec || !pkey || !EC_KEY_generate_key(ec) || !EVP_PKEY_assign_EC_KEY(pkey, ec)) {
		EC_KEY_free(ec);
		EVP_PKEY_free(pkey);
		return cb_bssl_fail(CB_ERR_BACKEND);
	}
	return p256_wrap(pkey, 1, out);
}

/* DER SPKI / PKCS#8 (the canonical P-256 PKCS#8 carries no public key: it is computed). */
static int p256_import(const uint8_t *in, size_t len, int is_private, void **out)
{
	EVP_PKEY *pkey;
	int err;

	if ((err = cb_bssl_parse_key(in, len, is_private, EVP_PKEY_EC, out, &pkey)) != 0)
		return err;
	return p256_wrap(pkey, is_private, out);
}

static int p256_export_der(const void *p, int secret, uint8_t *out, size_t *outlen)
{
	const struct p256_key *k = p;

	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	if (secret && !k->has_secret)
		return CB_ERR_UNSUPPORTED;
	return cb_bssl_export_key(k->pkey, secret, out, outlen);
}

static int p256_export_spki(const void *p, uint8_t *out, size_t *outlen)
{
	return p256_export_der(p, 0, out, outlen);
}

static int p256_export_pkcs8(const void *p, uint8_t *out, size_t *outlen)
{
	return p256_export_der(p, 1, out, outlen);
}

/* ECDH: the public value is the uncompressed point. */
static int p256_export_point(const void *p, uint8_t *out, size_t *outlen)
{
	const struct p256_key *k = p;
	size_t n;

	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	if (*outlen < P256_POINT)
		return CB_ERR_LENGTH;
	n = EC_POINT_point2oct(EC_KEY_get0_group(k->ec), EC_KEY_get0_public_key(k->ec), POINT_CONVERSION_UNCOMPRESSED,
			       out, *outlen, NULL);
	if (n != P256_POINT)
		return cb_bssl_fail(CB_ERR_BACKEND);
	*outlen = n;
	return CB_OK;
}

static int ecdh_derive(void *p, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct p256_key *k = p;
	const EC_GROUP *g;

	if (!k || !peer || !ss || !sslen)
		return CB_ERR_ARG;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	if (!k->has_secret)
		return CB_ERR_UNSUPPORTED;
	g = EC_KEY_get0_group(k->ec);
	if (k->peer_len == 0 || peerlen != k->peer_len || memcmp(peer, k->peer_bytes, peerlen) != 0) {
		k->peer_len = 0;
		if (peerlen == 0 || peerlen > sizeof(k->peer_bytes))
			return CB_ERR_INVALID_KEY;
		if (!k->peer && !(k->peer = EC_POINT_new(g)))
			return CB_ERR_NOMEM;
		/* Checks that the point is on the curve (compressed points accepted, as OpenSSL). */
		if (!EC_POINT_oct2point(g, k->peer, peer, peerlen, NULL))
			return cb_bssl_fail(CB_ERR_INVALID_KEY);
		memcpy(k->peer_bytes, peer, peerlen);
		k->peer_len = peerlen;
	}
	if (ECDH_compute_key(ss, 32, k->peer, k->ec, NULL) != 32) {
		cb_wipe(ss, 32);
		return cb_bssl_fail(CB_ERR_BACKEND);
	}
	*sslen = 32;
	return CB_OK;
}

static size_t ecdsa_max_signature(const void *p)
{
	const struct p256_key *k = p;
	return k ? ECDSA_size(k->ec) : 0;
}

static int ecdsa_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct p256_key *k = p;
	uint8_t dg[SHA256_DIGEST_LENGTH];
	unsigned int n = 0;

	if (!k || (!m && mlen) || !sig || !siglen)
		return CB_ERR_ARG;
	if (!k->has_secret)
		return CB_ERR_UNSUPPORTED;
	if (*siglen < ECDSA_size(k->ec))
		return CB_ERR_LENGTH;
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

	if (!k || (!m && mlen) || (!sig && siglen))
		return CB_ERR_ARG;
	SHA256(m, mlen, dg);
	/* Strict DER: BoringSSL refuses a non-minimal or trailing encoding. */
	if (!ECDSA_verify(0, dg, sizeof(dg), sig, siglen, k->ec))
		return cb_bssl_fail(CB_ERR_VERIFY);
	return CB_OK;
}

/* One P-256 handle for both classes: their keygen and import entries (class_tables.h). */
static int p256_import_public(const void *variant, const uint8_t *in, size_t len, const cb_opts *opts, void **out)
{
	return p256_import(in, len, 0, out);
}

static int p256_import_secret(const void *variant, const uint8_t *in, size_t len, const cb_opts *opts, void **out)
{
	return p256_import(in, len, 1, out);
}

CB_KEX_ENTRIES(p256)
CB_KIND_ENTRIES(p256, sig)

static const cb_kex_class ecdh_p256 = {
	.info = BSSL_INFO(CB_KIND_KEX, "ecdh-p256",
			  "ECDH_compute_key on EC_KEY (BoringSSL's P-256: nistz256 assembly / fiat-crypto); the "
			  "parsed peer point is kept while the peer bytes repeat",
			  NULL),
	.keygen = p256_kex_keygen,
	.key_free = p256_free,
	.export_public = p256_export_point,
	.export_secret = p256_export_pkcs8,
	.derive = ecdh_derive,
	.import_secret = p256_kex_import_secret,
};

static const cb_sig_class ecdsa_p256 = {
	.info = BSSL_INFO(CB_KIND_SIG, "ecdsa-p256",
			  "ECDSA_sign / ECDSA_verify over SHA256() (BoringSSL's P-256: nistz256 assembly / "
			  "fiat-crypto); nonces from RAND bytes mixed with the key and digest",
			  NULL),
	.keygen = p256_sig_keygen,
	.key_free = p256_free,
	.export_public = p256_export_spki,
	.export_secret = p256_export_pkcs8,
	.max_signature = ecdsa_max_signature,
	.sign = ecdsa_sign,
	.verify = ecdsa_verify,
	.import_public = p256_sig_import_public,
	.import_secret = p256_sig_import_secret,
};

/* ------------------------------------------------------------------ Ed25519 */

struct ed_key {
	uint8_t priv[64]; /* seed || public key, BoringSSL's layout */
	uint8_t pub[32];
	int has_secret;
};

static void ed_key_free(void *p)
{
	if (p)
		cb_wipe(p, sizeof(struct ed_key));
	OPENSSL_free(p);
}

static int ed_new(struct ed_key **out)
{
	*out = OPENSSL_zalloc(sizeof(**out));
	return *out ? CB_OK : CB_ERR_NOMEM;
}

static int ed_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	struct ed_key *k;
	int r;

	if (!key)
		return CB_ERR_ARG;
	*key = NULL;
	if ((r = ed_new(&k)) != 0)
		return r;
	ED25519_keypair(k->pub, k->priv);
	k->has_secret = 1;
	*key = k;
	return CB_OK;
}

/* RFC 8410 SPKI / PKCS#8: the canonical prefix, then the public key or the 32-byte seed. */
static int ed_import(const uint8_t *in, size_t len, int secret, void **key)
{
	struct ed_key *k;
	const uint8_t *raw;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if (cb_key_get(CB_KEY_ED25519, secret, in, len, &raw) != 0)
		return CB_ERR_FORMAT;
	if ((r = ed_new(&k)) != 0)
		return r;
	if (secret)
		ED25519_keypair_from_seed(k->pub, k->priv, raw);
	else
		memcpy(k->pub, raw, 32);
	k->has_secret = secret;
	*key = k;
	return CB_OK;
}

static int ed_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	return ed_import(in, len, 1, key);
}

static int ed_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	return ed_import(in, len, 0, key);
}

static int ed_export_public(const void *p, uint8_t *out, size_t *outlen)
{
	const struct ed_key *k = p;
	return k ? cb_key_put(CB_KEY_ED25519, 0, k->pub, out, outlen) : CB_ERR_ARG;
}

static int ed_export_secret(const void *p, uint8_t *out, size_t *outlen)
{
	const struct ed_key *k = p;
	if (!k)
		return CB_ERR_ARG;
	if (!k->has_secret)
		return CB_ERR_UNSUPPORTED;
	return cb_key_put(CB_KEY_ED25519, 1, k->priv, out, outlen); /* the seed: priv's first half */
}

static size_t ed_max_signature(const void *p)
{
	(void)p;
	return 64;
}

static int ed_sign(void *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct ed_key *k = p;
	if (!k || (!m && mlen) || !sig || !siglen)
		return CB_ERR_ARG;
	if (!k->has_secret)
		return CB_ERR_UNSUPPORTED;
	if (*siglen < 64)
		return CB_ERR_LENGTH;
	if (!ED25519_sign(sig, m, mlen, k->priv))
		return cb_bssl_fail(CB_ERR_BACKEND);
	*siglen = 64;
	return CB_OK;
}

static int ed_verify(void *p, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct ed_key *k = p;
	if (!k || (!m && mlen) || (!sig && siglen))
		return CB_ERR_ARG;
	/* BoringSSL refuses S >= L itself. */
	if (siglen != 64 || !ED25519_verify(m, mlen, sig, k->pub))
		return CB_ERR_VERIFY;
	return CB_OK;
}

static const cb_sig_class ed25519 = {
	.info = BSSL_INFO(CB_KIND_SIG, "ed25519",
			  "ED25519_sign / ED25519_verify (BoringSSL's curve25519, fiat-crypto field arithmetic); "
			  "the handle keeps the 64-byte expanded private key",
			  NULL),
	CB_SIG_METHODS(ed),
};

/* ------------------------------------------------------------------ X25519 */

struct x_key {
	uint8_t priv[32];
	uint8_t pub[32];
};

static int x_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	struct x_key *k;
	if (!key)
		return CB_ERR_ARG;
	*key = NULL;
	if (!(k = OPENSSL_zalloc(sizeof(*k))))
		return CB_ERR_NOMEM;
	X25519_keypair(k->pub, k->priv);
	*key = k;
	return CB_OK;
}

static void x_key_free(void *p)
{
	if (p)
		cb_wipe(p, sizeof(struct x_key));
	OPENSSL_free(p);
}

/* The raw 32-byte scalar (RFC 7748). */
static int x_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	struct x_key *k;
	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if (len != 32)
		return CB_ERR_FORMAT;
	if (!(k = OPENSSL_zalloc(sizeof(*k))))
		return CB_ERR_NOMEM;
	memcpy(k->priv, in, 32);
	X25519_public_from_private(k->pub, k->priv);
	*key = k;
	return CB_OK;
}

static int x_export_public(const void *p, uint8_t *out, size_t *outlen)
{
	const struct x_key *k = p;
	return k && out && outlen ? cb_bytes_out(k->pub, 32, out, outlen) : CB_ERR_ARG;
}

static int x_export_secret(const void *p, uint8_t *out, size_t *outlen)
{
	const struct x_key *k = p;
	return k && out && outlen ? cb_bytes_out(k->priv, 32, out, outlen) : CB_ERR_ARG;
}

static int x_derive(void *p, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct x_key *k = p;
	if (!k || !peer || !ss || !sslen)
		return CB_ERR_ARG;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	if (peerlen != 32)
		return CB_ERR_INVALID_KEY;
	/* A low-order peer gives the all-zero secret, which X25519() refuses (as OpenSSL does). */
	if (!X25519(ss, k->priv, peer)) {
		cb_wipe(ss, 32);
		return CB_ERR_BACKEND;
	}
	*sslen = 32;
	return CB_OK;
}

static const cb_kex_class x25519 = {
	.info = BSSL_INFO(CB_KIND_KEX, "x25519",
			  "X25519() (BoringSSL's curve25519: fiat-crypto field arithmetic, the x86-64 ADX assembly "
			  "where the CPU has it); refuses the all-zero secret",
			  NULL),
	CB_KEX_METHODS(x),
};

const cb_alg_info *const cb_bssl_ec_algs[] = {&ecdsa_p256.info, &ed25519.info, &ecdh_p256.info, &x25519.info, NULL};

#endif
