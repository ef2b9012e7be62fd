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
 * *data under pub when err (the data's making) is 0; s and *data released.
 * 0, err, CB_ERR_NOMEM, or CB_ERR_VERIFY for any other failure (a
 * malformed value, r or s out of range, a bad point R, a wrong signature).
 */
int cb_gcry_verify(gcry_sexp_t s, int err, gcry_sexp_t *data, gcry_sexp_t pub);

/*
 * The end of every libgcrypt signature: gcry_pk_sign of *data (released;
 * err: its making's result, nothing signed unless 0) under priv, into sig
 * (capacity *siglen) as form says: CB_GCRY_SIG_DER, the DER SEQUENCE
 * { r, s } (ECDSA, SM2); CB_GCRY_SIG_RAW, EdDSA's r || s; or n > 0, RSA's
 * s as n big-endian bytes.  0 or a CB_ERR_* code.
 */
#define CB_GCRY_SIG_DER 0
#define CB_GCRY_SIG_RAW (-1)
int cb_gcry_sign(gcry_sexp_t priv, int err, gcry_sexp_t *data, int form, uint8_t *sig, size_t *siglen);

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

/* The atom after `name` in s (NULL when none), its length in *len; *tok, its token, released by the caller. */
const char *cb_gcry_atom(gcry_sexp_t s, const char *name, gcry_sexp_t *tok, size_t *len);
/*
 * That atom into n bytes: raw, exactly n bytes (an Ed25519 point's 0x40
 * prefix dropped); else a big-endian number, left-padded.  CB_ERR_BACKEND
 * when there is none or it does not fit.
 */
int cb_gcry_sexp_atom(gcry_sexp_t s, const char *name, int raw, uint8_t *out, size_t n);
/* An MPI as n big-endian bytes. */
int cb_gcry_mpi_fixed(gcry_mpi_t m, uint8_t *out, size_t n);
/*
 * gcry_pk_genkey(spec): the private and public halves.  The specs ask for
 * "transient-key": the secret from libgcrypt's CSPRNG (GCRY_STRONG_RANDOM),
 * as OpenSSL's keys come from its DRBG.
 */
int cb_gcry_genkey(const char *spec, gcry_sexp_t *priv, gcry_sexp_t *pub);

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

/*
 * A P-256 or SM2 key (gcrypt_ec.c; ECDH, ECDSA and the SM2 classes), q its
 * uncompressed point, d its 32-byte scalar.  generate: gcry_pk_genkey(spec),
 * its s-expressions into g, q and d written.  sexps: g's s-expressions of q,
 * and of d when d is not NULL.  scalar: d ready for gcry_mpi_ec_mul, the
 * curve's context into *ec and the scalar, flagged secret (libgcrypt's
 * constant-time path), into *dm (both the caller's to release, also on
 * failure); CB_ERR_INVALID_KEY unless 1 <= d <= n - 1 - sub (SM2's keys:
 * sub 1, GM/T 0003.1 6.1); with q not NULL, Q = dG written there.
 */
int cb_gcry_ec_generate(cb_gcry_pk *g, const char *spec, uint8_t q[65], uint8_t d[32]);
int cb_gcry_ec_sexps(cb_gcry_pk *g, const char *curve, const uint8_t q[65], const uint8_t *d);
int cb_gcry_ec_scalar(const char *curve, const uint8_t d[32], unsigned sub, gcry_ctx_t *ec, gcry_mpi_t *dm,
		      uint8_t *q);

/* Classes: the lists of gcrypt_sym.c (ciphers) and gcrypt_rsa.c; the others, listed in gcrypt_common.c. */
extern const cb_alg_info *const cb_gcry_cipher_algs[], *const cb_gcry_rsa_algs[];
extern const cb_hash_class cb_gcry_sha256, cb_gcry_sha512, cb_gcry_sha3_256, cb_gcry_sm3;
extern const cb_kex_class cb_gcry_x25519, cb_gcry_ecdh_p256, cb_gcry_sm2_dh;
extern const cb_sig_class cb_gcry_ecdsa_p256, cb_gcry_ed25519, cb_gcry_sm2_sign;
extern const cb_pke_class cb_gcry_sm2_enc_c1c3c2, cb_gcry_sm2_enc_c1c2c3, cb_gcry_sm2_enc_der;

#endif
