/*
 * Symmetric ciphers over whole messages: block modes with and without
 * padding, stream modes, and AEADs.  (DESIGN.md called this aead.h; not
 * every cipher here is an AEAD, so the class is "cipher".)
 */
#ifndef CRYPTOBENCH_CIPHER_H
#define CRYPTOBENCH_CIPHER_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_cipher_class cb_cipher_class;
struct cb_cipher_class {
	cb_alg_info info; /* info.kind == CB_KIND_CIPHER */
	/*
	 * The sizes as the algorithm's catalog row states them (catalog.h),
	 * which the generic layer reads; test_harness checks that a class
	 * stating them agrees.
	 */
	size_t key_bytes;
	size_t iv_bytes;    /* IV/nonce length; 0 for ECB */
	size_t block_bytes; /* 1 for stream modes */
	size_t tag_bytes;   /* 0 unless AEAD */
	int padded;         /* 1: PKCS#7 padding; 0: none (input must be whole blocks if block_bytes > 1) */
	/* A context of this class (cls) keyed with `key` (key_bytes long). */
	int (*init)(const cb_cipher_class *cls, void **ctx, const uint8_t *key);
	void (*free)(void *ctx);
	/*
	 * Encrypt in[0..inlen) under iv (ivlen bytes: the catalog row's
	 * iv_bytes, which the layer checks) into out; an AEAD appends its tag.  *outlen: in = capacity
	 * (at least inlen + block_bytes + tag_bytes), out = bytes written.
	 * aad may be NULL when aadlen is 0 and is ignored by non-AEADs.
	 */
	int (*encrypt)(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
		       const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen);
	/* Inverse; CB_ERR_VERIFY on a bad tag, CB_ERR_DECRYPT on bad padding. */
	int (*decrypt)(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
		       const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen);
};

/*
 * The generic layer (src/core/layer_sym.c): every caller uses these.  The
 * sizes are the catalog row's (catalog.h: key, IV, block, tag, padded);
 * the layer refuses a key of another length and an IV of another length
 * than the row's (CB_ERR_LENGTH: AES-GCM and ChaCha20-Poly1305 take 12
 * bytes, CBC and CTR 16, ECB none), checks the buffers and the output
 * capacity (cipher_check.h's rules), and wipes the output on failure.
 */
int cb_cipher_init(const cb_cipher_class *cls, void **ctx, const uint8_t *key, size_t keylen) CB_WARN_UNUSED;
int cb_cipher_encrypt(const cb_cipher_class *cls, void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
		      size_t aadlen, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_cipher_decrypt(const cb_cipher_class *cls, void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad,
		      size_t aadlen, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
void cb_cipher_free(const cb_cipher_class *cls, void *ctx);

static inline const cb_cipher_class *cb_as_cipher(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_CIPHER) ? (const cb_cipher_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
