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

/*
 * The generic layer (src/core/layer_pk.c, docs/ARCHITECTURE.md "The
 * generic layer"): every caller uses these instead of the class's
 * methods.  They make in one place, for every backend, the argument and
 * length checks, the output sizing against the catalog row's sizes, the
 * canonical-input checks (keys on import, the RSA and EC key checks of sig.h) and the wiping of an output on
 * failure; then call the class's method.  A method is called only with
 * non-NULL handles and buffers of the documented capacity.
 */
int cb_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_pke_import_secret(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			 void **key) CB_WARN_UNUSED;
int cb_pke_import_public(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			 void **key) CB_WARN_UNUSED;
int cb_pke_export_public(const cb_pke_class *cls, const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_pke_export_secret(const cb_pke_class *cls, const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
size_t cb_pke_max_plaintext(const cb_pke_class *cls, const void *key);
size_t cb_pke_max_ciphertext(const cb_pke_class *cls, const void *key, size_t mlen);
/* CB_ERR_LENGTH for a message above max_plaintext or *clen below max_ciphertext. */
int cb_pke_encrypt(const cb_pke_class *cls, void *key, const uint8_t *m, size_t mlen, uint8_t *c,
		   size_t *clen) CB_WARN_UNUSED;
int cb_pke_decrypt(const cb_pke_class *cls, void *key, const uint8_t *c, size_t clen, uint8_t *m,
		   size_t *mlen) CB_WARN_UNUSED;
void cb_pke_key_free(const cb_pke_class *cls, void *key);

static inline const cb_pke_class *cb_as_pke(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_PKE) ? (const cb_pke_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
