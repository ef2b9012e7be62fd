/*
 * One SM2 key handle for the signature, encryption and ECDH classes of a
 * library that keeps its own key type (libgcrypt, GmSSL).  What each such
 * adapter would write again is here: the handle's secret flag and
 * ciphertext form, its making and wiping free around the
 * library's parts, the exports as the canonical key files (der.h: SPKI,
 * PKCS#8 of d, the raw point), the size methods and each kind's entries;
 * and what every SM2 adapter reads: the user ID of cb_opts and the
 * curve's part of Z_A (GM/T 0003.2 5.5).  The library gives a cb_sm2_lib,
 * named by the class's info.variant (a cb_sm2_variant); the adapter
 * writes sign, verify, encrypt, decrypt and derive.
 */
#ifndef CB_CORE_SM2KEY_H
#define CB_CORE_SM2KEY_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"
#include "cryptobench/sm2.h"

/* The first member of the library's handle. */
typedef struct cb_sm2_handle {
	int has_secret;       /* 0: a public-key-only handle (import_public) */
	cb_kind kind;         /* the class's kind */
	cb_sm2_ct_format fmt; /* an encryption class's ciphertext form */
	const struct cb_sm2_lib *lib;
} cb_sm2_handle;

/*
 * The library's part; each returns 0 or a CB_ERR_* code.  size: its
 * handle's, cb_sm2_handle first (allocated zeroed here, wiped when
 * freed); init (or NULL): its parts of a new handle; clear (or NULL):
 * their release.  generate: a new key pair; import: the handle's key from
 * a key file, a PKCS#8 of d (secret 1) or an SPKI, as the library reads
 * them.  get_point: the public point, uncompressed (asked for by the
 * exports only, so that no library converts it in a timed keygen);
 * get_secret: d.  prepare (or NULL): what the handle needs once its key
 * is set, from opts (Z_A, a verify context).
 */
typedef struct cb_sm2_lib {
	size_t size;
	size_t max_plaintext; /* the longest message the library encrypts */
	int (*init)(void *key);
	void (*clear)(void *key);
	int (*generate)(void *key);
	int (*import)(void *key, int secret, const uint8_t *in, size_t len);
	int (*get_point)(const void *key, uint8_t pt[65]);
	int (*get_secret)(const void *key, uint8_t d[32]);
	int (*prepare)(void *key, const cb_opts *opts);
} cb_sm2_lib;

/* A class's info.variant: the library and, for encryption, the ciphertext form. */
typedef struct cb_sm2_variant {
	const cb_sm2_lib *lib;
	cb_sm2_ct_format fmt;
} cb_sm2_variant;

/* The user ID of opts, or CB_SM2_DEFAULT_ID; its length is not checked here. */
void cb_sm2_id(const cb_opts *opts, const uint8_t **id, size_t *idlen);

/* a || b || x_G || y_G of sm2p256v1 (GM/T 0003.5), the curve's part of Z_A. */
extern const uint8_t cb_sm2_curve_abg[128];

/*
 * Each kind's keygen and imports (cb_sm2_sig_keygen, cb_sm2_pke_import_public, ...); an encryption
 * class's import_public passes no opts on (its handle has no use for the ID); a kex table has no import_public.
 */
#define CB_SM2_KIND_METHODS(kind)                                                                              \
	int cb_sm2_##kind##_keygen(const cb_##kind##_class *cls, const cb_opts *opts, void **key);             \
	int cb_sm2_##kind##_import_public(const cb_##kind##_class *cls, const uint8_t *in, size_t len,         \
					  const cb_opts *opts, void **key);                                    \
	int cb_sm2_##kind##_import_secret(const cb_##kind##_class *cls, const uint8_t *in, size_t len,         \
					  const cb_opts *opts, void **key)
CB_SM2_KIND_METHODS(sig);
CB_SM2_KIND_METHODS(pke);
CB_SM2_KIND_METHODS(kex);

