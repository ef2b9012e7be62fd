/* The post-quantum signature classes over a library's calls (pqsig.h). */
#include <stdlib.h>
#include <string.h>

#include "core/ct.h"
#include "core/pqsig.h"
#include "core/util.h"

/* The mode from opts (NULL: empty context, hedged); CB_ERR_ARG for a context over 255 bytes. */
static int mode_set(cb_pqsig_mode *m, const cb_opts *opts)
{
	memset(m, 0, sizeof(*m));
	if (!opts)
		return CB_OK;
	if (opts->sig_ctx_len > CB_PQSIG_CTX_MAX || (opts->sig_ctx_len && !opts->sig_ctx))
		return CB_ERR_ARG;
	m->deterministic = opts->sig_deterministic != 0;
	m->ctx_len = opts->sig_ctx_len;
	if (m->ctx_len)
		memcpy(m->ctx, opts->sig_ctx, m->ctx_len);
	return CB_OK;
}

/* The pure interface with the mode's context and randomness (sign / verify of the class contract). */
static cb_sig_params mode_params(const cb_pqsig_mode *m)
{
	cb_sig_params p = {CB_SIG_IFACE_PURE, NULL, 0, NULL, 0};

	p.ctx = m->ctx_len ? m->ctx : NULL;
	p.ctx_len = m->ctx_len;
	p.deterministic = m->deterministic;
	return p;
}

/*
 * The raw key inside a canonical SPKI (secret 0) or PKCS#8 (secret 1) of
 * type t and length want, and only such a file (what cb_key_public_spki /
 * cb_key_private_pkcs8 give back unchanged); *raw points into in.
 * CB_ERR_FORMAT otherwise.  ML-DSA's PKCS#8 forms: cb_mldsa_private_decode.
 */
static int raw_key(cb_key_type t, int secret, const uint8_t *in, size_t len, size_t want, const uint8_t **raw)
{
	uint8_t *canon = NULL;
	size_t clen = 0, rawlen = 0;
	cb_key_type got;
	int r = secret ? cb_key_private_pkcs8(in, len, &got, &canon, &clen) : cb_key_public_spki(in, len, &got, &canon, &clen);

	if (r != CB_OK)
		return r == CB_ERR_UNSUPPORTED ? CB_ERR_FORMAT : r;
	r = got != t || clen != len || memcmp(canon, in, len) ? CB_ERR_FORMAT : CB_OK;
	cb_wipe(canon, clen);
	free(canon);
	if (r == CB_OK && (cb_key_raw(in, len, secret, raw, &rawlen) != CB_OK || rawlen != want))
		r = CB_ERR_FORMAT;
	return r;
}

/* The canonical file of a raw key (or an ML-DSA seed) into out; *outlen: capacity in, length out. */
static int export_der(cb_key_type t, int secret, const uint8_t *raw, size_t rawlen, uint8_t *out, size_t *outlen)
{
	uint8_t *der;
	size_t n;
	int r = cb_key_wrap_raw(t, secret, raw, rawlen, &der, &n);

	if (r != CB_OK)
		return r;
	if (*outlen < n) {
		r = CB_ERR_LENGTH;
	} else {
		memcpy(out, der, n);
		*outlen = n;
	}
	cb_wipe(der, n);
	free(der);
	return r;
}

/*
 * sign_ex / verify_ex's arguments: CB_ERR_ARG (a NULL with a length, a
 * context over 255 bytes), CB_ERR_UNSUPPORTED (an interface other than
 * the pure one where mldsa is 0), CB_ERR_LENGTH (a mu that is not 64
 * bytes), else 0.
 */
static int params_check(const cb_sig_params *p, const uint8_t *m, size_t mlen, int mldsa)
{
	if (!p || (!m && mlen) || (!p->ctx && p->ctx_len) || p->ctx_len > CB_PQSIG_CTX_MAX)
		return CB_ERR_ARG;
	if (p->iface != CB_SIG_IFACE_PURE &&
	    (!mldsa || (p->iface != CB_SIG_IFACE_INTERNAL && p->iface != CB_SIG_IFACE_MU)))
		return CB_ERR_UNSUPPORTED;
	if (p->iface == CB_SIG_IFACE_MU && mlen != 64)
		return CB_ERR_LENGTH;
	return CB_OK;
}

size_t cb_pqsig_prefix(const cb_sig_params *p, uint8_t pre[2 + CB_PQSIG_CTX_MAX])
{
	if (p->iface != CB_SIG_IFACE_PURE)
		return 0;
	pre[0] = 0;
	pre[1] = (uint8_t)p->ctx_len;
	if (p->ctx_len)
		memcpy(pre + 2, p->ctx, p->ctx_len);
	return 2 + p->ctx_len;
}

/* FIPS 204's rnd: p->rnd, 32 zero bytes (deterministic), or fresh random bytes. */
static int sign_rnd(const cb_sig_params *p, uint8_t rnd[32])
{
	if (p->rnd) {
		memcpy(rnd, p->rnd, 32);
		return CB_OK;
	}
	if (p->deterministic) {
		memset(rnd, 0, 32);
		return CB_OK;
	}
	return cb_random_bytes(rnd, 32);
}

