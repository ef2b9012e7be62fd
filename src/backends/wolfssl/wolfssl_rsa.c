/*
 * wolfCrypt RSA signatures (RFC 8017) under the OpenSSL classes' names:
 *
 *   sig  rsaN-pkcs1-sha256   PKCS#1 v1.5 signature over SHA-256
 *   sig  rsaN-pss-sha256     PSS, MGF1-SHA-256, 32-byte salt
 *
 * The handle and its key files are rsa_handle.h's, over wolfCrypt's
 * RsaKey.  Each handle owns a WC_RNG, set on the key (wc_RsaSetRNG):
 * Debian's wolfSSL has WC_RSA_BLINDING, so every private-key operation is
 * blinded with it.
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
#include <string.h>

#include "backends/class_tables.h"
#include "backends/rsa_handle.h"
#include "backends/wolfssl/wolfssl_common.h"
#include "core/util.h"

#define PSS_SALT 32
#define RSA_MAX_BYTES 512

struct wrsa_key {
	cb_rsa_handle h; /* first (rsa_handle.h) */
	int have_key, have_rng;
	RsaKey key;
	WC_RNG rng;
};

static int wrsa_init(void *p)
{
	struct wrsa_key *k = p;

	if (cb_wolfssl_ready() != CB_OK || wc_InitRsaKey(&k->key, NULL) != 0)
		return CB_ERR_BACKEND;
	k->have_key = 1;
	if (wc_InitRng(&k->rng) != 0)
		return CB_ERR_BACKEND;
	k->have_rng = 1;
	return wc_RsaSetRNG(&k->key, &k->rng) == 0 ? CB_OK : CB_ERR_BACKEND;
}

static void wrsa_clear(void *p)
{
	struct wrsa_key *k = p;

	if (k->have_key)
		wc_FreeRsaKey(&k->key);
	if (k->have_rng)
		wc_FreeRng(&k->rng);
}

static int wrsa_generate(void *p)
{
	struct wrsa_key *k = p;

	return wc_MakeRsaKey(&k->key, (int)k->h.v->bits, WC_RSA_EXPONENT, &k->rng) == 0 ? CB_OK : CB_ERR_BACKEND;
}

/* A public key from n and e; a private one through its PKCS#8 (wolfSSL 5.5 has no raw private import). */
static int wrsa_set(void *p, int secret, const cb_rsa_ints *x)
{
	struct wrsa_key *k = p;
	uint8_t der[4096]; /* a 4096-bit private key is about 2.4 KB of DER */
	size_t len = sizeof(der);
	word32 idx = 0;
	int r;

	if (!secret)
		return wc_RsaPublicKeyDecodeRaw(x->v[CB_RSA_N], (word32)x->len[CB_RSA_N], x->v[CB_RSA_E],
						(word32)x->len[CB_RSA_E], &k->key) == 0 ? CB_OK : CB_ERR_FORMAT;
	r = cb_rsa_key_encode(1, x, der, &len);
	if (r == 0 && (wc_GetPkcs8TraditionalOffset(der, &idx, (word32)len) < 0 ||
		       wc_RsaPrivateKeyDecode(der, &idx, &k->key, (word32)len) != 0 || idx != len))
		r = CB_ERR_FORMAT;
	cb_wipe(der, sizeof(der));
	return r;
}

static int wrsa_get(const void *p, int count, uint8_t *out)
{
	struct wrsa_key *k = (struct wrsa_key *)p; /* wolfCrypt's readers take non-const numbers */
	mp_int *x[CB_RSA_INTS] = {&k->key.n, &k->key.e, &k->key.d,  &k->key.p,
				  &k->key.q, &k->key.dP, &k->key.dQ, &k->key.u};

	for (int i = 0; i < count; i++)
		if (mp_to_unsigned_bin_len(x[i], out + i * k->h.k, (int)k->h.k) != MP_OKAY)
			return CB_ERR_BACKEND;
	return CB_OK;
}

/* ---- signatures ---- */

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

	if (!k->h.has_secret)
		return CB_ERR_ARG;
	if ((r = wrsa_digest(m, mlen, dig)) != 0)
		return r;
	if (k->h.scheme == CB_RSA_PSS) {
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

	if (siglen != k->h.k)
		return CB_ERR_VERIFY;
	/*
	 * RFC 8017 8.2.2 / 5.2.2: s must be below n.  wolfSSL 5.5 accepts an
	 * unreduced s (Wycheproof rsa_signature_2048_sha256 tcId 244, a
	 * malleable signature); OpenSSL refuses it, and so does this class.
	 */
	if (memcmp(sig, k->h.n, siglen) >= 0)
		return CB_ERR_VERIFY;
	if ((r = wrsa_digest(m, mlen, dig)) != 0)
		return r;
	memcpy(in, sig, siglen); /* wc_RsaPSS_VerifyCheck takes a non-const input */
	if (k->h.scheme == CB_RSA_PSS) {
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

/* One handle for every class (rsa_handle.h): wolfCrypt's RsaKey and the DRBG that blinds it. */
static const cb_rsa_lib wolfssl_rsa = {sizeof(struct wrsa_key), wrsa_init, wrsa_clear,
				       wrsa_generate,           wrsa_set,  wrsa_get};

#define WRSA_SIG(id, nm, bits, scheme, note)                                                                       \
	static const cb_rsa_variant id##_v = {&wolfssl_rsa, bits, scheme};                                         \
	static const cb_sig_class cb_wolfssl_##id = {.info = WOLFSSL_INFO(CB_KIND_SIG, nm, note, &id##_v),                 \
					      CB_RSA_SIG_METHODS(wrsa)}

#define PKCS1_NOTE BLIND_NOTE "; includes SHA-256; verify includes an s < n check done here"
#define PSS_NOTE BLIND_NOTE "; random 32-byte salt per signature; includes SHA-256; verify includes an s < n check done here"

/* The RSA signature rows of class_tables.h. */
#define WRSA_SIG_ROW(id, nm, bits, pss)                                                                            \
	WRSA_SIG(id, nm, bits, (pss) ? CB_RSA_PSS : CB_RSA_SIG_PKCS1, (pss) ? PSS_NOTE : PKCS1_NOTE);
CB_RSA_SIG_ROWS(WRSA_SIG_ROW)

#define WRSA_SIG_INFO(id, nm, bits, pss) &cb_wolfssl_##id.info,
const cb_alg_info *const cb_wolfssl_rsa_algs[] = {CB_RSA_SIG_ROWS(WRSA_SIG_INFO) NULL};
