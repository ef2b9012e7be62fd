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
	int (*keygen)(const cb_opts *opts, void **key);
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
};

static inline const cb_kex_class *cb_as_kex(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_KEX) ? (const cb_kex_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
