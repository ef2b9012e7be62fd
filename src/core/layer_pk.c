/*
 * The generic layer for the public-key kinds (sig.h, pke.h, kex.h): the
 * checks every implementation must make the same way, made once here, so
 * that no backend can miss one and every backend pays for the same ones.
 * One file for the three kinds because they share the key checks
 * (keycheck.c: RSA for sig and pke, EC scalars and points for all three).
 *
 * What a timed call pays: the argument checks, a thread-local lookup of
 * the class's catalog row (one comparison when the class repeats, as in a
 * benchmark) and, per kind, the check of its output: an all-zero X25519
 * secret (32 ORs), an Ed25519 S < L or an ECDSA / SM2 r, s range check
 * before a verify.  The key checks are at import, not in the timed
 * operation (docs/ARCHITECTURE.md, "The generic layer").
 */
#include <string.h>

#include "core/keycheck.h"
#include "core/layer.h"
#include "core/util.h"
#include "cryptobench/catalog.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

const cb_layer_row *cb_layer_row_of(const cb_alg_info *a)
{
	static _Thread_local cb_layer_row last;

	if (last.cls != a) {
		last.row = cb_alg_catalog(a);
		last.type = cb_alg_key_type(a->name);
		last.x25519 = a->kind == CB_KIND_KEX && last.type == CB_KEY_X25519;
		last.cls = a;
	}
	return &last;
}

/* Out of a failed operation: nothing half-written. */
static int wiped(int r, uint8_t *out, size_t n)
{
	if (r && out)
		cb_wipe(out, n);
	return r;
}

static int key_checked(const cb_alg_info *a, int secret, const uint8_t *in, size_t len)
{
	const cb_layer_row *l = cb_layer_row_of(a);

	return cb_key_check(l->type, l->row->key_bits, secret, !strcmp(a->name, "sm2-kx"), in, len);
}

#define IMPORT(cls, method, secret)                                                                     \
	do {                                                                                            \
		int r_;                                                                                 \
		if (!cls || !key || (!in && len))                                                       \
			return CB_ERR_ARG;                                                              \
		*key = NULL;                                                                            \
		if (!cls->method)                                                                       \
			return CB_ERR_UNSUPPORTED;                                                      \
		if ((r_ = key_checked(&cls->info, secret, in, len)) != 0)                               \
			return r_;                                                                      \
		return cls->method(cls, in, len, opts, key);                                            \
	} while (0)

#define EXPORT(cls, method)                                                                             \
	do {                                                                                            \
		if (!cls || !key || !out || !outlen)                                                    \
			return CB_ERR_ARG;                                                              \
		return wiped(cls->method(key, out, outlen), out, *outlen);                              \
	} while (0)

/* ---- sig ---- */

int cb_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	if (!cls || !key)
		return CB_ERR_ARG;
	*key = NULL;
	return cls->keygen(cls, opts, key);
}

int cb_sig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	IMPORT(cls, import_secret, 1);
}

int cb_sig_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	IMPORT(cls, import_public, 0);
}

int cb_sig_export_public(const cb_sig_class *cls, const void *key, uint8_t *out, size_t *outlen)
{
	EXPORT(cls, export_public);
}

int cb_sig_export_secret(const cb_sig_class *cls, const void *key, uint8_t *out, size_t *outlen)
{
	EXPORT(cls, export_secret);
}

size_t cb_sig_max_signature(const cb_sig_class *cls, const void *key)
{
	return cls && key ? cls->max_signature(key) : 0;
}

int cb_sig_sign(const cb_sig_class *cls, void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	size_t cap;

	if (!cls || !key || (!m && mlen) || !sig || !siglen)
		return CB_ERR_ARG;
	cap = *siglen;
	if (cap < cls->max_signature(key))
		return CB_ERR_LENGTH;
	return wiped(cls->sign(key, m ? m : (const uint8_t *)"", mlen, sig, siglen), sig, cap);
}

int cb_sig_verify(const cb_sig_class *cls, void *key, const uint8_t *m, size_t mlen, const uint8_t *sig,
		  size_t siglen)
{
	const cb_layer_row *l;
	int r;

	if (!cls || !key || (!m && mlen) || (!sig && siglen))
		return CB_ERR_ARG;
	if (!sig)
		return CB_ERR_VERIFY;
	l = cb_layer_row_of(&cls->info);
	if (l->type == CB_KEY_ED25519)
		r = cb_ed25519_sig_check(sig, siglen);
	else
		r = cb_ec_sig_check(l->type, sig, siglen);
	return r ? r : cls->verify(key, m ? m : (const uint8_t *)"", mlen, sig, siglen);
}

