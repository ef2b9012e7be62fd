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

#endif
