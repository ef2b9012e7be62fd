/*
 * wolfCrypt RSA signatures (RFC 8017) under the OpenSSL classes' names:
 *
 *   sig  rsaN-pkcs1-sha256   PKCS#1 v1.5 signature over SHA-256
 *   sig  rsaN-pss-sha256     PSS, MGF1-SHA-256, 32-byte salt
 *
 * Keys: public SPKI DER (wc_RsaKeyToPublicDer), secret PKCS#8 DER
 * (wc_RsaKeyToDer inside wc_CreatePKCS8Key; read back through
 * wc_GetPkcs8TraditionalOffset).  Each handle owns a WC_RNG, set on the
 * key (wc_RsaSetRNG): Debian's wolfSSL has WC_RSA_BLINDING, so every
 * private-key operation is blinded with it.
 *
 * No encryption classes (rsaN-pkcs1, rsaN-oaep-sha256) yet: wolfSSL 5.5's
 * wc_RsaPublicEncrypt[_ex] refuses an empty plaintext, which the OpenSSL
 * classes (and the shared class test) accept, and its padding functions
 * are internal (WOLFSSL_LOCAL), so the adapter cannot pad it itself.
 */
#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/asn.h>
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <stdlib.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/wolfssl/wolfssl_common.h"
#include "core/util.h"

enum wrsa_scheme { WRSA_PKCS1_SIG, WRSA_PSS };

#define PSS_SALT 32
#define DER_MAX 4096 /* a 4096-bit private key is about 2.4 KB of DER */
#define RSA_MAX_BYTES 512

/* AlgorithmIdentifier { rsaEncryption, NULL } as it follows the SPKI's outer header. */
static const uint8_t rsa_algid[] = {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
				    0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

struct wrsa_key {
	int bits, has_secret, have_key, have_rng;
	enum wrsa_scheme scheme;
	RsaKey key;
	WC_RNG rng;
	uint8_t n[RSA_MAX_BYTES]; /* the modulus, big-endian, bits/8 bytes */
};

/* A class's variant: its modulus size and scheme. */
struct wrsa_variant {
	int bits;
	enum wrsa_scheme scheme;
};

static void wrsa_free(void *p)
{
	struct wrsa_key *k = p;
	if (!k)
		return;
	if (k->have_key)
		wc_FreeRsaKey(&k->key);
	if (k->have_rng)
		wc_FreeRng(&k->rng);
	cb_wipe(k, sizeof(*k));
	free(k);
}

static struct wrsa_key *wrsa_new(int bits, enum wrsa_scheme scheme)
{
	struct wrsa_key *k;

	if (cb_wolfssl_ready() != CB_OK)
		return NULL;
	k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	k->bits = bits;
	k->scheme = scheme;
	if (wc_InitRsaKey(&k->key, NULL) != 0) {
		free(k);
		return NULL;
	}
	k->have_key = 1;
	if (wc_InitRng(&k->rng) != 0) {
		wrsa_free(k);
		return NULL;
	}
	k->have_rng = 1;
	if (wc_RsaSetRNG(&k->key, &k->rng) != 0) {
		wrsa_free(k);
		return NULL;
	}
	return k;
}

/* Keep the modulus (bits/8 bytes, big-endian) for verify's s < n check. */
static int wrsa_store_modulus(struct wrsa_key *k)
{
	uint8_t e[16];
	word32 elen = sizeof(e), nlen = sizeof(k->n);

	if (wc_RsaEncryptSize(&k->key) * 8 != k->bits)
		return CB_ERR_INVALID_KEY;
	if (wc_RsaFlattenPublicKey(&k->key, e, &elen, k->n, &nlen) != 0 || nlen != (word32)k->bits / 8)
		return CB_ERR_INVALID_KEY;
	return CB_OK;
}

static int wrsa_keygen(const struct wrsa_variant *v, const cb_opts *opts, void **key)
{
	struct wrsa_key *k;

	*key = NULL;
	if (!(k = wrsa_new(v->bits, v->scheme)))
		return CB_ERR_BACKEND;
	if (wc_MakeRsaKey(&k->key, v->bits, WC_RSA_EXPONENT, &k->rng) != 0 || wrsa_store_modulus(k) != 0) {
		wrsa_free(k);
		return CB_ERR_BACKEND;
	}
	k->has_secret = 1;
	*key = k;
	return CB_OK;
}

/* secret: PKCS#8 PrivateKeyInfo; else SPKI.  The modulus must have `bits` bits. */
static int wrsa_import(const struct wrsa_variant *v, int secret, const uint8_t *in, size_t len, void **key)
{
	struct wrsa_key *k;
	uint8_t *buf = NULL;
	word32 idx = 0;
	int off, r;

	*key = NULL;
	if (len < 4 + sizeof(rsa_algid) || len > DER_MAX)
		return CB_ERR_FORMAT;
	if (!secret && (in[0] != 0x30 || in[1] != 0x82 || memcmp(in + 4, rsa_algid, sizeof(rsa_algid)) != 0))
		return CB_ERR_FORMAT;
	if (!(k = wrsa_new(v->bits, v->scheme)))
		return CB_ERR_BACKEND;
	if (secret) {
		/* wc_GetPkcs8TraditionalOffset takes a non-const buffer: work on a copy. */
		if (!(buf = malloc(len))) {
			wrsa_free(k);
			return CB_ERR_NOMEM;
		}
		memcpy(buf, in, len);
		/* returns the inner key's length and moves idx to it */
		off = wc_GetPkcs8TraditionalOffset(buf, &idx, (word32)len);
		r = off < 0 ? -1 : 0;
		if (r == 0)
			r = wc_RsaPrivateKeyDecode(buf, &idx, &k->key, (word32)len);
		cb_wipe(buf, len);
		free(buf);
	} else {
		r = wc_RsaPublicKeyDecode(in, &idx, &k->key, (word32)len);
	}
	if (r != 0 || idx != len) {
		wrsa_free(k);
		return CB_ERR_FORMAT;
	}
	if (wrsa_store_modulus(k) != 0) {
		wrsa_free(k);
		return CB_ERR_INVALID_KEY;
	}
	k->has_secret = secret;
	*key = k;
	return CB_OK;
}

static int wrsa_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	struct wrsa_key *k = (struct wrsa_key *)key; /* wolfCrypt's encoders take non-const keys */
	uint8_t der[DER_MAX];
	int n;

	n = wc_RsaKeyToPublicDer(&k->key, der, sizeof(der));
	if (n <= 0)
		return CB_ERR_BACKEND;
	if (*outlen < (size_t)n)
		return CB_ERR_LENGTH;
	memcpy(out, der, (size_t)n);
	*outlen = (size_t)n;
	return CB_OK;
}

