/*
 * Internal to the OpenSSL elliptic-curve adapters (openssl_ec.c,
 * openssl_sm2.c): key handles shared by the kex classes and by the sig
 * and SM2 encryption classes.
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
#include "cryptobench/sm2.h"

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
 * The handle of the signature and SM2 encryption classes: one key, one
 * import path.  opts->sm2_id is used by sm2-sign (NULL: the GM/T 0009
 * default ID).  *_from_pkey takes ownership of pk and prepares the
 * contexts of the class's kind (info->kind).
 */
struct cb_ossl_sig_key {
	int type;
	int has_private;
	EVP_PKEY *pkey;
	EVP_MD_CTX *sign_tmpl; /* NULL for a public key */
	EVP_MD_CTX *verify_tmpl;
	EVP_MD_CTX *work;
	/* SM2: the EVP_PKEY_CTX carrying the ID, owned here (EVP_MD_CTX_set_pkey_ctx). */
	EVP_PKEY_CTX *sign_pctx, *verify_pctx;
	/*
	 * ECDSA: hash with a kept EVP_MD_CTX, then sign or verify the digest on
	 * a context initialised once (as the RSA classes do, and as `openssl
	 * speed` does), instead of duplicating a DigestSign context per call.
	 */
	EVP_MD *md;
	EVP_MD_CTX *hctx;
	EVP_PKEY_CTX *dsign, *dverify;
	/* sm2-enc-*: the ciphertext form, contexts with encrypt_init / decrypt_init done, a DER scratch buffer. */
	cb_sm2_ct_format fmt;
	EVP_PKEY_CTX *ectx, *dctx;
	uint8_t *scratch; /* DER ciphertext or plaintext, grown on demand, wiped when freed */
	size_t scratch_cap;
};

int cb_ossl_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key);
int cb_ossl_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key);
int cb_ossl_sig_from_pkey(const cb_alg_info *info, EVP_PKEY *pk, int has_private, const cb_opts *opts, void **key);
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

/* The methods of the SM2 encryption classes but encrypt, decrypt and the sizes (openssl_sm2.c). */
#define CB_OSSL_PKE_METHODS                                                                              \
	.keygen = cb_ossl_pke_keygen, .key_free = cb_ossl_sig_free, .export_public = cb_ossl_sig_export_public, \
	.export_secret = cb_ossl_sig_export_secret, .import_public = cb_ossl_pke_import_spki,               \
	.import_secret = cb_ossl_pke_import_pkcs8

#endif
