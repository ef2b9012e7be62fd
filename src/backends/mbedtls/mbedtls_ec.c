/*
 * mbedTLS elliptic-curve classes under the OpenSSL classes' names and
 * encodings:
 *
 *   kex  x25519      public and secret: raw 32 bytes (RFC 7748)
 *   kex  ecdh-p256   public: uncompressed X9.62 point (65 bytes); secret:
 *                    DER PKCS#8; shared secret: the x-coordinate
 *   sig  ecdsa-p256  SHA-256, DER signatures; public: SPKI DER; secret:
 *                    DER PKCS#8
 *
 * Each key handle owns a CTR_DRBG seeded from mbedtls_entropy and passes it
 * to every operation: mbedTLS uses it to randomise the projective
 * coordinates of the scalar multiplication (blinding).  ECDSA nonces are
 * RFC 6979 deterministic (Debian builds with MBEDTLS_ECDSA_DETERMINISTIC).
 * derive keeps the last peer's parsed and checked point in the handle.
 */
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/sha256.h>
#include <stdlib.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/mbedtls/mbedtls_common.h"
#include "core/der.h"
#include "core/util.h"

#define P256_POINT 65
#define X25519_LEN 32

struct mec_key {
	cbm_key base; /* first: the generator, P-256's key in pk, has_secret (0: a verify-only handle) */
	int x25519;   /* else P-256 */
	mbedtls_ecp_keypair xk; /* X25519 */
	uint8_t sk[X25519_LEN]; /* X25519: the scalar as given (mbedTLS keeps it clamped) */
	/* The last peer of derive. */
	mbedtls_ecp_point peer;
	uint8_t peer_raw[P256_POINT];
	size_t peer_len;
};

static mbedtls_ecp_keypair *mec_ec(struct mec_key *k)
{
	return k->x25519 ? &k->xk : mbedtls_pk_ec(k->base.pk);
}

static void mec_free(void *p)
{
	struct mec_key *k = p;
	if (!k)
		return;
	mbedtls_ecp_keypair_free(&k->xk);
	mbedtls_ecp_point_free(&k->peer);
	cbm_key_free(k, sizeof(*k));
}

static int mec_new(int x25519, struct mec_key **out)
{
	void *key;
	int r;

	*out = NULL;
	if ((r = cbm_key_new(sizeof(**out), &key)) != 0)
		return r;
	*out = key;
	(*out)->x25519 = x25519;
	mbedtls_ecp_keypair_init(&(*out)->xk);
	mbedtls_ecp_point_init(&(*out)->peer);
	return CB_OK;
}

/* X25519 */

static int x25519_set_secret(struct mec_key *k, const uint8_t sk[X25519_LEN])
{
	mbedtls_ecp_keypair *e = &k->xk;

	if (mbedtls_ecp_read_key(MBEDTLS_ECP_DP_CURVE25519, e, sk, X25519_LEN) != 0)
		return CB_ERR_INVALID_KEY;
	if (mbedtls_ecp_mul(&e->grp, &e->Q, &e->d, &e->grp.G, cbm_rng_cb, &k->base.rng) != 0)
		return CB_ERR_BACKEND;
	memcpy(k->sk, sk, X25519_LEN);
	k->base.has_secret = 1;
	return CB_OK;
}

static int p256_is_ours(mbedtls_pk_context *pk)
{
	return mbedtls_pk_get_type(pk) == MBEDTLS_PK_ECKEY && mbedtls_pk_ec(*pk)->grp.id == MBEDTLS_ECP_DP_SECP256R1;
}

/* A class's variant is its curve (a const mbedtls_ecp_group_id): X25519 or P-256. */
static const mbedtls_ecp_group_id v_x25519 = MBEDTLS_ECP_DP_CURVE25519, v_p256 = MBEDTLS_ECP_DP_SECP256R1;

