/* The SM2 handle shared by a library's SM2 classes (sm2key.h). */
#include "core/sm2key.h"

#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "core/util.h"

const uint8_t cb_sm2_curve_abg[128] = {
	/* a = p - 3 */
	0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfc,
	/* b */
	0x28, 0xe9, 0xfa, 0x9e, 0x9d, 0x9f, 0x5e, 0x34, 0x4d, 0x5a, 0x9e, 0x4b, 0xcf, 0x65, 0x09, 0xa7, 0xf3, 0x97,
	0x89, 0xf5, 0x15, 0xab, 0x8f, 0x92, 0xdd, 0xbc, 0xbd, 0x41, 0x4d, 0x94, 0x0e, 0x93,
	/* x_G */
	0x32, 0xc4, 0xae, 0x2c, 0x1f, 0x19, 0x81, 0x19, 0x5f, 0x99, 0x04, 0x46, 0x6a, 0x39, 0xc9, 0x94, 0x8f, 0xe3,
	0x0b, 0xbf, 0xf2, 0x66, 0x0b, 0xe1, 0x71, 0x5a, 0x45, 0x89, 0x33, 0x4c, 0x74, 0xc7,
	/* y_G */
	0xbc, 0x37, 0x36, 0xa2, 0xf4, 0xf6, 0x77, 0x9c, 0x59, 0xbd, 0xce, 0xe3, 0x6b, 0x69, 0x21, 0x53, 0xd0, 0xa9,
	0x87, 0x7c, 0xc6, 0x2a, 0x47, 0x40, 0x02, 0xdf, 0x32, 0xe5, 0x21, 0x39, 0xf0, 0xa0};

void cb_sm2_id(const cb_opts *opts, const uint8_t **id, size_t *idlen)
{
	*id = (const uint8_t *)CB_SM2_DEFAULT_ID;
	*idlen = sizeof(CB_SM2_DEFAULT_ID) - 1;
	if (opts && opts->sm2_id) {
		*id = opts->sm2_id;
		*idlen = opts->sm2_id_len;
	}
}

/* A handle of size bytes: the library's parts released (clear, if any), then wiped and freed. */
static void lib_free(void *k, void (*clear)(void *), size_t size)
{
	if (clear)
		clear(k);
	cb_wipe(k, size);
	free(k);
}

void cb_sm2_free(void *key)
{
	cb_sm2_handle *k = key;

	if (k)
		lib_free(k, k->lib->clear, k->lib->size);
}

/*
 * A handle of the class's library and form: generated (in NULL) or
 * imported, then prepared from opts; *key NULL on failure.
 */
static int sm2_make(const cb_sm2_variant *v, cb_kind kind, int secret, const uint8_t *in, size_t len,
		    const cb_opts *opts, void **key)
{
	cb_sm2_handle *k = calloc(1, v->lib->size);
	int r;

	*key = NULL;
	if (!k)
		return CB_ERR_NOMEM;
	k->lib = v->lib;
	k->kind = kind;
	k->fmt = v->fmt;
	r = k->lib->init ? k->lib->init(k) : CB_OK;
	if (!r)
		r = in ? k->lib->import(k, secret, in, len) : k->lib->generate(k);
	k->has_secret = secret;
	if (!r && k->lib->prepare)
		r = k->lib->prepare(k, opts);
	if (r) {
		cb_sm2_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

/* Each kind's keygen and imports (sm2key.h): the class's variant and kind to sm2_make (in NULL: generate). */
#define SM2_ENTRIES(kind, KIND)                                                                                \
	int cb_sm2_##kind##_keygen(const cb_##kind##_class *cls, const cb_opts *opts, void **key)              \
	{                                                                                                      \
		return sm2_make(cls->info.variant, KIND, 1, NULL, 0, opts, key);                               \
	}                                                                                                      \
	int cb_sm2_##kind##_import_public(const cb_##kind##_class *cls, const uint8_t *in, size_t len,         \
					  const cb_opts *opts, void **key)                                     \
	{                                                                                                      \
		return sm2_make(cls->info.variant, KIND, 0, in ? in : (const uint8_t *)"", len,                \
				KIND == CB_KIND_PKE ? NULL : opts, key);                                       \
	}                                                                                                      \
	int cb_sm2_##kind##_import_secret(const cb_##kind##_class *cls, const uint8_t *in, size_t len,         \
					  const cb_opts *opts, void **key)                                     \
	{                                                                                                      \
		return sm2_make(cls->info.variant, KIND, 1, in ? in : (const uint8_t *)"", len, opts, key);    \
	}

SM2_ENTRIES(sig, CB_KIND_SIG)
SM2_ENTRIES(pke, CB_KIND_PKE)
SM2_ENTRIES(kex, CB_KIND_KEX)

