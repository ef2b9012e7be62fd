/*
 * The classical components of the SM2 KEMs (src/hybrid/hy_sm2.c) through
 * OpenSSL 3: Diffie-Hellman on the SM2 curve (sm2p256v1; P-256 too) by
 * EC_POINT arithmetic (OpenSSL 3.0 cannot import an "EC" key on the SM2
 * curve, so neither EVP derive nor OpenSSL's sm2-dh class can take a
 * secret from bytes), and SM3 by EVP.  The composed hybrids
 * (x25519mlkem768, secp256r1mlkem768, xwing) do not use this file: their
 * parts are classes of the registry (hy_compose.c).
 *
 * Byte conventions: Weierstrass
 * scalars are 32 big-endian bytes in [1, n-1]; points are uncompressed
 * X9.62 / SEC 1 (0x04 || x || y, 65 bytes), the only form RFC 8446
 * section 4.2.8.2 allows; shared secrets are the 32-byte x-coordinate
 * (RFC 8446 section 7.4.2), optionally with y.
 *
 * Errors: CB_ERR_INVALID_KEY for a peer value that fails validation
 * (not on the curve, not uncompressed, the point at infinity, an X25519
 * all-zero result, i.e. a low-order point), CB_ERR_ARG for a scalar out
 * of range, CB_ERR_RANDOM, CB_ERR_NOMEM / CB_ERR_BACKEND.  Scalar
 * multiplications use OpenSSL's constant-time paths (BN_FLG_CONSTTIME,
 * one scalar per EC_POINT_mul call).  Nothing here prints.
 */
#ifndef CB_HYBRID_HY_ECC_H
#define CB_HYBRID_HY_ECC_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"

#define CB_HY_X25519_BYTES 32
#define CB_HY_EC_SCALAR_BYTES 32
#define CB_HY_EC_POINT_BYTES 65

enum cb_hy_curve { CB_HY_P256 = 0, CB_HY_SM2 = 1 };

/* A uniformly random scalar in [1, n-1] (rejection sampling; hy_compose.c). */
int cb_hy_ec_random_scalar(int curve, uint8_t d[32]) CB_WARN_UNUSED;
/* pub = d * G; CB_ERR_ARG when d is not in [1, n-1]. */
int cb_hy_ec_public(int curve, uint8_t pub[65], const uint8_t d[32]) CB_WARN_UNUSED;
/*
 * (x, y) = d * peer after checking that peer is an uncompressed point on
 * the curve other than infinity (cofactor 1 on both curves: every such
 * point has order n).  y may be NULL.
 */
int cb_hy_ec_dh(int curve, uint8_t x[32], uint8_t *y, const uint8_t d[32], const uint8_t peer[65]) CB_WARN_UNUSED;
/* 1 when peer is a valid uncompressed point (as cb_hy_ec_dh checks), else 0. */
int cb_hy_ec_point_valid(int curve, const uint8_t peer[65]);

/* SM3 (GB/T 32905) over the concatenation of n parts. */
int cb_hy_sm3(uint8_t out[32], const uint8_t *const *parts, const size_t *lens, size_t n) CB_WARN_UNUSED;
/*
 * The SM2 key derivation function (GM/T 0003.4 section 5.4.3): klen
 * bytes of SM3(Z || ct) for ct = 1, 2, ... (32-bit big-endian), Z the
 * concatenation of n parts.
 */
int cb_hy_sm3_kdf(uint8_t *out, size_t klen, const uint8_t *const *parts, const size_t *lens, size_t n) CB_WARN_UNUSED;

/* NULL when OpenSSL here has SM2 curve arithmetic and SM3, else why not. */
const char *cb_hy_sm_unavailable(void);

/* Constant time: 1 when the n bytes are all zero, else 0. */
int cb_hy_is_zero(const uint8_t *p, size_t n);

#endif
