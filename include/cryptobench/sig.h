/*
 * Signatures: RSA PKCS#1 v1.5 and PSS, ECDSA, Ed25519, SM2 (with Z_A).
 * sign() hashes the message itself (the hash is part of the scheme).
 * Key handles: see pke.h.
 */
#ifndef CRYPTOBENCH_SIG_H
#define CRYPTOBENCH_SIG_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_sig_class cb_sig_class;
struct cb_sig_class {
	cb_alg_info info; /* info.kind == CB_KIND_SIG */
	int (*keygen)(const cb_sig_class *cls, const cb_opts *opts, void **key);
	void (*key_free)(void *key);
	int (*export_public)(const void *key, uint8_t *out, size_t *outlen);
	int (*export_secret)(const void *key, uint8_t *out, size_t *outlen);
	/* Upper bound of a signature's length. */
	size_t (*max_signature)(const void *key);
	/* *siglen: in = capacity, out = bytes written. */
	int (*sign)(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen);
	/* 0 when valid, CB_ERR_VERIFY when not, other errors on failure. */
	int (*verify)(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen);

	/*
	 * Optional (NULL when not provided): a verify-only handle from a public
	 * key in export_public's encoding (DER SubjectPublicKeyInfo, no
	 * trailing bytes), freed with key_free.  sign and export_secret on it
	 * return an error.  opts may be NULL; SM2 handles verify with
	 * opts->sm2_id (NULL: CB_SM2_DEFAULT_ID).  CB_ERR_INVALID_KEY or
	 * CB_ERR_FORMAT when the encoding is not a key of this algorithm.
	 */
	int (*import_public)(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key);
	/*
	 * Optional (NULL when not provided): a handle that signs and verifies,
	 * from a secret key in export_secret's encoding (DER PKCS#8
	 * PrivateKeyInfo, no trailing bytes: RFC 5208 with RFC 8017's
	 * RSAPrivateKey, RFC 5915's ECPrivateKey for P-256 and SM2, RFC 8410
	 * for Ed25519), freed with key_free.  opts as for import_public.
	 * CB_ERR_INVALID_KEY or CB_ERR_FORMAT when the encoding is not a key
	 * of this algorithm (for RSA: of another modulus size).
	 */
	int (*import_secret)(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key);
};

static inline const cb_sig_class *cb_as_sig(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_SIG) ? (const cb_sig_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
