/*
 * The classical components of the hybrid KEMs (src/hybrid), all through
 * OpenSSL 3: X25519 (RFC 7748) by EVP raw keys, Diffie-Hellman on P-256
 * and on the SM2 curve (sm2p256v1) by EC_POINT arithmetic (OpenSSL 3.0
 * cannot import an "EC" key on the SM2 curve, so EVP derive is not an
 * option there; one code path serves both curves), and SM3 by EVP.
 *
 * Byte conventions: X25519 keys and outputs are 32 raw bytes; Weierstrass
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

/* pub = X25519(sk, 9). */
int cb_hy_x25519_base(uint8_t pub[32], const uint8_t sk[32]) CB_WARN_UNUSED;
/*
 * ss = X25519(sk, peer); CB_ERR_INVALID_KEY when the result is all zero
 * (RFC 7748 section 6.1, RFC 8446 section 7.4.2).  pub, when the caller
 * knows X25519(sk, 9), spares OpenSSL from recomputing it (NULL: OpenSSL
 * computes it).
 */
int cb_hy_x25519(uint8_t ss[32], const uint8_t sk[32], const uint8_t *pub, const uint8_t peer[32]) CB_WARN_UNUSED;

/* A uniformly random scalar in [1, n-1] (rejection sampling). */
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
