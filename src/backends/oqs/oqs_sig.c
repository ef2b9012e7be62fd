/*
 * Backend "oqs", signatures: liboqs' ML-DSA-44/65/87 (its mldsa-native
 * copy) and SLH-DSA-SHA2-128s/128f, SLH-DSA-SHAKE-128s/128f (its slh-dsa-c
 * copy), when `make anchors` built liboqs (backend.cmake); otherwise listed
 * as not built.
 *
 * ML-DSA goes through mldsa-native's internal functions, which liboqs
 * exports beside its OQS_SIG_* API: KeyGen_internal from the 32-byte seed
 * (so a key has a seed and its PKCS#8 is RFC 9881's seed form),
 * Sign_internal with the domain-separation prefix 0 || |ctx| || ctx of
 * FIPS 204 Algorithm 2 and a rnd drawn here from cb_random_bytes (as every
 * anchor's randomness is: the same generator at the same cost as builtin),
 * Verify_internal, and pk_from_sk for an expanded key without its seed.
 * The portable or the AVX2 code is chosen as liboqs' own dispatch does
 * (OQS_DIST_BUILD: x86-64 compiled in and AVX2, BMI2 and POPCNT present).
 *
 * SLH-DSA goes through OQS_SIG_slh_dsa_pure_*: liboqs' key generation and
 * hedged signing draw from liboqs' own randombytes (the system's), and
 * its SLH-DSA is portable C only.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/anchors.h"
#include "core/pqsig.h"
#include "core/util.h"
#include "cryptobench/sig.h"

#ifndef CB_ANCHOR_COMMIT
#define CB_ANCHOR_COMMIT "unknown"
#endif

#define OQS_SIG_PK_MAX 2592 /* ML-DSA-87 */
#define OQS_SIG_SK_MAX 4896 /* ML-DSA-87 expanded */

#if defined(CB_ANCHOR_BUILT)
#include <oqs/oqs.h>

/* mldsa-native's FIPS 204 internal functions as liboqs builds them (namespace PQCP_MLDSA_NATIVE_MLDSA<k>_<C|X86_64>_). */
typedef struct mldsa_impl {
	int (*keypair_internal)(uint8_t *pk, uint8_t *sk, const uint8_t seed[32]);
	int (*signature_internal)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *pre,
				  size_t prelen, const uint8_t rnd[32], const uint8_t *sk, int externalmu);
	int (*verify_internal)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pre,
			       size_t prelen, const uint8_t *pk, int externalmu);
	int (*pk_from_sk)(uint8_t *pk, const uint8_t *sk);
} mldsa_impl;

#define MLDSA_DECL(ns)                                                                                          \
	extern int ns##_keypair_internal(uint8_t *pk, uint8_t *sk, const uint8_t seed[32]);                     \
	extern int ns##_signature_internal(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,         \
					   const uint8_t *pre, size_t prelen, const uint8_t rnd[32],            \
					   const uint8_t *sk, int externalmu);                                  \
	extern int ns##_verify_internal(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,       \
					const uint8_t *pre, size_t prelen, const uint8_t *pk, int externalmu);  \
	extern int ns##_pk_from_sk(uint8_t *pk, const uint8_t *sk);                                             \
	static const mldsa_impl impl_##ns = {ns##_keypair_internal, ns##_signature_internal, ns##_verify_internal, \
					     ns##_pk_from_sk};

MLDSA_DECL(PQCP_MLDSA_NATIVE_MLDSA44_C)
MLDSA_DECL(PQCP_MLDSA_NATIVE_MLDSA65_C)
MLDSA_DECL(PQCP_MLDSA_NATIVE_MLDSA87_C)
#if defined(OQS_ENABLE_SIG_ml_dsa_44_x86_64) && defined(OQS_ENABLE_SIG_ml_dsa_65_x86_64) && \
	defined(OQS_ENABLE_SIG_ml_dsa_87_x86_64)
