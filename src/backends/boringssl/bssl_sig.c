/*
 * BoringSSL post-quantum signatures: ML-DSA-44/65/87 (FIPS 204, through
 * the internal entry points of bssl_internal.cc) and SLH-DSA-SHA2-128s
 * (FIPS 205, openssl/slhdsa.h, its public API; the only SLH-DSA set of
 * this snapshot besides SHAKE-256f, which the catalog does not have).
 *
 * ML-DSA: a handle keeps BoringSSL's parsed key (bssl_internal.cc) and the
 * 32-byte seed when it came from one, so that its PKCS#8 is RFC 9881's
 * seed form; the expanded form is imported through BoringSSL's parser,
 * which recomputes t1 and refuses a key whose tr or t0 its rho, s1 and s2
 * do not give.  rnd is drawn from cb_random_bytes, as for every anchor
 * (the same generator at the same cost as builtin and oqs).
 *
 * SLH-DSA: key generation from 48 bytes of cb_random_bytes
 * (SLHDSA_SHA2_128S_generate_key_from_seed); SLHDSA_SHA2_128S_sign draws
 * its hedging randomness from BoringSSL's own generator, as liboqs' does
 * from its own; it has the pure, hedged interface only here.
 */
#include <stdlib.h>
#include <string.h>

#include "backends/boringssl/bssl_common.h"
#include "core/pqsig.h"
#include "core/util.h"
#include "cryptobench/sig.h"

#ifdef CB_BSSL_BUILT

#include <openssl/slhdsa.h>

#define BSSL_SIG_PK_MAX 2592 /* ML-DSA-87 */
#define BSSL_MLDSA_SK_MAX 4896

/* One parameter set (the class's variant): mldsa is 44, 65 or 87, 0 for SLH-DSA. */
typedef struct bssl_sig_set {
	cb_key_type type;
	int mldsa;
	size_t pk, sk, sig;
} bssl_sig_set;

typedef struct bssl_sig_key {
	const bssl_sig_set *set;
	int has_sk, has_seed;
	cb_pqsig_mode mode;
	cb_bssl_mldsa *parsed; /* ML-DSA: BoringSSL's key (public-only unless has_sk) */
	uint8_t slh_sk[SLHDSA_SHA2_128S_PRIVATE_KEY_BYTES];
	uint8_t seed[32];
	uint8_t pk[BSSL_SIG_PK_MAX];
} bssl_sig_key;

static const bssl_sig_set *set_of(const cb_sig_class *cls)
{
	return (const bssl_sig_set *)cls->info.variant;
}

static void key_free(void *key)
{
	bssl_sig_key *k = key;

	if (k) {
		if (k->parsed)
			cb_bssl_mldsa_free(k->parsed);
		cb_wipe(k, sizeof(*k));
		free(k);
	}
}

static int new_key(const cb_sig_class *cls, const cb_opts *opts, bssl_sig_key **out)
{
	bssl_sig_key *k;
	int r;

	*out = NULL;
	if (!(k = calloc(1, sizeof(*k))))
		return CB_ERR_NOMEM;
	k->set = set_of(cls);
	if ((r = cb_pqsig_mode_set(&k->mode, opts)) != CB_OK) {
		free(k);
		return r;
	}
	*out = k;
	return CB_OK;
}

