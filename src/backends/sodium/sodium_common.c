/*
 * libsodium backend: SHA-256, ChaCha20-Poly1305 (IETF, 12-byte nonce),
 * AES-256-GCM (where the CPU has AES-NI and PCLMUL), X25519 and Ed25519,
 * under the OpenSSL classes' names and encodings:
 *
 *   kex  x25519      public and secret: raw 32 bytes (RFC 7748)
 *   sig  ed25519     pure Ed25519, 64-byte signatures; public: SPKI DER
 *                    (RFC 8410); secret: PKCS#8 DER of the 32-byte seed
 *
 * sodium_init() runs once (pthread_once) before any class is used.
 */
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/sig.h"
#include "core/cipher_check.h"
#include "core/der.h"
#include "core/hash_handle.h"
#include "core/util.h"
#include "core/rawkey.h"

static pthread_once_t sodium_once = PTHREAD_ONCE_INIT;
static int sodium_ok;

static void sodium_do_init(void)
{
	/* 0: initialised now; 1: already initialised; -1: failure. */
	sodium_ok = sodium_init() >= 0;
}

static int sodium_ready(void)
{
	pthread_once(&sodium_once, sodium_do_init);
	return sodium_ok ? CB_OK : CB_ERR_BACKEND;
}

const char *cb_sodium_version(void)
{
	return sodium_version_string();
}

/* The headers' version; the run-time one is in the context record. */
static const char *sodium_implementation(void)
{
	return "libsodium-" SODIUM_VERSION_STRING;
}

static const char *unavailable_aesgcm(void)
{
	if (sodium_ready() != 0)
		return "sodium_init() failed";
	if (!crypto_aead_aes256gcm_is_available())
		return "this CPU lacks AES-NI/PCLMUL, which libsodium's AES-256-GCM needs";
	return NULL;
}

static const char *unavailable_any(void)
{
	return sodium_ready() != 0 ? "sodium_init() failed" : NULL;
}

#define SODIUM_INFO(kind_, name_, unavail_, variant_) \
	{.kind = (kind_), .name = (name_), .backend = "sodium", .unavailable = (unavail_), .implementation = sodium_implementation, .variant = (variant_)}

/* SHA-256: stateless one-shot; the handle keeps no state. */

static int sha256_open(const cb_hash_class *cls, const void *alg, void *state)
{
	return sodium_ready() != 0 ? CB_ERR_BACKEND : CB_OK;
}

static int sha256_digest(void *ctx, const uint8_t *in, size_t inlen, uint8_t *out)
{
	crypto_hash_sha256(out, in, inlen);
	return CB_OK;
}

static const cb_hash_lib sodium_hash = {0, sha256_open, NULL};
static CB_HASH_CLASS(sha256, SODIUM_INFO, unavailable_any, &sodium_hash, NULL, sha256_digest, CB_HASH_SHA256);

/*
 * AEADs.  AES-256-GCM keeps the expanded key (crypto_aead_aes256gcm_beforenm);
 * ChaCha20-Poly1305 has no keyed state in libsodium, so the key is kept.
 * Both take only a 12-byte nonce.
 */

enum aead_alg { AEAD_CHAPOLY, AEAD_AESGCM };

static const enum aead_alg v_chapoly = AEAD_CHAPOLY, v_aesgcm = AEAD_AESGCM;

static const cb_cipher_lib sodium_aead;

struct aead_ctx {
	cb_cipher_handle base;           /* first (cipher_check.h) */
	crypto_aead_aes256gcm_state gcm; /* needs 16-byte alignment: aligned_alloc */
	enum aead_alg alg;
	uint8_t key[32];
};

static void aead_free(void *p)
{
	if (!p)
		return;
	cb_wipe(p, sizeof(struct aead_ctx));
	free(p);
}

/* The class's variant is its enum aead_alg. */
static int aead_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	const enum aead_alg alg = *(const enum aead_alg *)cls->info.variant;
	struct aead_ctx *c;

	*out = NULL;
	if (sodium_ready() != 0)
		return CB_ERR_BACKEND;
	if (alg == AEAD_AESGCM && !crypto_aead_aes256gcm_is_available())
		return CB_ERR_UNSUPPORTED;
	c = aligned_alloc(16, (sizeof(*c) + 15) & ~(size_t)15);
	if (!c)
		return CB_ERR_NOMEM;
	memset(c, 0, sizeof(*c));
	c->base.cls = cls;
	c->base.lib = &sodium_aead;
	c->alg = alg;
	if (alg == AEAD_AESGCM)
		crypto_aead_aes256gcm_beforenm(&c->gcm, key);
	else
		memcpy(c->key, key, sizeof(c->key));
	*out = c;
	return CB_OK;
}

