/* DER and s-expression helpers shared by the libgcrypt EC and SM2 adapters (gcrypt_ec.c). */
#ifndef CB_GCRYPT_EC_H
#define CB_GCRYPT_EC_H

#include "backends/gcrypt/gcrypt_common.h"
#include "core/der.h"

/* Length of an AlgorithmIdentifier { id-ecPublicKey, named curve } (both curves used here). */
#define CB_GCRY_ALGID_LEN 21

/* d (32 bytes) from DER PKCS#8 or SEC1 of an EC key whose AlgorithmIdentifier is algid (P-256's or SM2's). */
int cb_gcry_parse_pkcs8_ec(const uint8_t *in, size_t len, const uint8_t *algid, uint8_t *d);

/* The atom after `name` in s as a big-endian number left-padded to n bytes. */
int cb_gcry_sexp_fixed(gcry_sexp_t s, const char *name, uint8_t *out, size_t n);
/* The atom after `name` in s, exactly n bytes (an Ed25519 0x40 prefix is dropped). */
int cb_gcry_sexp_raw(gcry_sexp_t s, const char *name, uint8_t *out, size_t n);
/*
 * gcry_pk_sign of data (released; err: its making's result, nothing signed
 * unless 0) under priv, the signature into sig (capacity *siglen): EdDSA's
 * r || s when raw, else the DER SEQUENCE { r, s }.  0 or a CB_ERR_* code.
 */
int cb_gcry_sign_rs(gcry_sexp_t priv, gcry_sexp_t data, int err, int raw, uint8_t *sig, size_t *siglen);
/* gcry_pk_genkey(spec): the private and public halves. */
int cb_gcry_genkey(const char *spec, gcry_sexp_t *priv, gcry_sexp_t *pub);
/* An MPI as n big-endian bytes. */
int cb_gcry_mpi_fixed(gcry_mpi_t m, uint8_t *out, size_t n);
/* Copies n bytes to out (*outlen: in = capacity, out = n). */
int cb_gcry_put(const uint8_t *src, size_t n, uint8_t *out, size_t *outlen);
/* 1 when q (65 bytes, 04||x||y) is a point of the named curve. */
int cb_gcry_point_ok(const char *curve, const uint8_t *q, size_t len);

#endif
