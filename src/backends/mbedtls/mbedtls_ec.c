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
 * derive keeps the last peer's parsed and checked point in the handle.  One
 * handle for the three classes: their key files, public values and derive
 * are backends/ec_handle.h's.
 */
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/sha256.h>
#include <stdlib.h>
#include <string.h>

#include "backends/ec_handle.h"
#include "backends/mbedtls/mbedtls_common.h"
#include "core/der.h"
#include "core/util.h"

struct mec_key {
	cb_ec_handle base; /* first: the public value (X25519: 32 bytes), derive's last peer, has_secret */
	cbm_rng rng;
	mbedtls_ecp_keypair kp;
	mbedtls_ecp_point peer; /* derive's last peer, parsed and checked */
	uint8_t sk[32];         /* X25519: the scalar as given (mbedTLS keeps it clamped) */
};

static int mec_x25519(const struct mec_key *k)
{
	return k->kp.grp.id == MBEDTLS_ECP_DP_CURVE25519;
}

static void mec_free(void *p)
{
	struct mec_key *k = p;

	mbedtls_ecp_keypair_free(&k->kp);
	mbedtls_ecp_point_free(&k->peer);
	cbm_rng_free(&k->rng);
	cb_wipe(k, sizeof(*k));
	free(k);
}

/* A handle on the curve id, its generator seeded. */
static int mec_new(mbedtls_ecp_group_id id, void **key)
{
	struct mec_key *k = calloc(1, sizeof(*k));

	if (!k)
		return CB_ERR_NOMEM;
	if (cbm_rng_init(&k->rng) != 0) {
		free(k);
		return CB_ERR_RANDOM;
	}
	mbedtls_ecp_keypair_init(&k->kp);
	mbedtls_ecp_point_init(&k->peer);
	if (mbedtls_ecp_group_load(&k->kp.grp, id) != 0) {
		mec_free(k);
		return CB_ERR_BACKEND;
	}
	*key = k;
	return CB_OK;
}

/* Q into base.pub: the uncompressed point, or X25519's 32 bytes. */
static int mec_encode(struct mec_key *k)
{
	size_t n = 0;

	return mbedtls_ecp_point_write_binary(&k->kp.grp, &k->kp.Q, MBEDTLS_ECP_PF_UNCOMPRESSED, &n, k->base.pub,
					      sizeof(k->base.pub)) == 0
		       ? CB_OK
		       : CB_ERR_BACKEND;
}

/* d (mbedtls_ecp_read_key refuses it out of range), Q = dG. */
static int mec_set_secret(void *key, const uint8_t d[32])
{
	struct mec_key *k = key;

	if (mbedtls_ecp_read_key(k->kp.grp.id, &k->kp, d, 32) != 0)
		return CB_ERR_INVALID_KEY;
	if (mbedtls_ecp_mul(&k->kp.grp, &k->kp.Q, &k->kp.d, &k->kp.grp.G, cbm_rng_cb, &k->rng) != 0)
		return CB_ERR_BACKEND;
	memcpy(k->sk, d, 32);
	return mec_encode(k);
}

