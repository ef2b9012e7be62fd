/* Helpers shared by the libgcrypt adapters. */
#ifndef CB_GCRYPT_COMMON_H
#define CB_GCRYPT_COMMON_H

#include <gcrypt.h>

#include "backends/backends.h"
#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

/*
 * Initialises libgcrypt once per process (version check, no secure memory,
 * initialisation finished).  0, or CB_ERR_BACKEND when the library is older
 * than the headers.  Every entry point that makes a handle calls it.
 */
int cb_gcry_init(void) CB_WARN_UNUSED;

/* NULL when libgcrypt initialised; otherwise why not. */
const char *cb_gcry_unavailable(void);

/* "libgcrypt-1.10.1": the implementation label of every libgcrypt class. */
const char *cb_gcrypt_implementation(void);

/* Maps a gcry_error_t to a CB_ERR_* (never CB_OK). */
int cb_gcry_err(gcry_error_t err);

/*
 * The end of every libgcrypt verify: gcry_pk_verify of the sig-val s over
 * data under pub when err (the data's making) is 0; s and data released.
 * 0, err, CB_ERR_NOMEM, or CB_ERR_VERIFY for any other failure (a
 * malformed value, r or s out of range, a bad point R, a wrong signature).
 */
int cb_gcry_verify(gcry_sexp_t s, gcry_sexp_t data, int err, gcry_sexp_t pub);

/* The digest of pre (prelen bytes, none for 0) || m in md, reset first: gcry_md_read's pointer. */
const unsigned char *cb_gcry_md_digest(gcry_md_hd_t md, const uint8_t *pre, size_t prelen, const uint8_t *m,
				       size_t mlen);

/*
 * Every libgcrypt decryption: gcry_pk_decrypt of the enc-val ct under priv
 * into *pt when e (ct's making) is 0; ct released.  0, cb_gcry_err(e),
 * CB_ERR_NOMEM, or CB_ERR_DECRYPT for any other failure.
 */
int cb_gcry_decrypt(gcry_error_t e, gcry_sexp_t ct, gcry_sexp_t priv, gcry_sexp_t *pt);

/* The sig-val of a DER SEQUENCE { r, s } (ECDSA, or SM2 when sm2): CB_ERR_VERIFY (not such DER), CB_ERR_BACKEND. */
int cb_gcry_ec_sigval(int sm2, const uint8_t *sig, size_t siglen, gcry_sexp_t *s);

/*
 * What every libgcrypt public-key handle (RSA, SM2, ECDSA / Ed25519) holds
 * after its shared handle's part: its key as libgcrypt's s-expressions
 * (priv NULL on a verify-only handle) and a digest handle for the messages.
 */
typedef struct cb_gcry_pk {
	gcry_sexp_t priv;
	gcry_sexp_t pub;
	gcry_md_hd_t md;
} cb_gcry_pk;

/*
 * Inside a shared handle (rsa_handle.h, sm2key.h, ec_handle.h, rawkey.h,
 * which allocate, wipe and free it): open, libgcrypt ready and the digest
 * md_algo opened (CB_ERR_NOMEM otherwise); close, the key and the digest
 * released (each may be NULL).
 */
int cb_gcry_pk_open(cb_gcry_pk *k, int md_algo);
void cb_gcry_pk_close(cb_gcry_pk *k);

/* Classes (gcrypt_sym.c, gcrypt_ec.c, gcrypt_sm2.c, gcrypt_rsa.c), listed in gcrypt_common.c. */
extern const cb_cipher_class cb_gcry_aes128_ecb, cb_gcry_aes128_ecb_p, cb_gcry_aes128_cbc, cb_gcry_aes128_cbc_p,
	cb_gcry_aes128_ctr, cb_gcry_aes128_gcm, cb_gcry_aes256_ecb, cb_gcry_aes256_ecb_p, cb_gcry_aes256_cbc,
	cb_gcry_aes256_cbc_p, cb_gcry_aes256_ctr, cb_gcry_aes256_gcm, cb_gcry_chacha20_poly1305, cb_gcry_sm4_ecb,
	cb_gcry_sm4_ecb_p, cb_gcry_sm4_cbc, cb_gcry_sm4_cbc_p, cb_gcry_sm4_ctr, cb_gcry_sm4_gcm;
extern const cb_hash_class cb_gcry_sha256, cb_gcry_sha512, cb_gcry_sha3_256, cb_gcry_sm3;
extern const cb_kex_class cb_gcry_x25519, cb_gcry_ecdh_p256, cb_gcry_sm2_dh;
extern const cb_sig_class cb_gcry_ecdsa_p256, cb_gcry_ed25519, cb_gcry_sm2_sign;
extern const cb_pke_class cb_gcry_sm2_enc_c1c3c2, cb_gcry_sm2_enc_c1c2c3, cb_gcry_sm2_enc_der;

extern const cb_pke_class cb_gcry_rsa2048_pkcs1, cb_gcry_rsa2048_oaep256, cb_gcry_rsa2048_oaep1, cb_gcry_rsa2048_raw,
	cb_gcry_rsa3072_pkcs1, cb_gcry_rsa3072_oaep256, cb_gcry_rsa3072_oaep1, cb_gcry_rsa3072_raw,
	cb_gcry_rsa4096_pkcs1, cb_gcry_rsa4096_oaep256, cb_gcry_rsa4096_oaep1, cb_gcry_rsa4096_raw;
extern const cb_sig_class cb_gcry_rsa2048_pkcs1_sha256, cb_gcry_rsa2048_pss_sha256, cb_gcry_rsa3072_pkcs1_sha256,
	cb_gcry_rsa3072_pss_sha256, cb_gcry_rsa4096_pkcs1_sha256, cb_gcry_rsa4096_pss_sha256;

#endif
