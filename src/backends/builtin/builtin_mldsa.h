/*
 * The methods of the builtin ML-DSA classes (backends builtin and
 * builtin-c): one function per method for the three parameter sets; the
 * class's info.variant is the parameter set's cb_mldsa_ops (mldsa.h) of
 * the dispatching or of the portable path.
 */
#ifndef CB_BACKENDS_BUILTIN_MLDSA_H
#define CB_BACKENDS_BUILTIN_MLDSA_H

#include "cryptobench/sig.h"

int cb_builtin_mldsa_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key);
void cb_builtin_mldsa_key_free(void *key);
int cb_builtin_mldsa_export_public(const void *key, uint8_t *out, size_t *outlen);
int cb_builtin_mldsa_export_secret(const void *key, uint8_t *out, size_t *outlen);
int cb_builtin_mldsa_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				   void **key);
int cb_builtin_mldsa_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				   void **key);
size_t cb_builtin_mldsa_max_signature(const void *key);
int cb_builtin_mldsa_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen);
int cb_builtin_mldsa_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen);
int cb_builtin_mldsa_keygen_seed(const cb_sig_class *cls, const uint8_t *seed, size_t len, const cb_opts *opts,
				 void **key);
int cb_builtin_mldsa_import_raw(const cb_sig_class *cls, int secret, const uint8_t *in, size_t len,
				const cb_opts *opts, void **key);
int cb_builtin_mldsa_export_raw(const void *key, int secret, uint8_t *out, size_t *outlen);
int cb_builtin_mldsa_sign_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, uint8_t *sig,
			     size_t *siglen);
int cb_builtin_mldsa_verify_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig,
			       size_t siglen);

/* All methods but the name: the class initialiser of backend `be`, set n (44, 65, 87), ops table `ops`. */
#define CB_BUILTIN_MLDSA_CLASS(var, n, be, notes, impl, ops)                                                    \
	static const cb_sig_class var = {                                                                      \
		.info = {CB_KIND_SIG, "mldsa" #n, be, notes, NULL, impl, &ops},                                \
		.keygen = cb_builtin_mldsa_keygen,                                                             \
		.key_free = cb_builtin_mldsa_key_free,                                                         \
		.export_public = cb_builtin_mldsa_export_public,                                               \
		.export_secret = cb_builtin_mldsa_export_secret,                                               \
		.max_signature = cb_builtin_mldsa_max_signature,                                               \
		.sign = cb_builtin_mldsa_sign,                                                                 \
		.verify = cb_builtin_mldsa_verify,                                                             \
		.import_public = cb_builtin_mldsa_import_public,                                               \
		.import_secret = cb_builtin_mldsa_import_secret,                                               \
		.keygen_seed = cb_builtin_mldsa_keygen_seed,                                                   \
		.import_raw = cb_builtin_mldsa_import_raw,                                                     \
		.export_raw = cb_builtin_mldsa_export_raw,                                                     \
		.sign_ex = cb_builtin_mldsa_sign_ex,                                                           \
		.verify_ex = cb_builtin_mldsa_verify_ex,                                                       \
	}

#endif
