/* The shared hash handle (hash_handle.h). */
#include <stdlib.h>

#include "core/hash_handle.h"
#include "core/util.h"

static const cb_hash_lib *lib_of(const cb_hash_class *cls)
{
	return ((const cb_hash_variant *)cls->info.variant)->lib;
}

int cb_hash_handle_init(const cb_hash_class *cls, void **out)
{
	const cb_hash_variant *v = cls->info.variant;
	cb_hash_handle *h;
	int r;

	*out = NULL;
	h = calloc(1, sizeof(*h) + v->lib->state_bytes);
	if (!h)
		return CB_ERR_NOMEM;
	h->cls = cls;
	h->alg = v->alg;
	if (v->lib->open && (r = v->lib->open(cls, v->alg, h->state)) != CB_OK) {
		free(h);
		return r;
	}
	*out = h;
	return CB_OK;
}

void cb_hash_handle_free(void *p)
{
	cb_hash_handle *h = p;
	const cb_hash_lib *lib;

	if (!h)
		return;
	lib = lib_of(h->cls);
	if (lib->close)
		lib->close(h->state);
	cb_wipe(h, sizeof(*h) + lib->state_bytes);
	free(h);
}
