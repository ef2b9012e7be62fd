/*
 * The builtin ML-DSA classes (backends builtin and builtin-c): the
 * project's own FIPS 204 code as a library of src/core/pqsig.c, whose
 * sets' impl is the parameter set's cb_mldsa_ops (mldsa.h) of the
 * dispatching or of the portable path.
 */
#ifndef CB_BACKENDS_BUILTIN_MLDSA_H
#define CB_BACKENDS_BUILTIN_MLDSA_H

#include "core/pqsig.h"
#include "mldsa/mldsa.h"

extern const cb_pqsig_lib cb_builtin_mldsa_lib;

/* The class var, ML-DSA-n (44, 65, 87) of backend be, over ops (a cb_mldsa_ops). */
#define CB_BUILTIN_MLDSA_CLASS(var, n, be, notes, impl, ops)                                                    \
	static const cb_pqsig_set var##_set = {CB_PQSIG_MLDSA##n, &cb_builtin_mldsa_lib, &ops};                \
	static const cb_sig_class var = {.info = {CB_KIND_SIG, "mldsa" #n, be, notes, NULL, impl, &var##_set}, \
					 CB_PQSIG_MLDSA_METHODS};

/* The three classes mldsa44, mldsa65, mldsa87 of one path: cb_mldsa<n><path>_ops (path empty or _c). */
#define CB_BUILTIN_MLDSA_CLASSES(be, notes, impl, path)                                      \
	CB_BUILTIN_MLDSA_CLASS(mldsa44, 44, be, notes, impl, cb_mldsa44##path##_ops)          \
	CB_BUILTIN_MLDSA_CLASS(mldsa65, 65, be, notes, impl, cb_mldsa65##path##_ops)          \
	CB_BUILTIN_MLDSA_CLASS(mldsa87, 87, be, notes, impl, cb_mldsa87##path##_ops)

/* The list of those three classes (a registry table's initialiser). */
#define CB_BUILTIN_MLDSA_LIST {&mldsa44.info, &mldsa65.info, &mldsa87.info, NULL}

#endif
