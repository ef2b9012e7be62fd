/*
 * The classes of a backend whose library was not built (boringssl and
 * gmssl without `make anchors`): the same names as the built classes,
 * each unavailable() saying why, every method a stub that is never
 * reached (the registry does not run an unavailable class) and says
 * CB_ERR_UNSUPPORTED.  One set of stubs for every such backend, as
 * anchors.h's for the ML-KEM anchors; a backend names its classes with
 * the CB_NB_* macros and says only its name and implementation label.
 */
#ifndef CB_BACKENDS_NOTBUILT_H
#define CB_BACKENDS_NOTBUILT_H

#include "cryptobench/cipher.h"
#include "cryptobench/hash.h"
#include "cryptobench/kem.h"
#include "cryptobench/kex.h"
#include "cryptobench/pke.h"
#include "cryptobench/registry.h"
#include "cryptobench/sig.h"
#include "cryptobench/tls.h"

static inline const char *cb_nb_unavailable(void)
{
	return CB_UNAVAILABLE_NOT_BUILT;
}

/*
 * The backend's implementation label, `label` " (not built)", as impl (the
 * name its built half exports), and its version function, "not built".
 */
#define CB_NB_IDENTITY(impl, version, label)                                                                   \
	const char *impl(void)                                                                                 \
	{                                                                                                      \
		return label " (not built)";                                                                   \
	}                                                                                                      \
	static const char *version(void)                                                                       \
	{                                                                                                      \
		return "not built";                                                                            \
	}

/* One keygen per kind: the class argument's type differs. */
static inline int cb_nb_sig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	if (key)
		*key = NULL;
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_pke_keygen(const cb_pke_class *cls, const cb_opts *opts, void **key)
{
	if (key)
		*key = NULL;
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_kex_keygen(const cb_kex_class *cls, const cb_opts *opts, void **key)
{
	if (key)
		*key = NULL;
	return CB_ERR_UNSUPPORTED;
}

static inline void cb_nb_free(void *p)
{
	(void)p;
}

static inline int cb_nb_export(const void *key, uint8_t *out, size_t *outlen)
{
	return CB_ERR_UNSUPPORTED;
}

static inline size_t cb_nb_size(const void *key)
{
	return 0;
}

static inline size_t cb_nb_size2(const void *key, size_t n)
{
	return 0;
}

static inline int cb_nb_op(void *key, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_init(const cb_cipher_class *cls, void **ctx, const uint8_t *key)
{
	if (ctx)
		*ctx = NULL;
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_hash_init(const cb_hash_class *cls, void **ctx)
{
	if (ctx)
		*ctx = NULL;
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_digest(void *ctx, const uint8_t *in, size_t inlen, uint8_t *out)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_crypt(void *ctx, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
			      const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_tls_init(const cb_tls_class *cls, cb_tls **out)
{
	if (out)
		*out = NULL;
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_tls_handshake(cb_tls *t, cb_tls_wire *wire, cb_tls_params *params)
{
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_nb_tls_server(cb_tls *t)
{
	return CB_ERR_UNSUPPORTED;
}

static inline void cb_nb_tls_free(cb_tls *t)
{
	(void)t;
}

/*
 * static const classes of backend CB_NB_BACKEND (a string) with label
 * CB_NB_IMPL (its implementation() function): #define both before using
 * these.  Sizes as the built classes' (a cipher's key, IV, block, tag,
 * padding; a KEM's public key, secret key, ciphertext).
 */
#define CB_NB_INFO(kind_, name_)                                                                            \
	{.kind = (kind_), .name = (name_), .backend = CB_NB_BACKEND, .unavailable = cb_nb_unavailable,      \
	 .implementation = CB_NB_IMPL}
#define CB_NB_SIG(var_, name_)                                                                              \
	static const cb_sig_class var_ = {.info = CB_NB_INFO(CB_KIND_SIG, name_), .keygen = cb_nb_sig_keygen, \
					  .key_free = cb_nb_free, .export_public = cb_nb_export,              \
					  .export_secret = cb_nb_export, .max_signature = cb_nb_size,         \
					  .sign = cb_nb_op, .verify = cb_nb_verify}
#define CB_NB_PKE(var_, name_)                                                                              \
	static const cb_pke_class var_ = {.info = CB_NB_INFO(CB_KIND_PKE, name_), .keygen = cb_nb_pke_keygen, \
					  .key_free = cb_nb_free, .export_public = cb_nb_export,              \
					  .export_secret = cb_nb_export, .max_plaintext = cb_nb_size,         \
					  .max_ciphertext = cb_nb_size2, .encrypt = cb_nb_op, .decrypt = cb_nb_op}
#define CB_NB_KEX(var_, name_)                                                                              \
	static const cb_kex_class var_ = {.info = CB_NB_INFO(CB_KIND_KEX, name_), .keygen = cb_nb_kex_keygen, \
					  .key_free = cb_nb_free, .export_public = cb_nb_export,              \
					  .export_secret = cb_nb_export, .derive = cb_nb_op}
#define CB_NB_CIPHER(var_, name_, kb_, iv_, block_, tag_, padded_)                                          \
	static const cb_cipher_class var_ = {.info = CB_NB_INFO(CB_KIND_CIPHER, name_), .key_bytes = (kb_),   \
					     .iv_bytes = (iv_), .block_bytes = (block_), .tag_bytes = (tag_), \
					     .padded = (padded_), .init = cb_nb_init, .free = cb_nb_free,     \
					     .encrypt = cb_nb_crypt, .decrypt = cb_nb_crypt}
#define CB_NB_HASH(var_, name_, digest_, block_)                                                            \
	static const cb_hash_class var_ = {.info = CB_NB_INFO(CB_KIND_HASH, name_), .digest_bytes = (digest_), \
					   .block_bytes = (block_), .init = cb_nb_hash_init, .free = cb_nb_free, \
					   .digest = cb_nb_digest}
#define CB_NB_KEM(var_, name_, pk_, sk_, ct_)                                                               \
	static const cb_kem_class var_ = {.info = CB_NB_INFO(CB_KIND_KEM, name_), .public_key_bytes = (pk_), \
					  .secret_key_bytes = (sk_), .ciphertext_bytes = (ct_),               \
					  .shared_secret_bytes = 32, .keypair = cb_nb_keypair,                \
					  .encaps = cb_nb_encaps, .decaps = cb_nb_decaps}
#define CB_NB_TLS(var_, name_)                                                                              \
	static const cb_tls_class var_ = {.info = CB_NB_INFO(CB_KIND_TLS, name_), .init = cb_nb_tls_init,     \
					  .handshake = cb_nb_tls_handshake, .server = cb_nb_tls_server,       \
					  .free = cb_nb_tls_free}

#endif
