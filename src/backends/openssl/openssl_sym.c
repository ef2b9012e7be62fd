/*
 * OpenSSL 3 symmetric ciphers (AES, ChaCha20-Poly1305, SM4) and hashes
 * (SHA-256, SHA3-256, SM3).
 *
 * A cipher context keeps one fetched EVP_CIPHER and the two
 * EVP_CIPHER_CTXs of src/backends/libcrypto_cipher.inc (shared with
 * BoringSSL's adapter), one keyed for each direction in init(); each call
 * only sets the IV, as `openssl speed -evp` does.
 */
#include <limits.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <string.h>

#include "backends/class_tables.h"
#include "backends/openssl/openssl_common.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"

#include "backends/libcrypto_cipher.inc"

struct sym_variant {
	const char *ossl_name; /* name for EVP_CIPHER_fetch */
	size_t max_ivlen;      /* AEAD: longest IV accepted; equal to iv_bytes: only that length */
};

struct sym_ctx {
	struct evp_ctx e; /* first: the class's encrypt and decrypt take the context as one */
	EVP_CIPHER *cipher;
};

static void sym_free(void *p)
{
	struct sym_ctx *c = p;
	if (!c)
		return;
	evp_release(&c->e);
	EVP_CIPHER_free(c->cipher);
	OPENSSL_free(c);
}

static int sym_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	const struct sym_variant *v = cls->info.variant;
	struct sym_ctx *c;

	*out = NULL;
	c = OPENSSL_zalloc(sizeof(*c));
	if (!c)
		return CB_ERR_NOMEM;
	c->e.cls = cls;
	c->e.max_ivlen = v->max_ivlen;
	c->cipher = EVP_CIPHER_fetch(NULL, v->ossl_name, NULL);
	if (!c->cipher) {
		sym_free(c);
		ERR_clear_error();
		return CB_ERR_UNSUPPORTED;
	}
	if (!evp_keys(&c->e, c->cipher, key)) {
		sym_free(c);
		return cb_ossl_fail();
	}
	*out = c;
	return CB_OK;
}

