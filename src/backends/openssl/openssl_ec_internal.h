/*
 * Internal to the OpenSSL elliptic-curve adapters (openssl_ec.c,
 * openssl_sm2.c): key handles shared by the kex and sig classes.
 *
 * A kex handle holds the EVP_PKEY, an EVP_PKEY_CTX on which derive_init is
 * done once, and the last peer (its bytes and EVP_PKEY, set on the context),
 * so that repeated derives with the same peer only run EVP_PKEY_derive.
 *
 * A sig handle holds EVP_MD_CTX templates on which EVP_DigestSignInit /
 * EVP_DigestVerifyInit (and for SM2 the distinguishing ID) were done once;
 * each operation copies the template into a work context
 * (EVP_MD_CTX_copy_ex, which duplicates the provider contexts without
 * fetching anything) and signs or verifies one-shot.  OpenSSL 3.2 and later
 * refuse a second EVP_DigestSign on a finalised context, and calling
 * EVP_DigestSignInit again re-creates the EVP_PKEY_CTX and re-fetches the
 * algorithms, so the copy is both correct and cheap.
 */
#ifndef CB_OPENSSL_EC_INTERNAL_H
#define CB_OPENSSL_EC_INTERNAL_H

#include "backends/openssl/openssl_common.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

enum cb_ossl_ec_type {
	CB_OSSL_X25519 = 0,
	CB_OSSL_ED25519,
	CB_OSSL_P256,  /* key type "EC", group prime256v1; ECDSA with SHA-256 */
	CB_OSSL_SM2,   /* key type "SM2" (sm2p256v1); SM2 signature with SM3 */
	CB_OSSL_EC_SM2 /* key type "EC" on group "SM2": ECDH on the SM2 curve */
};

/* An EC class's info.variant: its key type and, for sm2-enc-*, the ciphertext form. */
struct cb_ossl_ec_variant {
	int type; /* enum cb_ossl_ec_type */
	int form; /* sm2-enc-*: cb_sm2_ct_format */
};

static inline const struct cb_ossl_ec_variant *cb_ossl_ec_variant_of(const cb_alg_info *info)
{
	return (const struct cb_ossl_ec_variant *)info->variant;
}

/* Longest public value a kex handle accepts: an uncompressed 256-bit point. */
#define CB_OSSL_EC_MAX_PEER 65

/* A fresh key of the type. NULL on failure (error queue cleared). */
EVP_PKEY *cb_ossl_ec_generate(int type);

/*
 * A key from an X9.62 point (pub, may be NULL when d is given: the point
 * is then computed) and/or a big-endian scalar d (NULL for a public key).
 * For CB_OSSL_P256 and CB_OSSL_SM2; OpenSSL 3.0 refuses to import keys of
 * type "EC" on the SM2 curve, so CB_OSSL_EC_SM2 fails.  NULL on failure.
 */
EVP_PKEY *cb_ossl_ec_from_point(int type, const uint8_t *pub, size_t publen, const uint8_t *d,
				size_t dlen);

/* Key exchange handles.  *_from_pkey takes ownership of pk (also on failure). */
int cb_ossl_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key);
int cb_ossl_kex_from_pkey(int type, EVP_PKEY *pk, void **key);
void cb_ossl_kex_free(void *key);
/* Raw 32 bytes for X25519, an uncompressed point for the others. */
int cb_ossl_kex_export_public(const void *key, uint8_t *out, size_t *outlen);
/* Raw 32 bytes for X25519, PKCS#8 DER for the others. */
int cb_ossl_kex_export_secret(const void *key, uint8_t *out, size_t *outlen);
int cb_ossl_kex_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen);

/*
 * Signature handles.  opts->sm2_id is used by CB_OSSL_SM2 (NULL: the
 * GM/T 0009 default ID).  *_from_pkey takes ownership of pk.
 */
int cb_ossl_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key);
int cb_ossl_sig_from_pkey(int type, EVP_PKEY *pk, int has_private, const cb_opts *opts, void **key);
void cb_ossl_sig_free(void *key);
int cb_ossl_sig_export_public(const void *key, uint8_t *out, size_t *outlen);
int cb_ossl_sig_export_secret(const void *key, uint8_t *out, size_t *outlen);
size_t cb_ossl_sig_max_signature(const void *key);
int cb_ossl_sig_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen);
int cb_ossl_sig_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen);

/* The methods of every EC signature class (ECDSA, Ed25519, SM2; imports: openssl_ec_import.h). */
#define CB_OSSL_SIG_METHODS                                                                              \
	.keygen = cb_ossl_sig_keygen, .key_free = cb_ossl_sig_free, .export_public = cb_ossl_sig_export_public, \
	.export_secret = cb_ossl_sig_export_secret, .max_signature = cb_ossl_sig_max_signature,            \
	.sign = cb_ossl_sig_sign, .verify = cb_ossl_sig_verify, .import_public = cb_ossl_sig_import_spki,   \
	.import_secret = cb_ossl_sig_import_pkcs8

/* The methods of every EC key-agreement class but its import_secret (X25519, ECDH P-256, SM2 DH). */
#define CB_OSSL_KEX_METHODS                                                                              \
	.keygen = cb_ossl_kex_keygen, .key_free = cb_ossl_kex_free, .export_public = cb_ossl_kex_export_public, \
	.export_secret = cb_ossl_kex_export_secret, .derive = cb_ossl_kex_derive

/*
 * The SM2 ciphertext classes (openssl_sm2.c), for the importers: a handle
 * of cls's form (takes ownership of pk); their key_free, by which the
 * importers know a class of theirs.
 */
int cb_ossl_sm2_pke_from_pkey(const cb_pke_class *cls, EVP_PKEY *pk, void **key);
void cb_ossl_sm2_pke_free(void *key);

#endif
