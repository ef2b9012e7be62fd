/*
 * The X25519 and Ed25519 handles of a library that keeps a key as its raw
 * bytes (nettle, libgcrypt, libsodium, BoringSSL), or keeps an Ed25519 key
 * object beside them (wolfSSL, libgcrypt): the library gives only its
 * base-point multiplication or public-key derivation, or its key object
 * (and its generator for keygen, its derive, sign and verify); the
 * handle, its import, export and wiping free are here.
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

/*
 * A class's info.variant: its library's initialisation (NULL when it
 * needs none; a failure is CB_ERR_BACKEND, nothing made), its generator
 * (len random bytes into buf), and its base-point multiplication, pk =
 * X25519(sk, 9) (X25519 classes), or its public-key derivation, sk[32..64)
 * from the seed sk[0..32) (Ed25519 classes).  Each returns 0 or a
 * CB_ERR_* code.  The adapter gives the rest of the class: X25519's derive
 * (and import_secret: cb_x25519_raw_class_import, or its own), Ed25519's
 * sign and verify.
 */
typedef struct cb_rawkey_lib {
	int (*ready)(void);
	int (*rand)(void *buf, size_t len);
	int (*x25519_base)(uint8_t pk[32], const uint8_t sk[32]);
	int (*ed25519_pub)(uint8_t sk[64]);
} cb_rawkey_lib;

/*
 * The info.variant of an Ed25519 class whose library keeps its own key
 * object beside the raw key (wolfSSL, libgcrypt), made once at keygen or
 * import, never in sign or verify.  load: the object of the raw key (and
 * a secret key's public key when raw.ed25519_pub is NULL); generate (NULL:
 * rand, then as an import): the library's keygen into the seed, public
 * key and object; unload: the object released (also after a failure).
 */
typedef struct cb_ed25519_objlib {
	cb_rawkey_lib raw; /* ready, rand, ed25519_pub */
	size_t size;       /* the handle's: a cb_ed25519_obj, then the object */
	int (*load)(void *key);
	int (*generate)(void *key);
	void (*unload)(void *key);
} cb_ed25519_objlib;

typedef struct cb_ed25519_obj { /* the first member of such a handle */
	cb_ed25519_raw raw;
	const cb_ed25519_objlib *lib;
} cb_ed25519_obj;

/*
 * keygen: a secret from rand(), then its public value.  import_secret: the
 * raw 32 bytes (X25519), the canonical PKCS#8 (Ed25519); import_public:
 * the canonical SPKI; else CB_ERR_FORMAT.  Nothing is kept on failure.
 */
int cb_x25519_raw_class_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_x25519_raw_class_import(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			       void **key) CB_WARN_UNUSED;
int cb_ed25519_raw_class_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_ed25519_raw_class_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				       void **key) CB_WARN_UNUSED;
int cb_ed25519_raw_class_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				       void **key) CB_WARN_UNUSED;

/* key_free (wiping), export_public, export_secret (CB_ERR_ARG for a public key), max_signature (64). */
void cb_x25519_raw_free(void *key);
int cb_x25519_raw_export_public(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_x25519_raw_export_secret(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
void cb_ed25519_raw_free(void *key);
int cb_ed25519_raw_export_public(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_ed25519_raw_export_secret(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
size_t cb_ed25519_raw_max_signature(const void *key);
/* key_free of a cb_ed25519_objlib class (the keygen and imports above know the class by it). */
void cb_ed25519_obj_free(void *key);

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

/* The same for an Ed25519 class whose library keeps its own key object (cb_ed25519_obj). */
#define CB_ED25519_OBJ_METHODS                                                                                 \
	.keygen = cb_ed25519_raw_class_keygen, .key_free = cb_ed25519_obj_free,                                \
	.export_public = cb_ed25519_raw_export_public, .export_secret = cb_ed25519_raw_export_secret,          \
	.max_signature = cb_ed25519_raw_max_signature, .import_public = cb_ed25519_raw_class_import_public,    \
	.import_secret = cb_ed25519_raw_class_import_secret

#endif
