/*
 * Hybrid KEMs, the project's own combiners.  x25519mlkem768,
 * secp256r1mlkem768 and xwing are compositions (hy_compose.c): a combiner
 * over an ML-KEM-768 class and a key-agreement class (x25519 /
 * ecdh-p256) found in the registry, and a hash class (SHA3-256) where the
 * combiner hashes; the registry's classes of backend "builtin" are the
 * default composition (builtin's ML-KEM-768, OpenSSL's key agreement and
 * hash), cb_hybrid_compose() makes the others ("oqs+sodium").  The SM2
 * KEMs use the SM2 curve and SM3 through OpenSSL (hy_ecc.h).  Family
 * "hybrid" or "gm", kind kem (docs/HYBRID.md has every byte layout, its
 * source and the rationale):
 *
 *   x25519mlkem768     TLS 1.3 X25519MLKEM768 (0x11EC), draft-ietf-tls-ecdhe-mlkem
 *   secp256r1mlkem768  TLS 1.3 SecP256r1MLKEM768 (0x11EB), same draft
 *   xwing              X-Wing, draft-connolly-cfrg-xwing-kem
 *   curvesm2mlkem768   TLS 1.3 curveSM2MLKEM768 (0x11EE), draft-yang-tls-hybrid-sm2-mlkem-03
 *   sm2mlkem768        SM2-curve DH + ML-KEM-768, SM3 combiner (this project's)
 *   sm2-dhkem          ephemeral-static SM2-curve DH, SM3 KDF (this project's)
 *   sm2-enc-kem        SM2 encryption (GM/T 0003.4) of a fresh 32-byte key, C1C3C2
 *
 * As KEMs: keypair gives pk (for TLS: the client key share) and sk;
 * encaps(pk) gives ct (TLS: the server key share) and ss; decaps(ct, sk)
 * gives ss.  Errors: CB_ERR_INVALID_KEY for a share that fails its check
 * (ML-KEM modulus check of FIPS 203 7.2, a point off the curve or not
 * uncompressed, an X25519 all-zero secret), CB_ERR_DECRYPT for an
 * sm2-enc-kem ciphertext whose C3 does not match (it is not implicitly
 * rejecting), CB_ERR_ARG for derand coins out of range (an EC scalar
 * 0 or >= n), CB_ERR_RANDOM, CB_ERR_BACKEND.  The ML-KEM part keeps its
 * implicit rejection.  Secrets on the stack are wiped before return.
 */
#ifndef CB_HYBRID_HYBRID_H
#define CB_HYBRID_HYBRID_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"

extern const cb_kem_class cb_hybrid_x25519mlkem768;
extern const cb_kem_class cb_hybrid_secp256r1mlkem768;
extern const cb_kem_class cb_hybrid_xwing;
extern const cb_kem_class cb_hybrid_curvesm2mlkem768;
/*
 * Not registered: what curvesm2mlkem768's compositions copy (hy_compose.c),
 * SecP256r1MLKEM768's combiner (the point first everywhere, the ECDH
 * secret first) over an ML-KEM-768 class and an sm2-dh class.
 */
extern const cb_kem_class cb_hy_curvesm2mlkem768_parts;
extern const cb_kem_class cb_hybrid_sm2mlkem768;
extern const cb_kem_class cb_hybrid_sm2_dhkem;
extern const cb_kem_class cb_hybrid_sm2_enc_kem;

/* The combiner labels (docs/HYBRID.md). */
#define CB_XWING_LABEL "\\.//^\\" /* 5c2e2f2f5e5c */
#define CB_SM2MLKEM768_LABEL "SM2MLKEM768-v1"
#define CB_SM2DHKEM_LABEL "SM2-DHKEM-v1"

/*
 * The randomised keypair and encaps of every hybrid and SM2 KEM: they
 * draw the class's keypair_coins_bytes / encaps_coins_bytes coins as its
 * variant (a cb_hy_variant) says, then call its keypair_derand /
 * encaps_derand.  The coins are random bytes, but for a 32-byte scalar
 * of a curve (cb_hy_ec_random_scalar, hy_ecc.h) at scalar_at when
 * scalar is set; they are drawn in order (bytes before the scalar, the
 * scalar, bytes after).  encaps_tries (0 meaning 1): encapsulations tried
 * with fresh coins while encaps_derand returns CB_ERR_ARG (SM2
 * encryption's t = 0, GM/T 0003.4 A5).
 */
