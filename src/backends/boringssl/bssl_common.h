/*
 * Shared by the BoringSSL adapters (bssl_*.c, bssl_internal.cc).
 *
 * BoringSSL is built from the pinned anchor (backend.cmake) with every
 * symbol prefixed (cb_bssl_); with it, the adapters are compiled with
 * CB_BSSL_BUILT against the prefixed headers and linked with libcrypto.a
 * into one object whose only global symbol is cb_backend_boringssl.
 * Without it, bssl_common.c lists the same class names, each "not built
 * (make anchors)".
 *
 * Argument checks: the adapters check only what BoringSSL itself would
 * not (lengths it takes implicitly from fixed-size arrays, a public-only
 * handle asked for a secret operation), each kind in one helper
 * (bssl_check_* below), so that a generic layer in front of the classes
 * can take them over.
 */
#ifndef CB_BSSL_COMMON_H
#define CB_BSSL_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "BoringSSL a0689af29e8e": the implementation label of every class. */
const char *cb_bssl_implementation(void);

/* variant_: the class's parameters that the generic methods read, or NULL. */
#define BSSL_INFO(kind_, name_, notes_, variant_)                                                                   \
	{.kind = (kind_), .name = (name_), .backend = "boringssl", .notes = (notes_), .unavailable = NULL,         \
	 .implementation = cb_bssl_implementation, .variant = (variant_)}

#ifdef CB_BSSL_BUILT
extern const cb_alg_info *const cb_bssl_rsa_algs[]; /* bssl_rsa.c: rsa*-pkcs1/oaep/raw, rsa*-pkcs1/pss-sha256 */
extern const cb_alg_info *const cb_bssl_ec_algs[];  /* bssl_ec.c: ecdsa-p256, ecdh-p256, ed25519, x25519 */
extern const cb_alg_info *const cb_bssl_sym_algs[]; /* bssl_sym.c: aes-*, chacha20-poly1305, sha256 */
extern const cb_alg_info *const cb_bssl_kem_algs[]; /* bssl_kem.c: mlkem768, mlkem1024, xwing */
extern const cb_alg_info *const cb_bssl_sig_algs[]; /* bssl_sig.c: mldsa44/65/87, slh-dsa-sha2-128s */
extern const cb_alg_info *const cb_bssl_tls_algs[]; /* bssl_tls.c: tls13-* handshakes */

/* Clears BoringSSL's error queue and returns err. */
int cb_bssl_fail(int err);

/*
 * Copies a DER encoding BoringSSL allocated (len bytes at buf) to out,
 * *outlen in = capacity, out = length; frees buf (cleansed).  CB_ERR_LENGTH
 * when it does not fit.
 */
int cb_bssl_copy_der(uint8_t *buf, size_t len, uint8_t *out, size_t *outlen);

/*
 * The canonical key files through EVP_parse_* / EVP_marshal_*: a key of
 * EVP_PKEY type `type` from a whole SPKI (secret 0) or PKCS#8 (0 and
 * *pkey, else CB_ERR_FORMAT); pkey's SPKI or PKCS#8 into out
 * (cb_bssl_copy_der's rules; CB_ERR_NOMEM, CB_ERR_BACKEND).  handle is
 * the import's out argument: CB_ERR_ARG when it or in is NULL, else it is
 * cleared first.
 */
struct evp_pkey_st;
int cb_bssl_parse_key(const uint8_t *in, size_t len, int secret, int type, void **handle,
		      struct evp_pkey_st **pkey);
int cb_bssl_export_key(struct evp_pkey_st *pkey, int secret, uint8_t *out, size_t *outlen);

/*
 * The AES-GCM code BoringSSL takes on this CPU for a key of key_bytes, as
 * its own CRYPTO_gcm128_init_aes_key chooses it ("VAES AVX-512
 * (aes-gcm-avx512)", ...; short: the run context keeps CB_NAME_MAX bytes):
 * bssl_internal.cc.
 */
const char *cb_bssl_gcm_path(size_t key_bytes);

/*
 * ML-KEM-768 and ML-KEM-1024: the classes' methods (kem.h) on BoringSSL's
 * internal entry points (bssl_internal.cc, C++ only: BoringSSL's
 * crypto/fipsmodule/bcm_interface.h), which read and write NIST's
 * decapsulation-key format and take the known answers' coins.
 */
struct cb_kem_class;
#define CB_BSSL_MLKEM(N)                                                                                           \
	int cb_bssl_mlkem##N##_keypair(const struct cb_kem_class *cls, uint8_t *pk, uint8_t *sk);                  \
	int cb_bssl_mlkem##N##_keypair_derand(const struct cb_kem_class *cls, uint8_t *pk, uint8_t *sk,            \
					      const uint8_t *coins);                                               \
	int cb_bssl_mlkem##N##_encaps(const struct cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk); \
	int cb_bssl_mlkem##N##_encaps_derand(const struct cb_kem_class *cls, uint8_t *ct, uint8_t *ss,             \
					     const uint8_t *pk, const uint8_t *coins);                             \
	int cb_bssl_mlkem##N##_decaps(const struct cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
CB_BSSL_MLKEM(768)
CB_BSSL_MLKEM(1024)

/*
 * ML-DSA-44/65/87 (bssl_internal.cc): core/pqsig.h's hooks on BoringSSL's
 * internal FIPS 204 entry points.  k->parsed is BoringSSL's parsed key;
 * from_expanded runs skDecode (refused, CB_ERR_INVALID_KEY, when its tr or
 * t0 is not what the rest gives) and computes pk.
 */
extern const struct cb_pqsig_lib cb_bssl_mldsa44, cb_bssl_mldsa65, cb_bssl_mldsa87;
#endif

#ifdef __cplusplus
}
#endif
#endif
