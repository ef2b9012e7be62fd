/*
 * nettle/hogweed RSA (RFC 8017) under the OpenSSL classes' names:
 *
 *   pke  rsaN-pkcs1          PKCS#1 v1.5 encryption (rsa_encrypt /
 *                            rsa_decrypt_tr: the message length is not
 *                            known in advance, so not rsa_sec_decrypt)
 *   sig  rsaN-pkcs1-sha256   PKCS#1 v1.5 signature (rsa_sha256_sign_tr)
 *   sig  rsaN-pss-sha256     PSS, MGF1-SHA-256, 32-byte salt
 *
 * The handle and its key files are rsa_handle.h's, over hogweed's key
 * numbers.  nettle 3.8 has no OAEP: no oaep classes.  GMP numbers are
 * made only by hogweed (rsa_*_key_init, dsa_signature_init): the build
 * links hogweed but not GMP.
 */
#include <nettle/bignum.h>
#include <nettle/dsa.h>
#include <nettle/rsa.h>
#include <nettle/sha2.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/nettle/nettle_common.h"
#include "backends/rsa_handle.h"
#include "core/util.h"

#define PSS_SALT 32

struct nrsa_key {
	cb_rsa_handle h; /* first (rsa_handle.h) */
	struct rsa_public_key pub;
	struct rsa_private_key priv;
	struct sha256_ctx sha;
	struct dsa_signature t; /* r: the big number of the operation; s: spare */
};

/* The key's numbers in RFC 8017's order: n, e, d, p, q, dP (a), dQ (b), qInv (c). */
static void nrsa_ints(struct nrsa_key *k, mpz_ptr x[CB_RSA_INTS])
{
	mpz_ptr all[CB_RSA_INTS] = {k->pub.n, k->pub.e, k->priv.d, k->priv.p,
				    k->priv.q, k->priv.a, k->priv.b, k->priv.c};

	memcpy(x, all, sizeof(all));
}

static int nrsa_init(void *key)
{
	struct nrsa_key *k = key;

	rsa_public_key_init(&k->pub);
	rsa_private_key_init(&k->priv);
	dsa_signature_init(&k->t);
	return CB_OK;
}

/* The secret numbers wiped (the limbs hogweed allocated), then cleared. */
static void nrsa_clear(void *key)
{
	struct nrsa_key *k = key;
	mpz_ptr x[CB_RSA_INTS];

	nrsa_ints(k, x);
	x[CB_RSA_N] = k->t.r;
	for (int i = CB_RSA_N; i < CB_RSA_INTS; i++)
		if (i != CB_RSA_E)
			cb_wipe(x[i]->_mp_d, (size_t)x[i]->_mp_alloc * sizeof(mp_limb_t));
	rsa_private_key_clear(&k->priv);
	rsa_public_key_clear(&k->pub);
	dsa_signature_clear(&k->t);
}

static int nrsa_generate(void *key)
{
	struct nrsa_key *k = key;
	struct cb_nettle_rand rnd = {0};

	nettle_mpz_set_str_256_u(k->pub.e, 3, (const uint8_t *)"\x01\x00\x01");
	if (!rsa_generate_keypair(&k->pub, &k->priv, &rnd, cb_nettle_random, NULL, NULL, k->h.v->bits, 0) ||
	    rnd.failed)
		return rnd.failed ? CB_ERR_RANDOM : CB_ERR_BACKEND;
	return CB_OK;
}

static int nrsa_set(void *key, int secret, const cb_rsa_ints *x)
{
	struct nrsa_key *k = key;
	mpz_ptr m[CB_RSA_INTS];

	nrsa_ints(k, m);
	for (int i = 0; i < (secret ? CB_RSA_INTS : 2); i++)
		nettle_mpz_set_str_256_u(m[i], x->len[i], x->v[i]);
	if (!rsa_public_key_prepare(&k->pub) || (secret && !rsa_private_key_prepare(&k->priv)))
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

static int nrsa_get(const void *key, int count, uint8_t *out)
{
	struct nrsa_key *k = (struct nrsa_key *)key; /* hogweed reads the numbers only */
	mpz_ptr m[CB_RSA_INTS];

	nrsa_ints(k, m);
	for (int i = 0; i < count; i++)
		nettle_mpz_get_str_256(k->h.k, out + i * k->h.k, m[i]);
	return CB_OK;
}

/* 0 when the k-byte big-endian value in is below the modulus. */
static int below_n(const struct nrsa_key *k, const uint8_t *in)
{
	return memcmp(in, k->h.n, k->h.k) < 0 ? CB_OK : CB_ERR_ARG;
}

/* ---- encryption */

static int nrsa_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct nrsa_key *k = key;
	struct cb_nettle_rand rnd = {0};

	/* the layer checked mlen <= k - 11 */
	if (!rsa_encrypt(&k->pub, &rnd, cb_nettle_random, mlen, m, k->t.r))
		return CB_ERR_BACKEND;
	if (rnd.failed)
		return CB_ERR_RANDOM;
	nettle_mpz_get_str_256(k->h.k, c, k->t.r);
	*clen = k->h.k;
	return CB_OK;
}

