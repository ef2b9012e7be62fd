/*
 * One handle for every library's hash classes: the class, the library's
 * name of the algorithm (whatever its calls take: an EVP name, a nettle
 * meta struct, a GCRY_MD_* number) and the library's state after them.
 * A library gives a cb_hash_lib (its state's size, what makes and
 * releases the state) and its digest method, which reads the handle; a
 * hash class is then one CB_HASH_CLASS line, with the hash's sizes from
 * the rows below.  The digest method is the class's own (no call between
 * the layer and the library is added).
 */
#ifndef CB_CORE_HASH_HANDLE_H
#define CB_CORE_HASH_HANDLE_H

#include <stddef.h>

#include "cryptobench/hash.h"

typedef struct cb_hash_lib {
	size_t state_bytes;         /* the library's context kept in the handle (0: none) */
	/* NULL, or once per handle: the state of cls's algorithm alg; 0 or a CB_ERR_* code */
	int (*open)(const cb_hash_class *cls, const void *alg, void *state);
	void (*close)(void *state); /* NULL, or what open made, released (the handle is wiped after) */
} cb_hash_lib;

/* A hash class's variant: its library, and the library's name of the algorithm. */
typedef struct cb_hash_variant {
	const cb_hash_lib *lib;
	const void *alg;
} cb_hash_variant;

typedef struct cb_hash_handle {
	const cb_hash_class *cls;
	const void *alg; /* the variant's */
	_Alignas(max_align_t) unsigned char state[];
} cb_hash_handle;

/* The class's init and free: the handle with its state opened (init), closed and wiped (free). */
int cb_hash_handle_init(const cb_hash_class *cls, void **out);
void cb_hash_handle_free(void *p);

/* Each hash's name and sizes, once: name, digest_bytes, block_bytes. */
#define CB_HASH_SHA256 "sha256", 32, 64
#define CB_HASH_SHA512 "sha512", 64, 128
#define CB_HASH_SHA3_256 "sha3-256", 32, 136
#define CB_HASH_SM3 "sm3", 32, 64

/*
 * A hash class (const cb_hash_class: "static CB_HASH_CLASS(...)" makes it
 * static) of a row above (row), over lib with its algorithm alg, digest
 * the library's method; info_ is the adapter's macro of a class's info,
 * called as info_(CB_KIND_HASH, name, arg, variant) (arg: its notes, or
 * what else the macro takes third).
 */
#define CB_HASH_CLASS(sym, info_, arg, lib, alg, ...) CB_HASH_CLASS_(sym, info_, arg, lib, alg, __VA_ARGS__)
#define CB_HASH_CLASS_(sym, info_, arg, lib_, alg_, digest_, name_, db, bb)                                          \
	const cb_hash_class sym = {.info = info_(CB_KIND_HASH, name_, arg, (&(const cb_hash_variant){(lib_), (alg_)})), \
				   .digest_bytes = (db),                                                             \
				   .block_bytes = (bb),                                                              \
				   .init = cb_hash_handle_init,                                                      \
				   .free = cb_hash_handle_free,                                                      \
				   .digest = (digest_)}

#endif
