/*
 * mbedTLS RSA classes under the OpenSSL classes' names and encodings: public
 * keys SPKI DER, secret keys PKCS#8 DER (written here around mbedTLS's
 * PKCS#1 output), e = 65537.
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
#include <stdlib.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/mbedtls/mbedtls_common.h"
#include "core/util.h"

enum mrsa_pad { MR_PKCS1, MR_OAEP, MR_OAEP1, MR_RAW, MR_SIG_PKCS1, MR_SIG_PSS };

struct mrsa_key {
	cbm_key base; /* first: the generator, the key, has_secret (mbedtls_common.h) */
	enum mrsa_pad pad;
	size_t k; /* modulus bytes */
};

/* A class's variant: its padding and modulus size. */
struct mrsa_variant {
	enum mrsa_pad pad;
	unsigned bits;
};

#define SALT_LEN 32

static mbedtls_rsa_context *mrsa(struct mrsa_key *k)
{
	return mbedtls_pk_rsa(k->base.pk);
}

static void mrsa_free(void *p)
{
	cbm_key_free(p, sizeof(struct mrsa_key));
}

/* After the key is loaded: its size must be the class's; OAEP and PSS use SHA-256 (OAEP-SHA1: SHA-1) for MGF1. */
static int mrsa_ready(struct mrsa_key *k, unsigned bits)
{
	if (mbedtls_pk_get_type(&k->base.pk) != MBEDTLS_PK_RSA || mbedtls_pk_get_bitlen(&k->base.pk) != bits)
		return CB_ERR_INVALID_KEY;
	/* mbedTLS 2.28's explicit padding functions refuse a context set to the other padding. */
	if (k->pad == MR_OAEP || k->pad == MR_SIG_PSS)
		mbedtls_rsa_set_padding(mrsa(k), MBEDTLS_RSA_PKCS_V21, MBEDTLS_MD_SHA256);
	else if (k->pad == MR_OAEP1)
		mbedtls_rsa_set_padding(mrsa(k), MBEDTLS_RSA_PKCS_V21, MBEDTLS_MD_SHA1);
	else
		mbedtls_rsa_set_padding(mrsa(k), MBEDTLS_RSA_PKCS_V15, MBEDTLS_MD_NONE);
	k->k = mbedtls_pk_get_len(&k->base.pk);
	return CB_OK;
}

/* Where a handle's key comes from. */
enum mrsa_src { MR_GENERATE, MR_PKCS8, MR_SPKI };

/*
 * A handle of v's size and padding: a new key, or one read from DER PKCS#8
 * (mbedTLS also reads PKCS#1 and PEM; the key is checked) or SPKI
 * (nothing after it).
 */
static int mrsa_make(const struct mrsa_variant *v, enum mrsa_src src, const uint8_t *in, size_t len, void **key)
{
	struct mrsa_key *k;
	int r;

	if ((r = cbm_key_new(sizeof(*k), key)) != 0)
		return r;
	k = *key;
	k->pad = v->pad;
	if (src == MR_GENERATE) {
		if (mbedtls_pk_setup(&k->base.pk, mbedtls_pk_info_from_type(MBEDTLS_PK_RSA)) != 0 ||
		    mbedtls_rsa_gen_key(mrsa(k), cbm_rng_cb, &k->base.rng, v->bits, 65537) != 0)
			r = CB_ERR_BACKEND;
	} else if ((src == MR_PKCS8 ? mbedtls_pk_parse_key(&k->base.pk, in, len, NULL, 0)
				    : mbedtls_pk_parse_public_key(&k->base.pk, in, len)) != 0) {
		r = CB_ERR_FORMAT;
	}
	if (r == 0)
		r = mrsa_ready(k, v->bits);
	if (r == 0 && src == MR_PKCS8 && mbedtls_rsa_check_privkey(mrsa(k)) != 0)
		r = CB_ERR_INVALID_KEY;
	if (r != 0) {
		mrsa_free(k);
		*key = NULL;
		return r;
	}
	k->base.has_secret = src != MR_SPKI;
	return CB_OK;
}

static int mrsa_keygen(const struct mrsa_variant *v, const cb_opts *opts, void **key)
{
	return mrsa_make(v, MR_GENERATE, NULL, 0, key);
}

static int mrsa_import_secret(const struct mrsa_variant *v, const uint8_t *in, size_t len, const cb_opts *opts,
			      void **key)
{
	return mrsa_make(v, MR_PKCS8, in, len, key);
}

static int mrsa_import_public(const struct mrsa_variant *v, const uint8_t *in, size_t len, const cb_opts *opts,
			      void **key)
{
	return mrsa_make(v, MR_SPKI, in, len, key);
}

/* The key files are the shared handle's (mbedtls_common.h), under the names CB_*_METHODS(mrsa) reads. */
#define mrsa_export_public cbm_key_export_spki
#define mrsa_export_secret cbm_key_export_pkcs8

