/*
 * Key agreement: X25519, ECDH P-256, SM2 Diffie-Hellman, SM2 key exchange.
 * Key handles: see pke.h.
 *
 * sm2-kx, the GM/T 0003.3-2012 (GB/T 32918.3-2016) SM2 key exchange
 * protocol without the optional confirmation hashes S1 / S2, fitted to
 * this one-message contract:
 *   - a handle holds a static key pair (d, P = [d]G) and an ephemeral one
 *     (r, R = [r]G), both made by keygen (d and r in [1, n-2]);
 *   - export_public: P || R, two uncompressed points (130 bytes);
 *     export_secret / import_secret: d || r, 32-byte big-endian each (64
 *     bytes; CB_ERR_FORMAT for another length, CB_ERR_INVALID_KEY for a
 *     scalar out of range); the public value is computed on import;
 *   - derive(peer = P' || R'): the party whose 130-byte public value is
 *     lexicographically (memcmp) smaller is the initiator A, the other the
 *     responder B, so both sides of one exchange derive the same key with
 *     no further parameter; a peer equal to the party's own value has no
 *     role and is refused;
 *   - both users' ID is the handle's: cb_opts.sm2_id given at keygen /
 *     import (0 to CB_SM2_ID_MAX bytes), else "1234567812345678";
 *   - the key K = KDF(x_U || y_U || Z_A || Z_B, klen) is 16 bytes (klen =
 *     128 bits, as in the standard's worked example of Annex A, which the
 *     tests reproduce; 128 bits is also the curve's security level);
 *   - CB_ERR_INVALID_KEY for a malformed peer (not 130 bytes, a point not
 *     uncompressed, off the curve or at infinity) and when U = O.
 * The same ephemeral pair serves every derive of a handle: a benchmark's
 * keygen times the static and the ephemeral key generation, derive one
 * party's protocol computation (GM/T 0003.3 6.1 steps A4-A8 / B2-B7); a
 * real exchange does one ephemeral [r]G more per session.
 */
#ifndef CRYPTOBENCH_KEX_H
#define CRYPTOBENCH_KEX_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_kex_class cb_kex_class;
struct cb_kex_class {
	cb_alg_info info; /* info.kind == CB_KIND_KEX */
	int (*keygen)(const cb_kex_class *cls, const cb_opts *opts, void **key);
	void (*key_free)(void *key);
	/* The public value as sent on the wire (raw 32 bytes, or an X9.62 point). */
	int (*export_public)(const void *key, uint8_t *out, size_t *outlen);
	int (*export_secret)(const void *key, uint8_t *out, size_t *outlen);
	/*
	 * Shared secret of `key` with the peer's public value (as produced by
	 * export_public).  The backend may keep prepared state for the last
	 * peer in the key handle.  *sslen: in = capacity, out = bytes written.
	 */
	int (*derive)(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen);

	/*
	 * Optional (NULL when not provided): a handle from a secret key in
	 * export_secret's encoding, freed with key_free; it supports derive
	 * and export_public.  Encodings of the OpenSSL classes: x25519 the raw
	 * 32-byte scalar (RFC 7748); ecdh-p256 DER PKCS#8 PrivateKeyInfo
	 * (RFC 5208 / RFC 5915, the public key may be absent: it is
	 * computed); sm2-kx d || r (above).  sm2-dh provides none (OpenSSL 3.0
	 * cannot import an "EC" key on the SM2 curve).  opts may be NULL.  CB_ERR_INVALID_KEY or
	 * CB_ERR_FORMAT when the encoding is not a key of this algorithm.
	 */
	int (*import_secret)(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key);
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
int cb_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key) CB_WARN_UNUSED;
/* ecdh-p256: d in [1, n-1]; sm2-kx: d and r in [1, n-2]. */
int cb_kex_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			 void **key) CB_WARN_UNUSED;
int cb_kex_export_public(const cb_kex_class *cls, const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
int cb_kex_export_secret(const cb_kex_class *cls, const void *key, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;
/*
 * CB_ERR_LENGTH for a peer value not of the row's public_bytes or *sslen
 * below its output_bytes; X25519: CB_ERR_INVALID_KEY (ss wiped) for an
 * all-zero shared secret (RFC 7748 section 6.1: a low-order peer).
 */
int cb_kex_derive(const cb_kex_class *cls, void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss,
		  size_t *sslen) CB_WARN_UNUSED;
void cb_kex_key_free(const cb_kex_class *cls, void *key);

static inline const cb_kex_class *cb_as_kex(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_KEX) ? (const cb_kex_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
