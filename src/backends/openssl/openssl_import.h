/*
 * Test-only key import for the OpenSSL adapters (known-answer tests).  Not
 * part of the public API: the benchmark makes its keys with keygen().
 *
 * The handles made here belong to the class `alg` and work with that
 * class's own function pointers (decrypt, verify, key_free, ...), which is
 * what the known-answer tests exercise.
 */
#ifndef CB_OPENSSL_IMPORT_H
#define CB_OPENSSL_IMPORT_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"
#include "cryptobench/pke.h"

/*
 * An RSA private key from DER PKCS#8 PrivateKeyInfo, for an RSA pke or sig
 * class of this backend (cb_openssl_rsa_algs[] or one of the internal
 * classes below).  The key size need not match the class name's.
 * Errors: CB_ERR_ARG (alg is not an OpenSSL RSA class), CB_ERR_FORMAT (not
 * PKCS#8 RSA), CB_ERR_BACKEND.
 */
int cb_ossl_rsa_import_pkcs8(const cb_alg_info *alg, const uint8_t *der, size_t len, void **key) CB_WARN_UNUSED;

/*
 * An RSA public key from DER SubjectPublicKeyInfo.  The handle can
 * encrypt and verify; decrypt, sign and export_secret return
 * CB_ERR_UNSUPPORTED.  Errors as above.
 */
int cb_ossl_rsa_import_public_der(const cb_alg_info *alg, const uint8_t *der, size_t len,
				  void **key) CB_WARN_UNUSED;

/*
 * Sets the OAEP label (RFC 8017 7.1) of an OAEP key handle's prepared
 * contexts; len 0 restores the empty label the registered classes use.
 * CB_ERR_ARG when the key is not OAEP.
 */
int cb_ossl_rsa_set_oaep_label(void *key, const uint8_t *label, size_t len) CB_WARN_UNUSED;

/*
 * Internal-only OAEP variant with SHA-256 for the label hash and MGF1-SHA-1
 * (as Java's default "OAEPWithSHA-256AndMGF1Padding" does), for bits 2048,
 * 3072 or 4096; NULL otherwise.  Not registered: it exists so that the
 * Wycheproof *_sha256_mgf1sha1 files can be run.
 */
const cb_pke_class *cb_ossl_rsa_oaep_sha256_mgf1sha1(int bits);

#endif