/* The handle k when r is 0, else k freed. */
static int finish(bssl_sig_key *k, int r, void **key)
{
	if (r != CB_OK) {
		key_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
}

static int mldsa_from_seed(bssl_sig_key *k, const uint8_t seed[32])
{
	int r = cb_bssl_mldsa_from_seed(k->set->mldsa, seed, k->pk, &k->parsed);

	if (r == CB_OK) {
		memcpy(k->seed, seed, 32);
		k->has_sk = k->has_seed = 1;
	}
	return r;
}

static int keygen_seed(const cb_sig_class *cls, const uint8_t *seed, size_t len, const cb_opts *opts, void **key)
{
	bssl_sig_key *k;
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
	return finish(k, mldsa_from_seed(k, seed), key);
}

static int keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
	const bssl_sig_set *s = set_of(cls);
	uint8_t seed[SLHDSA_SHA2_128S_SEED_BYTES];
	bssl_sig_key *k;
	int r;

	if (!key)
		return CB_ERR_ARG;
	*key = NULL;
	if ((r = cb_random_bytes(seed, s->mldsa ? 32 : sizeof(seed))) != CB_OK)
		return r;
	if (s->mldsa) {
		r = keygen_seed(cls, seed, 32, opts, key);
	} else if ((r = new_key(cls, opts, &k)) == CB_OK) {
		SLHDSA_SHA2_128S_generate_key_from_seed(k->pk, k->slh_sk, seed);
		k->has_sk = 1;
		r = finish(k, CB_OK, key);
	}
	cb_wipe(seed, sizeof(seed));
	return r;
}

/* A public-only handle from the raw key (pkEncode, or PK.seed || PK.root). */
static int from_public_raw(const cb_sig_class *cls, const uint8_t *raw, size_t len, const cb_opts *opts,
			   void **key)
{
	const bssl_sig_set *s = set_of(cls);
	bssl_sig_key *k;
	int r;

	if (len != s->pk)
		return CB_ERR_LENGTH;
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	memcpy(k->pk, raw, len);
	if (s->mldsa)
		r = cb_bssl_mldsa_from_public(s->mldsa, raw, &k->parsed);
	return finish(k, r, key);
}

/* ML-DSA: skEncode through BoringSSL's parser; SLH-DSA: SK.seed || SK.prf || PK.seed || PK.root. */
static int from_secret_raw(const cb_sig_class *cls, const uint8_t *raw, size_t len, const cb_opts *opts,
			   void **key)
{
	const bssl_sig_set *s = set_of(cls);
	bssl_sig_key *k;
	int r;

	if (len != s->sk)
		return CB_ERR_LENGTH;
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	if (s->mldsa) {
		r = cb_bssl_mldsa_from_expanded(s->mldsa, raw, k->pk, &k->parsed);
	} else {
		memcpy(k->slh_sk, raw, len);
		memcpy(k->pk, raw + s->sk - s->pk, s->pk);
	}
	k->has_sk = r == CB_OK;
	return finish(k, r, key);
}

static int import_raw(const cb_sig_class *cls, int secret, const uint8_t *in, size_t len, const cb_opts *opts,
		      void **key)
{
	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	return secret ? from_secret_raw(cls, in, len, opts, key) : from_public_raw(cls, in, len, opts, key);
}

static int import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	const uint8_t *raw;
	size_t rawlen;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if ((r = cb_pqsig_raw_key(set_of(cls)->type, 0, in, len, &raw, &rawlen)) != CB_OK)
		return r;
	return from_public_raw(cls, raw, rawlen, opts, key);
}

static int import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	const bssl_sig_set *s = set_of(cls);
	const uint8_t *seed = NULL, *sk = NULL;
	uint8_t expanded[BSSL_MLDSA_SK_MAX];
	size_t rawlen;
	bssl_sig_key *k;
	cb_key_type t;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if (!s->mldsa) {
		if ((r = cb_pqsig_raw_key(s->type, 1, in, len, &sk, &rawlen)) != CB_OK)
			return r;
		return from_secret_raw(cls, sk, rawlen, opts, key);
	}
	if (cb_mldsa_private_decode(in, len, &t, &seed, &sk) != CB_OK || t != s->type)
		return CB_ERR_FORMAT;
	if (!seed)
		return from_secret_raw(cls, sk, s->sk, opts, key);
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	r = mldsa_from_seed(k, seed);
	/* both: the expanded key must be the seed's (RFC 9881 8.2) */
	if (r == CB_OK && sk && (r = cb_bssl_mldsa_expanded(k->parsed, expanded)) == CB_OK)
		r = cb_pqsig_same_key(expanded, sk, s->sk);
	cb_wipe(expanded, sizeof(expanded));
	return finish(k, r, key);
}