typedef struct cb_hy_coins {
	int scalar;       /* 1: a scalar of curve at scalar_at */
	int curve;        /* enum cb_hy_curve */
	size_t scalar_at; /* its offset in the coins */
} cb_hy_coins;

/*
 * The classes a composition runs on: its KEM part, its key agreement
 * and, for a combiner that hashes, its hash (else NULL).
 */
typedef struct cb_hy_parts {
	const cb_kem_class *kem;
	const cb_kex_class *kex;
	const cb_hash_class *hash;
} cb_hy_parts;

/*
 * Where a composition's parts are, resolved once (hy_compose.c): state 0
 * not yet, 1 done, -1 not available here (read and written atomically).
 * wei: the key agreement is on a Weierstrass curve (curve, enum
 * cb_hy_curve of hy_ecc.h; its secret goes to the class as PKCS#8), else
 * X25519 (raw); publen: its public value's size.
 */
typedef struct cb_hy_slot {
	int state;
	int wei, curve;
	size_t publen;
	cb_hy_parts parts;
} cb_hy_slot;

typedef struct cb_hy_variant {
	cb_hy_coins keypair;
	cb_hy_coins encaps;
	int encaps_tries;
	/* compositions only (NULL otherwise): the recipe's name and its parts */
	const char *recipe;
	cb_hy_slot *slot;
} cb_hy_variant;

/*
 * A composition's parts (NULL when they are not in this build or not
 * usable here: its methods then return CB_ERR_UNSUPPORTED).  One atomic
 * load once resolved.
 */
const cb_hy_slot *cb_hy_parts_of(const cb_kem_class *cls);

/*
 * The key-agreement part through its class, from a raw 32-byte secret
 * (an X25519 scalar, or a P-256 scalar d which is given to the class as
 * the canonical PKCS#8 of src/core/der.c): its public value (pub, the
 * class's size: 32 or 65 bytes), the shared secret with peer (ss, 32
 * bytes), or both.  CB_ERR_INVALID_KEY for a peer the class refuses, a
 * Weierstrass peer not uncompressed, an all-zero secret (RFC 8446 7.4.2);
 * CB_ERR_ARG for a Weierstrass scalar 0 or >= n.
 */
int cb_hy_kex_public(const cb_hy_slot *p, uint8_t *pub, const uint8_t sec[32]) CB_WARN_UNUSED;
int cb_hy_kex_shared(const cb_hy_slot *p, uint8_t *pub, uint8_t ss[32], const uint8_t sec[32],
		     const uint8_t *peer) CB_WARN_UNUSED;
/* The hash part over the concatenation of n inputs (at most 512 bytes in all). */
int cb_hy_hash(const cb_hy_slot *p, uint8_t *out, const uint8_t *const *in, const size_t *lens,
	       size_t n) CB_WARN_UNUSED;

/*
 * Compositions.  `backends` names the parts' backends, the KEM part's
 * first, then the key agreement's: "oqs+sodium" is x25519mlkem768 over
 * liboqs' ML-KEM-768 and libsodium's X25519 (its hash, for X-Wing, is the
 * key agreement backend's SHA3-256 when it has one, else OpenSSL's).
 * The class made carries that string as its backend ("x25519mlkem768@
 * oqs+sodium"), is made once and lives as long as the program.  0 and
 * *out, or CB_ERR_UNSUPPORTED (name is not a composition), CB_ERR_ARG
 * (backends not "A+B") or CB_ERR_UNSUPPORTED with why (cap bytes) saying
 * which part is missing or not usable here.
 */
int cb_hybrid_compose(const char *name, const char *backends, const cb_alg_info **out, char *why,
		      size_t cap) CB_WARN_UNUSED;
