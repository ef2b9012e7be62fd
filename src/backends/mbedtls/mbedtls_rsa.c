/*
 * mbedTLS RSA classes under the OpenSSL classes' names and encodings (the
 * handle and its key files are rsa_handle.h's, over mbedTLS's RSA context),
 * e = 65537.
 *
 *   pke  rsaN-pkcs1            PKCS#1 v1.5 encryption
 *   pke  rsaN-oaep-sha256      OAEP, SHA-256 and MGF1-SHA-256, empty label
 *   pke  rsaN-oaep-sha1        OAEP, SHA-1 and MGF1-SHA-1, empty label
 *   pke  rsaN-raw              no padding: one modulus-sized block below n
 *   sig  rsaN-pkcs1-sha256     PKCS#1 v1.5 signature with SHA-256
 *   sig  rsaN-pss-sha256       PSS, SHA-256, MGF1-SHA-256, 32-byte salt
 *
 * Each handle owns a CTR_DRBG (seeded from mbedtls_entropy) that is passed
 * to every private-key operation, so mbedTLS blinds them, and to the
 * randomised paddings (PKCS#1 v1.5 and OAEP encryption, the PSS salt).
 */
#include <mbedtls/rsa.h>
#include <mbedtls/sha256.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/mbedtls/mbedtls_common.h"
#include "backends/rsa_handle.h"
#include "core/util.h"

struct mrsa_key {
	cb_rsa_handle h; /* first (rsa_handle.h) */
	cbm_rng rng;
	mbedtls_rsa_context rsa;
};

#define SALT_LEN 32

/* mbedTLS 2.28's explicit padding functions refuse a context set to the other padding: the scheme's, MGF1 its hash. */
static int mrsa_init(void *p)
{
	struct mrsa_key *k = p;
	cb_rsa_scheme s = k->h.scheme;

	if (s == CB_RSA_OAEP1)
		mbedtls_rsa_init(&k->rsa, MBEDTLS_RSA_PKCS_V21, MBEDTLS_MD_SHA1);
	else if (s == CB_RSA_OAEP256 || s == CB_RSA_PSS)
		mbedtls_rsa_init(&k->rsa, MBEDTLS_RSA_PKCS_V21, MBEDTLS_MD_SHA256);
	else
		mbedtls_rsa_init(&k->rsa, MBEDTLS_RSA_PKCS_V15, MBEDTLS_MD_NONE);
	return cbm_rng_init(&k->rng);
}

static void mrsa_clear(void *p)
{
	struct mrsa_key *k = p;

	mbedtls_rsa_free(&k->rsa);
	cbm_rng_free(&k->rng);
}

static int mrsa_generate(void *p)
{
	struct mrsa_key *k = p;

	return mbedtls_rsa_gen_key(&k->rsa, cbm_rng_cb, &k->rng, k->h.v->bits, 65537) == 0 ? CB_OK : CB_ERR_BACKEND;
}

/* n and e, and for a private key p, q and d: mbedTLS computes dP, dQ and qInv (the layer checked the file's). */
static int mrsa_set(void *p, int secret, const cb_rsa_ints *x)
{
	struct mrsa_key *k = p;
	const cb_rsa_ints *s = secret ? x : &(const cb_rsa_ints){{NULL}, {0}};

	if (mbedtls_rsa_import_raw(&k->rsa, x->v[CB_RSA_N], x->len[CB_RSA_N], s->v[CB_RSA_P], s->len[CB_RSA_P],
				   s->v[CB_RSA_Q], s->len[CB_RSA_Q], s->v[CB_RSA_D], s->len[CB_RSA_D], x->v[CB_RSA_E],
				   x->len[CB_RSA_E]) != 0 ||
	    mbedtls_rsa_complete(&k->rsa) != 0)
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

static int mrsa_get(const void *p, int count, uint8_t *out)
{
	const struct mrsa_key *k = p;
	const mbedtls_mpi *x[CB_RSA_INTS] = {&k->rsa.N, &k->rsa.E, &k->rsa.D,  &k->rsa.P,
					     &k->rsa.Q, &k->rsa.DP, &k->rsa.DQ, &k->rsa.QP};

	for (int i = 0; i < count; i++)
		if (mbedtls_mpi_write_binary(x[i], out + i * k->h.k, k->h.k) != 0)
			return CB_ERR_BACKEND;
	return CB_OK;
}

/* Encryption */

static int mrsa_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct mrsa_key *k = key;
	int r;

	if (k->h.scheme == CB_RSA_RAW && mlen != k->h.k) /* the layer checked mlen <= cb_rsa_payload */
		return CB_ERR_LENGTH;
	if (k->h.scheme == CB_RSA_RAW)
		r = mbedtls_rsa_public(&k->rsa, m, c); /* refuses a block not below n */
	else if (k->h.scheme == CB_RSA_OAEP256 || k->h.scheme == CB_RSA_OAEP1)
		r = mbedtls_rsa_rsaes_oaep_encrypt(&k->rsa, cbm_rng_cb, &k->rng, MBEDTLS_RSA_PUBLIC, NULL, 0, mlen,
						   m, c);
	else
		r = mbedtls_rsa_rsaes_pkcs1_v15_encrypt(&k->rsa, cbm_rng_cb, &k->rng, MBEDTLS_RSA_PUBLIC, mlen, m,
							c);
	if (r != 0)
		return CB_ERR_BACKEND;
	*clen = k->h.k;
	return CB_OK;
}

