/*
 * Key agreement: X25519, ECDH P-256, SM2 Diffie-Hellman.
 * Key handles: see pke.h.
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
	 * computed).  sm2-dh provides none (OpenSSL 3.0 cannot import an "EC"
	 * key on the SM2 curve).  opts may be NULL.  CB_ERR_INVALID_KEY or
	 * CB_ERR_FORMAT when the encoding is not a key of this algorithm.
	 */
	int (*import_secret)(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			     void **key);
};

static inline const cb_kex_class *cb_as_kex(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_KEX) ? (const cb_kex_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
