/*
 * What every post-quantum signature adapter (ML-DSA, SLH-DSA: oqs,
 * boringssl, builtin) does the same way, so that each says only what its
 * library does: the handle's signing mode (context string, deterministic
 * or hedged), the canonical key files (src/core/der.c), the arguments of
 * FIPS 204's three interfaces, and the randomness of a signature.
 */
#ifndef CB_CORE_PQSIG_H
#define CB_CORE_PQSIG_H

#include <stddef.h>
#include <stdint.h>

#include "core/der.h"
#include "cryptobench/sig.h"

#define CB_PQSIG_CTX_MAX 255

/* A handle's signing mode: the context string of the pure interface, deterministic or hedged. */
typedef struct cb_pqsig_mode {
	int deterministic;
	size_t ctx_len;
	uint8_t ctx[CB_PQSIG_CTX_MAX];
} cb_pqsig_mode;

/* The mode from opts (NULL: empty context, hedged); CB_ERR_ARG for a context over 255 bytes. */
int cb_pqsig_mode_set(cb_pqsig_mode *m, const cb_opts *opts);

/* The pure interface with the mode's context and randomness (sign / verify of the class contract). */
cb_sig_params cb_pqsig_params(const cb_pqsig_mode *m);

/*
 * The raw key inside a canonical SPKI (secret 0) or PKCS#8 (secret 1) of
 * type t, and only such a file (what cb_key_public_spki /
 * cb_key_private_pkcs8 give back unchanged); *raw points into in.
 * CB_ERR_FORMAT otherwise.  ML-DSA's PKCS#8 forms: cb_mldsa_private_decode.
 */
int cb_pqsig_raw_key(cb_key_type t, int secret, const uint8_t *in, size_t len, const uint8_t **raw,
		     size_t *rawlen) CB_WARN_UNUSED;

/* The canonical file of a raw key (or an ML-DSA seed) into out; *outlen: capacity in, length out. */
int cb_pqsig_export(cb_key_type t, int secret, const uint8_t *raw, size_t rawlen, uint8_t *out,
		    size_t *outlen) CB_WARN_UNUSED;

/*
 * sign_ex / verify_ex's arguments: CB_ERR_ARG (a NULL with a length, a
 * context over 255 bytes), CB_ERR_UNSUPPORTED (an interface other than
 * the pure one where mldsa is 0), CB_ERR_LENGTH (a mu that is not 64
 * bytes), else 0.
 */
int cb_pqsig_check(const cb_sig_params *p, const uint8_t *m, size_t mlen, int mldsa);

/*
 * FIPS 204 Algorithm 2's domain separation for the pure interface,
 * 0 || |ctx| || ctx, into pre; its length (0 for the other interfaces).
 */
size_t cb_pqsig_prefix(const cb_sig_params *p, uint8_t pre[2 + CB_PQSIG_CTX_MAX]);

/* FIPS 204's rnd: p->rnd, 32 zero bytes (deterministic), or fresh random bytes. */
int cb_pqsig_rnd(const cb_sig_params *p, uint8_t rnd[32]) CB_WARN_UNUSED;

/*
 * RFC 9881 8.2, a "both" key: 0 when the expanded key the seed gave
 * equals the file's, CB_ERR_INVALID_KEY otherwise; compared in constant
 * time, only whether they match is public.
 */
int cb_pqsig_same_key(const uint8_t *a, const uint8_t *b, size_t n);

#endif
