/*
 * The OpenSSL EC and SM2 classes' imports (their import_public /
 * import_secret) and the test-only raw ones: handles from given key
 * material, usable with the classes' own derive / verify / decrypt / sign
 * pointers and freed with their key_free.
 *
 * Each returns 0, CB_ERR_ARG (not one of these classes), CB_ERR_INVALID_KEY
 * (OpenSSL refused the key material) or CB_ERR_NOMEM / CB_ERR_BACKEND.
 */
#ifndef CB_OPENSSL_EC_IMPORT_H
#define CB_OPENSSL_EC_IMPORT_H

#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

/*
 * x25519: priv is the raw 32-byte scalar (RFC 7748).  ecdh-p256, sm2-dh:
 * priv is a big-endian scalar of any length (leading zeros allowed), which
 * must be in [1, n-1].  sm2-dh always fails with CB_ERR_INVALID_KEY: OpenSSL
 * 3.0 cannot import an "EC" key on the SM2 curve (openssl_ec_import.c).
 */
int cb_ossl_kex_import_private(const cb_kex_class *cls, const uint8_t *priv, size_t len,
			       const cb_opts *opts, void **key) CB_WARN_UNUSED;

/*
 * ed25519: pub is the raw 32-byte key, or d the 32-byte private key (then
 * pub may be NULL).  ecdsa-p256, sm2-sign, sm2-enc-*: pub an X9.62 point
 * and / or d a big-endian scalar (pub NULL: computed from d).  With d the
 * handle signs or decrypts; sm2-sign's ID is opts->sm2_id.
 */
int cb_ossl_sig_import_raw(const cb_sig_class *cls, const uint8_t *pub, size_t publen,
			   const uint8_t *d, size_t dlen, const cb_opts *opts,
			   void **key) CB_WARN_UNUSED;
int cb_ossl_pke_import_raw(const cb_pke_class *cls, const uint8_t *pub, size_t publen,
			   const uint8_t *d, size_t dlen, void **key) CB_WARN_UNUSED;

/*
 * The classes' import_secret (DER PKCS#8 PrivateKeyInfo, as export_secret
 * writes it) and import_public (DER SubjectPublicKeyInfo), nothing after
 * it; CB_ERR_INVALID_KEY when it is not a key of the class's type.
 * sm2-sign signs with opts->sm2_id.
 */
int cb_ossl_kex_import_pkcs8(const cb_kex_class *cls, const uint8_t *der, size_t len,
			     const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_ossl_sig_import_pkcs8(const cb_sig_class *cls, const uint8_t *der, size_t len,
			     const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_ossl_sig_import_spki(const cb_sig_class *cls, const uint8_t *der, size_t len,
			    const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_ossl_pke_import_pkcs8(const cb_pke_class *cls, const uint8_t *der, size_t len,
			     const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_ossl_pke_import_spki(const cb_pke_class *cls, const uint8_t *der, size_t len,
			    const cb_opts *opts, void **key) CB_WARN_UNUSED;

#endif