static int nrsa_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct nrsa_key *k = key;
	struct cb_nettle_rand rnd = {0};
	size_t n;

	if (!k->h.has_secret)
		return CB_ERR_ARG;
	if (clen != k->h.k || below_n(k, c) != 0)
		return CB_ERR_DECRYPT;
	nettle_mpz_set_str_256_u(k->t.r, clen, c);
	n = *mlen;
	if (!rsa_decrypt_tr(&k->pub, &k->priv, &rnd, cb_nettle_random, &n, m, k->t.r))
		return rnd.failed ? CB_ERR_RANDOM : CB_ERR_DECRYPT;
	if (rnd.failed) {
		cb_wipe(m, n);
		return CB_ERR_RANDOM;
	}
	*mlen = n;
	return CB_OK;
}

/* ---- signatures */

static int nrsa_sign(void *key, const uint8_t *msg, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct nrsa_key *k = key;
	struct cb_nettle_rand rnd = {0};
	uint8_t dig[SHA256_DIGEST_SIZE], salt[PSS_SALT];
	int ok;

	if (!k->h.has_secret)
		return CB_ERR_ARG;
	sha256_init(&k->sha);
	if (mlen)
		sha256_update(&k->sha, mlen, msg);
	if (k->h.scheme == CB_RSA_PSS) {
		sha256_digest(&k->sha, sizeof(dig), dig);
		if (cb_random_bytes(salt, sizeof(salt)) != 0)
			return CB_ERR_RANDOM;
		ok = rsa_pss_sha256_sign_digest_tr(&k->pub, &k->priv, &rnd, cb_nettle_random, sizeof(salt), salt, dig,
						   k->t.r);
	} else {
		ok = rsa_sha256_sign_tr(&k->pub, &k->priv, &rnd, cb_nettle_random, &k->sha, k->t.r);
	}
	if (rnd.failed)
		return CB_ERR_RANDOM;
	if (!ok)
		return CB_ERR_BACKEND;
	nettle_mpz_get_str_256(k->h.k, sig, k->t.r);
	*siglen = k->h.k;
	return CB_OK;
}

static int nrsa_verify(void *key, const uint8_t *msg, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct nrsa_key *k = key;
	uint8_t dig[SHA256_DIGEST_SIZE];
	int ok;

	if (siglen != k->h.k || below_n(k, sig) != 0)
		return CB_ERR_VERIFY;
	nettle_mpz_set_str_256_u(k->t.r, siglen, sig);
	sha256_init(&k->sha);
	if (mlen)
		sha256_update(&k->sha, mlen, msg);
	if (k->h.scheme == CB_RSA_PSS) {
		sha256_digest(&k->sha, sizeof(dig), dig);
		ok = rsa_pss_sha256_verify_digest(&k->pub, PSS_SALT, dig, k->t.r);
	} else {
		ok = rsa_sha256_verify(&k->pub, &k->sha, k->t.r);
	}
	return ok ? CB_OK : CB_ERR_VERIFY;
}

/* One handle for both kinds (rsa_handle.h): hogweed's keys. */
static const cb_rsa_lib nettle_rsa = {sizeof(struct nrsa_key), nrsa_init, nrsa_clear,
				      nrsa_generate,           nrsa_set,  nrsa_get};

#define NRSA_CLASS(type, kind_, id, nm, nbits, scheme, methods)                                                    \
	static const cb_rsa_variant id##_v = {&nettle_rsa, nbits, scheme};                                          \
	static const type id = {.info = {.kind = (kind_), .name = (nm), .backend = "nettle",                        \
					 .implementation = cb_nettle_implementation, .variant = &id##_v},          \
				methods}

NRSA_CLASS(cb_pke_class, CB_KIND_PKE, rsa2048_pkcs1, "rsa2048-pkcs1", 2048, CB_RSA_PKCS1, CB_RSA_PKE_METHODS(nrsa));
NRSA_CLASS(cb_pke_class, CB_KIND_PKE, rsa3072_pkcs1, "rsa3072-pkcs1", 3072, CB_RSA_PKCS1, CB_RSA_PKE_METHODS(nrsa));
NRSA_CLASS(cb_pke_class, CB_KIND_PKE, rsa4096_pkcs1, "rsa4096-pkcs1", 4096, CB_RSA_PKCS1, CB_RSA_PKE_METHODS(nrsa));
/* The RSA signature rows of class_tables.h. */
#define NRSA_SIG_ROW(id, nm, bits, pss)                                                                             \
	NRSA_CLASS(cb_sig_class, CB_KIND_SIG, id, nm, bits, (pss) ? CB_RSA_PSS : CB_RSA_SIG_PKCS1,                  \
		   CB_RSA_SIG_METHODS(nrsa));
CB_RSA_SIG_ROWS(NRSA_SIG_ROW)

#define NRSA_LIST(id, nm, bits, pss) &id.info,
const cb_alg_info *const cb_nettle_rsa_algs[] = {&rsa2048_pkcs1.info, &rsa3072_pkcs1.info, &rsa4096_pkcs1.info,
						 CB_RSA_SIG_ROWS(NRSA_LIST) NULL};
