/* Hash functions: SHA-256, SHA3-256, SM3 (one-shot over a message). */
#ifndef CRYPTOBENCH_HASH_H
#define CRYPTOBENCH_HASH_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_hash_class cb_hash_class;
struct cb_hash_class {
	cb_alg_info info; /* info.kind == CB_KIND_HASH */
	size_t digest_bytes;
	size_t block_bytes;
	/* A context of this class (cls). */
	int (*init)(const cb_hash_class *cls, void **ctx);
	void (*free)(void *ctx);
	/* out receives digest_bytes bytes. */
	int (*digest)(void *ctx, const uint8_t *in, size_t inlen, uint8_t *out);
};

/* The generic layer (src/core/layer_sym.c): argument checks, then the class's method. */
int cb_hash_init(const cb_hash_class *cls, void **ctx) CB_WARN_UNUSED;
/* out receives digest_bytes bytes (the catalog row's output_bytes). */
int cb_hash_digest(const cb_hash_class *cls, void *ctx, const uint8_t *in, size_t inlen, uint8_t *out) CB_WARN_UNUSED;
void cb_hash_free(const cb_hash_class *cls, void *ctx);

static inline const cb_hash_class *cb_as_hash(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_HASH) ? (const cb_hash_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
