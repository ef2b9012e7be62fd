/* The raw X25519 and Ed25519 handles (rawkey.h). */
#include "core/rawkey.h"

#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "core/util.h"

int cb_x25519_raw_make(const uint8_t sk[32], cb_x25519_base_fn base, void **key)
{
	cb_x25519_raw *k;
	int r;

	*key = NULL;
	k = calloc(1, sizeof(*k));
	if (!k)
		return CB_ERR_NOMEM;
	memcpy(k->sk, sk, sizeof(k->sk));
	if ((r = base(k->pk, k->sk)) != 0) {
		cb_x25519_raw_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

int cb_x25519_raw_import(const uint8_t *in, size_t len, cb_x25519_base_fn base, void **key)
{
	*key = NULL;
	if (len != 32)
		return CB_ERR_FORMAT;
	return cb_x25519_raw_make(in, base, key);
}

void cb_x25519_raw_free(void *key)
{
	if (!key)
		return;
	cb_wipe(key, sizeof(cb_x25519_raw));
	free(key);
}

int cb_x25519_raw_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_x25519_raw *k = key;
	return k ? cb_bytes_out(k->pk, sizeof(k->pk), out, outlen) : CB_ERR_ARG;
}

int cb_x25519_raw_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_x25519_raw *k = key;
	return k ? cb_bytes_out(k->sk, sizeof(k->sk), out, outlen) : CB_ERR_ARG;
}

int cb_ed25519_raw_make(const uint8_t seed[32], cb_ed25519_pub_fn pub, void **key)
{
	cb_ed25519_raw *k;
	int r;

	*key = NULL;
	k = calloc(1, sizeof(*k));
	if (!k)
		return CB_ERR_NOMEM;
	memcpy(k->sk, seed, 32);
	if ((r = pub(k->sk)) != 0) {
		cb_ed25519_raw_free(k);
		return r;
	}
	k->has_secret = 1;
	*key = k;
	return CB_OK;
}

int cb_ed25519_raw_import_secret(const uint8_t *in, size_t len, cb_ed25519_pub_fn pub, void **key)
{
	const uint8_t *seed;

	*key = NULL;
	if (cb_key_get(CB_KEY_ED25519, 1, in, len, &seed) != 0)
		return CB_ERR_FORMAT;
	return cb_ed25519_raw_make(seed, pub, key);
}

int cb_ed25519_raw_import_public(const uint8_t *in, size_t len, void **key)
{
	cb_ed25519_raw *k;
	const uint8_t *pk;

	*key = NULL;
	if (cb_key_get(CB_KEY_ED25519, 0, in, len, &pk) != 0)
		return CB_ERR_FORMAT;
	k = calloc(1, sizeof(*k));
	if (!k)
		return CB_ERR_NOMEM;
	memcpy(CB_ED25519_PK(k), pk, 32);
	*key = k;
	return CB_OK;
}

void cb_ed25519_raw_free(void *key)
{
	if (!key)
		return;
	cb_wipe(key, sizeof(cb_ed25519_raw));
	free(key);
}

int cb_ed25519_raw_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_ed25519_raw *k = key;
	return k ? cb_key_put(CB_KEY_ED25519, 0, CB_ED25519_PK(k), out, outlen) : CB_ERR_ARG;
}

int cb_ed25519_raw_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_ed25519_raw *k = key;
	if (!k || !k->has_secret)
		return CB_ERR_ARG;
	return cb_key_put(CB_KEY_ED25519, 1, k->sk, out, outlen);
}

size_t cb_ed25519_raw_max_signature(const void *key)
{
	(void)key;
	return 64;
}

int cb_x25519_raw_keygen(cb_rawkey_rand_fn rand, cb_x25519_base_fn base, void **key)
{
	uint8_t sk[32];
	int r;

	*key = NULL;
	if ((r = rand(sk, sizeof(sk))) == 0)
		r = cb_x25519_raw_make(sk, base, key);
	cb_wipe(sk, sizeof(sk));
	return r;
}

int cb_ed25519_raw_keygen(cb_rawkey_rand_fn rand, cb_ed25519_pub_fn pub, void **key)
{
	uint8_t seed[32];
	int r;

	*key = NULL;
	if ((r = rand(seed, sizeof(seed))) == 0)
		r = cb_ed25519_raw_make(seed, pub, key);
	cb_wipe(seed, sizeof(seed));
	return r;
}

/* The class's library, once it is ready: NULL when its initialisation failed. */
static const cb_rawkey_lib *lib_ready(const cb_alg_info *info, void **key)
{
	const cb_rawkey_lib *lib = info->variant;

	*key = NULL;
	return !lib->ready || lib->ready() == 0 ? lib : NULL;
}

int cb_x25519_raw_class_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	const cb_rawkey_lib *lib = lib_ready(&cls->info, key);

	return lib ? cb_x25519_raw_keygen(lib->rand, lib->x25519_base, key) : CB_ERR_BACKEND;
}

int cb_x25519_raw_class_import(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			       void **key)
{
	const cb_rawkey_lib *lib = lib_ready(&cls->info, key);

	return lib ? cb_x25519_raw_import(in, len, lib->x25519_base, key) : CB_ERR_BACKEND;
}

int cb_ed25519_raw_class_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	const cb_rawkey_lib *lib = lib_ready(&cls->info, key);

	return lib ? cb_ed25519_raw_keygen(lib->rand, lib->ed25519_pub, key) : CB_ERR_BACKEND;
}

int cb_ed25519_raw_class_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				       void **key)
{
	return lib_ready(&cls->info, key) ? cb_ed25519_raw_import_public(in, len, key) : CB_ERR_BACKEND;
}

int cb_ed25519_raw_class_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				       void **key)
{
	const cb_rawkey_lib *lib = lib_ready(&cls->info, key);

	return lib ? cb_ed25519_raw_import_secret(in, len, lib->ed25519_pub, key) : CB_ERR_BACKEND;
}