/*
 * RFC 9881 8.2, a "both" key: 0 when the expanded key the seed gave
 * equals the file's, CB_ERR_INVALID_KEY otherwise; compared in constant
 * time, only whether they match is public.
 */
static int same_key(const uint8_t *a, const uint8_t *b, size_t n)
{
	unsigned diff = 0;

	for (size_t i = 0; i < n; i++)
		diff |= a[i] ^ b[i];
	CB_CT_DECLASSIFY(&diff, sizeof(diff));
	return diff ? CB_ERR_INVALID_KEY : CB_OK;
}

/* ---- the handle ---- */

static const cb_pqsig_set *set_of(const cb_sig_class *cls)
{
	return (const cb_pqsig_set *)cls->info.variant;
}

void cb_pqsig_key_free(void *key)
{
	cb_pqsig_key *k = key;

	if (k) {
		if (k->parsed)
			k->set->lib->free(k->parsed);
		cb_wipe(k, sizeof(*k));
		free(k);
	}
}

static int new_key(const cb_sig_class *cls, const cb_opts *opts, cb_pqsig_key **out)
{
	cb_pqsig_key *k;
	int r;

	*out = NULL;
	if (!set_of(cls)->lib)
		return CB_ERR_UNSUPPORTED;
	if (!(k = calloc(1, sizeof(*k))))
		return CB_ERR_NOMEM;
	k->set = set_of(cls);
	if ((r = mode_set(&k->mode, opts)) != CB_OK) {
		free(k);
		return r;
	}
	*out = k;
	return CB_OK;
}

/* The handle k into *key when r is 0, else k freed. */
static int finish(cb_pqsig_key *k, int r, void **key)
{
	if (r != CB_OK) {
		cb_pqsig_key_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

static int from_seed(cb_pqsig_key *k, const uint8_t seed[32])
{
	int r = k->set->lib->from_seed(k, seed);

	if (r == CB_OK) {
		memcpy(k->seed, seed, 32);
		k->has_pk = k->has_sk = k->has_seed = 1;
	}
	return r;
}

/* The raw public key (pkEncode, or PK.seed || PK.root) into k. */
static int set_public(cb_pqsig_key *k, const uint8_t *raw)
{
	memcpy(k->pk, raw, k->set->pk);
	k->has_pk = 1;
	return k->set->lib->parse_public ? k->set->lib->parse_public(k) : CB_OK;
}

/*
 * The raw secret key into k: ML-DSA's skEncode with the library's checks
 * (derive: its public key computed), SLH-DSA's SK.seed || SK.prf ||
 * PK.seed || PK.root, whose second half is the public key.
 */
static int set_secret(cb_pqsig_key *k, const uint8_t *raw, int derive)
{
	const cb_pqsig_set *s = k->set;

	memcpy(k->sk, raw, s->sk);
	k->has_sk = 1;
	if (s->mldsa)
		return s->lib->from_expanded ? s->lib->from_expanded(k, derive) : CB_OK;
	memcpy(k->pk, raw + s->sk - s->pk, s->pk);
	k->has_pk = 1;
	return CB_OK;
}

/* *sk: the secret key, k->sk or the library's encoding of its parsed key into buf. */
static int secret_of(const cb_pqsig_key *k, uint8_t buf[CB_PQSIG_SK_MAX], const uint8_t **sk)
{
	*sk = k->sk;
	if (!k->set->lib->expanded)
		return CB_OK;
	*sk = buf;
	return k->set->lib->expanded(k, buf);
}

/* ---- the methods ---- */

int cb_pqsig_keygen_seed(const cb_sig_class *cls, const uint8_t *seed, size_t len, const cb_opts *opts, void **key)
{
	cb_pqsig_key *k;
	int r;

	if (!key || !seed)
		return CB_ERR_ARG;
	*key = NULL;
	if (!set_of(cls)->mldsa)
		return CB_ERR_UNSUPPORTED;
	if (len != 32)
		return CB_ERR_INVALID_KEY;
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	return finish(k, from_seed(k, seed), key);
}

int cb_pqsig_keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	uint8_t seed[32];
	cb_pqsig_key *k;
	int r;

	if (!key)
		return CB_ERR_ARG;
	*key = NULL;
	if (set_of(cls)->mldsa) {
		if ((r = cb_random_bytes(seed, sizeof(seed))) == CB_OK)
			r = cb_pqsig_keygen_seed(cls, seed, sizeof(seed), opts, key);
		cb_wipe(seed, sizeof(seed));
		return r;
	}
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	if ((r = k->set->lib->keypair(k)) == CB_OK)
		k->has_pk = k->has_sk = 1;
	return finish(k, r, key);
}

int cb_pqsig_import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	const cb_pqsig_set *s = set_of(cls);
	const uint8_t *raw;
	cb_pqsig_key *k;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if ((r = raw_key(s->type, 0, in, len, s->pk, &raw)) != CB_OK)
		return r;
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	return finish(k, set_public(k, raw), key);
}

