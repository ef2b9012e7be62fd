/*
 * libFuzzer target: every backend's key import (import_secret of the kex
 * and pke classes, import_public of the signature classes).  Each input is
 * offered to every importer usable here.  A key that imports must export
 * its public key, and that public key must import again where the class
 * imports public keys; errors must be CB_ERR_FORMAT or CB_ERR_INVALID_KEY.
 */
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "fuzz_util.h"

#define OUT_MAX 4096

static void check_err(int r)
{
	FUZZ_ASSERT(r == CB_OK || r == CB_ERR_FORMAT || r == CB_ERR_INVALID_KEY || r == CB_ERR_UNSUPPORTED);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t out[OUT_MAX];
	const cb_alg_info *a;

	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
		const cb_kex_class *x = cb_as_kex(a);
		const cb_pke_class *p = cb_as_pke(a);
		const cb_sig_class *s = cb_as_sig(a);
		void *key = NULL, *key2 = NULL;
		size_t outlen = sizeof(out);
		int r;

		if (cb_alg_unavailable(a))
			continue;
		if (x && x->import_secret) {
			r = x->import_secret(x, data, size, NULL, &key);
			check_err(r);
			if (r == CB_OK) {
				FUZZ_ASSERT(x->export_public(key, out, &outlen) == CB_OK);
				x->key_free(key);
			}
		} else if (p && p->import_secret) {
			r = p->import_secret(p, data, size, NULL, &key);
			check_err(r);
			if (r == CB_OK) {
				FUZZ_ASSERT(p->export_public(key, out, &outlen) == CB_OK);
				p->key_free(key);
			}
		} else if (s && s->import_public) {
			r = s->import_public(s, data, size, NULL, &key);
			check_err(r);
			if (r == CB_OK) {
				FUZZ_ASSERT(s->export_public(key, out, &outlen) == CB_OK);
				FUZZ_ASSERT(s->import_public(s, out, outlen, NULL, &key2) == CB_OK);
				s->key_free(key2);
				s->key_free(key);
			}
		}
	}
	return 0;
}