void cb_sig_key_free(const cb_sig_class *cls, void *key)
{
	if (cls && key)
		cls->key_free(key);
}

/* ---- pke ---- */

int cb_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key)
{
	if (!cls || !key)
		return CB_ERR_ARG;
	*key = NULL;
	return cls->keygen(cls, opts, key);
}

int cb_pke_import_secret(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	IMPORT(cls, import_secret, 1);
}

int cb_pke_import_public(const cb_pke_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	IMPORT(cls, import_public, 0);
}

int cb_pke_export_public(const cb_pke_class *cls, const void *key, uint8_t *out, size_t *outlen)
{
	EXPORT(cls, export_public);
}

int cb_pke_export_secret(const cb_pke_class *cls, const void *key, uint8_t *out, size_t *outlen)
{
	EXPORT(cls, export_secret);
}

size_t cb_pke_max_plaintext(const cb_pke_class *cls, const void *key)
{
	return cls && key ? cls->max_plaintext(key) : 0;
}

size_t cb_pke_max_ciphertext(const cb_pke_class *cls, const void *key, size_t mlen)
{
	return cls && key ? cls->max_ciphertext(key, mlen) : 0;
}

int cb_pke_encrypt(const cb_pke_class *cls, void *key, const uint8_t *m, size_t mlen, uint8_t *c, size_t *clen)
{
	size_t cap;

	if (!cls || !key || (!m && mlen) || !c || !clen)
		return CB_ERR_ARG;
	cap = *clen;
	if (mlen > cls->max_plaintext(key) || cap < cls->max_ciphertext(key, mlen))
		return CB_ERR_LENGTH;
	return wiped(cls->encrypt(key, m ? m : (const uint8_t *)"", mlen, c, clen), c, cap);
}

int cb_pke_decrypt(const cb_pke_class *cls, void *key, const uint8_t *c, size_t clen, uint8_t *m, size_t *mlen)
{
	size_t cap;

	if (!cls || !key || (!c && clen) || !m || !mlen)
		return CB_ERR_ARG;
	if (!c)
		return CB_ERR_DECRYPT;
	cap = *mlen;
	return wiped(cls->decrypt(key, c, clen, m, mlen), m, cap);
}

void cb_pke_key_free(const cb_pke_class *cls, void *key)
{
	if (cls && key)
		cls->key_free(key);
}

/* ---- kex ---- */

int cb_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	if (!cls || !key)
		return CB_ERR_ARG;
	*key = NULL;
	return cls->keygen(cls, opts, key);
}

int cb_kex_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	IMPORT(cls, import_secret, 1);
}

int cb_kex_export_public(const cb_kex_class *cls, const void *key, uint8_t *out, size_t *outlen)
{
	EXPORT(cls, export_public);
}

int cb_kex_export_secret(const cb_kex_class *cls, const void *key, uint8_t *out, size_t *outlen)
{
	EXPORT(cls, export_secret);
}

int cb_kex_derive(const cb_kex_class *cls, void *key, const uint8_t *peer, size_t peerlen, uint8_t *ss,
		  size_t *sslen)
{
	const cb_layer_row *l;
	size_t cap;
	int r;

	if (!cls || !key || !peer || !ss || !sslen)
		return CB_ERR_ARG;
	l = cb_layer_row_of(&cls->info);
	cap = *sslen;
	if (l->row->public_bytes && peerlen != l->row->public_bytes)
		return CB_ERR_INVALID_KEY;
	if (cap < l->row->output_bytes)
		return CB_ERR_LENGTH;
	r = cls->derive(key, peer, peerlen, ss, sslen);
	/* RFC 7748 section 6.1: a low-order peer gives all zeros; every X25519 refuses it */
	if (!r && l->x25519 && cb_is_zero(ss, *sslen))
		r = CB_ERR_INVALID_KEY;
	return wiped(r, ss, cap);
}

void cb_kex_key_free(const cb_kex_class *cls, void *key)
{
	if (cls && key)
		cls->key_free(key);
}
