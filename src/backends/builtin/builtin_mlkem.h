/*
 * The methods of the builtin ML-KEM classes (backends builtin and
 * builtin-c): one function per method for the three parameter sets, which
 * finds the parameter set's functions of src/mlkem in the class's
 * info.variant (a cb_builtin_mlkem_ops).  The src/mlkem functions already
 * have the class's conventions (CB_OK, CB_ERR_INVALID_KEY, CB_ERR_RANDOM).
 */
#ifndef CB_BACKENDS_BUILTIN_MLKEM_H
#define CB_BACKENDS_BUILTIN_MLKEM_H

#include <stdint.h>

#include "backends/class_tables.h"
#include "cryptobench/kem.h"

/* One parameter set of one path of src/mlkem (mlkem.h): cb_mlkem<bits>[_c]_*. */
typedef struct cb_builtin_mlkem_ops {
	int (*keypair)(uint8_t *ek, uint8_t *dk);
	int (*keypair_derand)(uint8_t *ek, uint8_t *dk, const uint8_t d[32], const uint8_t z[32]);
	int (*encaps)(uint8_t *ct, uint8_t *ss, const uint8_t *ek);
	int (*encaps_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *ek, const uint8_t m[32]);
	int (*decaps)(uint8_t *ss, const uint8_t *ct, const uint8_t *dk);
} cb_builtin_mlkem_ops;

int cb_builtin_mlkem_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk);
/* coins = d || z (FIPS 203 Algorithm 16) */
int cb_builtin_mlkem_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins);
int cb_builtin_mlkem_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk);
int cb_builtin_mlkem_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk,
				   const uint8_t *m);
int cb_builtin_mlkem_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk);

/* The class mlkem<n> of backend be over src/mlkem's functions fn_* (cb_mlkem<n>: dispatching; cb_mlkem<n>_c: portable). */
#define CB_BUILTIN_MLKEM_CLASS(n, fn, be, notes, impl)                                                          \
	static const cb_builtin_mlkem_ops mlkem##n##_ops = {fn##_keypair, fn##_keypair_derand, fn##_encaps,     \
							    fn##_encaps_derand, fn##_decaps};                   \
	static const cb_kem_class mlkem##n = {.info = {CB_KIND_KEM, "mlkem" #n, be, notes, NULL, impl, &mlkem##n##_ops}, \
					      CB_MLKEM_SIZES(n), CB_KEM_METHODS(cb_builtin_mlkem)};

/* The three classes mlkem512, mlkem768, mlkem1024 of one path: cb_mlkem<n><path>_* (path empty or _c). */
#define CB_BUILTIN_MLKEM_CLASSES(be, notes, impl, path)                       \
	CB_BUILTIN_MLKEM_CLASS(512, cb_mlkem512##path, be, notes, impl)        \
	CB_BUILTIN_MLKEM_CLASS(768, cb_mlkem768##path, be, notes, impl)        \
	CB_BUILTIN_MLKEM_CLASS(1024, cb_mlkem1024##path, be, notes, impl)

/* The list of those three classes (a registry table's initialiser). */
#define CB_BUILTIN_MLKEM_LIST {&mlkem512.info, &mlkem768.info, &mlkem1024.info, NULL}

/* The version of backends builtin and builtin-c: the project's (builtin_kem.c). */
const char *cb_builtin_version(void);

#endif