static int mrsa_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct mrsa_key *k = key;
	size_t n = 0;
	int r;

	if (!k->h.has_secret)
		return CB_ERR_ARG;
	/* mbedTLS reads exactly k bytes. */
	if (clen != k->h.k)
		return CB_ERR_DECRYPT;
	if (k->h.scheme == CB_RSA_RAW) {
		if (*mlen < k->h.k)
			return CB_ERR_LENGTH;
		r = mbedtls_rsa_private(&k->rsa, cbm_rng_cb, &k->rng, c, m); /* blinded */
		n = k->h.k;
	} else if (k->h.scheme == CB_RSA_OAEP256 || k->h.scheme == CB_RSA_OAEP1)
		r = mbedtls_rsa_rsaes_oaep_decrypt(&k->rsa, cbm_rng_cb, &k->rng, MBEDTLS_RSA_PRIVATE, NULL, 0, &n,
						   c, m, *mlen);
	else
		r = mbedtls_rsa_rsaes_pkcs1_v15_decrypt(&k->rsa, cbm_rng_cb, &k->rng, MBEDTLS_RSA_PRIVATE, &n, c,
							m, *mlen);
	if (r == MBEDTLS_ERR_RSA_OUTPUT_TOO_LARGE)
		return CB_ERR_LENGTH;
	if (r != 0)
		return CB_ERR_DECRYPT;
	*mlen = n;
	return CB_OK;
}

/* Signatures */

static int mrsa_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct mrsa_key *k = key;
	uint8_t h[32];
	int r;

	if (!k->h.has_secret)
		return CB_ERR_ARG;
	if (mbedtls_sha256_ret(m, mlen, h, 0) != 0)
		return CB_ERR_BACKEND;
	if (k->h.scheme == CB_RSA_PSS)
		r = mbedtls_rsa_rsassa_pss_sign_ext(&k->rsa, cbm_rng_cb, &k->rng, MBEDTLS_MD_SHA256, sizeof(h), h,
						    SALT_LEN, sig);
	else
		r = mbedtls_rsa_rsassa_pkcs1_v15_sign(&k->rsa, cbm_rng_cb, &k->rng, MBEDTLS_RSA_PRIVATE,
						      MBEDTLS_MD_SHA256, sizeof(h), h, sig);
	if (r != 0) {
		cb_wipe(sig, k->h.k);
		return CB_ERR_BACKEND;
	}
	*siglen = k->h.k;
	return CB_OK;
}

static int mrsa_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct mrsa_key *k = key;
	uint8_t h[32];
	int r;

	if (siglen != k->h.k)
		return CB_ERR_VERIFY;
	if (mbedtls_sha256_ret(m, mlen, h, 0) != 0)
		return CB_ERR_BACKEND;
	if (k->h.scheme == CB_RSA_PSS)
		r = mbedtls_rsa_rsassa_pss_verify_ext(&k->rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC, MBEDTLS_MD_SHA256,
						      sizeof(h), h, MBEDTLS_MD_SHA256, SALT_LEN, sig);
	else
		r = mbedtls_rsa_rsassa_pkcs1_v15_verify(&k->rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC, MBEDTLS_MD_SHA256,
							sizeof(h), h, sig);
	/* Any failure of a well-formed public operation is a signature that does not verify. */
	return r == 0 ? CB_OK : CB_ERR_VERIFY;
}

#define BLIND "private-key operations blinded (the handle's CTR_DRBG passed to mbedTLS); bignum with x86-64 inline-assembly multiply"

static const cb_rsa_lib mbedtls_rsa = {sizeof(struct mrsa_key), mrsa_init, mrsa_clear,
				       mrsa_generate,           mrsa_set,  mrsa_get};

#define MR_INFO(kind_, nm, notes_, id) {kind_, nm, "mbedtls", notes_, NULL, cb_mbedtls_implementation, &id##_v}

#define ENC_NOTES "padding randomness and decryption blinding from the handle's CTR_DRBG; " BLIND
#define PSS_NOTES "salt from the handle's CTR_DRBG; " BLIND
#define NOTES_PKCS1 ENC_NOTES
#define NOTES_OAEP256 ENC_NOTES
#define NOTES_OAEP1 ENC_NOTES
#define NOTES_RAW "decryption blinded (the handle's CTR_DRBG); " BLIND

/* The RSA rows of class_tables.h. */
#define MR_PKE_ROW(id, nm, bits, scheme)                                                                            \
	static const cb_rsa_variant id##_v = {&mbedtls_rsa, bits, CB_RSA_##scheme};                                 \
	static const cb_pke_class id = {.info = MR_INFO(CB_KIND_PKE, nm, NOTES_##scheme, id), CB_RSA_PKE_METHODS(mrsa)};
#define MR_SIG_ROW(id, nm, bits, pss)                                                                               \
	static const cb_rsa_variant id##_v = {&mbedtls_rsa, bits, (pss) ? CB_RSA_PSS : CB_RSA_SIG_PKCS1};           \
	static const cb_sig_class id = {.info = MR_INFO(CB_KIND_SIG, nm, (pss) ? PSS_NOTES : BLIND, id),            \
					CB_RSA_SIG_METHODS(mrsa)};
CB_RSA_PKE_ROWS(MR_PKE_ROW)
CB_RSA_SIG_ROWS(MR_SIG_ROW)

/* Listed in the order of class_tables.h's RSA rows. */
#define MR_LIST(id, nm, bits, scheme) &id.info,

const cb_alg_info *const cb_mbedtls_rsa_algs[] = {CB_RSA_PKE_ROWS(MR_LIST) CB_RSA_SIG_ROWS(MR_LIST) NULL};
