/* The raw X25519 and Ed25519 handles, and the Ed25519 handles with a library's key object (rawkey.h). */
#include "core/rawkey.h"

#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "core/util.h"

/* The class's library, once it is ready: NULL when its initialisation failed. */
static const cb_rawkey_lib *lib_ready(const cb_alg_info *info, void **key)
{
	const cb_rawkey_lib *lib = info->variant;

	*key = NULL;
	return !lib->ready || lib->ready() == 0 ? lib : NULL;
}

/* The handle made (r 0) or wiped and freed (r, nothing kept). */
static int made(void *k, size_t size, int r, void **key)
{
	if (r) {
		cb_wipe(k, size);
		free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

/* An X25519 handle of sk, or of a secret from rand() when sk is NULL. */
static int x25519_make(const cb_rawkey_lib *lib, const uint8_t *sk, void **key)
{
	cb_x25519_raw *k;
	int r = CB_OK;

	if (!lib)
		return CB_ERR_BACKEND;
	if (!(k = calloc(1, sizeof(*k))))
		return CB_ERR_NOMEM;
	if (sk)
		memcpy(k->sk, sk, sizeof(k->sk));
	else
		r = lib->rand(k->sk, sizeof(k->sk));
	if (!r)
		r = lib->x25519_base(k->pk, k->sk);
	return made(k, sizeof(*k), r, key);
}

/*
 * An Ed25519 handle: of the seed, of a new key when seed is NULL (rand, or
 * obj's generate), or of the public key pk; then, with obj, the library's
 * key object (cb_ed25519_obj).
 */
static int ed25519_make(const cb_rawkey_lib *lib, const cb_ed25519_objlib *obj, const uint8_t *seed,
			const uint8_t *pk, void **key)
{
	size_t size = obj ? obj->size : sizeof(cb_ed25519_raw);
	cb_ed25519_raw *k;
	int r = CB_OK;

	if (!lib)
		return CB_ERR_BACKEND;
	if (!(k = calloc(1, size)))
		return CB_ERR_NOMEM;
	if (obj)
		((cb_ed25519_obj *)k)->lib = obj;
	k->has_secret = !pk;
	if (pk)
		memcpy(CB_ED25519_PK(k), pk, 32);
	else if (seed)
		memcpy(k->sk, seed, 32);
	if (!pk && !seed && obj && obj->generate) {
		r = obj->generate(k);
	} else {
		if (!pk && !seed)
			r = lib->rand(k->sk, 32);
		if (!r && !pk && lib->ed25519_pub)
			r = lib->ed25519_pub(k->sk);
		if (!r && obj)
			r = obj->load(k);
	}
	if (r && obj) {
		cb_ed25519_obj_free(k);
		return r;
	}
	return made(k, size, r, key);
}

/* The class's key object library: a class whose key_free is cb_ed25519_obj_free has one as its variant. */
static const cb_ed25519_objlib *objlib(const cb_sig_class *cls)
{
	return cls->key_free == cb_ed25519_obj_free ? cls->info.variant : NULL;
}

int cb_x25519_raw_class_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	return x25519_make(lib_ready(&cls->info, key), NULL, key);
}

int cb_x25519_raw_class_import(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
			       void **key)
{
	const cb_rawkey_lib *lib = lib_ready(&cls->info, key);

	return !lib || len == 32 ? x25519_make(lib, in, key) : CB_ERR_FORMAT;
}

int cb_ed25519_raw_class_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	return ed25519_make(lib_ready(&cls->info, key), objlib(cls), NULL, NULL, key);
}

int cb_ed25519_raw_class_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				       void **key)
{
	const cb_rawkey_lib *lib = lib_ready(&cls->info, key);
	const uint8_t *pk = NULL;

	if (lib && cb_key_get(CB_KEY_ED25519, 0, in, len, &pk) != 0)
		return CB_ERR_FORMAT;
	return ed25519_make(lib, objlib(cls), NULL, pk, key);
}

int cb_ed25519_raw_class_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				       void **key)
{
	const cb_rawkey_lib *lib = lib_ready(&cls->info, key);
	const uint8_t *seed = NULL;

	if (lib && cb_key_get(CB_KEY_ED25519, 1, in, len, &seed) != 0)
		return CB_ERR_FORMAT;
	return ed25519_make(lib, objlib(cls), seed, NULL, key);
}

void cb_x25519_raw_free(void *key)
{
	if (key)
		cb_wipe(key, sizeof(cb_x25519_raw));
	free(key);
}

int cb_x25519_raw_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_x25519_raw *k = key;
	return cb_bytes_out(k->pk, sizeof(k->pk), out, outlen);
}

int cb_x25519_raw_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_x25519_raw *k = key;
	return cb_bytes_out(k->sk, sizeof(k->sk), out, outlen);
}

void cb_ed25519_raw_free(void *key)
{
	if (key)
		cb_wipe(key, sizeof(cb_ed25519_raw));
	free(key);
}

int cb_ed25519_raw_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_ed25519_raw *k = key;
	return cb_key_put(CB_KEY_ED25519, 0, CB_ED25519_PK(k), out, outlen);
}

int cb_ed25519_raw_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_ed25519_raw *k = key;
	return k->has_secret ? cb_key_put(CB_KEY_ED25519, 1, k->sk, out, outlen) : CB_ERR_ARG;
}

size_t cb_ed25519_raw_max_signature(const void *key)
{
	(void)key;
	return 64;
}

void cb_ed25519_obj_free(void *key)
{
	cb_ed25519_obj *k = key;
	size_t size;

	if (!k)
		return;
	size = k->lib->size;
	k->lib->unload(k);
	cb_wipe(k, size);
	free(k);
}
