/*
 * The canonical-input checks every implementation must make the same way,
 * made once here for every backend by the generic layer (layer_pk.c):
 * keys on import (RSA public and private consistency, EC scalars in
 * [1, n-1], EC points on the curve), signatures' scalars before a verify,
 * X25519's all-zero secret after a derive.  Nothing here is timed as part
 * of a sign / decrypt / derive: the key checks run at import; the
 * signature and shared-secret checks are a few comparisons per call
 * (docs/ARCHITECTURE.md, "The generic layer").
 */
#ifndef CB_CORE_KEYCHECK_H
#define CB_CORE_KEYCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "core/der.h"
#include "cryptobench/common.h"

/* The key type a class's name takes (RSA, P-256, SM2, X25519, Ed25519; else CB_KEY_UNKNOWN). */
cb_key_type cb_alg_key_type(const char *alg);

/*
 * The modulus size in bits of a canonical RSA key (SubjectPublicKeyInfo
 * when !secret, PKCS#8 when secret), read from the DER: 0 when it is not
 * an RSA key of that encoding.
 */
unsigned cb_rsa_key_bits(const uint8_t *in, size_t len, int secret);

/*
 * A canonical key (SPKI when !secret, PKCS#8 when secret; X25519 and
 * sm2-kx keys of the kex classes raw) for a class of key type t whose
 * catalog row says key_bits: CB_ERR_INVALID_KEY when a check fails, else
 * 0.  RSA: n odd, of exactly key_bits bits; 3 <= e < n, e odd; for a
 * private key also 1 < d < n, p*q = n, d*e = 1 mod lcm(p-1, q-1),
 * dP = d mod (p-1), dQ = d mod (q-1), qInv*q = 1 mod p.  P-256 / SM2:
 * a private scalar in [1, n-1] (sm2-kx: d and r in [1, n-2], kex.h); a
 * public point uncompressed, on the curve.  An encoding that is not
 * such a key is left to the backend (its import says CB_ERR_FORMAT).
 */
int cb_key_check(cb_key_type t, unsigned key_bits, int secret, int sm2kx, const uint8_t *in,
		 size_t len) CB_WARN_UNUSED;

/* Ed25519 (RFC 8032 5.1.7): a 64-byte signature whose S is below L; else CB_ERR_VERIFY. */
int cb_ed25519_sig_check(const uint8_t *sig, size_t len) CB_WARN_UNUSED;

/* ECDSA / SM2: a strict DER SEQUENCE { r, s } with 1 <= r, s <= n-1 on the key type's curve; else CB_ERR_VERIFY. */
int cb_ec_sig_check(cb_key_type t, const uint8_t *sig, size_t len) CB_WARN_UNUSED;

/* 1 when the n bytes are all zero (constant time). */
int cb_is_zero(const uint8_t *p, size_t n);

#endif
