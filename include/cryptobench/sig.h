/*
 * Signatures: RSA PKCS#1 v1.5 and PSS, ECDSA, Ed25519, SM2 (with Z_A),
 * ML-DSA (FIPS 204, pure, with a context string).
 * sign() hashes the message itself (the hash is part of the scheme).
 * Key handles: see pke.h.
 */
#ifndef CRYPTOBENCH_SIG_H
#define CRYPTOBENCH_SIG_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * What sign_ex / verify_ex do (ML-DSA, FIPS 204): iface says which of the
 * standard's interfaces; ctx is the context string of the pure interface
 * (at most 255 bytes; NULL with ctx_len 0: empty); rnd the 32 bytes of
 * signing randomness (NULL: fresh random bytes, or 32 zero bytes when
 * deterministic is set: FIPS 204's deterministic variant).
 */
enum {
	CB_SIG_IFACE_PURE = 0, /* ML-DSA.Sign / Verify (Algorithms 2, 3) on the message */
	CB_SIG_IFACE_INTERNAL, /* Sign_internal / Verify_internal (Algorithms 7, 8) on M' = the message */
	CB_SIG_IFACE_MU        /* the same with an external mu: the message is the 64-byte mu */
};
typedef struct cb_sig_params {
	int iface;
	const uint8_t *ctx;
	size_t ctx_len;
	const uint8_t *rnd;
	int deterministic;
} cb_sig_params;

typedef struct cb_sig_class cb_sig_class;
struct cb_sig_class {
	cb_alg_info info; /* info.kind == CB_KIND_SIG */
	int (*keygen)(const cb_sig_class *cls, const cb_opts *opts, void **key);
	void (*key_free)(void *key);
	int (*export_public)(const void *key, uint8_t *out, size_t *outlen);
	int (*export_secret)(const void *key, uint8_t *out, size_t *outlen);
	/* Upper bound of a signature's length. */
	size_t (*max_signature)(const void *key);
	/* *siglen: in = capacity, out = bytes written. */
	int (*sign)(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen);
	/* 0 when valid, CB_ERR_VERIFY when not, other errors on failure. */
	int (*verify)(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen);

	/*
	 * Optional (NULL when not provided): a verify-only handle from a public
	 * key in export_public's encoding (DER SubjectPublicKeyInfo, no
	 * trailing bytes), freed with key_free.  sign and export_secret on it
	 * return an error.  opts may be NULL; SM2 handles verify with
	 * opts->sm2_id (NULL: CB_SM2_DEFAULT_ID).  CB_ERR_INVALID_KEY or
	 * CB_ERR_FORMAT when the encoding is not a key of this algorithm.
	 */
	int (*import_public)(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key);
	/*
	 * Optional (NULL when not provided): a handle that signs and verifies,
	 * from a secret key in export_secret's encoding (DER PKCS#8
	 * PrivateKeyInfo, no trailing bytes: RFC 5208 with RFC 8017's
	 * RSAPrivateKey, RFC 5915's ECPrivateKey for P-256 and SM2, RFC 8410
	 * for Ed25519), freed with key_free.  opts as for import_public.
	 * CB_ERR_INVALID_KEY or CB_ERR_FORMAT when the encoding is not a key
	 * of this algorithm (for RSA: of another modulus size).
	 */
	int (*import_secret)(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key);

	/*
	 * Optional (NULL when not provided; ML-DSA classes): the raw FIPS 204
	 * interface the known-answer tests need.  keygen_seed: a handle from
	 * the 32-byte seed xi of ML-DSA.KeyGen_internal.  import_raw /
	 * export_raw: the raw public key (secret = 0, pkEncode) or the expanded
	 * secret key (secret = 1, skEncode; import_raw's handle then has no
	 * public key: export_public fails, verify_ex needs one).  sign_ex /
	 * verify_ex: as sign / verify with the parameters above;
	 * CB_ERR_UNSUPPORTED for an interface the class lacks, CB_ERR_ARG for
	 * a context longer than 255 bytes, CB_ERR_INVALID_KEY for a secret key
	 * that skDecode's ranges refuse.  sign / verify are sign_ex / verify_ex
	 * with the pure interface, the handle's context and randomness
	 * (cb_opts: sig_ctx, sig_deterministic; default empty, hedged).
	 */
	int (*keygen_seed)(const cb_sig_class *cls, const uint8_t *seed, size_t len, const cb_opts *opts, void **key);
	int (*import_raw)(const cb_sig_class *cls, int secret, const uint8_t *in, size_t len, const cb_opts *opts,
			  void **key);
	int (*export_raw)(const void *key, int secret, uint8_t *out, size_t *outlen);
	int (*sign_ex)(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen);
	int (*verify_ex)(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig,
			 size_t siglen);
};

/*
 * The generic layer (src/core/layer_pk.c, docs/ARCHITECTURE.md "The
 * generic layer"): every caller uses these instead of the class's
 * methods.  They make in one place, for every backend, the argument and
 * length checks, the output sizing against the catalog row's sizes, the
 * canonical-input checks (keys on import, signatures' scalars before a
 * verify, X25519's all-zero secret) and the wiping of an output on
 * failure; then call the class's method.  A method is called only with
 * non-NULL handles and buffers of the documented capacity.
 */
int cb_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
/* RSA: refused (CB_ERR_INVALID_KEY) unless consistent and of the row's size; P-256 / SM2: d in [1, n-1]. */
int cb_sig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			 void **key) CB_WARN_UNUSED;
/* RSA: n odd and of the row's size, 3 <= e < n, e odd; P-256 / SM2: a point on the curve. */
int cb_sig_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			 void **key) CB_WARN_UNUSED;
int cb_sig_export_public(const cb_sig_class *cls, const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_sig_export_secret(const cb_sig_class *cls, const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
size_t cb_sig_max_signature(const cb_sig_class *cls, const void *key);
/* CB_ERR_LENGTH when *siglen is below max_signature. */
int cb_sig_sign(const cb_sig_class *cls, void *key, const uint8_t *m, size_t mlen, uint8_t *sig,
		size_t *siglen) CB_WARN_UNUSED;
/* CB_ERR_VERIFY, before the class is called, for an Ed25519 S >= L or an ECDSA / SM2 r or s outside [1, n-1]. */
int cb_sig_verify(const cb_sig_class *cls, void *key, const uint8_t *m, size_t mlen, const uint8_t *sig,
		  size_t siglen) CB_WARN_UNUSED;
void cb_sig_key_free(const cb_sig_class *cls, void *key);

static inline const cb_sig_class *cb_as_sig(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_SIG) ? (const cb_sig_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