static int wrsa_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	struct wrsa_key *k = (struct wrsa_key *)key;
	uint8_t der[DER_MAX], p8[DER_MAX + 64];
	word32 p8len = sizeof(p8);
	int n, r = CB_ERR_BACKEND;

	if (!k || !out || !outlen || !k->has_secret)
		return CB_ERR_ARG;
	n = wc_RsaKeyToDer(&k->key, der, sizeof(der));
	if (n > 0 && wc_CreatePKCS8Key(p8, &p8len, der, (word32)n, RSAk, NULL, 0) > 0) {
		if (*outlen < p8len) {
			r = CB_ERR_LENGTH;
		} else {
			memcpy(out, p8, p8len);
			*outlen = p8len;
			r = CB_OK;
		}
	}
	cb_wipe(der, sizeof(der));
	cb_wipe(p8, sizeof(p8));
	return r;
}

static size_t wrsa_bytes(const void *key)
{
	const struct wrsa_key *k = key;
	return k ? (size_t)k->bits / 8 : 0;
}

/* ---- signatures ---- */

static size_t wrsa_max_signature(const void *key)
{
	return wrsa_bytes(key);
}

static int wrsa_digest(const uint8_t *m, size_t mlen, uint8_t dig[WC_SHA256_DIGEST_SIZE])
{
	static const uint8_t none[1];
	if (mlen > 0xffffffffu)
		return CB_ERR_LENGTH;
	return wc_Sha256Hash(m ? m : none, (word32)mlen, dig) == 0 ? CB_OK : CB_ERR_BACKEND;
}

