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

#endif