/* Encryption */

static size_t mrsa_max_plaintext(const void *key)
{
	const struct mrsa_key *k = key;
	if (!k)
		return 0;
	switch (k->pad) {
	case MR_OAEP: return k->k - 2 * 32 - 2;
	case MR_OAEP1: return k->k - 2 * 20 - 2;
	case MR_RAW: return k->k;
	default: return k->k - 11;
	}
}

static size_t mrsa_max_ciphertext(const void *key, size_t mlen)
{
	const struct mrsa_key *k = key;
	(void)mlen;
	return k ? k->k : 0;
}

static int mrsa_encrypt(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	struct mrsa_key *k = key;
	int r;

	if (mlen > mrsa_max_plaintext(k))
		return CB_ERR_LENGTH;
	if (*clen < k->k)
		return CB_ERR_LENGTH;
	if (k->pad == MR_RAW && mlen != k->k)
		return CB_ERR_LENGTH;
	if (k->pad == MR_RAW)
		r = mbedtls_rsa_public(mrsa(k), m, c); /* refuses a block not below n */
	else if (k->pad == MR_OAEP || k->pad == MR_OAEP1)
		r = mbedtls_rsa_rsaes_oaep_encrypt(mrsa(k), cbm_rng_cb, &k->base.rng, MBEDTLS_RSA_PUBLIC, NULL, 0, mlen,
						   m, c);
	else
		r = mbedtls_rsa_rsaes_pkcs1_v15_encrypt(mrsa(k), cbm_rng_cb, &k->base.rng, MBEDTLS_RSA_PUBLIC, mlen, m,
							c);
	if (r != 0)
		return CB_ERR_BACKEND;
	*clen = k->k;
	return CB_OK;
}

static int mrsa_decrypt(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	struct mrsa_key *k = key;
	size_t n = 0;
	int r;

	if (!k->base.has_secret)
		return CB_ERR_ARG;
	/* mbedTLS reads exactly k bytes. */
	if (clen != k->k)
		return CB_ERR_DECRYPT;
	if (k->pad == MR_RAW) {
		if (*mlen < k->k)
			return CB_ERR_LENGTH;
		r = mbedtls_rsa_private(mrsa(k), cbm_rng_cb, &k->base.rng, c, m); /* blinded */
		n = k->k;
	} else if (k->pad == MR_OAEP || k->pad == MR_OAEP1)
		r = mbedtls_rsa_rsaes_oaep_decrypt(mrsa(k), cbm_rng_cb, &k->base.rng, MBEDTLS_RSA_PRIVATE, NULL, 0, &n,
						   c, m, *mlen);
	else
		r = mbedtls_rsa_rsaes_pkcs1_v15_decrypt(mrsa(k), cbm_rng_cb, &k->base.rng, MBEDTLS_RSA_PRIVATE, &n, c,
							m, *mlen);
	if (r == MBEDTLS_ERR_RSA_OUTPUT_TOO_LARGE)
		return CB_ERR_LENGTH;
	if (r != 0)
		return CB_ERR_DECRYPT;
	*mlen = n;
	return CB_OK;
}

/* Signatures */

static size_t mrsa_max_signature(const void *key)
{
	const struct mrsa_key *k = key;
	return k ? k->k : 0;
}

static int mrsa_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct mrsa_key *k = key;
	uint8_t h[32];
	int r;

	if (!k->base.has_secret)
		return CB_ERR_ARG;
	if (*siglen < k->k)
		return CB_ERR_LENGTH;
	if (mbedtls_sha256_ret(m, mlen, h, 0) != 0)
		return CB_ERR_BACKEND;
	if (k->pad == MR_SIG_PSS)
		r = mbedtls_rsa_rsassa_pss_sign_ext(mrsa(k), cbm_rng_cb, &k->base.rng, MBEDTLS_MD_SHA256, sizeof(h), h,
						    SALT_LEN, sig);
	else
		r = mbedtls_rsa_rsassa_pkcs1_v15_sign(mrsa(k), cbm_rng_cb, &k->base.rng, MBEDTLS_RSA_PRIVATE,
						      MBEDTLS_MD_SHA256, sizeof(h), h, sig);
	if (r != 0) {
		cb_wipe(sig, k->k);
		return CB_ERR_BACKEND;
	}
	*siglen = k->k;
	return CB_OK;
}

