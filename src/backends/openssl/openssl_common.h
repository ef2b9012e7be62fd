/* Helpers shared by the OpenSSL adapters. */
#ifndef CB_OPENSSL_COMMON_H
#define CB_OPENSSL_COMMON_H

#include <openssl/evp.h>

#include "backends/backends.h"

/* Clears OpenSSL's error queue and returns CB_ERR_BACKEND. */
int cb_ossl_fail(void);

/*
 * NULL when OpenSSL here has name: a cipher (kind CB_KIND_CIPHER, fetched
 * by EVP_CIPHER_fetch), a hash (CB_KIND_HASH, EVP_MD_fetch), or for the
 * public-key kinds a key type ("SM2", "X25519", ...); otherwise why not.
 */
const char *cb_ossl_unavailable(int kind, const char *name);

/*
 * A zeroed handle of size bytes (calloc) for a key that will own pk; NULL
 * with pk freed and *err CB_ERR_ARG (key or pk NULL) or CB_ERR_NOMEM.
 */
void *cb_ossl_handle_new(EVP_PKEY *pk, void **key, size_t size, int *err);

/* OpenSSL's key of a whole DER PKCS#8 (secret) or SubjectPublicKeyInfo; NULL (queue cleared) if not. */
EVP_PKEY *cb_ossl_decode(int secret, const uint8_t *der, size_t len);

/* Export helpers (DER SubjectPublicKeyInfo / PKCS#8): *outlen in = capacity. */
int cb_ossl_export_spki(const EVP_PKEY *pk, uint8_t *out, size_t *outlen);
int cb_ossl_export_pkcs8(const EVP_PKEY *pk, uint8_t *out, size_t *outlen);

#endif
