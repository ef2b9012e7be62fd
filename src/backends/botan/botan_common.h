/*
 * Shared by the Botan adapters (botan_sym.c, botan_pk.c): the
 * implementation label, the mapping of FFI return codes, and the class
 * arrays that botan_common.c lists in the backend descriptor.
 */
#ifndef CB_BOTAN_COMMON_H
#define CB_BOTAN_COMMON_H

#include "cryptobench/common.h"

/* "botan-2.19.3" (run time): the implementation label of every Botan class. */
const char *cb_botan_implementation(void);

/* NULL: the FFI answers (botan_ffi_supports_api(20180713)); else the reason. */
const char *cb_botan_unavailable(void);

/* variant_: the backend's parameters of the class (a struct kdesc, struct cdesc or Botan's hash name). */
#define BOTAN_INFO(kind_, name_, notes_, variant_) \
	{.kind = (kind_), .name = (name_), .backend = "botan", .notes = (notes_), \
	 .unavailable = cb_botan_unavailable, .implementation = cb_botan_implementation, .variant = (variant_)}

extern const cb_alg_info *const cb_botan_sym_algs[]; /* botan_sym.c: hashes, ciphers */
extern const cb_alg_info *const cb_botan_pk_algs[];  /* botan_pk.c: X25519, P-256, Ed25519, RSA */

#endif