static int mec_keygen(const mbedtls_ecp_group_id *grp, const cb_opts *opts, void **key)
{
	int x25519 = *grp == MBEDTLS_ECP_DP_CURVE25519;
	struct mec_key *k;
	uint8_t sk[X25519_LEN];
	int r;

	*key = NULL;
	if ((r = mec_new(x25519, &k)) != 0)
		return r;
	if (x25519) {
		if (mbedtls_ctr_drbg_random(&k->base.rng.drbg, sk, sizeof(sk)) != 0)
			r = CB_ERR_RANDOM;
		else
			r = x25519_set_secret(k, sk);
		cb_wipe(sk, sizeof(sk));
	} else if (mbedtls_pk_setup(&k->base.pk, mbedtls_pk_info_from_type(MBEDTLS_PK_ECKEY)) != 0 ||
		   mbedtls_ecp_gen_key(MBEDTLS_ECP_DP_SECP256R1, mbedtls_pk_ec(k->base.pk), cbm_rng_cb,
				       &k->base.rng) != 0) {
		r = CB_ERR_BACKEND;
	} else {
		k->base.has_secret = 1;
	}
	if (r) {
		mec_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

/* X25519: the raw 32 bytes; P-256: DER PKCS#8 (mbedTLS also reads SEC1 and PEM). */
static int mec_import_secret(const mbedtls_ecp_group_id *grp, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key)
{
	int x25519 = *grp == MBEDTLS_ECP_DP_CURVE25519;
	struct mec_key *k;
	int r;

	*key = NULL;
	if (x25519 && len != X25519_LEN)
		return CB_ERR_FORMAT;
	if ((r = mec_new(x25519, &k)) != 0)
		return r;
	if (x25519)
		r = x25519_set_secret(k, in);
	else if (mbedtls_pk_parse_key(&k->base.pk, in, len, NULL, 0) != 0)
		r = CB_ERR_FORMAT;
	else if (!p256_is_ours(&k->base.pk) ||
		 mbedtls_ecp_check_privkey(&mbedtls_pk_ec(k->base.pk)->grp, &mbedtls_pk_ec(k->base.pk)->d))
		r = CB_ERR_INVALID_KEY;
	else
		k->base.has_secret = 1;
	if (r) {
		mec_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

/* The class methods read the curve from the class; ECDH and ECDSA P-256 share the handle (class_tables.h). */
CB_KEX_ENTRIES(mec)
CB_KEYGEN_ENTRY(mec, sig)
CB_IMPORT_ENTRY(mec, sig, secret)

/* x25519: 32 little-endian bytes; P-256: the uncompressed point. */
static int mec_export_point(const void *key, uint8_t *out, size_t *outlen)
{
	struct mec_key *k = (struct mec_key *)key;
	mbedtls_ecp_keypair *e;
	uint8_t buf[P256_POINT];
	size_t n = 0;

	e = mec_ec(k);
	if (mbedtls_ecp_point_write_binary(&e->grp, &e->Q, MBEDTLS_ECP_PF_UNCOMPRESSED, &n, buf, sizeof(buf)) != 0)
		return CB_ERR_BACKEND;
	return cb_bytes_out(buf, n, out, outlen);
}

static int x25519_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const struct mec_key *k = key;
	if (!k || !k->base.has_secret)
		return CB_ERR_ARG;
	return cb_bytes_out(k->sk, sizeof(k->sk), out, outlen);
}

static int mec_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	struct mec_key *k = key;
	mbedtls_ecp_keypair *e;
	mbedtls_mpi z;
	size_t want;
	int r;

	want = k->x25519 ? X25519_LEN : P256_POINT;
	if (peerlen != want)
		return CB_ERR_LENGTH;
	if (*sslen < 32)
		return CB_ERR_LENGTH;
	if (!k->base.has_secret)
		return CB_ERR_ARG;
	e = mec_ec(k);
	if (k->peer_len != peerlen || memcmp(k->peer_raw, peer, peerlen) != 0) {
		k->peer_len = 0;
		/* X25519: the top bit is masked (RFC 7748); mbedTLS rejects the low-order points. */
		if (mbedtls_ecp_point_read_binary(&e->grp, &k->peer, peer, peerlen) != 0 ||
		    mbedtls_ecp_check_pubkey(&e->grp, &k->peer) != 0)
			return CB_ERR_INVALID_KEY;
		memcpy(k->peer_raw, peer, peerlen);
		k->peer_len = peerlen;
	}
	mbedtls_mpi_init(&z);
	r = mbedtls_ecdh_compute_shared(&e->grp, &z, &k->peer, &e->d, cbm_rng_cb, &k->base.rng);
	if (r == 0)
		r = k->x25519 ? mbedtls_mpi_write_binary_le(&z, ss, 32) : mbedtls_mpi_write_binary(&z, ss, 32);
	mbedtls_mpi_free(&z);
	if (r != 0) {
		cb_wipe(ss, 32);
		return CB_ERR_INVALID_KEY;
	}
	*sslen = 32;
	return CB_OK;
}

const cb_kex_class cb_mbedtls_x25519 = {
	.info = {CB_KIND_KEX, "x25519", "mbedtls", "mbedtls_ecp Montgomery ladder on its generic bignum code (x86-64 "
		 "inline-assembly multiply, no X25519-specific field arithmetic); each derive passes the handle's "
		 "CTR_DRBG, which randomises the coordinates",
		 NULL, cb_mbedtls_implementation, &v_x25519},
	.keygen = mec_kex_keygen,
	.key_free = mec_free,
	.export_public = mec_export_point,
	.export_secret = x25519_export_secret,
	.derive = mec_derive,
	.import_secret = mec_kex_import_secret,
};

/* P-256 keys: ECDH and ECDSA share the handle. */

const cb_kex_class cb_mbedtls_ecdh_p256 = {
	.info = {CB_KIND_KEX, "ecdh-p256", "mbedtls", "mbedtls_ecdh_compute_shared with the handle's CTR_DRBG "
		 "(randomised coordinates); generic bignum (x86-64 inline-assembly multiply) with NIST fast reduction", NULL,
		 cb_mbedtls_implementation, &v_p256},
	.keygen = mec_kex_keygen,
	.key_free = mec_free,
	.export_public = mec_export_point,
	.export_secret = cbm_key_export_pkcs8,
	.derive = mec_derive,
	.import_secret = mec_kex_import_secret,
};

/* ECDSA P-256 with SHA-256. */

static int ecdsa_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	struct mec_key *k;
	int r;

	*key = NULL;
	if ((r = mec_new(0, &k)) != 0)
		return r;
	/* SPKI DER, nothing after it; the point is checked to be on the curve. */
	if (mbedtls_pk_parse_public_key(&k->base.pk, in, len) != 0) {
		mec_free(k);
		return CB_ERR_FORMAT;
	}
	if (!p256_is_ours(&k->base.pk)) {
		mec_free(k);
		return CB_ERR_INVALID_KEY;
	}
	*key = k;
	return CB_OK;
}

static size_t ecdsa_max_signature(const void *key)
{
	(void)key;
	return 72;
}

static int ecdsa_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct mec_key *k = key;
	uint8_t h[32], buf[MBEDTLS_ECDSA_MAX_LEN];
	size_t n = 0;
	int r;

	if (!k->base.has_secret)
		return CB_ERR_ARG;
	if (mbedtls_sha256_ret(m, mlen, h, 0) != 0)
		return CB_ERR_BACKEND;
	r = mbedtls_ecdsa_write_signature(mbedtls_pk_ec(k->base.pk), MBEDTLS_MD_SHA256, h, sizeof(h), buf, &n,
					  cbm_rng_cb, &k->base.rng);
	if (r != 0)
		return CB_ERR_BACKEND;
	return cb_bytes_out(buf, n, sig, siglen);
}

