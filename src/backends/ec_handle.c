/* The EC handle shared by a library's ECDH and ECDSA classes (ec_handle.h). */
#include "backends/ec_handle.h"

#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "core/keycheck.h"
#include "core/util.h"

/* A handle of the class's library (info.variant), made by its make(): *key NULL on failure. */
static int ec_new(const cb_alg_info *info, cb_ec_handle **k, void **key)
{
	const cb_ec_lib *lib = info->variant;
	int r;

	*key = NULL;
	if ((r = lib->make(key)) != 0)
		return r;
	*k = *key;
	(*k)->lib = lib;
	(*k)->type = cb_alg_key_type(info->name);
	return CB_OK;
}

/* The handle made (r 0, the secret flag set when secret) or freed (r, *key NULL). */
static int ec_done(cb_ec_handle *k, int r, int secret, void **key)
{
	if (r != 0) {
		k->lib->free(k);
		*key = NULL;
		return r;
	}
	k->has_secret = secret;
	return CB_OK;
}

int cb_ec_key_raw(cb_key_type t, int secret, const uint8_t *in, size_t len, uint8_t *raw)
{
	const uint8_t *p;
	uint8_t *c = NULL;
	size_t clen = 0;
	cb_key_type got;
	int r = CB_OK;

	if (t == CB_KEY_X25519) /* RFC 7748: the raw secret */
		return secret && len == 32 ? (memcpy(raw, in, 32), CB_OK) : CB_ERR_FORMAT;
	if (cb_key_get(t, secret, in, len, &p) != 0 &&
	    ((secret ? cb_key_private_pkcs8(in, len, &got, &c, &clen) : cb_key_public_spki(in, len, &got, &c, &clen)) ||
	     got != t || cb_key_get(t, secret, c, clen, &p) != 0))
		r = CB_ERR_FORMAT;
	if (!r)
		memcpy(raw, p, secret ? 32 : 65);
	if (c)
		cb_wipe(c, clen);
	free(c);
	return r;
}

static int ec_keygen(const cb_alg_info *info, void **key)
{
	cb_ec_handle *k;
	int r = ec_new(info, &k, key);

	return r ? r : ec_done(k, k->lib->generate(k), 1, key);
}

/* The PKCS#8 of d; the library refuses d outside [1, n-1]. */
static int ec_import_secret(const cb_alg_info *info, const uint8_t *in, size_t len, void **key)
{
	uint8_t d[32];
	cb_ec_handle *k;
	int r;

	*key = NULL;
	if ((r = cb_ec_key_raw(cb_alg_key_type(info->name), 1, in, len, d)) == 0 && (r = ec_new(info, &k, key)) == 0)
		r = ec_done(k, k->lib->set_secret(k, d), 1, key);
	cb_wipe(d, sizeof(d));
	return r;
}

int cb_ec_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	return ec_keygen(&cls->info, key);
}

int cb_ec_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	return ec_keygen(&cls->info, key);
}

int cb_ec_kex_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	return ec_import_secret(&cls->info, in, len, key);
}

int cb_ec_sig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	return ec_import_secret(&cls->info, in, len, key);
}

/* The SPKI of the point, checked on the curve by the library. */
int cb_ec_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	uint8_t pt[65];
	cb_ec_handle *k;
	int r;

	*key = NULL;
	if ((r = cb_ec_key_raw(cb_alg_key_type(cls->info.name), 0, in, len, pt)) != 0 ||
	    (r = ec_new(&cls->info, &k, key)) != 0)
		return r;
	if ((r = k->lib->set_point(k, 0, pt)) == 0)
		memcpy(k->pub, pt, sizeof(k->pub));
	return ec_done(k, r, 0, key);
}

void cb_ec_free(void *key)
{
	cb_ec_handle *k = key;

	if (k)
		k->lib->free(k);
}

/* The length of a public value of k's curve. */
static size_t ec_point_len(const cb_ec_handle *k)
{
	return k->type == CB_KEY_X25519 ? 32 : sizeof(k->pub);
}

int cb_ec_export_point(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_ec_handle *k = key;

	return cb_bytes_out(k->pub, ec_point_len(k), out, outlen);
}

int cb_ec_export_spki(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_ec_handle *k = key;

	return cb_key_put(k->type, 0, k->pub, out, outlen);
}

int cb_ec_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_ec_handle *k = key;
	uint8_t d[32];
	int r;

	if (!k->has_secret)
		return CB_ERR_ARG;
	r = k->lib->get_secret(k, d);
	if (r == 0 && k->type == CB_KEY_X25519)
		r = cb_bytes_out(d, 32, out, outlen);
	else if (r == 0)
		r = cb_key_put(k->type, 1, d, out, outlen);
	cb_wipe(d, sizeof(d));
	return r;
}

/*
 * The x-coordinate of d times the peer's point; the peer decoded and checked when it changes.  The layer
 * checked the arguments, the peer's length and the room for the secret (a kex handle always has its secret).
 */
int cb_ec_derive(void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss, size_t *sslen)
{
	cb_ec_handle *k = key;
	size_t n = ec_point_len(k);
	int r;

	if (!k->peer_set || memcmp(peer, k->peer, n) != 0) {
		k->peer_set = 0;
		if ((r = k->lib->set_point(k, 1, peer)) != 0)
			return r;
		memcpy(k->peer, peer, n);
		k->peer_set = 1;
	}
	if ((r = k->lib->shared(k, ss)) != 0) {
		cb_wipe(ss, 32);
		return r;
	}
	*sslen = 32;
	return CB_OK;
}

size_t cb_ec_max_signature(const void *key)
{
	(void)key;
	return 72; /* SEQUENCE { INTEGER (33 bytes), INTEGER (33 bytes) } */
}
