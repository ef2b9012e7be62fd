/*
 * Shared by the wolfSSL (wolfCrypt) adapters: the implementation label,
 * the one-time library initialisation and the class instances that
 * wolfssl_common.c lists.
 */
#ifndef CB_WOLFSSL_COMMON_H
#define CB_WOLFSSL_COMMON_H

#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/sig.h"

/* "wolfssl-5.5.4" (the headers' version): every wolfSSL class's implementation. */
const char *cb_wolfssl_implementation(void);
/* wolfCrypt_Init() once; CB_OK or CB_ERR_BACKEND. */
int cb_wolfssl_ready(void);
/* NULL when wolfCrypt initialised, else the reason (every class's unavailable()). */
const char *cb_wolfssl_unavailable(void);

/* variant_: the class's parameters that the generic methods read (a mode, a hash, an RSA size), or NULL. */
#define WOLFSSL_INFO(kind_, name_, notes_, variant_)                                                       \
	{.kind = (kind_), .name = (name_), .backend = "wolfssl", .notes = (notes_),                         \
	 .unavailable = cb_wolfssl_unavailable, .implementation = cb_wolfssl_implementation,                \
	 .variant = (variant_)}

/* wolfssl_sym.c */
extern const cb_hash_class cb_wolfssl_sha256, cb_wolfssl_sha3_256;
extern const cb_cipher_class cb_wolfssl_aes128_ecb, cb_wolfssl_aes128_ecb_p, cb_wolfssl_aes128_cbc,
	cb_wolfssl_aes128_cbc_p, cb_wolfssl_aes128_ctr, cb_wolfssl_aes128_gcm, cb_wolfssl_aes256_ecb,
	cb_wolfssl_aes256_ecb_p, cb_wolfssl_aes256_cbc, cb_wolfssl_aes256_cbc_p, cb_wolfssl_aes256_ctr,
	cb_wolfssl_aes256_gcm, cb_wolfssl_chacha20_poly1305;

/* wolfssl_ec.c */
extern const cb_kex_class cb_wolfssl_x25519, cb_wolfssl_ecdh_p256;
extern const cb_sig_class cb_wolfssl_ecdsa_p256, cb_wolfssl_ed25519;

/* wolfssl_rsa.c */
extern const cb_sig_class cb_wolfssl_rsa2048_pkcs1_sha256, cb_wolfssl_rsa2048_pss_sha256,
	cb_wolfssl_rsa3072_pkcs1_sha256, cb_wolfssl_rsa3072_pss_sha256, cb_wolfssl_rsa4096_pkcs1_sha256,
	cb_wolfssl_rsa4096_pss_sha256;

#endif