#define OQS_MLDSA_X86_64 1
MLDSA_DECL(PQCP_MLDSA_NATIVE_MLDSA44_X86_64)
MLDSA_DECL(PQCP_MLDSA_NATIVE_MLDSA65_X86_64)
MLDSA_DECL(PQCP_MLDSA_NATIVE_MLDSA87_X86_64)
#define X86(ns) &impl_##ns
#else
#define X86(ns) NULL
#endif

typedef struct slh_impl {
	OQS_STATUS (*keypair)(uint8_t *pk, uint8_t *sk);
	OQS_STATUS (*sign)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *ctx,
			   size_t ctxlen, const uint8_t *sk);
	OQS_STATUS (*verify)(const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen, const uint8_t *ctx,
			     size_t ctxlen, const uint8_t *pk);
} slh_impl;

#define SLH_IMPL(p)                                                                                     \
	static const slh_impl slh_##p = {OQS_SIG_slh_dsa_pure_##p##_keypair,                            \
					 OQS_SIG_slh_dsa_pure_##p##_sign_with_ctx_str,                  \
					 OQS_SIG_slh_dsa_pure_##p##_verify_with_ctx_str};
SLH_IMPL(sha2_128s)
SLH_IMPL(sha2_128f)
SLH_IMPL(shake_128s)
SLH_IMPL(shake_128f)
#define SLH(p) &slh_##p
#define MLDSA_C(ns) &impl_##ns
#else
#define X86(ns) NULL
#define SLH(p) NULL
#define MLDSA_C(ns) NULL
typedef struct mldsa_impl mldsa_impl;
typedef struct slh_impl slh_impl;
#endif

/* One parameter set (the class's variant). */
typedef struct oqs_sig_set {
	cb_key_type type;
	size_t pk, sk, sig;
	const mldsa_impl *c, *x86; /* ML-DSA */
	const slh_impl *slh;       /* SLH-DSA */
} oqs_sig_set;

typedef struct oqs_sig_key {
	const oqs_sig_set *set;
	int has_pk, has_sk, has_seed;
	cb_pqsig_mode mode;
	uint8_t seed[32];
	uint8_t pk[OQS_SIG_PK_MAX];
	uint8_t sk[OQS_SIG_SK_MAX];
} oqs_sig_key;

static const oqs_sig_set *set_of(const cb_sig_class *cls)
{
	return (const oqs_sig_set *)cls->info.variant;
}

#if defined(CB_ANCHOR_BUILT)
/*
 * 1 when the AVX2 code runs: what liboqs' OQS_SIG_ml_dsa_* would run on
 * this CPU, unless CRYPTOBENCH_OQS_MLDSA_IMPL is "portable" or "c" (read
 * once), which forces mldsa-native's portable C, so that builtin-c can be
 * timed beside it in one run (docs/MLDSA.md).
 */
static int mldsa_use_x86(void)
{
	static atomic_int chosen = -1;
	int c = atomic_load_explicit(&chosen, memory_order_relaxed);

	if (c < 0) {
		const char *env = getenv("CRYPTOBENCH_OQS_MLDSA_IMPL");
		c = cb_anchor_cpu_avx2() && !(env && (!strcmp(env, "portable") || !strcmp(env, "c")));
		atomic_store_explicit(&chosen, c, memory_order_relaxed);
	}
	return c;
}

static const mldsa_impl *mldsa_of(const oqs_sig_set *s)
{
	return s->x86 && mldsa_use_x86() ? s->x86 : s->c;
}
#endif

static void key_free(void *key)
{
	if (key) {
		cb_wipe(key, sizeof(oqs_sig_key));
		free(key);
	}
}

