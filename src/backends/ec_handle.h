/*
 * One handle for an ECDH and an ECDSA class (nettle, wolfssl: the P-256
 * key is the same for both).  The class methods differ only by their
 * class's type, so the forwarders are made here once:
 * CB_EC_SHARED_HANDLE(p, make, import) defines p_kex_keygen,
 * p_sig_keygen (over make(void **key)) and p_kex_import_secret,
 * p_sig_import_secret (over import(in, len, void **key)).
 */
#ifndef CB_BACKENDS_EC_HANDLE_H
#define CB_BACKENDS_EC_HANDLE_H

#include "core/der.h"
#include "core/util.h"
#include "cryptobench/kex.h"
#include "cryptobench/sig.h"

#define CB_EC_SHARED_HANDLE(p, make, import)                                                                   \
	static int p##_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)                    \
	{                                                                                                      \
		return make(key);                                                                              \
	}                                                                                                      \
	static int p##_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)                    \
	{                                                                                                      \
		return make(key);                                                                              \
	}                                                                                                      \
	static int p##_kex_import_secret(const cb_kex_class *cls, const uint8_t *in, size_t len,               \
					 const cb_opts *opts, void **key)                                      \
	{                                                                                                      \
		return import(in, len, key);                                                                   \
	}                                                                                                      \
	static int p##_sig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len,               \
					 const cb_opts *opts, void **key)                                      \
	{                                                                                                      \
		return import(in, len, key);                                                                   \
	}

/*
 * The public exports of such a handle when its first member is its
 * uncompressed point (uint8_t[65]): the point (ECDH's public value) and
 * its canonical SPKI (ECDSA).
 */
static inline int cb_ec_export_point(const void *key, uint8_t *out, size_t *outlen)
{
	return key ? cb_bytes_out((const uint8_t *)key, 65, out, outlen) : CB_ERR_ARG;
}

static inline int cb_ec_export_spki_p256(const void *key, uint8_t *out, size_t *outlen)
{
	return key ? cb_key_put(CB_KEY_P256, 0, (const uint8_t *)key, out, outlen) : CB_ERR_ARG;
}

#endif