int cb_pqsig_import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	const cb_pqsig_set *s = set_of(cls);
	const uint8_t *seed = NULL, *sk = NULL, *mine;
	uint8_t buf[CB_PQSIG_SK_MAX];
	cb_pqsig_key *k;
	cb_key_type t;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if (!s->mldsa)
		r = raw_key(s->type, 1, in, len, s->sk, &sk);
	else
		r = cb_mldsa_private_decode(in, len, &t, &seed, &sk) != CB_OK || t != s->type ? CB_ERR_FORMAT : CB_OK;
	if (r != CB_OK || (r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	if (!seed)
		r = set_secret(k, sk, 1);
	else if ((r = from_seed(k, seed)) == CB_OK && sk && (r = secret_of(k, buf, &mine)) == CB_OK)
		r = same_key(mine, sk, s->sk); /* both: the expanded key must be the seed's (RFC 9881 8.2) */
	cb_wipe(buf, sizeof(buf));
	return finish(k, r, key);
}

int cb_pqsig_import_raw(const cb_sig_class *cls, int secret, const uint8_t *in, size_t len, const cb_opts *opts,
			void **key)
{
	const cb_pqsig_set *s = set_of(cls);
	cb_pqsig_key *k;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if (len != (secret ? s->sk : s->pk))
		return CB_ERR_LENGTH;
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	return finish(k, secret ? set_secret(k, in, 0) : set_public(k, in), key);
}

int cb_pqsig_export_raw(const void *key, int secret, uint8_t *out, size_t *outlen)
{
	const cb_pqsig_key *k = key;
	uint8_t buf[CB_PQSIG_SK_MAX];
	const uint8_t *raw = NULL;
	size_t n;
	int r = CB_OK;

	if (!k || !out || !outlen || !(secret ? k->has_sk : k->has_pk))
		return CB_ERR_ARG;
	n = secret ? k->set->sk : k->set->pk;
	if (*outlen < n)
		return CB_ERR_LENGTH;
	if (!secret)
		raw = k->pk;
	else
		r = secret_of(k, buf, &raw);
	if (r == CB_OK)
		memcpy(out, raw, n);
	*outlen = r == CB_OK ? n : 0;
	cb_wipe(buf, sizeof(buf));
	return r;
}

int cb_pqsig_export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_pqsig_key *k = key;

	if (!k || !out || !outlen || !k->has_pk)
		return CB_ERR_ARG;
	return export_der(k->set->type, 0, k->pk, k->set->pk, out, outlen);
}

int cb_pqsig_export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const cb_pqsig_key *k = key;
	uint8_t buf[CB_PQSIG_SK_MAX];
	const uint8_t *sk;
	int r;

	if (!k || !out || !outlen || !k->has_sk)
		return CB_ERR_ARG;
	if (k->has_seed)
		return export_der(k->set->type, 1, k->seed, 32, out, outlen);
	if ((r = secret_of(k, buf, &sk)) == CB_OK)
		r = export_der(k->set->type, 1, sk, k->set->sk, out, outlen);
	cb_wipe(buf, sizeof(buf));
	return r;
}

size_t cb_pqsig_max_signature(const void *key)
{
	const cb_pqsig_key *k = key;

	return k ? k->set->sig : 0;
}

int cb_pqsig_sign_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	cb_pqsig_key *k = key;
	const cb_pqsig_set *s;
	uint8_t rnd[32];
	int r;

	if (!k || !sig || !siglen || !k->has_sk)
		return CB_ERR_ARG;
	s = k->set;
	if ((r = params_check(p, m, mlen, s->mldsa)) != CB_OK)
		return r;
	if (*siglen < s->sig)
		return CB_ERR_LENGTH;
	if (!s->mldsa) {
		/* SLH-DSA: the libraries' pure, hedged interface only */
		r = p->rnd || p->deterministic ? CB_ERR_UNSUPPORTED : s->lib->sign(k, p, m, mlen, NULL, sig);
	} else if ((r = sign_rnd(p, rnd)) == CB_OK) {
		r = s->lib->sign(k, p, m, mlen, rnd, sig);
		cb_wipe(rnd, sizeof(rnd));
	}
	if (r == CB_OK)
		*siglen = s->sig;
	return r;
}

int cb_pqsig_verify_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig,
		       size_t siglen)
{
	cb_pqsig_key *k = key;
	int r;

	if (!k || !sig || !k->has_pk)
		return CB_ERR_ARG;
	if ((r = params_check(p, m, mlen, k->set->mldsa)) != CB_OK)
		return r;
	if (siglen != k->set->sig)
		return CB_ERR_VERIFY;
	return k->set->lib->verify(k, p, m, mlen, sig);
}

int cb_pqsig_sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	cb_pqsig_key *k = key;
	cb_sig_params p;

	if (!k)
		return CB_ERR_ARG;
	p = mode_params(&k->mode);
	return cb_pqsig_sign_ex(k, &p, m, mlen, sig, siglen);
}

int cb_pqsig_verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	cb_pqsig_key *k = key;
	cb_sig_params p;

	if (!k)
		return CB_ERR_ARG;
	p = mode_params(&k->mode);
	return cb_pqsig_verify_ex(k, &p, m, mlen, sig, siglen);
}
