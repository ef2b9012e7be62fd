/*
 * The GM/T 0003.3-2012 (GB/T 32918.3-2016) SM2 key exchange, written here
 * from the standard on OpenSSL's EC_POINT / BIGNUM arithmetic and EVP SM3
 * (openssl_sm2kx.c): the `sm2-kx` class of the openssl backend, whose
 * conventions are in kex.h, and this internal entry point that runs one
 * party's side of the protocol on any 256-bit prime-field curve of
 * cofactor 1, so that the tests can check it against the worked example of
 * the standard's Annex A, which uses an example curve, not sm2p256v1.
 */
#ifndef CB_OPENSSL_SM2KX_H
#define CB_OPENSSL_SM2KX_H

#include <openssl/ec.h>

#include "core/sm2key.h"

/* Bytes of the field elements, scalars and Z values (256-bit curves only); the other sizes: core/sm2key.h. */
#define CB_SM2KX_BYTES 32

/*
 * One party's side of the exchange, steps A4-A8 (initiator) or B2-B7
 * (responder) of GM/T 0003.3 section 6.1, without the optional
 * confirmation hashes:
 *
 *   g       a prime-field group with generator, order n (256 bits) and
 *           cofactor 1 (refused otherwise: CB_ERR_UNSUPPORTED);
 *   secret  d || r, each in [1, n-2];
 *   peer    P_peer || R_peer (uncompressed points);
 *   id, peer_id  the two users' IDs (0..8191 bytes each);
 *   initiator  1: this party is A (K = KDF(x_U || y_U || Z_self || Z_peer)),
 *           0: it is B (K = KDF(x_V || y_V || Z_peer || Z_self));
 *   k       klen (1..1024) bytes of shared key;
 *   u       when not NULL, x_U || y_U (64 bytes), the shared point.
 *
 * CB_ERR_INVALID_KEY for a peer value that is not two points of the curve
 * (wrong length, not uncompressed, off the curve, infinity) or gives
 * U = O; CB_ERR_ARG for a secret out of range.  Outputs wiped on failure.
 */
int cb_ossl_sm2kx_compute(const EC_GROUP *g, const uint8_t secret[CB_SM2KX_SECRET_BYTES], const uint8_t *id,
			  size_t idlen, const uint8_t peer[CB_SM2KX_PUBLIC_BYTES], const uint8_t *peer_id,
			  size_t peer_idlen, int initiator, uint8_t *k, size_t klen, uint8_t *u) CB_WARN_UNUSED;

/* Z = SM3(ENTL || ID || a || b || x_G || y_G || x || y) of a public point (GM/T 0003.2 5.5). */
int cb_ossl_sm2kx_z(const EC_GROUP *g, const uint8_t *id, size_t idlen, const uint8_t pub[65],
		    uint8_t z[CB_SM2KX_BYTES]) CB_WARN_UNUSED;

/* pub = [d]G as an uncompressed point; CB_ERR_ARG when d is not in [1, n-2]. */
int cb_ossl_sm2kx_public(const EC_GROUP *g, const uint8_t d[CB_SM2KX_BYTES], uint8_t pub[65]) CB_WARN_UNUSED;

#endif