int cb_sm2_export_spki(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_sm2_handle *k = key;
	uint8_t pt[65];
	int r = k->lib->get_point(k, pt);

	return r ? r : cb_key_put(CB_KEY_SM2, 0, pt, out, outlen);
}

int cb_sm2_export_point(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_sm2_handle *k = key;
	uint8_t pt[65];
	int r = k->lib->get_point(k, pt);

	return r ? r : cb_bytes_out(pt, sizeof(pt), out, outlen);
}

int cb_sm2_export_pkcs8(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_sm2_handle *k = key;
	uint8_t d[32];
	int r;

	if (!k->has_secret)
		return CB_ERR_UNSUPPORTED;
	r = k->lib->get_secret(k, d);
	if (!r)
		r = cb_key_put(CB_KEY_SM2, 1, d, out, outlen);
	cb_wipe(d, sizeof(d));
	return r;
}

size_t cb_sm2_max_signature(const void *key)
{
	(void)key;
	return 72; /* SEQUENCE { INTEGER (33 bytes), INTEGER (33 bytes) } */
}

size_t cb_sm2_max_plaintext(const void *key)
{
	const cb_sm2_handle *k = key;

	return k ? k->lib->max_plaintext : 0;
}

size_t cb_sm2_max_ciphertext(const void *key, size_t mlen)
{
	const cb_sm2_handle *k = key;

	return k ? cb_sm2_ct_size(k->fmt, mlen) : 0;
}

/* ---- sm2-kx ---- */

void cb_sm2kx_key_free(void *key)
{
	cb_sm2kx_handle *k = key;

	if (!k)
		return;
	if (k->id)
		cb_wipe(k->id, k->idlen);
	free(k->id);
	lib_free(k, k->lib->clear, k->lib->size);
}

int cb_sm2kx_new(const cb_sm2kx_lib *lib, const cb_opts *opts, void **key)
{
	cb_sm2kx_handle *k;
	const uint8_t *id;
	size_t idlen;
	int r = CB_ERR_NOMEM;

	*key = NULL;
	cb_sm2_id(opts, &id, &idlen);
	if (idlen > CB_SM2_ID_MAX)
		return CB_ERR_UNSUPPORTED;
	if (!(k = calloc(1, lib->size)))
		return CB_ERR_NOMEM;
	k->lib = lib;
	k->idlen = idlen;
	if (!(k->id = malloc(idlen ? idlen : 1)) || (lib->init && (r = lib->init(k)) != 0)) {
		cb_sm2kx_key_free(k);
		return r;
	}
	if (idlen)
		memcpy(k->id, id, idlen);
	*key = k;
	return CB_OK;
}

/* A handle with the secret (NULL: a new one). */
static int sm2kx_make(const cb_kex_class *cls, const uint8_t *secret, const cb_opts *opts, void **key)
{
	int r = cb_sm2kx_new(cls->info.variant, opts, key);
	cb_sm2kx_handle *k = *key;

	if (!r && (r = k->lib->set(k, secret)) != 0) {
		cb_sm2kx_key_free(k);
		*key = NULL;
	}
	return r;
}

int cb_sm2kx_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	return sm2kx_make(cls, NULL, opts, key);
}

int cb_sm2kx_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	return len == CB_SM2KX_SECRET_BYTES ? sm2kx_make(cls, in, opts, key) : CB_ERR_FORMAT;
}

int cb_sm2kx_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_sm2kx_handle *k = key;

	return cb_bytes_out(k->pub, sizeof(k->pub), out, outlen);
}

int cb_sm2kx_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_sm2kx_handle *k = key;
	int r;

	if (*outlen < CB_SM2KX_SECRET_BYTES)
		return CB_ERR_LENGTH;
	if ((r = k->lib->get(k, out)) != 0) {
		cb_wipe(out, CB_SM2KX_SECRET_BYTES);
		return r;
	}
	*outlen = CB_SM2KX_SECRET_BYTES;
	return CB_OK;
}

int cb_sm2kx_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	cb_sm2kx_handle *k = key;
	int cmp, r;

	if (peerlen != CB_SM2KX_PUBLIC_BYTES)
		return CB_ERR_INVALID_KEY;
	if (*sslen < CB_SM2KX_KEY_BYTES)
		return CB_ERR_LENGTH;
	cmp = memcmp(k->pub, peer, CB_SM2KX_PUBLIC_BYTES);
	if (cmp == 0)
		return CB_ERR_INVALID_KEY;
	if ((r = k->lib->compute(k, peer, cmp < 0, ss)) != 0)
		return r;
	*sslen = CB_SM2KX_KEY_BYTES;
	return CB_OK;
}
