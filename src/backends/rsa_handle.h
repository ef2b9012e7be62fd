/*
 * One RSA handle for the encryption and signature classes of a library
 * that keeps its own key type (nettle, wolfssl, mbedtls, gcrypt).  What
 * every such adapter would write again is here: the handle's size, scheme,
 * secret flag and big-endian modulus (verify's and decrypt's s < n check
 * reads it), the canonical key files (der.h: SPKI and PKCS#8 from and to
 * the key's integers), the size methods, making and freeing.  The library
 * gives a cb_rsa_lib, named by the classes' cb_rsa_variant: how it sets up
 * and releases its part of a handle, generates a key, takes a key's
 * integers and gives them back; the adapter writes its encrypt, decrypt,
 * sign and verify.
 */
#ifndef CB_BACKENDS_RSA_HANDLE_H
#define CB_BACKENDS_RSA_HANDLE_H

#include <stdint.h>

#include "core/der.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

/* The scheme of a class: PKCS#1 v1.5, OAEP (SHA-256 or SHA-1) or raw encryption; PKCS#1 v1.5 or PSS signatures. */
typedef enum cb_rsa_scheme {
	CB_RSA_PKCS1,
	CB_RSA_OAEP256,
	CB_RSA_OAEP1,
	CB_RSA_RAW,
	CB_RSA_SIG_PKCS1,
	CB_RSA_PSS
} cb_rsa_scheme;

/* A class's info.variant. */
typedef struct cb_rsa_variant {
	const struct cb_rsa_lib *lib;
	unsigned bits;
	cb_rsa_scheme scheme;
} cb_rsa_variant;

/* The first member of the library's handle. */
typedef struct cb_rsa_handle {
	const cb_rsa_variant *v;
	cb_rsa_scheme scheme; /* v's, at hand for the timed calls */
	int has_secret;       /* 0: a public key only (import_public) */
	size_t k;       /* modulus bytes, bits / 8 */
	uint8_t n[512]; /* the modulus, k bytes big-endian */
} cb_rsa_handle;

/*
 * The library's part; each returns 0 or a CB_ERR_* code.  size: its
 * handle's (cb_rsa_handle first); init: sets up its parts of a zeroed
 * handle whose v, scheme and k are set; clear: releases them (also after a failed
 * init); the handle is then wiped and freed here.  generate: a key of
 * v->bits bits, e = 65537.  set: the key of x (n and e; d to qInv when
 * secret), already checked by the generic layer (keycheck.h).  get: the
 * key's first count integers (2: n, e; 8: all), integer i as k bytes
 * big-endian at out + i * k.
 */
typedef struct cb_rsa_lib {
	size_t size;
	int (*init)(void *key);
	void (*clear)(void *key);
	int (*generate)(void *key);
	int (*set)(void *key, int secret, const cb_rsa_ints *x);
	int (*get)(const void *key, int count, uint8_t *out);
} cb_rsa_lib;

/* The longest message of h's encryption scheme: RFC 8017 7.2.1 (k - 11), 7.1.1 (k - 2 hLen - 2); raw, one block. */
static inline size_t cb_rsa_payload(const cb_rsa_handle *h)
{
	switch (h->scheme) {
	case CB_RSA_OAEP256: return h->k - 2 * 32 - 2;
	case CB_RSA_OAEP1: return h->k - 2 * 20 - 2;
	case CB_RSA_RAW: return h->k;
	default: return h->k - 11;
	}
}

/* Each kind's keygen and imports (cb_rsa_sig_keygen, cb_rsa_pke_import_public, ...), then the other methods. */
#define CB_RSA_KIND_METHODS(kind)                                                                              \
	int cb_rsa_##kind##_keygen(const cb_##kind##_class *cls, const cb_opts *opts,                          \
				   void **key) CB_WARN_UNUSED;                                                 \
	int cb_rsa_##kind##_import_public(const cb_##kind##_class *cls, const uint8_t *in, size_t len,         \
					  const cb_opts *opts, void **key) CB_WARN_UNUSED;                     \
	int cb_rsa_##kind##_import_secret(const cb_##kind##_class *cls, const uint8_t *in, size_t len,         \
					  const cb_opts *opts, void **key) CB_WARN_UNUSED
CB_RSA_KIND_METHODS(pke);
CB_RSA_KIND_METHODS(sig);
void cb_rsa_free(void *key);
int cb_rsa_export_public(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_rsa_export_secret(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
size_t cb_rsa_max_plaintext(const void *key);
size_t cb_rsa_max_ciphertext(const void *key, size_t mlen);
size_t cb_rsa_max_signature(const void *key);

/* The class tables' methods: all but the adapter's p_encrypt and p_decrypt, or p_sign and p_verify. */
#define CB_RSA_PKE_METHODS(p)                                                                                  \
	.keygen = cb_rsa_pke_keygen, .key_free = cb_rsa_free, .export_public = cb_rsa_export_public,           \
	.export_secret = cb_rsa_export_secret, .max_plaintext = cb_rsa_max_plaintext,                          \
	.max_ciphertext = cb_rsa_max_ciphertext, .encrypt = p##_encrypt, .decrypt = p##_decrypt,               \
	.import_public = cb_rsa_pke_import_public, .import_secret = cb_rsa_pke_import_secret

#define CB_RSA_SIG_METHODS(p)                                                                                  \
	.keygen = cb_rsa_sig_keygen, .key_free = cb_rsa_free, .export_public = cb_rsa_export_public,           \
	.export_secret = cb_rsa_export_secret, .max_signature = cb_rsa_max_signature, .sign = p##_sign,        \
	.verify = p##_verify, .import_public = cb_rsa_sig_import_public, .import_secret = cb_rsa_sig_import_secret

#endif
