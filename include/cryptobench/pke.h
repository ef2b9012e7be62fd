/*
 * Public-key encryption: RSA with its paddings, SM2 encryption.
 *
 * Keys are opaque handles made by keygen (or by a backend's import
 * functions in tests) and freed with key_free.  A handle holds whatever
 * prepared state the backend needs (e.g. an OpenSSL EVP_PKEY_CTX), so that
 * a timed operation measures the cryptography, as a server with its key
 * loaded would; a handle is used by one thread at a time.
 */
#ifndef CRYPTOBENCH_PKE_H
#define CRYPTOBENCH_PKE_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_pke_class cb_pke_class;
struct cb_pke_class {
	cb_alg_info info; /* info.kind == CB_KIND_PKE */
	int (*keygen)(const cb_pke_class *cls, const cb_opts *opts, void **key);
	void (*key_free)(void *key);
	/* Encoded public key (DER SubjectPublicKeyInfo unless noted). */
	int (*export_public)(const void *key, uint8_t *out, size_t *outlen);
	/* Encoded secret key (DER PKCS#8 unless noted). */
	int (*export_secret)(const void *key, uint8_t *out, size_t *outlen);
	/* Largest plaintext this key accepts (SIZE_MAX if unbounded). */
	size_t (*max_plaintext)(const void *key);
	/* Upper bound of the ciphertext length for an mlen-byte message. */
	size_t (*max_ciphertext)(const void *key, size_t mlen);
	/*
	 * *clen: in = capacity of c, out = bytes written.  CB_ERR_UNSUPPORTED
	 * for a message length the scheme cannot take (SM2: empty).
	 */
	int (*encrypt)(void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen);
	/* *mlen: in = capacity of m, out = bytes written.  CB_ERR_DECRYPT on bad input. */
	int (*decrypt)(void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen);

	/*
	 * Optional (NULL when not provided): a handle from a secret key in
	 * export_secret's encoding (DER PKCS#8 PrivateKeyInfo), freed with
	 * key_free; it supports decrypt (and encrypt).  opts may be NULL.
	 * CB_ERR_INVALID_KEY or CB_ERR_FORMAT when the encoding is not a key
	 * of this algorithm.
	 */
	int (*import_secret)(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key);
	/*
	 * Optional (NULL when not provided): an encrypt-only handle from a
	 * public key in export_public's encoding (DER SubjectPublicKeyInfo, no
	 * trailing bytes), freed with key_free; decrypt and export_secret on
	 * it return an error.  opts may be NULL.  Errors as import_secret.
	 */
	int (*import_public)(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key);
};

static inline const cb_pke_class *cb_as_pke(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_PKE) ? (const cb_pke_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
