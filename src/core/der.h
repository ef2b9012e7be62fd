/*
 * The little DER the adapters need: fixed SubjectPublicKeyInfo prefixes
 * for the curves with one encoding, ECDSA/SM2 signatures as
 * SEQUENCE { INTEGER r, INTEGER s }, and a strict element reader.
 * Libraries without an ASN.1 encoder (libgcrypt, nettle, libsodium) use
 * these so that every backend exports and accepts the same bytes as
 * OpenSSL.
 */
#ifndef CB_CORE_DER_H
#define CB_CORE_DER_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"

/* SPKI up to the key bytes: then the 65-byte X9.62 point, or the 32-byte Ed25519 key. */
extern const uint8_t cb_spki_p256_prefix[26]; /* id-ecPublicKey, prime256v1 */
extern const uint8_t cb_spki_sm2_prefix[26];  /* id-ecPublicKey, sm2p256v1 (1.2.156.10197.1.301) */
extern const uint8_t cb_spki_ed25519_prefix[12];

/*
 * Read one DER element with tag `tag` at p: definite length, minimal, at
 * most two length octets.  Its contents are [*body, *body + *len); *next
 * points after it.  0 or CB_ERR_FORMAT.
 */
int cb_der_get(const uint8_t *p, const uint8_t *end, uint8_t tag, const uint8_t **body, size_t *len,
	       const uint8_t **next) CB_WARN_UNUSED;

/* A positive, minimally encoded INTEGER of at most 32 significant bytes: *v, *vlen without a sign byte. */
int cb_der_uint(const uint8_t *p, const uint8_t *end, const uint8_t **v, size_t *vlen,
		const uint8_t **next) CB_WARN_UNUSED;

/* SEQUENCE { INTEGER r, INTEGER s } of two 32-byte big-endian values; *outlen in = capacity (72 suffices). */
int cb_der_sig_encode(const uint8_t r[32], const uint8_t s[32], uint8_t *out, size_t *outlen) CB_WARN_UNUSED;

/* The inverse, strict (nothing after it); r and s left-padded to 32 bytes.  0 or CB_ERR_FORMAT. */
int cb_der_sig_decode(const uint8_t *in, size_t len, uint8_t r[32], uint8_t s[32]) CB_WARN_UNUSED;

/* ---- key files (the CLI's normal forms; DER only, no ASN.1 library) ---- */

/* Canonical PKCS#8 prefixes, before the 32-byte secret (as every backend exports). */
extern const uint8_t cb_pkcs8_p256_prefix[35];    /* { 0, id-ecPublicKey prime256v1, ECPrivateKey { 1, d } } */
extern const uint8_t cb_pkcs8_sm2_prefix[35];     /* the same on sm2p256v1 */
extern const uint8_t cb_pkcs8_ed25519_prefix[16]; /* RFC 8410 */
extern const uint8_t cb_pkcs8_x25519_prefix[16];  /* RFC 8410 */
extern const uint8_t cb_spki_x25519_prefix[12];

typedef enum cb_key_type {
	CB_KEY_UNKNOWN = 0, /* an algorithm these helpers do not know */
	CB_KEY_RSA,
	CB_KEY_P256,
	CB_KEY_SM2,
	CB_KEY_X25519,
	CB_KEY_ED25519,
	CB_KEY_EC_OTHER /* id-ecPublicKey on another curve */
} cb_key_type;

/* "RSA", "P-256", "SM2", "X25519", "Ed25519", "EC (another curve)", "unknown". */
const char *cb_key_type_name(cb_key_type t);

/*
 * A private key in DER (PKCS#8 PrivateKeyInfo, PKCS#1 RSAPrivateKey or
 * SEC1 ECPrivateKey with its curve named) as canonical PKCS#8: RSA keys
 * wrapped as RFC 5208 with rsaEncryption and NULL parameters; P-256 and
 * SM2 keys as the 35-byte prefix and d (the public key dropped: every
 * backend computes it); X25519 / Ed25519 as RFC 8410.  Nothing may follow
 * the key.  *out is malloc'd (the caller wipes and frees it); *type the
 * key's algorithm.  CB_ERR_FORMAT (not such a key), CB_ERR_UNSUPPORTED (a
 * well-formed key of an algorithm not listed: *type is CB_KEY_UNKNOWN or
 * CB_KEY_EC_OTHER), CB_ERR_NOMEM.
 */
int cb_key_private_pkcs8(const uint8_t *in, size_t len, cb_key_type *type, uint8_t **out,
			 size_t *outlen) CB_WARN_UNUSED;

/*
 * A public key in DER (SubjectPublicKeyInfo, or PKCS#1 RSAPublicKey) as
 * SubjectPublicKeyInfo (RSA with NULL parameters; EC keys must be
 * uncompressed points).  Errors and ownership as cb_key_private_pkcs8.
 */
int cb_key_public_spki(const uint8_t *in, size_t len, cb_key_type *type, uint8_t **out,
		       size_t *outlen) CB_WARN_UNUSED;

/*
 * A canonical key (as the two functions above give) from the 32 raw key
 * bytes (X25519 / Ed25519: RFC 7748 / RFC 8032), the 32-byte d (P-256,
 * SM2) or, for a public key, the raw key or the 65-byte uncompressed
 * point.  CB_ERR_ARG for RSA or a wrong length; CB_ERR_NOMEM.
 */
int cb_key_wrap_raw(cb_key_type type, int secret, const uint8_t *raw, size_t rawlen, uint8_t **out,
		    size_t *outlen) CB_WARN_UNUSED;

/*
 * The key bytes inside a canonical key: a public key's BIT STRING
 * contents (the point or the raw 32 bytes); a private X25519 / Ed25519 /
 * P-256 / SM2 key's 32 secret bytes.  Points into in.  CB_ERR_FORMAT.
 */
int cb_key_raw(const uint8_t *in, size_t len, int secret, const uint8_t **raw, size_t *rawlen) CB_WARN_UNUSED;

/*
 * What a key's bytes are, for the sizes table (cb_sizes in result.h):
 * *encoding "PKCS#8" (secret: PKCS#8, PKCS#1 or SEC1, counted as the
 * canonical PKCS#8 above), "SPKI" (public: counted as the canonical
 * SubjectPublicKeyInfo), "X9.62" (an uncompressed point) or "raw" (counted
 * as given); *counted the bytes counted; *bits the RSA modulus or EC
 * coordinate size read from a public key, else -1.  0 or CB_ERR_NOMEM.
 */
int cb_key_measure(const uint8_t *in, size_t len, int secret, const char **encoding, size_t *counted,
		   long *bits) CB_WARN_UNUSED;

/*
 * PEM (RFC 7468): when the text starts, after white space, with
 * "-----BEGIN ", decode its first block into *der (malloc'd; wipe and
 * free it) and its label ("PRIVATE KEY", "PUBLIC KEY", ...) into label.
 * 1 when in is not PEM (nothing allocated), 0 decoded, CB_ERR_FORMAT
 * (bad armour or base64), CB_ERR_NOMEM.  The base64 digits are decoded
 * without a branch or table index on their values (secret keys).
 */
int cb_pem_decode(const uint8_t *in, size_t len, char *label, size_t labelcap, uint8_t **der,
		  size_t *derlen) CB_WARN_UNUSED;

/* PEM of der under label, lines of 64 digits; *pem malloc'd.  0 or CB_ERR_NOMEM. */
int cb_pem_encode(const char *label, const uint8_t *der, size_t len, char **pem, size_t *pemlen) CB_WARN_UNUSED;

#endif
