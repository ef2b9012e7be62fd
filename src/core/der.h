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
	CB_KEY_EC_OTHER, /* id-ecPublicKey on another curve */
	/* NIST post-quantum signature keys (OIDs of the NIST CSOR, sigAlgs 17-19, 20, 21, 26, 27) */
	CB_KEY_MLDSA44, /* RFC 9881 */
	CB_KEY_MLDSA65,
	CB_KEY_MLDSA87,
	CB_KEY_SLHDSA_SHA2_128S, /* RFC 9909 */
	CB_KEY_SLHDSA_SHA2_128F,
	CB_KEY_SLHDSA_SHAKE_128S,
	CB_KEY_SLHDSA_SHAKE_128F
} cb_key_type;

/*
 * "RSA", "P-256", "SM2", "X25519", "Ed25519", "EC (another curve)",
 * "ML-DSA-44", ..., "SLH-DSA-SHA2-128s", ..., "unknown".
 */
const char *cb_key_type_name(cb_key_type t);

/* 1 for the ML-DSA types, 2 for the SLH-DSA types, 0 for the others. */
int cb_key_is_pq(cb_key_type t);

/*
 * The raw sizes of a post-quantum key type: the public key (FIPS 204
 * pkEncode, FIPS 205 PK.seed || PK.root) and the secret key (FIPS 204
 * skEncode, the "expanded" key; FIPS 205 SK.seed || SK.prf || PK.seed ||
 * PK.root).  CB_ERR_ARG for another type.
 */
int cb_key_pq_sizes(cb_key_type t, size_t *pklen, size_t *sklen) CB_WARN_UNUSED;

/*
 * A private key in DER (PKCS#8 PrivateKeyInfo, PKCS#1 RSAPrivateKey or
 * SEC1 ECPrivateKey with its curve named) as canonical PKCS#8: RSA keys
 * wrapped as RFC 5208 with rsaEncryption and NULL parameters; P-256 and
 * SM2 keys as the 35-byte prefix and d (the public key dropped: every
 * backend computes it); X25519 / Ed25519 as RFC 8410; ML-DSA in the form
 * the file has (seed, expanded or both: RFC 9881 section 6; a seed and an
 * expanded key in one file are not checked against each other here, the
 * importing class does), SLH-DSA as RFC 9909 section 7; in both the
 * optional [1] publicKey and attributes dropped and the version 0.  Nothing may follow
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
 * point.  Post-quantum keys: the raw public key in SPKI (RFC 9881 /
 * RFC 9909: the BIT STRING holds the bytes, no further wrapping); an
 * SLH-DSA secret key of 4n bytes in PKCS#8 (the privateKey OCTET STRING
 * holds them directly); an ML-DSA secret key of 32 bytes as the seed
 * form, of the set's expanded length as the expanded form.  CB_ERR_ARG
 * for RSA or a wrong length; CB_ERR_NOMEM.
 */
int cb_key_wrap_raw(cb_key_type type, int secret, const uint8_t *raw, size_t rawlen, uint8_t **out,
		    size_t *outlen) CB_WARN_UNUSED;

/*
 * The fixed-prefix files of the classical types, without allocating:
 * prefix || raw, raw being 32 bytes (X25519, Ed25519; P-256 and SM2's d)
 * or, for a P-256 / SM2 public key, the 65-byte point.  cb_key_put
 * writes the file of raw into out (*outlen: capacity in, length out;
 * CB_ERR_LENGTH when it does not fit, CB_ERR_ARG for another type);
 * cb_key_get finds raw in such a file (*raw points into in; exactly the
 * prefix and the length, else CB_ERR_FORMAT).  What every adapter of a
 * library without an ASN.1 encoder exports and imports.
 */