static int wrsa_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	struct wrsa_key *k = key;
	uint8_t dig[WC_SHA256_DIGEST_SIZE], enc[64];
	word32 elen;
	int r;

	if (!k || !sig || !siglen || (!m && mlen) || !k->has_secret)
		return CB_ERR_ARG;
	if (*siglen < wrsa_bytes(k))
		return CB_ERR_LENGTH;
	if ((r = wrsa_digest(m, mlen, dig)) != 0)
		return r;
	if (k->scheme == WRSA_PSS) {
		r = wc_RsaPSS_Sign_ex(dig, sizeof(dig), sig, (word32)*siglen, WC_HASH_TYPE_SHA256, WC_MGF1SHA256,
				      PSS_SALT, &k->key, &k->rng);
	} else {
		elen = wc_EncodeSignature(enc, dig, sizeof(dig), SHA256h);
		r = elen == 0 ? -1 : wc_RsaSSL_Sign(enc, elen, sig, (word32)*siglen, &k->key, &k->rng);
	}
	if (r <= 0)
		return CB_ERR_BACKEND;
	*siglen = (size_t)r;
	return CB_OK;
}

static int wrsa_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	struct wrsa_key *k = key;
	uint8_t dig[WC_SHA256_DIGEST_SIZE], enc[64], in[RSA_MAX_BYTES], out[RSA_MAX_BYTES];
	word32 elen;
	int r;

	if (siglen != wrsa_bytes(k))
		return CB_ERR_VERIFY;
	/*
	 * RFC 8017 8.2.2 / 5.2.2: s must be below n.  wolfSSL 5.5 accepts an
	 * unreduced s (Wycheproof rsa_signature_2048_sha256 tcId 244, a
	 * malleable signature); OpenSSL refuses it, and so does this class.
	 */
	if (memcmp(sig, k->n, siglen) >= 0)
		return CB_ERR_VERIFY;
	if ((r = wrsa_digest(m, mlen, dig)) != 0)
		return r;
	memcpy(in, sig, siglen); /* wc_RsaPSS_VerifyCheck takes a non-const input */
	if (k->scheme == WRSA_PSS) {
		/* salt length: the digest's (32), as the OpenSSL class sets it */
		r = wc_RsaPSS_VerifyCheck(in, (word32)siglen, out, sizeof(out), dig, sizeof(dig), WC_HASH_TYPE_SHA256,
					  WC_MGF1SHA256, &k->key);
		return r >= 0 ? CB_OK : CB_ERR_VERIFY;
	}
	elen = wc_EncodeSignature(enc, dig, sizeof(dig), SHA256h);
	if (elen == 0)
		return CB_ERR_BACKEND;
	r = wc_RsaSSL_Verify(in, (word32)siglen, out, sizeof(out), &k->key);
	/* the recovered DigestInfo must be exactly the expected one (public data) */
	return (r == (int)elen && memcmp(out, enc, elen) == 0) ? CB_OK : CB_ERR_VERIFY;
}

#define BLIND_NOTE "WC_RSA_BLINDING: private-key operations blinded with the handle's wolfCrypt DRBG"

static int wrsa_import_public(const struct wrsa_variant *v, const uint8_t *in, size_t len, const cb_opts *opts,
			      void **key)
{
	return wrsa_import(v, 0, in, len, key);
}

static int wrsa_import_secret(const struct wrsa_variant *v, const uint8_t *in, size_t len, const cb_opts *opts,
			      void **key)
{
	return wrsa_import(v, 1, in, len, key);
}

/* The class methods: the class's variant says which RSA (class_tables.h). */
CB_KIND_ENTRIES(wrsa, sig)

#define WRSA_SIG(id, nm, bits, scheme, note)                                                                       \
	static const struct wrsa_variant id##_v = {bits, scheme};                                                  \
	const cb_sig_class cb_wolfssl_##id = {.info = WOLFSSL_INFO(CB_KIND_SIG, nm, note, &id##_v), CB_HANDLE_SIG_METHODS(wrsa)}

#define PKCS1_NOTE BLIND_NOTE "; includes SHA-256; verify includes an s < n check done here"
#define PSS_NOTE BLIND_NOTE "; random 32-byte salt per signature; includes SHA-256; verify includes an s < n check done here"

/* The RSA signature rows of class_tables.h. */
#define WRSA_SIG_ROW(id, nm, bits, pss) WRSA_SIG(id, nm, bits, (pss) ? WRSA_PSS : WRSA_PKCS1_SIG, (pss) ? PSS_NOTE : PKCS1_NOTE);
CB_RSA_SIG_ROWS(WRSA_SIG_ROW)
