/*
 * The X25519 and Ed25519 handles of a library that keeps a key as its raw
 * bytes (nettle, libgcrypt, libsodium): the library gives only its
 * base-point multiplication or public-key derivation (and its generator
 * for keygen, its derive, sign and verify); the handle, its import,
 * export and wiping free are here.
 *
 * X25519: the kex classes' keys are the raw 32 bytes of RFC 7748,
 * exported as they are.
 */
#ifndef CB_CORE_RAWKEY_H
#define CB_CORE_RAWKEY_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/kex.h"
#include "cryptobench/sig.h"

typedef struct cb_x25519_raw {
	uint8_t sk[32];
	uint8_t pk[32];
} cb_x25519_raw;

/* pk = X25519(sk, 9) by the library: 0 or a CB_ERR_* code. */
typedef int (*cb_x25519_base_fn)(uint8_t pk[32], const uint8_t sk[32]);

/* The library's generator: len random bytes into buf; 0 or a CB_ERR_* code (cb_random_bytes is one). */
typedef int (*cb_rawkey_rand_fn)(void *buf, size_t len);

/* keygen's body: a secret from rand(), then cb_x25519_raw_make; the secret wiped. */
int cb_x25519_raw_keygen(cb_rawkey_rand_fn rand, cb_x25519_base_fn base, void **key) CB_WARN_UNUSED;

/* A handle of sk (copied) and its public value: 0, CB_ERR_NOMEM or base()'s error (nothing kept). */
int cb_x25519_raw_make(const uint8_t sk[32], cb_x25519_base_fn base, void **key) CB_WARN_UNUSED;

/* import_secret's body: the raw 32 bytes, else CB_ERR_FORMAT. */
int cb_x25519_raw_import(const uint8_t *in, size_t len, cb_x25519_base_fn base, void **key) CB_WARN_UNUSED;

/* key_free, export_public, export_secret of the class (raw 32 bytes; CB_ERR_LENGTH when out is too small). */
void cb_x25519_raw_free(void *key);
int cb_x25519_raw_export_public(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_x25519_raw_export_secret(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;

/*
 * Ed25519: sk is the seed || the public key (RFC 8032 5.1.5; libsodium's
 * and BoringSSL's layout), the public key alone in sk + 32 for a public
 * key (has_secret 0).  Keys in the canonical files (der.h: RFC 8410
 * PKCS#8 of the seed, SPKI).
 */
typedef struct cb_ed25519_raw {
	int has_secret;
	uint8_t sk[64];
} cb_ed25519_raw;

#define CB_ED25519_PK(k) ((k)->sk + 32)

/* Fills sk[32..64) with the public key of the seed sk[0..32): 0 or a CB_ERR_* code. */
typedef int (*cb_ed25519_pub_fn)(uint8_t sk[64]);

/* keygen's body: a seed from rand(), then cb_ed25519_raw_make; the seed wiped. */
int cb_ed25519_raw_keygen(cb_rawkey_rand_fn rand, cb_ed25519_pub_fn pub, void **key) CB_WARN_UNUSED;

/* A handle of seed (copied) and its public key: 0, CB_ERR_NOMEM or pub()'s error (nothing kept). */
int cb_ed25519_raw_make(const uint8_t seed[32], cb_ed25519_pub_fn pub, void **key) CB_WARN_UNUSED;

/* import_secret / import_public's bodies: the canonical PKCS#8 / SPKI, else CB_ERR_FORMAT. */
int cb_ed25519_raw_import_secret(const uint8_t *in, size_t len, cb_ed25519_pub_fn pub, void **key) CB_WARN_UNUSED;
int cb_ed25519_raw_import_public(const uint8_t *in, size_t len, void **key) CB_WARN_UNUSED;

/* key_free, export_public, export_secret (CB_ERR_ARG for a public key), max_signature (64). */
void cb_ed25519_raw_free(void *key);
int cb_ed25519_raw_export_public(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_ed25519_raw_export_secret(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
size_t cb_ed25519_raw_max_signature(const void *key);

/*
 * The classes' methods over these handles.  A class's info.variant is its
 * library's cb_rawkey_lib: its initialisation (NULL when it needs none;
 * a failure is CB_ERR_BACKEND, nothing made), its generator, and its
 * base-point multiplication (X25519 classes) or public-key derivation
 * (Ed25519 classes).  The adapter gives the rest of the class: X25519's
 * derive (and import_secret: cb_x25519_raw_class_import, or its own),
 * Ed25519's sign and verify.
 */
typedef struct cb_rawkey_lib {
	int (*ready)(void);
	cb_rawkey_rand_fn rand;
	cb_x25519_base_fn x25519_base;
	cb_ed25519_pub_fn ed25519_pub;
} cb_rawkey_lib;

int cb_x25519_raw_class_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_x25519_raw_class_import(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			       void **key) CB_WARN_UNUSED;
int cb_ed25519_raw_class_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_ed25519_raw_class_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				       void **key) CB_WARN_UNUSED;
int cb_ed25519_raw_class_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				       void **key) CB_WARN_UNUSED;

/* The class table's methods of an X25519 class but derive and import_secret. */
#define CB_X25519_RAW_METHODS                                                                                  \
	.keygen = cb_x25519_raw_class_keygen, .key_free = cb_x25519_raw_free,                                  \
	.export_public = cb_x25519_raw_export_public, .export_secret = cb_x25519_raw_export_secret

/* The class table's methods of an Ed25519 class but sign and verify. */
#define CB_ED25519_RAW_METHODS                                                                                 \
	.keygen = cb_ed25519_raw_class_keygen, .key_free = cb_ed25519_raw_free,                                \
	.export_public = cb_ed25519_raw_export_public, .export_secret = cb_ed25519_raw_export_secret,          \
	.max_signature = cb_ed25519_raw_max_signature, .import_public = cb_ed25519_raw_class_import_public,    \
	.import_secret = cb_ed25519_raw_class_import_secret

#endif
