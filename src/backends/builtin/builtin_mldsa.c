/*
 * The project's own ML-DSA (src/mldsa, FIPS 204) as sig classes mldsa44,
 * mldsa65, mldsa87 of backend builtin (the dispatching path) and, through
 * the same methods, of backend builtin-c (the portable path).
 *
 * A handle holds the public key, the expanded secret key and, when the key
 * came from a seed, the seed (export_secret writes the seed form then);
 * the context string and the deterministic flag from cb_opts.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "backends/builtin/builtin_mldsa.h"
#include "core/der.h"
#include "core/util.h"
#include "mldsa/mldsa.h"

typedef struct mldsa_key {
	const cb_mldsa_ops *ops;
	int has_pk, has_sk, has_seed, deterministic;
	uint8_t seed[32];
	uint8_t ctx[CB_MLDSA_CTX_MAX];
	size_t ctx_len;
	uint8_t pk[CB_MLDSA87_PK_BYTES];
	uint8_t sk[CB_MLDSA87_SK_BYTES];
} mldsa_key;

static const cb_mldsa_ops *ops_of(const cb_sig_class *cls)
{
	return (const cb_mldsa_ops *)cls->info.variant;
}

static int new_key(const cb_sig_class *cls, const cb_opts *opts, mldsa_key **out)
{
	mldsa_key *k;

	if (opts && opts->sig_ctx_len > CB_MLDSA_CTX_MAX)
		return CB_ERR_ARG;
	k = calloc(1, sizeof(*k));
	if (!k)
		return CB_ERR_NOMEM;
	k->ops = ops_of(cls);
	if (opts) {
		k->deterministic = opts->sig_deterministic != 0;
		k->ctx_len = opts->sig_ctx_len;
		if (k->ctx_len)
			memcpy(k->ctx, opts->sig_ctx, k->ctx_len);
	}
	*out = k;
	return CB_OK;
}

void cb_builtin_mldsa_key_free(void *key)
{
	if (key) {
		cb_wipe(key, sizeof(mldsa_key));
		free(key);
	}
}

int cb_builtin_mldsa_keygen_seed(const cb_sig_class *cls, const uint8_t *seed, size_t len, const cb_opts *opts,
				 void **key)
{
	mldsa_key *k;
	int rc;

	if (len != CB_MLDSA_SEED_BYTES)
		return CB_ERR_INVALID_KEY;
	rc = new_key(cls, opts, &k);
	if (rc)
		return rc;
	memcpy(k->seed, seed, 32);
	rc = k->ops->keypair(k->pk, k->sk, k->seed);
	if (rc) {
		cb_builtin_mldsa_key_free(k);
		return rc;
	}
	k->has_pk = k->has_sk = k->has_seed = 1;
	*key = k;
	return CB_OK;
}

int cb_builtin_mldsa_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	uint8_t seed[32];
	int rc = cb_random_bytes(seed, sizeof(seed));

	if (rc == CB_OK)
		rc = cb_builtin_mldsa_keygen_seed(cls, seed, sizeof(seed), opts, key);
	cb_wipe(seed, sizeof(seed));
	return rc;
}

int cb_builtin_mldsa_import_raw(const cb_sig_class *cls, int secret, const uint8_t *in, size_t len,
				const cb_opts *opts, void **key)
{
	const cb_mldsa_ops *o = ops_of(cls);
	mldsa_key *k;
	int rc;

	if (len != (secret ? o->sk_bytes : o->pk_bytes))
		return CB_ERR_INVALID_KEY;
	rc = new_key(cls, opts, &k);
	if (rc)
		return rc;
	if (secret) {
		memcpy(k->sk, in, len);
		k->has_sk = 1;
	} else {
		memcpy(k->pk, in, len);
		k->has_pk = 1;
	}
	*key = k;
	return CB_OK;
}

int cb_builtin_mldsa_export_raw(const void *key, int secret, uint8_t *out, size_t *outlen)
{
	const mldsa_key *k = key;
	size_t n = secret ? k->ops->sk_bytes : k->ops->pk_bytes;

	if (secret ? !k->has_sk : !k->has_pk)
		return CB_ERR_UNSUPPORTED;
	if (*outlen < n)
		return CB_ERR_LENGTH;
	memcpy(out, secret ? k->sk : k->pk, n);
	*outlen = n;
	return CB_OK;
}

/* ---- key encodings (src/core/der.c: RFC 9881 SPKI and PKCS#8) ---- */

