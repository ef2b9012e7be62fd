/* What the generic layer (layer_pk.c, layer_sym.c) knows of a class: its catalog row, its key type. */
#ifndef CB_CORE_LAYER_H
#define CB_CORE_LAYER_H

#include "core/der.h"
#include "cryptobench/catalog.h"

typedef struct cb_layer_row {
	const cb_alg_info *cls;
	const cb_catalog_entry *row;
	cb_key_type type;
	int x25519; /* a kex class of X25519 */
} cb_layer_row;

/* The class's row, cached per thread (one comparison when the class repeats). */
const cb_layer_row *cb_layer_row_of(const cb_alg_info *a);

#endif
