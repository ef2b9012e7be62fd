/*
 * Shared by the mbedTLS 2.28 adapters: the implementation label, a per-handle
 * random generator (CTR_DRBG seeded from mbedtls_entropy), PKCS#8 output,
 * and the class instances that mbedtls_common.c lists.
 */
#ifndef CB_MBEDTLS_COMMON_H
#define CB_MBEDTLS_COMMON_H

#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/pk.h>

#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

/* "mbedtls-2.28.3" (the headers' version). */
const char *cb_mbedtls_implementation(void);

/* A random generator owned by one key handle (handles are single-threaded). */
typedef struct cbm_rng {
	mbedtls_entropy_context entropy;
	mbedtls_ctr_drbg_context drbg;
} cbm_rng;

/* Seeds r; CB_OK or CB_ERR_RANDOM (r is then freed). */
int cbm_rng_init(cbm_rng *r);
void cbm_rng_free(cbm_rng *r);
/* The callback and its argument for mbedTLS's f_rng / p_rng. */
int cbm_rng_cb(void *p_rng, unsigned char *out, size_t len);

/*
 * What a P-256 handle (mbedtls_ec.c) holds first:
 * its generator, its key in mbedTLS's pk context, and whether the key has
 * its secret half.
 */
typedef struct cbm_key {
	cbm_rng rng;
	mbedtls_pk_context pk;
	int has_secret;
} cbm_key;

/* A zeroed handle of size bytes (a cbm_key first), pk initialised, rng seeded: 0, CB_ERR_NOMEM or CB_ERR_RANDOM. */
int cbm_key_new(size_t size, void **out);
/* Frees the pk context and the generator, wipes the handle's size bytes and frees it. */
void cbm_key_free(void *key, size_t size);
/*
 * The export methods of such a handle: DER SubjectPublicKeyInfo, and DER
 * PKCS#8 PrivateKeyInfo of a P-256 key (mbedTLS 2.28 writes only SEC1;
 * CB_ERR_ARG for a public key).
 */
int cbm_key_export_spki(const void *key, uint8_t *out, size_t *outlen);
int cbm_key_export_pkcs8(const void *key, uint8_t *out, size_t *outlen);

/* mbedtls_sym.c */
extern const cb_hash_class cb_mbedtls_sha256;
extern const cb_cipher_class cb_mbedtls_aes128_ecb, cb_mbedtls_aes128_ecb_p, cb_mbedtls_aes128_cbc,
	cb_mbedtls_aes128_cbc_p, cb_mbedtls_aes128_ctr, cb_mbedtls_aes128_gcm, cb_mbedtls_aes256_ecb,
	cb_mbedtls_aes256_ecb_p, cb_mbedtls_aes256_cbc, cb_mbedtls_aes256_cbc_p, cb_mbedtls_aes256_ctr,
	cb_mbedtls_aes256_gcm, cb_mbedtls_chacha20_poly1305;

/* mbedtls_ec.c */
extern const cb_kex_class cb_mbedtls_x25519, cb_mbedtls_ecdh_p256;
extern const cb_sig_class cb_mbedtls_ecdsa_p256;

/* mbedtls_rsa.c */
extern const cb_alg_info *const cb_mbedtls_rsa_algs[];

#endif
