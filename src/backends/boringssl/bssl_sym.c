/*
 * BoringSSL symmetric ciphers and SHA-256.
 *
 * AEADs (AES-GCM, ChaCha20-Poly1305) through EVP_AEAD, the interface
 * BoringSSL's TLS uses: the context is keyed once in init()
 * (EVP_AEAD_CTX_init), each call is one EVP_AEAD_CTX_seal / open.  The
 * block and stream modes (AES ECB/CBC with and without PKCS#7, CTR)
 * through EVP_CIPHER with the OpenSSL adapter's code
 * (src/backends/libcrypto_cipher.inc): one context keyed for each
 * direction in init(), each call sets only the IV.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "backends/class_tables.h"
#include "core/cipher_check.h"
#include "core/hash_handle.h"
#include "core/util.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"

#ifdef CB_BSSL_BUILT

#include <openssl/aead.h>
#include <openssl/cipher.h>
#include <openssl/err.h>
#include <openssl/mem.h>
#include <openssl/sha.h>

#include "backends/libcrypto_cipher.inc"

struct sym_variant {
	const EVP_AEAD *(*aead)(void);     /* AEADs */
	const EVP_CIPHER *(*cipher)(void); /* the others */
	size_t max_ivlen;                  /* AEAD: the longest nonce passed to BoringSSL */
};

struct sym_ctx {
	struct evp_ctx e; /* first: the block and stream modes' (libcrypto_cipher.inc) */
	const struct sym_variant *v;
	EVP_AEAD_CTX aead;
	int aead_ready;
};

static void sym_free(void *p)
{
	struct sym_ctx *c = p;
	if (!c)
		return;
	if (c->aead_ready)
		EVP_AEAD_CTX_cleanup(&c->aead); /* cleanses the key schedule */
	evp_release(&c->e);
	OPENSSL_free(c);
}

static int sym_init(const cb_cipher_class *cls, void **out, const uint8_t *key)
{
	const struct sym_variant *v = cls->info.variant;
	struct sym_ctx *c;

	if (!out || !key)
		return CB_ERR_ARG;
	*out = NULL;
	c = OPENSSL_zalloc(sizeof(*c));
	if (!c)
		return CB_ERR_NOMEM;
	c->e.cls = cls;
	c->v = v;
	if (v->aead) {
		if (!EVP_AEAD_CTX_init(&c->aead, v->aead(), key, cls->key_bytes, cls->tag_bytes, NULL))
			goto fail;
		c->aead_ready = 1;
	} else if (!evp_keys(&c->e, v->cipher(), key)) {
		goto fail;
	}
	*out = c;
	return CB_OK;
fail:
	sym_free(c);
	return cb_bssl_fail(CB_ERR_BACKEND);
}

/* An AEAD's nonce: 1..max_ivlen bytes. */
static int sym_check_nonce(const struct sym_ctx *c, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
			   size_t aadlen)
{
	return ivlen == 0 || ivlen > c->v->max_ivlen ? CB_ERR_LENGTH : !iv || (aadlen && !aad) ? CB_ERR_ARG : CB_OK;
}

static int sym_encrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		       size_t inlen, uint8_t *out, size_t *outlen)
{
	struct sym_ctx *c = p;
	size_t need;
	int err;

	if (!c)
		return CB_ERR_ARG;
	if ((err = cb_cipher_encrypt_size(c->e.cls, in, inlen, out, outlen, INT_MAX - 2 * c->e.cls->block_bytes,
					  &need)) != 0 ||
	    (err = sym_check_nonce(c, iv, ivlen, aad, aadlen)) != 0)
		return err;
	if (!EVP_AEAD_CTX_seal(&c->aead, out, &need, *outlen, iv, ivlen, in, inlen, aad, aadlen))
		return cb_bssl_fail(CB_ERR_BACKEND);
	*outlen = need;
	return CB_OK;
}

static int sym_decrypt(void *p, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen, const uint8_t *in,
		       size_t inlen, uint8_t *out, size_t *outlen)
{
	struct sym_ctx *c = p;
	size_t body, n = 0;
	int err;

	if (!c)
		return CB_ERR_ARG;
	if ((err = cb_cipher_decrypt_size(c->e.cls, in, inlen, out, outlen, INT_MAX, &body)) != 0 ||
	    (err = sym_check_nonce(c, iv, ivlen, aad, aadlen)) != 0)
		return err;
	if (!EVP_AEAD_CTX_open(&c->aead, out, &n, *outlen, iv, ivlen, in, inlen, aad, aadlen)) {
		/* BoringSSL writes nothing it has not authenticated; wipe anyway. */
		cb_wipe(out, body);
		return cb_bssl_fail(CB_ERR_VERIFY);
	}
	*outlen = n;
	return CB_OK;
}

/* AES-GCM with a key of keylen bytes: the label names the code BoringSSL takes on this CPU. */
static const char *gcm_label(char label[160], int *done, size_t keylen)
{
	if (!*done) {
		/* Benign race: every thread writes the same bytes. */
		char tmp[160];
		snprintf(tmp, sizeof(tmp), "%s, GCM: %s", cb_bssl_implementation(), cb_bssl_gcm_path(keylen));
		memcpy(label, tmp, sizeof(tmp));
		*done = 1;
	}
	return label;
}

static const char *gcm128_implementation(void)
{
	static char label[160];
	static int done;
	return gcm_label(label, &done, 16);
}