/* The other methods. */
void cb_sm2_free(void *key);
int cb_sm2_export_spki(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_sm2_export_point(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_sm2_export_pkcs8(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
size_t cb_sm2_max_signature(const void *key);
size_t cb_sm2_max_plaintext(const void *key);
size_t cb_sm2_max_ciphertext(const void *key, size_t mlen);

/* The class tables' methods but sign / verify, encrypt / decrypt, derive. */
#define CB_SM2_SIG_METHODS                                                                                     \
	.keygen = cb_sm2_sig_keygen, .key_free = cb_sm2_free, .export_public = cb_sm2_export_spki,             \
	.export_secret = cb_sm2_export_pkcs8, .max_signature = cb_sm2_max_signature,                           \
	.import_public = cb_sm2_sig_import_public, .import_secret = cb_sm2_sig_import_secret

#define CB_SM2_PKE_METHODS                                                                                     \
	.keygen = cb_sm2_pke_keygen, .key_free = cb_sm2_free, .export_public = cb_sm2_export_spki,             \
	.export_secret = cb_sm2_export_pkcs8, .max_plaintext = cb_sm2_max_plaintext,                           \
	.max_ciphertext = cb_sm2_max_ciphertext, .import_public = cb_sm2_pke_import_public,                    \
	.import_secret = cb_sm2_pke_import_secret

#define CB_SM2_KEX_METHODS                                                                                     \
	.keygen = cb_sm2_kex_keygen, .key_free = cb_sm2_free, .export_public = cb_sm2_export_point,            \
	.export_secret = cb_sm2_export_pkcs8, .import_secret = cb_sm2_kex_import_secret

/*
 * The SM2 key exchange's handle (sm2-kx: GM/T 0003.3; openssl, gmssl),
 * with kex.h's conventions: the public value P || R, both users' ID (of
 * cb_opts at keygen / import, copied), a secret d || r, a 16-byte key.
 * Its methods make the checks before the protocol: the secret's length,
 * the peer's, the room for the key, and the roles: the party with the
 * smaller public value is the initiator A, and a party cannot exchange
 * with itself.  The library gives a cb_sm2kx_lib, the class's
 * info.variant: size, init and clear as cb_sm2_lib's; set: the secret
 * (NULL: a new one) into its keys and pub (CB_ERR_INVALID_KEY for a secret
 * out of [1, n-2]); get: the secret; compute: one party's protocol with
 * the peer's value (checked there), the key into k (wiped on failure).
 */
#define CB_SM2KX_PUBLIC_BYTES 130 /* P || R, two uncompressed points */
#define CB_SM2KX_SECRET_BYTES 64  /* d || r, 32-byte big-endian each */
#define CB_SM2KX_KEY_BYTES 16     /* klen = 128 bits, as the standard's example */

typedef struct cb_sm2kx_handle {
	uint8_t pub[CB_SM2KX_PUBLIC_BYTES];
	uint8_t *id; /* idlen bytes (at least one allocated) */
	size_t idlen;
	const struct cb_sm2kx_lib *lib;
} cb_sm2kx_handle;

typedef struct cb_sm2kx_lib {
	size_t size;
	int (*init)(void *key);
	void (*clear)(void *key);
	int (*set)(void *key, const uint8_t *secret);
	int (*get)(const void *key, uint8_t secret[CB_SM2KX_SECRET_BYTES]);
	int (*compute)(void *key, const uint8_t *peer, int initiator, uint8_t k[CB_SM2KX_KEY_BYTES]);
} cb_sm2kx_lib;

/* A handle of lib's with opts' ID and its parts initialised, no key yet: CB_ERR_UNSUPPORTED (ID), CB_ERR_NOMEM. */
int cb_sm2kx_new(const cb_sm2kx_lib *lib, const cb_opts *opts, void **key) CB_WARN_UNUSED;

int cb_sm2kx_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
int cb_sm2kx_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			   void **key) CB_WARN_UNUSED;
void cb_sm2kx_key_free(void *key);
int cb_sm2kx_export_public(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_sm2kx_export_secret(const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_sm2kx_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen) CB_WARN_UNUSED;

#endif
