/*
 * Class tables from a method set.  A backend that names the methods of a
 * class after one prefix (<prefix>_keypair, <prefix>_encaps, ...) writes
 * the class as its info and one macro, instead of a line per method:
 *
 *   static const cb_kem_class mlkem768 = {.info = ..., CB_MLKEM_SIZES(768), CB_KEM_METHODS(mlkem)};
 *
 * The macros only list members (a designated initialiser's part); the
 * functions stay ordinary functions of the backend, found by their names.
 * A class whose methods are shared with another under other names keeps
 * its explicit table.
 */
#ifndef CB_BACKENDS_CLASS_TABLES_H
#define CB_BACKENDS_CLASS_TABLES_H

#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "mlkem/mlkem.h"

/* A key-agreement class's methods: p_keygen, p_key_free, p_export_public, p_export_secret, p_derive, p_import_secret. */
#define CB_KEX_METHODS(p)                                                                          \
	.keygen = p##_keygen, .key_free = p##_key_free, .export_public = p##_export_public,        \
	.export_secret = p##_export_secret, .derive = p##_derive, .import_secret = p##_import_secret

/*
 * A signature class's methods: p_keygen, p_key_free, p_export_public,
 * p_export_secret, p_max_signature, p_sign, p_verify, p_import_public,
 * p_import_secret.
 */
#define CB_SIG_METHODS(p)                                                                          \
	.keygen = p##_keygen, .key_free = p##_key_free, .export_public = p##_export_public,        \
	.export_secret = p##_export_secret, .max_signature = p##_max_signature, .sign = p##_sign,  \
	.verify = p##_verify, .import_public = p##_import_public, .import_secret = p##_import_secret

/* A cipher class's methods: p_init, p_free, p_encrypt, p_decrypt. */
#define CB_CIPHER_METHODS(p) .init = p##_init, .free = p##_free, .encrypt = p##_encrypt, .decrypt = p##_decrypt

/* A hash class's methods: p_init, p_free, p_digest. */
#define CB_HASH_METHODS(p) .init = p##_init, .free = p##_free, .digest = p##_digest

/* A KEM's methods: p_keypair, p_encaps, p_decaps, p_keypair_derand, p_encaps_derand. */
#define CB_KEM_METHODS(p)                                                                          \
	.keypair = p##_keypair, .encaps = p##_encaps, .decaps = p##_decaps,                        \
	.keypair_derand = p##_keypair_derand, .encaps_derand = p##_encaps_derand

/* ML-KEM-<bits>'s sizes (FIPS 203 table 3, from mlkem.h) and its coins: d || z for keypair, m for encaps. */
#define CB_MLKEM_SIZES(bits)                                                                        \
	.public_key_bytes = CB_MLKEM##bits##_EK_BYTES, .secret_key_bytes = CB_MLKEM##bits##_DK_BYTES, \
	.ciphertext_bytes = CB_MLKEM##bits##_CT_BYTES, .shared_secret_bytes = CB_MLKEM_SS_BYTES,      \
	.keypair_coins_bytes = 64, .encaps_coins_bytes = 32

/*
 * The six RSA signature classes the RSA adapters offer (PKCS#1 v1.5 and
 * PSS, both over SHA-256), in their listing order.  A row is
 * X(id, name, bits, pss): pss is 1 for RSASSA-PSS, 0 for PKCS#1 v1.5.
 */
#define CB_RSA_SIG_ROWS(X)                                                                                     \
	X(rsa2048_pkcs1_sha256, "rsa2048-pkcs1-sha256", 2048, 0)                                               \
	X(rsa2048_pss_sha256, "rsa2048-pss-sha256", 2048, 1)                                                   \
	X(rsa3072_pkcs1_sha256, "rsa3072-pkcs1-sha256", 3072, 0)                                               \
	X(rsa3072_pss_sha256, "rsa3072-pss-sha256", 3072, 1)                                                   \
	X(rsa4096_pkcs1_sha256, "rsa4096-pkcs1-sha256", 4096, 0)                                               \
	X(rsa4096_pss_sha256, "rsa4096-pss-sha256", 4096, 1)

/*
 * The twelve RSA encryption classes (PKCS#1 v1.5, OAEP with SHA-256 or
 * SHA-1, raw) of the adapters that offer them all, in mbedTLS's listing
 * order.  A row is X(id, name, bits, scheme): scheme PKCS1, OAEP256, OAEP1
 * or RAW (rsa_handle.h's CB_RSA_<scheme>).
 */
#define CB_RSA_PKE_ROWS(X)                                                                                     \
	X(rsa2048_pkcs1, "rsa2048-pkcs1", 2048, PKCS1)                                                         \
	X(rsa3072_pkcs1, "rsa3072-pkcs1", 3072, PKCS1)                                                         \
	X(rsa4096_pkcs1, "rsa4096-pkcs1", 4096, PKCS1)                                                         \
	X(rsa2048_oaep256, "rsa2048-oaep-sha256", 2048, OAEP256)                                               \
	X(rsa3072_oaep256, "rsa3072-oaep-sha256", 3072, OAEP256)                                               \
	X(rsa4096_oaep256, "rsa4096-oaep-sha256", 4096, OAEP256)                                               \
	X(rsa2048_oaep1, "rsa2048-oaep-sha1", 2048, OAEP1)                                                     \
	X(rsa3072_oaep1, "rsa3072-oaep-sha1", 3072, OAEP1)                                                     \
	X(rsa4096_oaep1, "rsa4096-oaep-sha1", 4096, OAEP1)                                                     \
	X(rsa2048_raw, "rsa2048-raw", 2048, RAW)                                                               \
	X(rsa3072_raw, "rsa3072-raw", 3072, RAW)                                                               \
	X(rsa4096_raw, "rsa4096-raw", 4096, RAW)

#endif