static int ecdsa_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct mec_key *k = key;
	mbedtls_ecp_keypair *e;
	uint8_t h[32], rb[32], sb[32];
	mbedtls_mpi r, s;
	int ret;

	/* Strict DER here (core/der.c), as OpenSSL; mbedTLS's reader is laxer on lengths. */
	if (cb_der_sig_decode(sig, siglen, rb, sb) != 0)
		return CB_ERR_VERIFY;
	if (mbedtls_sha256_ret(m, mlen, h, 0) != 0)
		return CB_ERR_BACKEND;
	e = mbedtls_pk_ec(k->base.pk);
	mbedtls_mpi_init(&r);
	mbedtls_mpi_init(&s);
	ret = mbedtls_mpi_read_binary(&r, rb, 32);
	if (ret == 0)
		ret = mbedtls_mpi_read_binary(&s, sb, 32);
	if (ret == 0)
		ret = mbedtls_ecdsa_verify(&e->grp, h, sizeof(h), &e->Q, &r, &s);
	mbedtls_mpi_free(&r);
	mbedtls_mpi_free(&s);
	if (ret == 0)
		return CB_OK;
	return ret == MBEDTLS_ERR_ECP_VERIFY_FAILED ? CB_ERR_VERIFY : CB_ERR_BACKEND;
}

const cb_sig_class cb_mbedtls_ecdsa_p256 = {
	.info = {CB_KIND_SIG, "ecdsa-p256", "mbedtls", "RFC 6979 deterministic nonces (MBEDTLS_ECDSA_DETERMINISTIC); "
		 "the handle's CTR_DRBG is passed for blinding only; signatures parsed by strict DER here",
		 NULL, cb_mbedtls_implementation, &v_p256},
	.keygen = mec_sig_keygen,
	.key_free = mec_free,
	.export_public = cbm_key_export_spki,
	.export_secret = cbm_key_export_pkcs8,
	.max_signature = ecdsa_max_signature,
	.sign = ecdsa_sign,
	.verify = ecdsa_verify,
	.import_public = ecdsa_import_public,
	.import_secret = mec_sig_import_secret, /* the ECDH and ECDSA handles are one struct */
};
