/*
 * One P-256 (or SM2-curve) handle for an ECDH and an ECDSA class of a
 * library that keeps its own key and point types (nettle, wolfssl,
 * boringssl, mbedtls, libgcrypt), and for an X25519 class kept the same
 * way (mbedtls).  What every such adapter would write again is here: the
 * handle's public point and secret flag, the key files (der.h: the
 * canonical PKCS#8 of d, SPKI and the raw point written; read as well
 * from the other forms der.h canonicalises, as the libraries' own parsers
 * took them; X25519's raw 32 bytes, RFC 7748), derive's cache of the last
 * peer (decoded and checked once while it does not change; its length and
 * the room for the secret are the layer's).  The library gives a
 * cb_ec_lib, the classes' info.variant: how
 * it makes, frees and fills a handle, and its scalar multiplication; the
 * adapter writes its sign and verify.
 */
#ifndef CB_BACKENDS_EC_HANDLE_H
#define CB_BACKENDS_EC_HANDLE_H

#include <stdint.h>

#include "core/der.h"
#include "cryptobench/kex.h"
#include "cryptobench/sig.h"

/* The first member of the library's handle. */
typedef struct cb_ec_handle {
	uint8_t pub[65]; /* the uncompressed public point (X25519: its 32 bytes) */
	int has_secret;  /* 0: a verify-only handle (import_public) */
	int peer_set;    /* peer: derive's last peer value, held decoded by the library */
	uint8_t peer[65];
	const struct cb_ec_lib *lib;
	cb_key_type type; /* the class's curve: CB_KEY_P256, CB_KEY_SM2 (sm2-dh), CB_KEY_X25519 */
} cb_ec_handle;

/*
 * The library's part; each returns 0 or a CB_ERR_* code.  make: a zeroed
 * handle of the library's size (cb_ec_handle first) with its parts
 * initialised (on failure nothing kept: CB_ERR_NOMEM, ...); free: all of it,
 * wiped.  generate: a new key pair into the handle; set_secret: the key of
 * d, 0 < d < n (CB_ERR_INVALID_KEY otherwise); both write pub.  set_point:
 * pt (65 bytes; X25519: 32) decoded into the handle's public key (peer 0)
 * or its peer point (peer 1), CB_ERR_INVALID_KEY when it is not an
 * uncompressed point of the curve (pub is then pt, written here).
 * get_secret: d (X25519: the scalar as
 * given).  shared: x(d * peer), 32 bytes.
 */
typedef struct cb_ec_lib {
	int (*make)(void **key);
	void (*free)(void *key);
	int (*generate)(void *key);
	int (*set_secret)(void *key, const uint8_t d[32]);
	int (*set_point)(void *key, int peer, const uint8_t pt[65]);
	int (*get_secret)(const void *key, uint8_t d[32]);
	int (*shared)(void *key, uint8_t x[32]);
} cb_ec_lib;

/*
 * The raw key (secret: d, else the 65-byte point) of a key file of the
 * curve t (CB_KEY_P256, CB_KEY_SM2): the canonical one, or another form
 * der.h canonicalises (a PKCS#8 with the public key or parameters, SEC1);
 * X25519's secret: its 32 bytes; else CB_ERR_FORMAT.  The imports' reader.
 */
int cb_ec_key_raw(cb_key_type t, int secret, const uint8_t *in, size_t len, uint8_t *raw) CB_WARN_UNUSED;

/* The methods of both classes. */
int cb_ec_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_ec_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_ec_kex_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			    void **key) CB_WARN_UNUSED;
int cb_ec_sig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			    void **key) CB_WARN_UNUSED;
int cb_ec_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			void **key) CB_WARN_UNUSED;
void cb_ec_free(void *key);
int cb_ec_export_point(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_ec_export_spki(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_ec_export_secret(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_ec_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen) CB_WARN_UNUSED;
size_t cb_ec_max_signature(const void *key);

/* The class tables' methods: ECDH's (and X25519's) all, ECDSA's but sign and verify. */
#define CB_EC_KEX_METHODS                                                                                      \
	.keygen = cb_ec_kex_keygen, .key_free = cb_ec_free, .export_public = cb_ec_export_point,               \
	.export_secret = cb_ec_export_secret, .derive = cb_ec_derive, .import_secret = cb_ec_kex_import_secret

#define CB_EC_SIG_METHODS                                                                                      \
	.keygen = cb_ec_sig_keygen, .key_free = cb_ec_free, .export_public = cb_ec_export_spki,                \
	.export_secret = cb_ec_export_secret, .max_signature = cb_ec_max_signature,                            \
	.import_public = cb_ec_import_public, .import_secret = cb_ec_sig_import_secret

#endif
