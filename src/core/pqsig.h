/*
 * The post-quantum signature classes (ML-DSA, SLH-DSA: oqs, boringssl,
 * builtin, builtin-c) as one implementation over a library's few calls,
 * as BearSSL's RSA verifiers share one unpadding: the handle, its signing
 * mode (context string, deterministic or hedged), the canonical key files
 * (src/core/der.c), the arguments of FIPS 204's three interfaces, the
 * randomness of a signature and the checks of a key are made here; a
 * backend gives, per family of sets, a cb_pqsig_lib of what its library
 * does (key generation, the expanded key's checks, sign, verify), and per
 * set a cb_pqsig_set (the class's info.variant).
 */
#ifndef CB_CORE_PQSIG_H
#define CB_CORE_PQSIG_H

#include <stddef.h>
#include <stdint.h>

#include "core/der.h"
#include "cryptobench/sig.h"

#define CB_PQSIG_CTX_MAX 255
#define CB_PQSIG_PK_MAX 2592 /* ML-DSA-87's pkEncode, the largest */
#define CB_PQSIG_SK_MAX 4896 /* ML-DSA-87's skEncode */

/* A handle's signing mode: the context string of the pure interface, deterministic or hedged. */
typedef struct cb_pqsig_mode {
	int deterministic;
	size_t ctx_len;
	uint8_t ctx[CB_PQSIG_CTX_MAX];
} cb_pqsig_mode;

typedef struct cb_pqsig_key cb_pqsig_key;

/*
 * What a library does for one family of sets, on a handle whose set
 * (k->set) says which; each hook returns 0 or a CB_ERR_* value.  NULL
 * where the family or the library has no such step.
 *
 *   from_seed      ML-DSA.KeyGen_internal(seed): k->pk and the secret
 *                  key, into k->sk or the library's parsed form (k->parsed)
 *   keypair        SLH-DSA: a fresh key pair into k->pk and k->sk
 *   from_expanded  ML-DSA: k->sk holds an skEncode: the library's form and
 *                  checks of it; with derive (or where the library always
 *                  computes it), the public key into k->pk and has_pk set
 *   parse_public   the library's form of k->pk (NULL: it reads k->pk)
 *   expanded       skEncode of a key the library keeps parsed (NULL: k->sk)
 *   free           frees k->parsed
 *   sign           the set's sig bytes into sig, the arguments checked:
 *                  p's interface one the family has, rnd FIPS 204's 32
 *                  bytes (NULL for SLH-DSA: hedged by the library)
 *   verify         a signature of the set's length: 0 or CB_ERR_VERIFY
 */
typedef struct cb_pqsig_lib {
	int (*from_seed)(cb_pqsig_key *k, const uint8_t seed[32]);
	int (*keypair)(cb_pqsig_key *k);
	int (*from_expanded)(cb_pqsig_key *k, int derive);
	int (*parse_public)(cb_pqsig_key *k);
	int (*expanded)(const cb_pqsig_key *k, uint8_t *sk);
	void (*free)(void *parsed);
	int (*sign)(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *rnd,
		    uint8_t *sig);
	int (*verify)(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen,
		      const uint8_t *sig);
} cb_pqsig_lib;

/* One parameter set of one library: a class's info.variant. */
typedef struct cb_pqsig_set {
	cb_key_type type;
	int mldsa; /* 44, 65, 87; 0 for SLH-DSA */
	size_t pk, sk, sig;
	const cb_pqsig_lib *lib; /* NULL: the library was not built (no handle is made) */
	const void *impl;        /* the library's own per-set data */
} cb_pqsig_set;