static cb_key_type key_type(const cb_mldsa_ops *o)
{
	return o->k == 4 ? CB_KEY_MLDSA44 : o->k == 6 ? CB_KEY_MLDSA65 : CB_KEY_MLDSA87;
}

static int put_der(uint8_t *der, size_t derlen, uint8_t *out, size_t *outlen)
{
	int rc = CB_OK;

	if (*outlen < derlen)
		rc = CB_ERR_LENGTH;
	else
		memcpy(out, der, derlen);
	*outlen = derlen;
	cb_wipe(der, derlen);
	free(der);
	return rc;
}

/* SubjectPublicKeyInfo with id-ml-dsa-N and the raw public key in the BIT STRING. */
int cb_builtin_mldsa_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const mldsa_key *k = key;
	uint8_t *der = NULL;
	size_t derlen = 0;
	int rc;

	if (!k->has_pk)
		return CB_ERR_UNSUPPORTED;
	rc = cb_key_wrap_raw(key_type(k->ops), 0, k->pk, k->ops->pk_bytes, &der, &derlen);
	return rc ? rc : put_der(der, derlen, out, outlen);
}

/* PKCS#8 in the seed form when the key came from a seed, else the expanded form. */
int cb_builtin_mldsa_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const mldsa_key *k = key;
	uint8_t *der = NULL;
	size_t derlen = 0;
	int rc;

	if (!k->has_sk)
		return CB_ERR_UNSUPPORTED;
	rc = cb_mldsa_private_encode(key_type(k->ops), k->has_seed ? k->seed : NULL, k->has_seed ? NULL : k->sk, &der,
				     &derlen);
	return rc ? rc : put_der(der, derlen, out, outlen);
}

int cb_builtin_mldsa_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				   void **key)
{
	cb_key_type t;
	uint8_t *canon = NULL;
	const uint8_t *raw;
	size_t clen = 0, rawlen;
	int rc = cb_key_public_spki(in, len, &t, &canon, &clen);

	if (rc == CB_OK && (t != key_type(ops_of(cls)) || clen != len || memcmp(canon, in, len) != 0))
		rc = CB_ERR_INVALID_KEY;
	if (rc == CB_OK)
		rc = cb_key_raw(canon, clen, 0, &raw, &rawlen);
	if (rc == CB_OK)
		rc = cb_builtin_mldsa_import_raw(cls, 0, raw, rawlen, opts, key);
	free(canon);
	return rc == CB_ERR_UNSUPPORTED ? CB_ERR_INVALID_KEY : rc;
}

/*
 * PKCS#8 in any of the three forms.  Seed: the key pair is generated from
 * it.  Expanded: the public key is computed from it, with the consistency
 * checks (pk_from_sk).  Both: the expanded key must be the seed's.
 */
int cb_builtin_mldsa_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts,
				   void **key)
{
	const cb_mldsa_ops *o = ops_of(cls);
	cb_key_type t;
	uint8_t *canon = NULL;
	const uint8_t *seed = NULL, *sk = NULL;
	size_t clen = 0;
	mldsa_key *k = NULL;
	int rc = cb_key_private_pkcs8(in, len, &t, &canon, &clen);

	if (rc == CB_OK && t != key_type(o))
		rc = CB_ERR_INVALID_KEY;
	if (rc == CB_OK)
		rc = cb_mldsa_private_decode(canon, clen, &t, &seed, &sk);
	if (rc == CB_OK && seed) {
		rc = cb_builtin_mldsa_keygen_seed(cls, seed, 32, opts, (void **)&k);
		if (rc == CB_OK && sk && memcmp(sk, k->sk, o->sk_bytes) != 0)
			rc = CB_ERR_INVALID_KEY;
	} else if (rc == CB_OK) {
		rc = cb_builtin_mldsa_import_raw(cls, 1, sk, o->sk_bytes, opts, (void **)&k);
		if (rc == CB_OK) {
			rc = o->pk_from_sk(k->pk, k->sk);
			k->has_pk = rc == CB_OK;
		}
	}
	if (canon) {
		cb_wipe(canon, clen);
		free(canon);
	}
	if (rc) {
		cb_builtin_mldsa_key_free(k);
		return rc == CB_ERR_UNSUPPORTED ? CB_ERR_INVALID_KEY : rc;
	}
	*key = k;
	return CB_OK;
}