/* 1 when name is a hybrid made by composition (x25519mlkem768, secp256r1mlkem768, xwing). */
int cb_hybrid_composable(const char *name);
/*
 * The compositions `interop` crosses: every usable KEM part with the
 * default key agreement, and the default KEM part with every usable key
 * agreement (any pair of parts then meets in some composition: the wire
 * bytes of each part depend on that part only).  The registry's default
 * class first.  Returns how many were written to out (at most cap).
 */
size_t cb_hybrid_compositions(const char *name, const cb_alg_info **out, size_t cap);
/*
 * The backend that part `part` (a registry name, e.g. "x25519") of the
 * hybrid `name` runs on in the composition whose backend is `backend`
 * ("oqs+sodium", or "builtin" for the default); NULL when there is none.
 * buf (cap bytes) holds the answer.
 */
const char *cb_hybrid_part_backend(const char *name, const char *backend, const char *part, char *buf, size_t cap);

int cb_hy_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk) CB_WARN_UNUSED;
int cb_hy_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk) CB_WARN_UNUSED;

/*
 * Length-checked calls of any KEM class, for wire bytes of unknown
 * length: CB_ERR_LENGTH when pklen / ctlen / sklen is not the class's
 * size or an output capacity is too small; otherwise the class's result.
 */
int cb_kem_encaps_checked(const cb_kem_class *k, uint8_t *ct, size_t ctcap, uint8_t *ss, size_t sscap,
			  const uint8_t *pk, size_t pklen) CB_WARN_UNUSED;
int cb_kem_decaps_checked(const cb_kem_class *k, uint8_t *ss, size_t sscap, const uint8_t *ct,
			  size_t ctlen, const uint8_t *sk, size_t sklen) CB_WARN_UNUSED;

/*
 * The components a hybrid is made of, as registry names (e.g.
 * {"mlkem768", "x25519", NULL}), for `run` to time them beside it; NULL
 * when name is not a hybrid.
 */
const char *const *cb_hybrid_parts(const char *name);

/*
 * What one operation of a hybrid does in terms of its parts' timed
 * operations, e.g. x25519mlkem768 encaps = mlkem768 encaps + x25519
 * derive-cold (the ephemeral share imported from the coins, its public
 * value exported, the secret derived: what the combiner asks of the
 * x25519 class).  A list ended by {NULL, NULL}; NULL when name / op is
 * not a hybrid's.  `run` subtracts the sum of these from the hybrid's
 * time: the rest is the combiner's own cost (drawing the coins, copying,
 * hashing).
 */
typedef struct cb_hybrid_term {
	const char *alg, *op;
} cb_hybrid_term;
/*
 * backend: the hybrid's ("builtin", or a composition's "oqs+gmssl"): the
 * default curvesm2mlkem768 does its SM2 half outside any class, its
 * compositions call an sm2-dh class cold.
 */
const cb_hybrid_term *cb_hybrid_terms(const char *name, const char *backend, const char *op);

/*
 * 1 when one of the composed hybrids among algs[0..n) counts operation op
 * of `part` (that class, on the backend the composition takes it from) in
 * the terms of one of its operations (of those in the comma list
 * hybrid_ops; NULL: all): `run` then times that operation of the part
 * although it is not a default one (keygen-cold, derive-cold) or --ops
 * does not name it.
 */
int cb_hybrid_needs_op(const cb_alg_info *part, const char *op, const cb_alg_info *const *algs, size_t n,
		       const char *hybrid_ops);

/*
 * SM2 public-key encryption (GM/T 0003.4-2012 section 6, h = 1) with a
 * given ephemeral scalar k, ciphertext C1 || C3 || C2 (97 + mlen bytes,
 * mlen <= 256), and decryption (ctlen 97 .. 353; CB_ERR_DECRYPT when C3
 * does not match or t is all zero; CB_ERR_INVALID_KEY when C1 is not a
 * valid point).  pub is 65 bytes uncompressed, d 32 bytes big-endian.
 */
int cb_hy_sm2_encrypt_derand(uint8_t *ct, const uint8_t pub[65], const uint8_t *m, size_t mlen,
			     const uint8_t k[32]) CB_WARN_UNUSED;
int cb_hy_sm2_decrypt(uint8_t *m, const uint8_t d[32], const uint8_t *ct, size_t ctlen) CB_WARN_UNUSED;

#endif