/* unavailable() gets no class argument: each class has its own, into the shared code above. */
#define SYM_CIPHER(id, nm, oname, maxiv, kb, ivb, bb, tb, pad)                                              \
	static const struct sym_variant id##_v = {oname, maxiv};                                            \
	static const char *id##_unavailable(void)                                                           \
	{                                                                                                   \
		return cb_ossl_unavailable(CB_KIND_CIPHER, oname);                                          \
	}                                                                                                   \
	static const cb_cipher_class id = {                                                                 \
		.info = {.kind = CB_KIND_CIPHER, .name = nm, .backend = "openssl",                          \
			 .unavailable = id##_unavailable, .implementation = cb_openssl_implementation,      \
			 .variant = &id##_v},                                                               \
		.key_bytes = kb,                                                                            \
		.iv_bytes = ivb,                                                                            \
		.block_bytes = bb,                                                                          \
		.tag_bytes = tb,                                                                            \
		.padded = pad,                                                                              \
		.init = sym_init, .free = sym_free, .encrypt = evp_encrypt, .decrypt = evp_decrypt,         \
	}

/* GCM accepts IVs up to 128 bytes in OpenSSL 3.0 (GCM_IV_MAX_SIZE). */
#define GCM_MAX_IV 128

/*
 * The six classes of a 128-bit block cipher with a kb-byte key (OpenSSL's
 * name onm): ECB and CBC without and with PKCS#7, CTR, GCM.
 */
#define BLOCK_CLASSES(id, nm, onm, kb)                                                                      \
	SYM_CIPHER(id##_ecb, nm "-ecb", onm "-ECB", 0, kb, 0, 16, 0, 0);                                    \
	SYM_CIPHER(id##_ecb_p, nm "-ecb-pkcs7", onm "-ECB", 0, kb, 0, 16, 0, 1);                            \
	SYM_CIPHER(id##_cbc, nm "-cbc", onm "-CBC", 0, kb, 16, 16, 0, 0);                                   \
	SYM_CIPHER(id##_cbc_p, nm "-cbc-pkcs7", onm "-CBC", 0, kb, 16, 16, 0, 1);                           \
	SYM_CIPHER(id##_ctr, nm "-ctr", onm "-CTR", 0, kb, 16, 1, 0, 0);                                    \
	SYM_CIPHER(id##_gcm, nm "-gcm", onm "-GCM", GCM_MAX_IV, kb, 12, 1, 16, 0)

BLOCK_CLASSES(aes128, "aes-128", "AES-128", 16);
BLOCK_CLASSES(aes256, "aes-256", "AES-256", 32);
/* OpenSSL 3.0 has no SM4-GCM (added in 3.2); unavailable() then says so. */
BLOCK_CLASSES(sm4, "sm4", "SM4", 16);
/* RFC 8439; OpenSSL 3.0 initialises it only with a 12-byte nonce. */
SYM_CIPHER(chacha20_poly1305, "chacha20-poly1305", "ChaCha20-Poly1305", 12, 32, 12, 1, 16, 0);

/* Hashes: a fetched EVP_MD (the algorithm OpenSSL's name of the hash) and one EVP_MD_CTX reused by every call. */

struct hash_state {
	EVP_MD *md;
	EVP_MD_CTX *ctx;
};

static void hash_close(void *state)
{
	struct hash_state *h = state;

	EVP_MD_CTX_free(h->ctx);
	EVP_MD_free(h->md);
}

static int hash_open(const cb_hash_class *cls, const void *alg, void *state)
{
	struct hash_state *h = state;

	h->md = EVP_MD_fetch(NULL, alg, NULL);
	if (!h->md) {
		ERR_clear_error();
		return CB_ERR_UNSUPPORTED;
	}
	h->ctx = EVP_MD_CTX_new();
	if (!h->ctx || (size_t)EVP_MD_get_size(h->md) != cls->digest_bytes) {
		hash_close(h);
		return cb_ossl_fail();
	}
	return CB_OK;
}

static int hash_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	cb_hash_handle *hh = p;
	struct hash_state *h = (struct hash_state *)hh->state;
	unsigned int n = 0;
	if (!EVP_DigestInit_ex2(h->ctx, h->md, NULL) || !EVP_DigestUpdate(h->ctx, in, inlen) ||
	    !EVP_DigestFinal_ex(h->ctx, out, &n))
		return cb_ossl_fail();
	return n == hh->cls->digest_bytes ? CB_OK : CB_ERR_BACKEND;
}

static const cb_hash_lib ossl_hash = {sizeof(struct hash_state), hash_open, hash_close};

#define SYM_HASH_INFO(kind_, name_, unavailable_, variant_)                                                       \
	{.kind = (kind_), .name = (name_), .backend = "openssl", .unavailable = (unavailable_),                    \
	 .implementation = cb_openssl_implementation, .variant = (variant_)}
#define SYM_HASH(id, oname, row)                                                                                  \
	static const char *id##_unavailable(void)                                                                 \
	{                                                                                                         \
		return cb_ossl_unavailable(CB_KIND_HASH, oname);                                                  \
	}                                                                                                         \
	static CB_HASH_CLASS(id, SYM_HASH_INFO, id##_unavailable, &ossl_hash, oname, hash_digest, row)

SYM_HASH(sha256, "SHA2-256", CB_HASH_SHA256);
SYM_HASH(sha512, "SHA2-512", CB_HASH_SHA512);
SYM_HASH(sha3_256, "SHA3-256", CB_HASH_SHA3_256);
SYM_HASH(sm3, "SM3", CB_HASH_SM3);

const cb_alg_info *const cb_openssl_sym_algs[] = {
	&aes128_ecb.info,  &aes128_ecb_p.info, &aes128_cbc.info, &aes128_cbc_p.info, &aes128_ctr.info,
	&aes128_gcm.info,  &aes256_ecb.info,   &aes256_ecb_p.info, &aes256_cbc.info, &aes256_cbc_p.info,
	&aes256_ctr.info,  &aes256_gcm.info,   &chacha20_poly1305.info, &sm4_ecb.info, &sm4_ecb_p.info,
	&sm4_cbc.info,     &sm4_cbc_p.info,    &sm4_ctr.info,    &sm4_gcm.info,    &sha256.info,
	&sha512.info,      &sha3_256.info,     &sm3.info,        NULL,
};
