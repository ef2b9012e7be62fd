/*
 * A class table from a method set.  Many adapters keep one key handle for
 * classes of two kinds (RSA: sig and pke; P-256: kex and sig; SM2: sig and
 * pke) and one class per parameter set (the class's info.variant).  Such
 * an adapter names the methods of a handle with one prefix p:
 *
 *   p_free, p_export_public, p_export_secret          every kind
 *   p_keygen(variant, opts, key)                       the bodies the kind
 *   p_import_public(variant, in, len, opts, key)       entries call, reading
 *   p_import_secret(variant, in, len, opts, key)       cls->info.variant
 *   p_max_signature, p_sign, p_verify                  sig
 *   p_max_plaintext, p_max_ciphertext, p_encrypt,      pke
 *   p_decrypt
 *   p_derive                                           kex
 *
 * The methods that receive their class (keygen, import: BearSSL's vtable
 * first) differ between kinds only by the class's type, so their entries
 * are made here: CB_KIND_ENTRIES(p, kind) defines p_<kind>_keygen,
 * p_<kind>_import_public and p_<kind>_import_secret (kex:
 * CB_KEX_ENTRIES(p), no import_public).  CB_SIG_METHODS(p),
 * CB_PKE_METHODS(p) and CB_KEX_METHODS(p) are then the class table's
 * methods, after its .info:
 *
 *   static const cb_sig_class rsa2048_pss = {.info = ..., CB_SIG_METHODS(mrsa)};
 */
#ifndef CB_BACKENDS_CLASS_METHODS_H
#define CB_BACKENDS_CLASS_METHODS_H

#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/sig.h"

#define CB_KEYGEN_ENTRY(p, kind)                                                                               \
	static int p##_##kind##_keygen(const cb_##kind##_class *cls, const cb_opts *opts, void **key)         \
	{                                                                                                      \
		return p##_keygen(cls->info.variant, opts, key);                                               \
	}

#define CB_IMPORT_ENTRY(p, kind, which)                                                                        \
	static int p##_##kind##_import_##which(const cb_##kind##_class *cls, const uint8_t *in, size_t len,   \
					       const cb_opts *opts, void **key)                                \
	{                                                                                                      \
		return p##_import_##which(cls->info.variant, in, len, opts, key);                              \
	}

#define CB_KIND_ENTRIES(p, kind)                                                                               \
	CB_KEYGEN_ENTRY(p, kind)                                                                               \
	CB_IMPORT_ENTRY(p, kind, public)                                                                       \
	CB_IMPORT_ENTRY(p, kind, secret)

#define CB_KEX_ENTRIES(p)                                                                                      \
	CB_KEYGEN_ENTRY(p, kex)                                                                                \
	CB_IMPORT_ENTRY(p, kex, secret)

#define CB_SIG_METHODS(p)                                                                                      \
	.keygen = p##_sig_keygen, .key_free = p##_free, .export_public = p##_export_public,                   \
	.export_secret = p##_export_secret, .max_signature = p##_max_signature, .sign = p##_sign,              \
	.verify = p##_verify, .import_public = p##_sig_import_public, .import_secret = p##_sig_import_secret

#define CB_PKE_METHODS(p)                                                                                      \
	.keygen = p##_pke_keygen, .key_free = p##_free, .export_public = p##_export_public,                   \
	.export_secret = p##_export_secret, .max_plaintext = p##_max_plaintext,                                \
	.max_ciphertext = p##_max_ciphertext, .encrypt = p##_encrypt, .decrypt = p##_decrypt,                  \
	.import_public = p##_pke_import_public, .import_secret = p##_pke_import_secret

#define CB_KEX_METHODS(p)                                                                                      \
	.keygen = p##_kex_keygen, .key_free = p##_free, .export_public = p##_export_public,                   \
	.export_secret = p##_export_secret, .derive = p##_derive, .import_secret = p##_kex_import_secret

#endif