static const char *gcm256_implementation(void)
{
	static char label[160];
	static int done;
	return gcm_label(label, &done, 32);
}

/* p: the encrypt and decrypt methods, sym (EVP_AEAD) or evp (EVP_CIPHER, libcrypto_cipher.inc's). */
#define SYM_CIPHER(id, nm, notes_, impl, p, aead_, cipher_, maxiv, kb, ivb, bb, tb, pad)                             \
	static const struct sym_variant id##_v = {aead_, cipher_, maxiv};                                           \
	static const cb_cipher_class id = {                                                                         \
		.info = {.kind = CB_KIND_CIPHER, .name = nm, .backend = "boringssl", .notes = notes_,               \
			 .implementation = impl, .variant = &id##_v},                                               \
		.key_bytes = kb,                                                                                    \
		.iv_bytes = ivb,                                                                                    \
		.block_bytes = bb,                                                                                  \
		.tag_bytes = tb,                                                                                    \
		.padded = pad,                                                                                      \
		.init = sym_init, .free = sym_free, .encrypt = p##_encrypt, .decrypt = p##_decrypt,                 \
	}

#define GCM_NOTES                                                                                                   \
	"EVP_AEAD (as BoringSSL's TLS); the implementation label names the AES-GCM code BoringSSL's key set-up "   \
	"picks on this CPU (VAES + VPCLMULQDQ on 512-bit registers where AVX-512 is there and not avoided, "      \
	"else 256-bit, else AES-NI)"
#define CBC_NOTES "EVP_CIPHER; AES-NI (aes_hw) where the CPU has it, else bit-sliced vector code"
/* GCM nonces: BoringSSL takes any non-zero length; the same bound as the OpenSSL class. */
#define GCM_MAX_IV 128

/* The six AES classes of a key size: ECB and CBC without and with PKCS#7, CTR, GCM. */
#define AES_CLASSES(bits, kb)                                                                                      \
	SYM_CIPHER(aes##bits##_ecb, "aes-" #bits "-ecb", CBC_NOTES, cb_bssl_implementation, evp, NULL,                  \
		   EVP_aes_##bits##_ecb, 0, kb, 0, 16, 0, 0);                                                      \
	SYM_CIPHER(aes##bits##_ecb_p, "aes-" #bits "-ecb-pkcs7", CBC_NOTES, cb_bssl_implementation, evp, NULL,          \
		   EVP_aes_##bits##_ecb, 0, kb, 0, 16, 0, 1);                                                      \
	SYM_CIPHER(aes##bits##_cbc, "aes-" #bits "-cbc", CBC_NOTES, cb_bssl_implementation, evp, NULL,                  \
		   EVP_aes_##bits##_cbc, 0, kb, 16, 16, 0, 0);                                                     \
	SYM_CIPHER(aes##bits##_cbc_p, "aes-" #bits "-cbc-pkcs7", CBC_NOTES, cb_bssl_implementation, evp, NULL,          \
		   EVP_aes_##bits##_cbc, 0, kb, 16, 16, 0, 1);                                                     \
	SYM_CIPHER(aes##bits##_ctr, "aes-" #bits "-ctr", CBC_NOTES, cb_bssl_implementation, evp, NULL,                  \
		   EVP_aes_##bits##_ctr, 0, kb, 16, 1, 0, 0);                                                      \
	SYM_CIPHER(aes##bits##_gcm, "aes-" #bits "-gcm", GCM_NOTES, gcm##bits##_implementation, sym,               \
		   EVP_aead_aes_##bits##_gcm, NULL, GCM_MAX_IV, kb, 12, 1, 16, 0)

AES_CLASSES(128, 16);
AES_CLASSES(256, 32);
SYM_CIPHER(chacha20_poly1305, "chacha20-poly1305", "EVP_AEAD; chacha20_poly1305_x86_64 assembly (AVX2 or SSE4.1 by CPUID)",
	   cb_bssl_implementation, sym, EVP_aead_chacha20_poly1305, NULL, 12, 32, 12, 1, 16, 0);

/* SHA-256 and SHA-512: one-shot SHA256() / SHA512() by the digest's length; the handle keeps no state. */

static int hash_digest(void *p, const uint8_t *in, size_t inlen, uint8_t *out)
{
	if (((cb_hash_handle *)p)->cls->digest_bytes == 64)
		SHA512(in, inlen, out);
	else
		SHA256(in, inlen, out);
	return CB_OK;
}

static const cb_hash_lib bssl_hash = {0, NULL, NULL};
static CB_HASH_CLASS(sha256, BSSL_INFO, "one-shot SHA256(); sha256-x86_64 assembly (SHA extensions where the CPU has them)",
		     &bssl_hash, NULL, hash_digest, CB_HASH_SHA256);
static CB_HASH_CLASS(sha512, BSSL_INFO, "one-shot SHA512(); sha512-x86_64 assembly (AVX2 where the CPU has it)", &bssl_hash,
		     NULL, hash_digest, CB_HASH_SHA512);

const cb_alg_info *const cb_bssl_sym_algs[] = {
	&aes128_ecb.info, &aes128_ecb_p.info, &aes128_cbc.info, &aes128_cbc_p.info, &aes128_ctr.info,
	&aes128_gcm.info, &aes256_ecb.info,   &aes256_ecb_p.info, &aes256_cbc.info, &aes256_cbc_p.info,
	&aes256_ctr.info, &aes256_gcm.info,   &chacha20_poly1305.info, &sha256.info, &sha512.info, NULL,
};

#endif