/* The first fields of a cb_pqsig_set: the type and sizes of FIPS 204 table 2 and FIPS 205 table 2. */
#define CB_PQSIG_MLDSA44 CB_KEY_MLDSA44, 44, 1312, 2560, 2420
#define CB_PQSIG_MLDSA65 CB_KEY_MLDSA65, 65, 1952, 4032, 3309
#define CB_PQSIG_MLDSA87 CB_KEY_MLDSA87, 87, 2592, 4896, 4627
#define CB_PQSIG_SLH_SHA2_128S CB_KEY_SLHDSA_SHA2_128S, 0, 32, 64, 7856
#define CB_PQSIG_SLH_SHA2_128F CB_KEY_SLHDSA_SHA2_128F, 0, 32, 64, 17088
#define CB_PQSIG_SLH_SHAKE_128S CB_KEY_SLHDSA_SHAKE_128S, 0, 32, 64, 7856
#define CB_PQSIG_SLH_SHAKE_128F CB_KEY_SLHDSA_SHAKE_128F, 0, 32, 64, 17088

/* A handle: the public key, the secret key (SLH-DSA's, or ML-DSA's expanded one) and its seed when it came from one. */
struct cb_pqsig_key {
	const cb_pqsig_set *set;
	int has_pk, has_sk, has_seed;
	cb_pqsig_mode mode;
	void *parsed; /* the library's own form of the key, or NULL */
	uint8_t seed[32];
	uint8_t pk[CB_PQSIG_PK_MAX];
	uint8_t sk[CB_PQSIG_SK_MAX];
};

/*
 * The methods of the classes (cryptobench/sig.h).  export_secret writes
 * RFC 9881's seed form when the key has a seed, else the expanded form
 * (SLH-DSA: RFC 9909); import_secret takes the three ML-DSA forms and
 * refuses a "both" key whose expanded half the seed does not give (RFC
 * 9881 8.2).  keygen_seed, sign_ex and verify_ex are ML-DSA's.
 */
int cb_pqsig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key);
void cb_pqsig_key_free(void *key);
int cb_pqsig_export_public(const void *key, uint8_t *out, size_t *outlen);
int cb_pqsig_export_secret(const void *key, uint8_t *out, size_t *outlen);
size_t cb_pqsig_max_signature(const void *key);
int cb_pqsig_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen);
int cb_pqsig_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen);
int cb_pqsig_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key);
int cb_pqsig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key);
int cb_pqsig_keygen_seed(const cb_sig_class *cls, const uint8_t *seed, size_t len, const cb_opts *opts, void **key);
int cb_pqsig_import_raw(const cb_sig_class *cls, int secret, const uint8_t *in, size_t len, const cb_opts *opts,
			void **key);
int cb_pqsig_export_raw(const void *key, int secret, uint8_t *out, size_t *outlen);
int cb_pqsig_sign_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen);
int cb_pqsig_verify_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig,
		       size_t siglen);

/*
 * The method members of a cb_sig_class initialiser: an SLH-DSA class's,
 * and an ML-DSA class's (with FIPS 204's raw interface).  A class is
 * {.info = {..., .variant = &its cb_pqsig_set}, CB_PQSIG_MLDSA_METHODS}.
 */
#define CB_PQSIG_SLH_METHODS                                                                                  \
	.keygen = cb_pqsig_keygen, .key_free = cb_pqsig_key_free, .export_public = cb_pqsig_export_public,    \
	.export_secret = cb_pqsig_export_secret, .max_signature = cb_pqsig_max_signature, .sign = cb_pqsig_sign, \
	.verify = cb_pqsig_verify, .import_public = cb_pqsig_import_public,                                   \
	.import_secret = cb_pqsig_import_secret, .import_raw = cb_pqsig_import_raw,                           \
	.export_raw = cb_pqsig_export_raw
#define CB_PQSIG_MLDSA_METHODS                                                                               \
	CB_PQSIG_SLH_METHODS, .keygen_seed = cb_pqsig_keygen_seed, .sign_ex = cb_pqsig_sign_ex,               \
		      .verify_ex = cb_pqsig_verify_ex

/* FIPS 204 Algorithm 2's domain separation for the pure interface, 0 || |ctx| || ctx, into pre; its length (0 for the other interfaces). */
size_t cb_pqsig_prefix(const cb_sig_params *p, uint8_t pre[2 + CB_PQSIG_CTX_MAX]);

#endif