static int export_raw(const void *key, int secret, uint8_t *out, size_t *outlen)
{
	const bssl_sig_key *k = key;
	int r;

	if (!k || !out || !outlen || (secret && !k->has_sk))
		return CB_ERR_ARG;
	if (*outlen < (secret ? k->set->sk : k->set->pk))
		return CB_ERR_LENGTH;
	*outlen = secret ? k->set->sk : k->set->pk;
	if (!secret || !k->set->mldsa) {
		memcpy(out, secret ? k->slh_sk : k->pk, *outlen);
		return CB_OK;
	}
	if ((r = cb_bssl_mldsa_expanded(k->parsed, out)) != CB_OK)
		*outlen = 0;
	return r;
}

static int export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const bssl_sig_key *k = key;

	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	return cb_pqsig_export(k->set->type, 0, k->pk, k->set->pk, out, outlen);
}

/* The seed form when the key has a seed (RFC 9881 recommends it), else the expanded form; SLH-DSA as RFC 9909. */
static int export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const bssl_sig_key *k = key;
	uint8_t raw[BSSL_MLDSA_SK_MAX];
	size_t n = sizeof(raw);
	int r;

	if (!k || !out || !outlen || !k->has_sk)
		return CB_ERR_ARG;
	if (k->has_seed)
		return cb_pqsig_export(k->set->type, 1, k->seed, 32, out, outlen);
	if ((r = export_raw(k, 1, raw, &n)) == CB_OK)
		r = cb_pqsig_export(k->set->type, 1, raw, n, out, outlen);
	cb_wipe(raw, sizeof(raw));
	return r;
}

static size_t max_signature(const void *key)
{
	const bssl_sig_key *k = key;

	return k ? k->set->sig : 0;
}

static int sign_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	bssl_sig_key *k = key;
	uint8_t rnd[32];
	int r;

	if (!k || !sig || !siglen || !k->has_sk)
		return CB_ERR_ARG;
	if ((r = cb_pqsig_check(p, m, mlen, k->set->mldsa)) != CB_OK)
		return r;
	if (*siglen < k->set->sig)
		return CB_ERR_LENGTH;
	if (!k->set->mldsa) {
		if (p->rnd || p->deterministic)
			return CB_ERR_UNSUPPORTED;
		if (!SLHDSA_SHA2_128S_sign(sig, k->slh_sk, m, mlen, p->ctx, p->ctx_len))
			return cb_bssl_fail(CB_ERR_BACKEND);
		*siglen = k->set->sig;
		return CB_OK;
	}
	if ((r = cb_pqsig_rnd(p, rnd)) != CB_OK)
		return r;
	r = cb_bssl_mldsa_sign(k->parsed, p->iface, p->ctx, p->ctx_len, m, mlen, rnd, sig);
	cb_wipe(rnd, sizeof(rnd));
	if (r == CB_OK)
		*siglen = k->set->sig;
	return r == CB_OK ? r : cb_bssl_fail(r);
}

static int verify_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig,
		     size_t siglen)
{
	bssl_sig_key *k = key;
	int r;

	if (!k || !sig)
		return CB_ERR_ARG;
	if ((r = cb_pqsig_check(p, m, mlen, k->set->mldsa)) != CB_OK)
		return r;
	if (siglen != k->set->sig)
		return CB_ERR_VERIFY;
	if (!k->set->mldsa)
		return SLHDSA_SHA2_128S_verify(sig, siglen, k->pk, m, mlen, p->ctx, p->ctx_len)
			       ? CB_OK
			       : cb_bssl_fail(CB_ERR_VERIFY);
	r = cb_bssl_mldsa_verify(k->parsed, p->iface, p->ctx, p->ctx_len, m, mlen, sig);
	return r == CB_OK ? r : cb_bssl_fail(r);
}