static int new_key(const cb_sig_class *cls, const cb_opts *opts, oqs_sig_key **out)
{
	oqs_sig_key *k;
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

#if defined(CB_ANCHOR_BUILT)
/* ML-DSA.KeyGen_internal(xi) into k. */
static int from_seed(oqs_sig_key *k, const uint8_t seed[32])
{
	memcpy(k->seed, seed, 32);
	if (mldsa_of(k->set)->keypair_internal(k->pk, k->sk, k->seed) != 0)
		return CB_ERR_BACKEND;
	k->has_pk = k->has_sk = k->has_seed = 1;
	return CB_OK;
}
#endif

static int keygen_seed(const cb_sig_class *cls, const uint8_t *seed, size_t len, const cb_opts *opts, void **key)
{
#if defined(CB_ANCHOR_BUILT)
	oqs_sig_key *k;
	int r;

	if (!key || !seed)
		return CB_ERR_ARG;
	*key = NULL;
	if (!set_of(cls)->c)
		return CB_ERR_UNSUPPORTED;
	if (len != 32)
		return CB_ERR_INVALID_KEY;
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	if ((r = from_seed(k, seed)) != CB_OK) {
		key_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
#else
	return CB_ERR_UNSUPPORTED;
#endif
}

static int keygen(const cb_sig_class *cls, const cb_opts *opts, void **key)
{
#if defined(CB_ANCHOR_BUILT)
	const oqs_sig_set *s = set_of(cls);
	oqs_sig_key *k;
	uint8_t seed[32];
	int r;

	if (!key)
		return CB_ERR_ARG;
	*key = NULL;
	if (s->c) {
		if ((r = cb_random_bytes(seed, sizeof(seed))) == CB_OK)
			r = keygen_seed(cls, seed, sizeof(seed), opts, key);
		cb_wipe(seed, sizeof(seed));
		return r;
	}
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	if (s->slh->keypair(k->pk, k->sk) != OQS_SUCCESS) {
		key_free(k);
		return CB_ERR_BACKEND;
	}
	k->has_pk = k->has_sk = 1;
	*key = k;
	return CB_OK;
#else
	return CB_ERR_UNSUPPORTED;
#endif
}

static int import_public(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
	const oqs_sig_set *s = set_of(cls);
	const uint8_t *raw;
	size_t rawlen;
	oqs_sig_key *k;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if ((r = cb_pqsig_raw_key(s->type, 0, in, len, &raw, &rawlen)) != CB_OK)
		return r;
	if (rawlen != s->pk)
		return CB_ERR_FORMAT;
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	memcpy(k->pk, raw, s->pk);
	k->has_pk = 1;
	*key = k;
	return CB_OK;
}

static int import_secret(const cb_sig_class *cls, const uint8_t *in, size_t len, const cb_opts *opts, void **key)
{
#if defined(CB_ANCHOR_BUILT)
	const oqs_sig_set *s = set_of(cls);
	const uint8_t *seed = NULL, *sk = NULL, *raw;
	size_t rawlen;
	oqs_sig_key *k;
	cb_key_type t;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if (s->c) {
		if (cb_mldsa_private_decode(in, len, &t, &seed, &sk) != CB_OK || t != s->type)
			return CB_ERR_FORMAT;
	} else {
		if ((r = cb_pqsig_raw_key(s->type, 1, in, len, &raw, &rawlen)) != CB_OK)
			return r;
		if (rawlen != s->sk)
			return CB_ERR_FORMAT;
		sk = raw;
	}
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
	if (seed) {
		r = from_seed(k, seed);
		/* both: the expanded key must be the seed's (RFC 9881 8.2) */
		if (!r && sk)
			r = cb_pqsig_same_key(k->sk, sk, s->sk);
	} else if (s->c) {
		memcpy(k->sk, sk, s->sk);
		k->has_sk = 1;
		r = mldsa_of(s)->pk_from_sk(k->pk, k->sk) == 0 ? CB_OK : CB_ERR_INVALID_KEY;
		k->has_pk = r == CB_OK;
	} else {
		/* SLH-DSA: SK.seed || SK.prf || PK.seed || PK.root, the public key its second half */
		memcpy(k->sk, sk, s->sk);
		memcpy(k->pk, sk + s->sk - s->pk, s->pk);
		k->has_pk = k->has_sk = 1;
	}
	if (r) {
		key_free(k);
		return r;
	}
	*key = k;
	return CB_OK;
#else
	return CB_ERR_UNSUPPORTED;
#endif
}

static int import_raw(const cb_sig_class *cls, int secret, const uint8_t *in, size_t len, const cb_opts *opts,
		      void **key)
{
	const oqs_sig_set *s = set_of(cls);
	oqs_sig_key *k;
	int r;

	if (!key || !in)
		return CB_ERR_ARG;
	*key = NULL;
	if (len != (secret ? s->sk : s->pk))
		return CB_ERR_LENGTH;
	if ((r = new_key(cls, opts, &k)) != CB_OK)
		return r;
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

static int export_raw(const void *key, int secret, uint8_t *out, size_t *outlen)
{
	const oqs_sig_key *k = key;

	if (!k || !out || !outlen)
		return CB_ERR_ARG;
	if (secret ? !k->has_sk : !k->has_pk)
		return CB_ERR_ARG;
	if (*outlen < (secret ? k->set->sk : k->set->pk))
		return CB_ERR_LENGTH;
	*outlen = secret ? k->set->sk : k->set->pk;
	memcpy(out, secret ? k->sk : k->pk, *outlen);
	return CB_OK;
}

static int export_public(const void *key, uint8_t *out, size_t *outlen)
{
	const oqs_sig_key *k = key;

	if (!k || !out || !outlen || !k->has_pk)
		return CB_ERR_ARG;
	return cb_pqsig_export(k->set->type, 0, k->pk, k->set->pk, out, outlen);
}

/* The seed form when the key has a seed (RFC 9881 recommends it), else the expanded form; SLH-DSA as RFC 9909. */
static int export_secret(const void *key, uint8_t *out, size_t *outlen)
{
	const oqs_sig_key *k = key;

	if (!k || !out || !outlen || !k->has_sk)
		return CB_ERR_ARG;
	return k->has_seed ? cb_pqsig_export(k->set->type, 1, k->seed, 32, out, outlen)
			   : cb_pqsig_export(k->set->type, 1, k->sk, k->set->sk, out, outlen);
}

static size_t max_signature(const void *key)
{
	const oqs_sig_key *k = key;

	return k ? k->set->sig : 0;
}

static int sign_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
#if defined(CB_ANCHOR_BUILT)
	oqs_sig_key *k = key;
	const oqs_sig_set *s;
	uint8_t pre[2 + CB_PQSIG_CTX_MAX], rnd[32];
	size_t prelen, n;
	int r;

	if (!k || !sig || !siglen || !k->has_sk)
		return CB_ERR_ARG;
	s = k->set;
	if ((r = cb_pqsig_check(p, m, mlen, s->c != NULL)) != CB_OK)
		return r;
	if (*siglen < s->sig)
		return CB_ERR_LENGTH;
	if (!s->c) { /* SLH-DSA: liboqs' pure, hedged interface only */
		if (p->rnd || p->deterministic)
			return CB_ERR_UNSUPPORTED;
		n = *siglen;
		if (s->slh->sign(sig, &n, m, mlen, p->ctx, p->ctx_len, k->sk) != OQS_SUCCESS)
			return CB_ERR_BACKEND;
		*siglen = n;
		return CB_OK;
	}
	prelen = cb_pqsig_prefix(p, pre);
	if ((r = cb_pqsig_rnd(p, rnd)) != CB_OK)
		return r;
	n = 0;
	r = mldsa_of(s)->signature_internal(sig, &n, m, mlen, prelen ? pre : NULL, prelen, rnd, k->sk,
					     p->iface == CB_SIG_IFACE_MU) == 0
		    ? CB_OK
		    : CB_ERR_BACKEND;
	cb_wipe(rnd, sizeof(rnd));
	if (r == CB_OK)
		*siglen = n;
	return r;
#else
	return CB_ERR_UNSUPPORTED;
#endif
}

static int verify_ex(void *key, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig,
		     size_t siglen)
{
#if defined(CB_ANCHOR_BUILT)
	oqs_sig_key *k = key;
	const oqs_sig_set *s;
	uint8_t pre[2 + CB_PQSIG_CTX_MAX];
	size_t prelen;
	int r;

	if (!k || !sig || !k->has_pk)
		return CB_ERR_ARG;
	s = k->set;
	if ((r = cb_pqsig_check(p, m, mlen, s->c != NULL)) != CB_OK)
		return r;
	if (siglen != s->sig)
		return CB_ERR_VERIFY;
	if (!s->c)
		return s->slh->verify(m, mlen, sig, siglen, p->ctx, p->ctx_len, k->pk) == OQS_SUCCESS ? CB_OK
													: CB_ERR_VERIFY;
	prelen = cb_pqsig_prefix(p, pre);
	return mldsa_of(s)->verify_internal(sig, siglen, m, mlen, prelen ? pre : NULL, prelen, k->pk,
					     p->iface == CB_SIG_IFACE_MU) == 0
		       ? CB_OK
		       : CB_ERR_VERIFY;
#else
	return CB_ERR_UNSUPPORTED;
#endif
}

static int sign(void *key, const uint8_t *m, size_t mlen, uint8_t *sig, size_t *siglen)
{
	oqs_sig_key *k = key;
	cb_sig_params p;

	if (!k)
		return CB_ERR_ARG;
	p = cb_pqsig_params(&k->mode);
	return sign_ex(k, &p, m, mlen, sig, siglen);
}

static int verify(void *key, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t siglen)
{
	oqs_sig_key *k = key;
	cb_sig_params p;

	if (!k)
		return CB_ERR_ARG;
	p = cb_pqsig_params(&k->mode);
	return verify_ex(k, &p, m, mlen, sig, siglen);
}

#if defined(CB_ANCHOR_BUILT)
static char mldsa_impl_label[192], slh_impl_label[128];
static pthread_once_t sig_once = PTHREAD_ONCE_INIT;

static void sig_describe(void)
{
	const char *impl = "portable C";

	OQS_init();
#if defined(OQS_MLDSA_X86_64)
	if (mldsa_use_x86())
		impl = "AVX2";
	else if (cb_anchor_cpu_avx2())
		impl = "portable C (CRYPTOBENCH_OQS_MLDSA_IMPL; liboqs' SHA-3 still AVX2)";
#endif
	snprintf(mldsa_impl_label, sizeof(mldsa_impl_label), "liboqs %s " CB_ANCHOR_COMMIT " mldsa-native %s",
		 OQS_version(), impl);
	snprintf(slh_impl_label, sizeof(slh_impl_label), "liboqs %s " CB_ANCHOR_COMMIT " slh-dsa-c portable C",
		 OQS_version());
}

static const char *mldsa_implementation(void)
{
	pthread_once(&sig_once, sig_describe);
	return mldsa_impl_label;
}

static const char *slh_implementation(void)
{
	pthread_once(&sig_once, sig_describe);
	return slh_impl_label;
}
#define OQS_SIG_UNAVAILABLE NULL
#else
static const char *mldsa_implementation(void)
{
	return "liboqs " CB_ANCHOR_COMMIT " (not built)";
}
#define slh_implementation mldsa_implementation
#define OQS_SIG_UNAVAILABLE cb_anchor_not_built
#endif

#define MLDSA_NOTES                                                                                          \
	"mldsa-native inside liboqs, through its internal KeyGen / Sign / Verify (seed-form keys, rnd from "  \
	"cb_random_bytes); AVX2 when x86-64 code was built and the CPU has AVX2, BMI2 and POPCNT (liboqs' own " \
	"choice; CRYPTOBENCH_OQS_MLDSA_IMPL=portable forces the C code), else portable C"
#define SLH_NOTES "slh-dsa-c inside liboqs (portable C), OQS_SIG_slh_dsa_pure_*: liboqs' own randombytes"

#define OQS_MLDSA(k, pkbytes, skbytes, sigbytes)                                                               \
	static const oqs_sig_set set_mldsa##k = {CB_KEY_MLDSA##k, pkbytes, skbytes, sigbytes,                  \
						 MLDSA_C(PQCP_MLDSA_NATIVE_MLDSA##k##_C),                      \
						 X86(PQCP_MLDSA_NATIVE_MLDSA##k##_X86_64), NULL};              \
	static const cb_sig_class oqs_mldsa##k = {                                                            \
		.info = {CB_KIND_SIG, "mldsa" #k, "oqs", MLDSA_NOTES, OQS_SIG_UNAVAILABLE, mldsa_implementation, \
			 &set_mldsa##k},                                                                       \
		.keygen = keygen,                                                                              \
		.key_free = key_free,                                                                          \
		.export_public = export_public,                                                                \
		.export_secret = export_secret,                                                                \
		.max_signature = max_signature,                                                                \
		.sign = sign,                                                                                  \
		.verify = verify,                                                                              \
		.import_public = import_public,                                                                \
		.import_secret = import_secret,                                                                \
		.keygen_seed = keygen_seed,                                                                    \
		.import_raw = import_raw,                                                                      \
		.export_raw = export_raw,                                                                      \
		.sign_ex = sign_ex,                                                                            \
		.verify_ex = verify_ex,                                                                        \
	};

#define OQS_SLH(name, p, T, sigbytes)                                                                         \
	static const oqs_sig_set set_slh_##p = {CB_KEY_SLHDSA_##T, 32, 64, sigbytes, NULL, NULL, SLH(p)};       \
	static const cb_sig_class oqs_slh_##p = {                                                             \
		.info = {CB_KIND_SIG, name, "oqs", SLH_NOTES, OQS_SIG_UNAVAILABLE, slh_implementation,           \
			 &set_slh_##p},                                                                        \
		.keygen = keygen,                                                                              \
		.key_free = key_free,                                                                          \
		.export_public = export_public,                                                                \
		.export_secret = export_secret,                                                                \
		.max_signature = max_signature,                                                                \
		.sign = sign,                                                                                  \
		.verify = verify,                                                                              \
		.import_public = import_public,                                                                \
		.import_secret = import_secret,                                                                \
		.import_raw = import_raw,                                                                      \
		.export_raw = export_raw,                                                                      \
	};

/* FIPS 204 table 2 and FIPS 205 table 2 sizes (test_oqs checks them against cb_key_pq_sizes and liboqs). */
OQS_MLDSA(44, 1312, 2560, 2420)
OQS_MLDSA(65, 1952, 4032, 3309)
OQS_MLDSA(87, 2592, 4896, 4627)
OQS_SLH("slh-dsa-sha2-128s", sha2_128s, SHA2_128S, 7856)
OQS_SLH("slh-dsa-sha2-128f", sha2_128f, SHA2_128F, 17088)
OQS_SLH("slh-dsa-shake-128s", shake_128s, SHAKE_128S, 7856)
OQS_SLH("slh-dsa-shake-128f", shake_128f, SHAKE_128F, 17088)

const cb_alg_info *const cb_oqs_sig_algs[] = {
	&oqs_mldsa44.info,	  &oqs_mldsa65.info,	    &oqs_mldsa87.info,	      &oqs_slh_sha2_128s.info,
	&oqs_slh_sha2_128f.info, &oqs_slh_shake_128s.info, &oqs_slh_shake_128f.info, NULL,
};
