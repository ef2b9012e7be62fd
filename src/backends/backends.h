/*
 * The class arrays backends share with their descriptor (cb_backend, in
 * registry.h) and with tests: NULL-terminated arrays of class headers, one
 * per source file so that backends grow independently.  The registry finds
 * backends through their descriptors, not through this header.
 */
#ifndef CB_BACKENDS_H
#define CB_BACKENDS_H

#include "cryptobench/registry.h"

/* OpenSSL 3 (the system's libcrypto). */
extern const cb_alg_info *const cb_openssl_rsa_algs[];  /* openssl_rsa.c: RSA pke + sig */
extern const cb_alg_info *const cb_openssl_ec_algs[];   /* openssl_ec.c: X25519, P-256, Ed25519 */
extern const cb_alg_info *const cb_openssl_sm2_algs[];  /* openssl_sm2.c: SM2 sig, pke, kex */
extern const cb_alg_info *const cb_openssl_sm2kx_algs[]; /* openssl_sm2kx.c: sm2-kx (GM/T 0003.3, own code) */
extern const cb_alg_info *const cb_openssl_tls_algs[];  /* openssl_tls.c: TLS 1.3 handshakes through libssl */
extern const cb_alg_info *const cb_openssl_sym_algs[];  /* openssl_sym.c: ciphers and hashes */
/* Other libraries, built when found (src/backends/backends.list; CMake defines CB_HAVE_<NAME>). */
extern const cb_alg_info *const cb_gcrypt_algs[]; /* gcrypt/: libgcrypt */
extern const cb_alg_info *const cb_nettle_algs[]; /* nettle/: nettle + hogweed */
extern const cb_alg_info *const cb_sodium_algs[]; /* sodium/: libsodium */
const char *cb_gcrypt_version(void);
const char *cb_nettle_version(void);
const char *cb_sodium_version(void);
/* The project's own implementations (ML-KEM, ...). */
extern const cb_alg_info *const cb_builtin_algs[];      /* builtin/builtin_kem.c */
extern const cb_alg_info *const cb_builtin_mldsa_algs[];   /* builtin/builtin_mldsa.c */
extern const cb_alg_info *const cb_builtin_c_mldsa_algs[]; /* builtin-c/builtin_c_mldsa.c */
extern const cb_alg_info *const cb_hybrid_algs[];       /* ../hybrid/: hybrid and SM2 KEMs */
extern const cb_alg_info *const cb_envelope_algs[];     /* ../envelope/: seal/open cases for run */

/* "OpenSSL 3.0.19 27 Jan 2026" (run time), for the context record. */
const char *cb_openssl_version(void);
/* "3.0.19" */
const char *cb_openssl_version_short(void);
/* "openssl-3.0.19": the implementation label of every OpenSSL class. */
const char *cb_openssl_implementation(void);

#endif
