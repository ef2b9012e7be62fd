/*
 * Shared by the mbedTLS 2.28 adapters: the implementation label, a per-handle
 * random generator (CTR_DRBG seeded from mbedtls_entropy) and the lists of
 * classes that mbedtls_common.c's descriptor names.
 */
#ifndef CB_MBEDTLS_COMMON_H
#define CB_MBEDTLS_COMMON_H

#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>

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

/* The classes: mbedtls_sym.c's hash (listed in mbedtls_common.c) and each file's list. */
extern const cb_hash_class cb_mbedtls_sha256;
extern const cb_alg_info *const cb_mbedtls_cipher_algs[], *const cb_mbedtls_ec_algs[], *const cb_mbedtls_rsa_algs[];

#endif