static int mrsa_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct mrsa_key *k = key;
	uint8_t h[32];
	int r;

	if (siglen != k->k)
		return CB_ERR_VERIFY;
	if (mbedtls_sha256_ret(m, mlen, h, 0) != 0)
		return CB_ERR_BACKEND;
	if (k->pad == MR_SIG_PSS)
		r = mbedtls_rsa_rsassa_pss_verify_ext(mrsa(k), NULL, NULL, MBEDTLS_RSA_PUBLIC, MBEDTLS_MD_SHA256,
						      sizeof(h), h, MBEDTLS_MD_SHA256, SALT_LEN, sig);
	else
		r = mbedtls_rsa_rsassa_pkcs1_v15_verify(mrsa(k), NULL, NULL, MBEDTLS_RSA_PUBLIC, MBEDTLS_MD_SHA256,
							sizeof(h), h, sig);
	/* Any failure of a well-formed public operation is a signature that does not verify. */
	return r == 0 ? CB_OK : CB_ERR_VERIFY;
}

#define BLIND "private-key operations blinded (the handle's CTR_DRBG passed to mbedTLS); bignum with x86-64 inline-assembly multiply"

/* The class methods: the class's variant says which RSA (class_tables.h). */
CB_KIND_ENTRIES(mrsa, pke)
CB_KIND_ENTRIES(mrsa, sig)

#define MR_INFO(kind_, nm, notes_, id) {kind_, nm, "mbedtls", notes_, NULL, cb_mbedtls_implementation, &id##_v}

#define MR_PKE(id, nm, bits, pad_, notes_)                                                                          \
	static const struct mrsa_variant id##_v = {pad_, bits};                                                     \
	static const cb_pke_class id = {.info = MR_INFO(CB_KIND_PKE, nm, notes_, id), CB_HANDLE_PKE_METHODS(mrsa)}

#define MR_SIG(id, nm, bits, pad_, notes_)                                                                          \
	static const struct mrsa_variant id##_v = {pad_, bits};                                                     \
	static const cb_sig_class id = {.info = MR_INFO(CB_KIND_SIG, nm, notes_, id), CB_HANDLE_SIG_METHODS(mrsa)}

#define ENC_NOTES "padding randomness and decryption blinding from the handle's CTR_DRBG; " BLIND
#define PSS_NOTES "salt from the handle's CTR_DRBG; " BLIND

MR_PKE(rsa2048_pkcs1, "rsa2048-pkcs1", 2048, MR_PKCS1, ENC_NOTES);
MR_PKE(rsa3072_pkcs1, "rsa3072-pkcs1", 3072, MR_PKCS1, ENC_NOTES);
MR_PKE(rsa4096_pkcs1, "rsa4096-pkcs1", 4096, MR_PKCS1, ENC_NOTES);
MR_PKE(rsa2048_oaep, "rsa2048-oaep-sha256", 2048, MR_OAEP, ENC_NOTES);
MR_PKE(rsa3072_oaep, "rsa3072-oaep-sha256", 3072, MR_OAEP, ENC_NOTES);
MR_PKE(rsa4096_oaep, "rsa4096-oaep-sha256", 4096, MR_OAEP, ENC_NOTES);
MR_PKE(rsa2048_oaep1, "rsa2048-oaep-sha1", 2048, MR_OAEP1, ENC_NOTES);
MR_PKE(rsa3072_oaep1, "rsa3072-oaep-sha1", 3072, MR_OAEP1, ENC_NOTES);
MR_PKE(rsa4096_oaep1, "rsa4096-oaep-sha1", 4096, MR_OAEP1, ENC_NOTES);
MR_PKE(rsa2048_raw, "rsa2048-raw", 2048, MR_RAW, "decryption blinded (the handle's CTR_DRBG); " BLIND);
MR_PKE(rsa3072_raw, "rsa3072-raw", 3072, MR_RAW, "decryption blinded (the handle's CTR_DRBG); " BLIND);
MR_PKE(rsa4096_raw, "rsa4096-raw", 4096, MR_RAW, "decryption blinded (the handle's CTR_DRBG); " BLIND);
/* The RSA signature rows of class_tables.h. */
#define MR_SIG_ROW(id, nm, bits, pss) MR_SIG(id, nm, bits, (pss) ? MR_SIG_PSS : MR_SIG_PKCS1, (pss) ? PSS_NOTES : BLIND);
CB_RSA_SIG_ROWS(MR_SIG_ROW)

/* Listed in the order of class_tables.h's RSA signature rows. */
#define MR_SIG_INFO(id, nm, bits, pss) &id.info,

const cb_alg_info *const cb_mbedtls_rsa_algs[] = {
	&rsa2048_pkcs1.info,
	&rsa3072_pkcs1.info,
	&rsa4096_pkcs1.info,
	&rsa2048_oaep.info,
	&rsa3072_oaep.info,
	&rsa4096_oaep.info,
	&rsa2048_oaep1.info,
	&rsa3072_oaep1.info,
	&rsa4096_oaep1.info,
	&rsa2048_raw.info,
	&rsa3072_raw.info,
	&rsa4096_raw.info,
	CB_RSA_SIG_ROWS(MR_SIG_INFO)
	NULL,
};