size_t cb_builtin_mldsa_max_signature(const void *key)
{
	return ((const mldsa_key *)key)->ops->sig_bytes;
}

int cb_builtin_mldsa_sign_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, uint8_t *sig,
			     size_t *siglen)
{
	const mldsa_key *k = key;
	uint8_t rnd[32] = {0};
	int rc;

	if (!k->has_sk)
		return CB_ERR_UNSUPPORTED;
	if (*siglen < k->ops->sig_bytes)
		return CB_ERR_LENGTH;
	if (p->ctx_len > CB_MLDSA_CTX_MAX)
		return CB_ERR_ARG;
	if (p->iface == CB_SIG_IFACE_MU && mlen != CB_MLDSA_MU_BYTES)
		return CB_ERR_ARG;
	if (p->rnd)
		memcpy(rnd, p->rnd, 32);
	else if (!p->deterministic && (rc = cb_random_bytes(rnd, sizeof(rnd))) != CB_OK)
		return rc;
	switch (p->iface) {
	case CB_SIG_IFACE_PURE:
		rc = k->ops->sign(sig, m, mlen, p->ctx, p->ctx_len, rnd, k->sk);
		break;
	case CB_SIG_IFACE_INTERNAL:
		rc = k->ops->sign_internal(sig, m, mlen, rnd, k->sk);
		break;
	case CB_SIG_IFACE_MU:
		rc = k->ops->sign_mu(sig, m, rnd, k->sk);
		break;
	default:
		rc = CB_ERR_UNSUPPORTED;
	}
	cb_wipe(rnd, sizeof(rnd));
	if (rc == CB_OK)
		*siglen = k->ops->sig_bytes;
	return rc;
}

int cb_builtin_mldsa_verify_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig,
			       size_t siglen)
{
	const mldsa_key *k = key;

	if (!k->has_pk)
		return CB_ERR_UNSUPPORTED;
	if (p->ctx_len > CB_MLDSA_CTX_MAX)
		return CB_ERR_ARG;
	switch (p->iface) {
	case CB_SIG_IFACE_PURE:
		return k->ops->verify(sig, siglen, m, mlen, p->ctx, p->ctx_len, k->pk);
	case CB_SIG_IFACE_INTERNAL:
		return k->ops->verify_internal(sig, siglen, m, mlen, k->pk);
	case CB_SIG_IFACE_MU:
		return mlen == CB_MLDSA_MU_BYTES ? k->ops->verify_mu(sig, siglen, m, k->pk) : CB_ERR_VERIFY;
	default:
		return CB_ERR_UNSUPPORTED;
	}
}

int cb_builtin_mldsa_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	const mldsa_key *k = key;
	cb_sig_params p = {CB_SIG_IFACE_PURE, k->ctx, k->ctx_len, NULL, k->deterministic};

	return cb_builtin_mldsa_sign_ex(key, &p, m, mlen, sig, siglen);
}

int cb_builtin_mldsa_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	const mldsa_key *k = key;
	cb_sig_params p = {CB_SIG_IFACE_PURE, k->ctx, k->ctx_len, NULL, k->deterministic};

	return cb_builtin_mldsa_verify_ex(key, &p, m, mlen, sig, siglen);
}

static const char *builtin_mldsa_implementation(void)
{
	return cb_mldsa_impl_string();
}

#define BUILTIN_NOTES_MLDSA "own FIPS 204 code (src/mldsa)"
CB_BUILTIN_MLDSA_CLASS(mldsa44, 44, "builtin", BUILTIN_NOTES_MLDSA, builtin_mldsa_implementation, cb_mldsa44_ops);
CB_BUILTIN_MLDSA_CLASS(mldsa65, 65, "builtin", BUILTIN_NOTES_MLDSA, builtin_mldsa_implementation, cb_mldsa65_ops);
CB_BUILTIN_MLDSA_CLASS(mldsa87, 87, "builtin", BUILTIN_NOTES_MLDSA, builtin_mldsa_implementation, cb_mldsa87_ops);

const cb_alg_info *const cb_builtin_mldsa_algs[] = {
	&mldsa44.info,
	&mldsa65.info,
	&mldsa87.info,
	NULL,
};