int cb_key_put(cb_key_type type, int secret, const uint8_t *raw, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_key_get(cb_key_type type, int secret, const uint8_t *in, size_t len, const uint8_t **raw) CB_WARN_UNUSED;

/*
 * The key bytes inside a canonical key: a public key's BIT STRING
 * contents (the point or the raw bytes); a private X25519 / Ed25519 /
 * P-256 / SM2 key's 32 secret bytes; an SLH-DSA private key's 4n bytes;
 * an ML-DSA private key's 32-byte seed, or its expanded key when the
 * file has no seed (cb_mldsa_private_decode tells the forms apart).
 * Points into in.  CB_ERR_FORMAT.
 */
int cb_key_raw(const uint8_t *in, size_t len, int secret, const uint8_t **raw, size_t *rawlen) CB_WARN_UNUSED;

/*
 * The integers of an RSA key (RFC 8017 A.1): n, e, then for a private key
 * d, p, q, dP, dQ, qInv; big-endian, unsigned.
 */
enum { CB_RSA_N, CB_RSA_E, CB_RSA_D, CB_RSA_P, CB_RSA_Q, CB_RSA_DP, CB_RSA_DQ, CB_RSA_QINV, CB_RSA_INTS };
typedef struct cb_rsa_ints {
	const uint8_t *v[CB_RSA_INTS];
	size_t len[CB_RSA_INTS];
} cb_rsa_ints;

/*
 * cb_rsa_key_decode: the integers of a canonical RSA key (SPKI when
 * !secret, PKCS#8 of a two-prime RSAPrivateKey when secret; nothing after
 * it), non-negative, pointing into in without their leading zero bytes
 * (each at least one byte).  0, CB_ERR_FORMAT, or CB_ERR_INVALID_KEY
 * for an RSA key of that form with an empty or negative integer.
 * cb_rsa_key_encode: the canonical key of x (n, e, and d to qInv when
 * secret; leading zero bytes allowed, each at least one byte) into out
 * (*outlen: capacity in, length out).  0, CB_ERR_ARG or CB_ERR_LENGTH.
 */
int cb_rsa_key_decode(const uint8_t *in, size_t len, int secret, cb_rsa_ints *x) CB_WARN_UNUSED;
int cb_rsa_key_encode(int secret, const cb_rsa_ints *x, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;

/*
 * ML-DSA private keys (RFC 9881, section 6): the privateKey OCTET STRING
 * of PKCS#8 holds the CHOICE { seed [0] IMPLICIT OCTET STRING (32),
 * expandedKey OCTET STRING, both SEQUENCE { seed, expandedKey } }.
 *
 * cb_mldsa_private_encode: the canonical PKCS#8 (version 0, no attributes,
 * no public key) of the seed form (expanded NULL), the expanded form (seed
 * NULL) or both.  The expanded key must have the set's length.  *out is
 * malloc'd (wipe and free it).  CB_ERR_ARG, CB_ERR_NOMEM.
 *
 * cb_mldsa_private_decode: the parts of a canonical ML-DSA PKCS#8 (as
 * cb_key_private_pkcs8 gives): *seed (32 bytes) or NULL, *expanded (the
 * set's skEncode length) or NULL; they point into in.  CB_ERR_FORMAT when
 * in is not such a key.
 */
int cb_mldsa_private_encode(cb_key_type t, const uint8_t *seed, const uint8_t *expanded, uint8_t **out,
			    size_t *outlen) CB_WARN_UNUSED;
int cb_mldsa_private_decode(const uint8_t *in, size_t len, cb_key_type *t, const uint8_t **seed,
			    const uint8_t **expanded) CB_WARN_UNUSED;

/*
 * What a key's bytes are, for the sizes table (cb_sizes in result.h):
 * *encoding "PKCS#8" (secret: PKCS#8, PKCS#1 or SEC1, counted as the
 * canonical PKCS#8 above), "SPKI" (public: counted as the canonical
 * SubjectPublicKeyInfo), "X9.62" (an uncompressed point) or "raw" (counted
 * as given); *counted the bytes counted; *bits the RSA modulus or EC
 * coordinate size read from a public key, else -1.  An ML-DSA private
 * key's encoding names its form: "PKCS#8 seed", "PKCS#8 expanded",
 * "PKCS#8 both".  0 or CB_ERR_NOMEM.
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