static int sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	bssl_sig_key *k = key;
	cb_sig_params p;

	if (!k)
		return CB_ERR_ARG;
	p = cb_pqsig_params(&k->mode);
	return sign_ex(k, &p, m, mlen, sig, siglen);
}

static int verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	bssl_sig_key *k = key;
	cb_sig_params p;

	if (!k)
		return CB_ERR_ARG;
	p = cb_pqsig_params(&k->mode);
	return verify_ex(k, &p, m, mlen, sig, siglen);
}

#define MLDSA_NOTES                                                                                              \
	"BoringSSL's ML-DSA (C++, portable: no vector code) through its internal FIPS 204 entry points "          \
	"(BCM_mldsa*_sign_internal / verify_internal: rnd from cb_random_bytes, the seed kept for RFC 9881's seed " \
	"form); a handle keeps the key parsed (s1, s2, t0 in NTT form), as a BoringSSL caller does; A is expanded " \
	"on every signature and verification"
#define SLH_NOTES                                                                                               \
	"BoringSSL's SLH-DSA-SHA2-128s (openssl/slhdsa.h; its SHA-256 is the library's, with SHA-NI where the CPU " \
	"has it); signing hedged by BoringSSL's own generator"

#define BSSL_MLDSA(k, pkbytes, skbytes, sigbytes)                                                         \
	static const bssl_sig_set set_mldsa##k = {CB_KEY_MLDSA##k, k, pkbytes, skbytes, sigbytes};        \
	static const cb_sig_class bssl_mldsa##k = {                                                       \
		.info = BSSL_INFO(CB_KIND_SIG, "mldsa" #k, MLDSA_NOTES, &set_mldsa##k),                   \
		.keygen = keygen,                                                                         \
		.key_free = key_free,                                                                     \
		.export_public = export_public,                                                           \
		.export_secret = export_secret,                                                           \
		.max_signature = max_signature,                                                           \
		.sign = sign,                                                                             \
		.verify = verify,                                                                         \
		.import_public = import_public,                                                           \
		.import_secret = import_secret,                                                           \
		.keygen_seed = keygen_seed,                                                               \
		.import_raw = import_raw,                                                                 \
		.export_raw = export_raw,                                                                 \
		.sign_ex = sign_ex,                                                                       \
		.verify_ex = verify_ex,                                                                   \
	};

/* FIPS 204 table 2 and FIPS 205 table 2 sizes. */
BSSL_MLDSA(44, 1312, 2560, 2420)
BSSL_MLDSA(65, 1952, 4032, 3309)
BSSL_MLDSA(87, 2592, 4896, 4627)

static const bssl_sig_set set_slh_sha2_128s = {CB_KEY_SLHDSA_SHA2_128S, 0, SLHDSA_SHA2_128S_PUBLIC_KEY_BYTES,
					       SLHDSA_SHA2_128S_PRIVATE_KEY_BYTES, SLHDSA_SHA2_128S_SIGNATURE_BYTES};
static const cb_sig_class bssl_slh_sha2_128s = {
	.info = BSSL_INFO(CB_KIND_SIG, "slh-dsa-sha2-128s", SLH_NOTES, &set_slh_sha2_128s),
	.keygen = keygen,
	.key_free = key_free,
	.export_public = export_public,
	.export_secret = export_secret,
	.max_signature = max_signature,
	.sign = sign,
	.verify = verify,
	.import_public = import_public,
	.import_secret = import_secret,
	.import_raw = import_raw,
	.export_raw = export_raw,
};

const cb_alg_info *const cb_bssl_sig_algs[] = {
	&bssl_mldsa44.info,
	&bssl_mldsa65.info,
	&bssl_mldsa87.info,
	&bssl_slh_sha2_128s.info,
	NULL,
};

#endif
