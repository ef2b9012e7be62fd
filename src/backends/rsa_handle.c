/* The RSA handle shared by a library's encryption and signature classes (rsa_handle.h). */
#include "backends/rsa_handle.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define RSA_MAX 512 /* bytes of the largest modulus, 4096 bits */

/* A zeroed handle of v's library, set up by its init: *key NULL on failure. */
static int rsa_new(const cb_rsa_variant *v, cb_rsa_handle **h, void **key)
{
	int r;

	*key = NULL;
	if (!(*h = calloc(1, v->lib->size)))
		return CB_ERR_NOMEM;
	(*h)->v = v;
	(*h)->scheme = v->scheme;
	(*h)->k = v->bits / 8;
	if ((r = v->lib->init(*h)) != 0) {
		cb_rsa_free(*h);
		return r;
	}
	*key = *h;
	return CB_OK;
}

/* The handle made (r 0: the secret flag set when secret, n kept) or freed (r, *key NULL). */
static int rsa_done(cb_rsa_handle *h, int r, int secret, void **key)
{
	uint8_t ne[2 * RSA_MAX];

	/* n of exactly the class's size (its top byte's high bit set: k bytes, bits a multiple of 8) */
	if (r == 0 && (r = h->v->lib->get(h, 2, ne)) == 0 && !(ne[0] & 0x80))
		r = CB_ERR_INVALID_KEY;
	if (r != 0) {
		cb_rsa_free(h);
		*key = NULL;
		return r;
	}
	memcpy(h->n, ne, h->k);
	h->has_secret = secret;
	return CB_OK;
}

static int rsa_keygen(const cb_rsa_variant *v, void **key)
{
	cb_rsa_handle *h;
	int r = rsa_new(v, &h, key);

	if (r == 0 && (r = rsa_done(h, v->lib->generate(h), 1, key)) == CB_ERR_INVALID_KEY)
		r = CB_ERR_BACKEND; /* a key of another size: the library's fault */
	return r;
}

/* The canonical SPKI (!secret) or PKCS#8 (secret); n must have the class's size. */
static int rsa_import(const cb_rsa_variant *v, int secret, const uint8_t *in, size_t len, void **key)
{
	cb_rsa_handle *h;
	cb_rsa_ints x;
	int r;

	*key = NULL;
	if (cb_rsa_key_decode(in, len, secret, &x) != 0)
		return CB_ERR_FORMAT;
	if (x.len[CB_RSA_N] != v->bits / 8 || x.len[CB_RSA_E] > v->bits / 8)
		return CB_ERR_INVALID_KEY;
	if ((r = rsa_new(v, &h, key)) != 0)
		return r;
	return rsa_done(h, v->lib->set(h, secret, &x), secret, key);
}

/* Each kind's keygen and imports (rsa_handle.h): the class's variant to rsa_keygen or rsa_import. */
#define RSA_ENTRIES(kind)                                                                                      \
	int cb_rsa_##kind##_keygen(const cb_##kind##_class *cls, const cb_opts *opts, void **key)              \
	{                                                                                                      \
		return rsa_keygen(cls->info.variant, key);                                                     \
	}                                                                                                      \
	int cb_rsa_##kind##_import_public(const cb_##kind##_class *cls, const uint8_t *in, size_t len,         \
					  const cb_opts *opts, void **key)                                     \
	{                                                                                                      \
		return rsa_import(cls->info.variant, 0, in, len, key);                                         \
	}                                                                                                      \
	int cb_rsa_##kind##_import_secret(const cb_##kind##_class *cls, const uint8_t *in, size_t len,         \
					  const cb_opts *opts, void **key)                                     \
	{                                                                                                      \
		return rsa_import(cls->info.variant, 1, in, len, key);                                         \
	}

RSA_ENTRIES(pke)
RSA_ENTRIES(sig)

void cb_rsa_free(void *key)
{
	cb_rsa_handle *h = key;
	size_t size;

	if (!h)
		return;
	size = h->v->lib->size;
	h->v->lib->clear(h);
	cb_wipe(h, size);
	free(h);
}

/* SPKI of the key's n and e, or PKCS#8 of all its integers (secret). */
static int rsa_export(const cb_rsa_handle *h, int secret, uint8_t *out, size_t *outlen)
{
	uint8_t buf[CB_RSA_INTS * RSA_MAX];
	cb_rsa_ints x;
	int r;

	if (!h || (secret && !h->has_secret))
		return CB_ERR_ARG;
	if ((r = h->v->lib->get(h, secret ? CB_RSA_INTS : 2, buf)) == 0) {
		for (int i = 0; i < CB_RSA_INTS; i++) {
			x.v[i] = buf + i * h->k;
			x.len[i] = h->k;
		}
		r = cb_rsa_key_encode(secret, &x, out, outlen);
	}
	cb_wipe(buf, sizeof(buf));
	return r;
}

int cb_rsa_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	return rsa_export(key, 0, out, outlen);
}

int cb_rsa_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	return rsa_export(key, 1, out, outlen);
}

size_t cb_rsa_max_plaintext(const void *key)
{
	return cb_rsa_payload(key);
}

size_t cb_rsa_max_ciphertext(const void *key, size_t mlen)
{
	(void)mlen;
	return ((const cb_rsa_handle *)key)->k;
}

size_t cb_rsa_max_signature(const void *key)
{
	return ((const cb_rsa_handle *)key)->k;
}
