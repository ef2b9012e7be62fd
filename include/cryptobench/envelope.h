/*
 * The envelope class: sealing and opening a message to one recipient
 * (docs/ENVELOPE.md), measured by `run` as the other classes are.  Each
 * class is one (recipient algorithm, payload AEAD) pair, named
 * "seal-<recipient>-<aead>" (seal-xwing-aes-256-gcm); its operations are
 * seal and open over a message size.  The library API is
 * src/envelope/envelope.h.
 */
#ifndef CRYPTOBENCH_ENVELOPE_H
#define CRYPTOBENCH_ENVELOPE_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_envelope_class {
	cb_alg_info info;      /* info.kind == CB_KIND_ENVELOPE */
	const char *recipient; /* a kem or pke class name: "xwing", "rsa2048-oaep-sha256" */
	int aead;              /* enum cb_env_aead (src/envelope/envelope.h) */
} cb_envelope_class;

static inline const cb_envelope_class *cb_as_envelope(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_ENVELOPE) ? (const cb_envelope_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
