/* Helpers shared by the OpenSSL adapters. */
#ifndef CB_OPENSSL_COMMON_H
#define CB_OPENSSL_COMMON_H

#include <openssl/evp.h>

#include "backends/backends.h"

/* Clears OpenSSL's error queue and returns CB_ERR_BACKEND. */
int cb_ossl_fail(void);

/* NULL when OpenSSL here can make a key of this type name ("SM2", "X25519", ...). */
const char *cb_ossl_unavailable_keytype(const char *name);

/* Export helpers (DER SubjectPublicKeyInfo / PKCS#8): *outlen in = capacity. */
int cb_ossl_export_spki(const EVP_PKEY *pk, uint8_t *out, size_t *outlen);
int cb_ossl_export_pkcs8(const EVP_PKEY *pk, uint8_t *out, size_t *outlen);

#endif