/* X25519: the top bit is masked (RFC 7748); mbedTLS rejects the low-order points. */
static int mec_set_point(void *key, int peer, const uint8_t *pt)
{
	struct mec_key *k = key;
	mbedtls_ecp_point *p = peer ? &k->peer : &k->kp.Q;

	if (mbedtls_ecp_point_read_binary(&k->kp.grp, p, pt, mec_x25519(k) ? 32 : 65) != 0 ||
	    mbedtls_ecp_check_pubkey(&k->kp.grp, p) != 0)
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

static int mec_shared(void *key, uint8_t x[32])
{
	struct mec_key *k = key;
	mbedtls_mpi z;
	int r;

	mbedtls_mpi_init(&z);
	r = mbedtls_ecdh_compute_shared(&k->kp.grp, &z, &k->peer, &k->kp.d, cbm_rng_cb, &k->rng);
	if (r == 0)
		r = mec_x25519(k) ? mbedtls_mpi_write_binary_le(&z, x, 32) : mbedtls_mpi_write_binary(&z, x, 32);
	mbedtls_mpi_free(&z);
	return r == 0 ? CB_OK : CB_ERR_INVALID_KEY;
}

static int mec_get_secret(const void *key, uint8_t d[32])
{
	const struct mec_key *k = key;

	if (mec_x25519(k)) {
		memcpy(d, k->sk, 32);
		return CB_OK;
	}
	return mbedtls_mpi_write_binary(&k->kp.d, d, 32) == 0 ? CB_OK : CB_ERR_BACKEND;
}

/* X25519: raw 32-byte keys (RFC 7748, ec_handle.h); the secret drawn from the handle's CTR_DRBG. */

static int x25519_new(void **key)
{
	return mec_new(MBEDTLS_ECP_DP_CURVE25519, key);
}

static int x25519_generate(void *key)
{
	struct mec_key *k = key;
	uint8_t sk[32];
	int r = mbedtls_ctr_drbg_random(&k->rng.drbg, sk, sizeof(sk)) != 0 ? CB_ERR_RANDOM : mec_set_secret(k, sk);

	cb_wipe(sk, sizeof(sk));
	return r;
}

static const cb_ec_lib mbedtls_x25519 = {x25519_new,    mec_free,       x25519_generate, mec_set_secret,
					 mec_set_point, mec_get_secret, mec_shared};

static const cb_kex_class x25519 = {
	.info = {CB_KIND_KEX, "x25519", "mbedtls", "mbedtls_ecp Montgomery ladder on its generic bignum code (x86-64 "
		 "inline-assembly multiply, no X25519-specific field arithmetic); each derive passes the handle's "
		 "CTR_DRBG, which randomises the coordinates",
		 NULL, cb_mbedtls_implementation, &mbedtls_x25519},
	CB_EC_KEX_METHODS,
};

/* P-256 keys: ECDH and ECDSA share the handle (ec_handle.h). */

static int p256_new(void **key)
{
	return mec_new(MBEDTLS_ECP_DP_SECP256R1, key);
}

static int p256_generate(void *key)
{
	struct mec_key *k = key;

	if (mbedtls_ecp_gen_key(MBEDTLS_ECP_DP_SECP256R1, &k->kp, cbm_rng_cb, &k->rng) != 0)
		return CB_ERR_BACKEND;
	return mec_encode(k);
}

static const cb_ec_lib mbedtls_p256 = {p256_new,      mec_free,       p256_generate, mec_set_secret,
				       mec_set_point, mec_get_secret, mec_shared};

static const cb_kex_class ecdh_p256 = {
	.info = {CB_KIND_KEX, "ecdh-p256", "mbedtls", "mbedtls_ecdh_compute_shared with the handle's CTR_DRBG "
		 "(randomised coordinates); generic bignum (x86-64 inline-assembly multiply) with NIST fast reduction", NULL,
		 cb_mbedtls_implementation, &mbedtls_p256},
	CB_EC_KEX_METHODS,
};

/* ECDSA P-256 with SHA-256. */

static int ecdsa_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct mec_key *k = key;
	uint8_t h[32], buf[MBEDTLS_ECDSA_MAX_LEN];
	size_t n = 0;

	if (!k->base.has_secret)
		return CB_ERR_ARG;
	if (mbedtls_sha256_ret(m, mlen, h, 0) != 0)
		return CB_ERR_BACKEND;
	if (mbedtls_ecdsa_write_signature(&k->kp, MBEDTLS_MD_SHA256, h, sizeof(h), buf, &n, cbm_rng_cb, &k->rng) != 0)
		return CB_ERR_BACKEND;
	return cb_bytes_out(buf, n, sig, siglen);
}

static int ecdsa_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct mec_key *k = key;
	uint8_t h[32], rb[32], sb[32];
	mbedtls_mpi r, s;
	int ret;

	/* Strict DER here (core/der.c), as OpenSSL; mbedTLS's reader is laxer on lengths. */
	if (cb_der_sig_decode(sig, siglen, rb, sb) != 0)
		return CB_ERR_VERIFY;
	if (mbedtls_sha256_ret(m, mlen, h, 0) != 0)
		return CB_ERR_BACKEND;
	mbedtls_mpi_init(&r);
	mbedtls_mpi_init(&s);
	ret = mbedtls_mpi_read_binary(&r, rb, 32);
	if (ret == 0)
		ret = mbedtls_mpi_read_binary(&s, sb, 32);
	if (ret == 0)
		ret = mbedtls_ecdsa_verify(&k->kp.grp, h, sizeof(h), &k->kp.Q, &r, &s);
	mbedtls_mpi_free(&r);
	mbedtls_mpi_free(&s);
	if (ret == 0)
		return CB_OK;
	return ret == MBEDTLS_ERR_ECP_VERIFY_FAILED ? CB_ERR_VERIFY : CB_ERR_BACKEND;
}

static const cb_sig_class ecdsa_p256 = {
	.info = {CB_KIND_SIG, "ecdsa-p256", "mbedtls", "RFC 6979 deterministic nonces (MBEDTLS_ECDSA_DETERMINISTIC); "
		 "the handle's CTR_DRBG is passed for blinding only; signatures parsed by strict DER here",
		 NULL, cb_mbedtls_implementation, &mbedtls_p256},
	CB_EC_SIG_METHODS,
	.sign = ecdsa_sign,
	.verify = ecdsa_verify,
};

const cb_alg_info *const cb_mbedtls_ec_algs[] = {&x25519.info, &ecdh_p256.info, &ecdsa_p256.info, NULL};