/* One message in libsodium's combined mode (ciphertext || tag; cipher_check.h): 12-byte nonces only. */
static int aead(void *p, int enc, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		size_t len, uint8_t *out)
{
	struct aead_ctx *c = p;
	unsigned long long n = 0;
	int r;

	if (ivlen != 12)
		return CB_ERR_LENGTH;
	if (enc && c->alg == AEAD_AESGCM)
		r = crypto_aead_aes256gcm_encrypt_afternm(out, &n, in, len, aad, aadlen, NULL, iv, &c->gcm);
	else if (enc)
		r = crypto_aead_chacha20poly1305_ietf_encrypt(out, &n, in, len, aad, aadlen, NULL, iv, c->key);
	else if (c->alg == AEAD_AESGCM)
		r = crypto_aead_aes256gcm_decrypt_afternm(out, &n, NULL, in, len + 16, aad, aadlen, iv, &c->gcm);
	else
		r = crypto_aead_chacha20poly1305_ietf_decrypt(out, &n, NULL, in, len + 16, aad, aadlen, iv, c->key);
	if (r != 0)
		return enc ? CB_ERR_BACKEND : CB_ERR_VERIFY; /* libsodium writes no plaintext then */
	return CB_OK;
}

static const cb_cipher_lib sodium_aead = {SIZE_MAX - 16, SIZE_MAX, aead, NULL, NULL, NULL};

#define SODIUM_AEAD(var_, name_, unavail_, variant_)                                                           \
	static const cb_cipher_class var_ = {                                                                  \
		.info = SODIUM_INFO(CB_KIND_CIPHER, name_, unavail_, variant_),                                \
		CB_CIPHER_HANDLE_METHODS(aead, 32, 12, 1, 16, 0),                                              \
	}

SODIUM_AEAD(chacha20_poly1305, "chacha20-poly1305", unavailable_any, &v_chapoly);
SODIUM_AEAD(aes256_gcm, "aes-256-gcm", unavailable_aesgcm, &v_aesgcm);

/* X25519: the scalar and its public value. */

static int x25519_base(uint8_t pk[32], const uint8_t sk[32])
{
	return crypto_scalarmult_base(pk, sk) != 0 ? CB_ERR_INVALID_KEY : CB_OK;
}

static int x25519_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	if (peerlen != crypto_scalarmult_BYTES)
		return CB_ERR_LENGTH;
	/* -1 when the result is all zero (a small-order peer value); the layer wipes ss */
	if (crypto_scalarmult(ss, ((const cb_x25519_raw *)key)->sk, peer) != 0)
		return CB_ERR_INVALID_KEY;
	*sslen = crypto_scalarmult_BYTES;
	return CB_OK;
}

/* libsodium's generator, as crypto_box_keypair and crypto_sign_keypair draw their secrets. */
static int sodium_rand(void *buf, size_t len)
{
	randombytes_buf(buf, len);
	return CB_OK;
}

/* Ed25519: libsodium's 64-byte secret key (seed || public), or only the public key (rawkey.h). */

static int ed25519_pub(uint8_t sk[64])
{
	uint8_t pk[crypto_sign_PUBLICKEYBYTES], full[crypto_sign_SECRETKEYBYTES];
	int r = crypto_sign_seed_keypair(pk, full, sk) != 0 ? CB_ERR_BACKEND : CB_OK;

	memcpy(sk + 32, pk, sizeof(pk));
	sodium_memzero(full, sizeof(full));
	return r;
}

/*
 * libsodium keeps its X25519 and Ed25519 keys as their bytes (rawkey.h);
 * keygen takes crypto_box_keypair's and crypto_sign_keypair's own steps:
 * a secret from randombytes_buf, then its public value.
 */
static const cb_rawkey_lib sodium_rawkey = {sodium_ready, sodium_rand, x25519_base, ed25519_pub};

static const cb_kex_class x25519 = {
	.info = SODIUM_INFO(CB_KIND_KEX, "x25519", unavailable_any, &sodium_rawkey),
	CB_X25519_RAW_METHODS,
	.derive = x25519_derive,
	.import_secret = cb_x25519_raw_class_import,
};

static int ed25519_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	cb_ed25519_raw *k = key;
	unsigned long long n = 0;

	if (!k->has_secret)
		return CB_ERR_ARG;
	if (crypto_sign_detached(sig, &n, m, mlen, k->sk) != 0)
		return CB_ERR_BACKEND;
	*siglen = (size_t)n;
	return CB_OK;
}

static int ed25519_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	cb_ed25519_raw *k = key;

	if (siglen != crypto_sign_BYTES)
		return CB_ERR_VERIFY;
	return crypto_sign_verify_detached(sig, m, mlen, CB_ED25519_PK(k)) == 0 ? CB_OK : CB_ERR_VERIFY;
}

static const cb_sig_class ed25519 = {
	.info = SODIUM_INFO(CB_KIND_SIG, "ed25519", unavailable_any, &sodium_rawkey),
	CB_ED25519_RAW_METHODS,
	.sign = ed25519_sign,
	.verify = ed25519_verify,
};

const cb_alg_info *const cb_sodium_algs[] = {
	&sha256.info, &chacha20_poly1305.info, &aes256_gcm.info, &x25519.info, &ed25519.info, NULL,
};

static const cb_alg_info *const *const sodium_classes[] = {cb_sodium_algs, NULL};

const cb_backend cb_backend_sodium = {"sodium", "libsodium", cb_sodium_version, sodium_classes};
