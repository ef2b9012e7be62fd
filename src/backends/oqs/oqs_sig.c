/*
 * Backend "oqs", signatures: liboqs' ML-DSA-44/65/87 (its mldsa-native
 * copy) and SLH-DSA-SHA2-128s/128f, SLH-DSA-SHAKE-128s/128f (its slh-dsa-c
 * copy), when `make anchors` built liboqs (backend.cmake); otherwise listed
 * as not built.  The handle, the key files and the arguments are
 * src/core/pqsig.c's; here only liboqs' calls.
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
#include "cryptobench/sig.h"


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

/* The x86-64 code (when built) and the portable C of one ML-DSA set (its cb_pqsig_set's impl). */
typedef struct mldsa_pair {
	const mldsa_impl *c, *x86;
} mldsa_pair;

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

static const mldsa_impl *mldsa_of(const cb_pqsig_key *k)
{
	const mldsa_pair *i = k->set->impl;

	return i->x86 && mldsa_use_x86() ? i->x86 : i->c;
}

static int mldsa_from_seed(cb_pqsig_key *k, const uint8_t seed[32])
{
	return mldsa_of(k)->keypair_internal(k->pk, k->sk, seed) == 0 ? CB_OK : CB_ERR_BACKEND;
}

static int mldsa_from_expanded(cb_pqsig_key *k, int derive)
{
	if (!derive)
		return CB_OK;
	if (mldsa_of(k)->pk_from_sk(k->pk, k->sk) != 0)
		return CB_ERR_INVALID_KEY;
	k->has_pk = 1;
	return CB_OK;
}

static int mldsa_sign(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen,
		      const uint8_t *rnd, uint8_t *sig)
{
	uint8_t pre[2 + CB_PQSIG_CTX_MAX];
	size_t prelen = cb_pqsig_prefix(p, pre), n = 0;

	return mldsa_of(k)->signature_internal(sig, &n, m, mlen, prelen ? pre : NULL, prelen, rnd, k->sk,
					       p->iface == CB_SIG_IFACE_MU) == 0
		       ? CB_OK
		       : CB_ERR_BACKEND;
}

static int mldsa_verify(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen,
			const uint8_t *sig)
{
	uint8_t pre[2 + CB_PQSIG_CTX_MAX];
	size_t prelen = cb_pqsig_prefix(p, pre);

	return mldsa_of(k)->verify_internal(sig, k->set->sig, m, mlen, prelen ? pre : NULL, prelen, k->pk,
					    p->iface == CB_SIG_IFACE_MU) == 0
		       ? CB_OK
		       : CB_ERR_VERIFY;
}

static const cb_pqsig_lib oqs_mldsa = {.from_seed = mldsa_from_seed,
				       .from_expanded = mldsa_from_expanded,
				       .sign = mldsa_sign,
				       .verify = mldsa_verify};

static int slh_keypair(cb_pqsig_key *k)
{
	return ((const slh_impl *)k->set->impl)->keypair(k->pk, k->sk) == OQS_SUCCESS ? CB_OK : CB_ERR_BACKEND;
}

static int slh_sign(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *rnd,
		    uint8_t *sig)
{
	size_t n = k->set->sig;

	return ((const slh_impl *)k->set->impl)->sign(sig, &n, m, mlen, p->ctx, p->ctx_len, k->sk) == OQS_SUCCESS
		       ? CB_OK
		       : CB_ERR_BACKEND;
}

static int slh_verify(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen,
		      const uint8_t *sig)
{
	return ((const slh_impl *)k->set->impl)->verify(m, mlen, sig, k->set->sig, p->ctx, p->ctx_len, k->pk) ==
			       OQS_SUCCESS
		       ? CB_OK
		       : CB_ERR_VERIFY;
}

static const cb_pqsig_lib oqs_slh = {.keypair = slh_keypair, .sign = slh_sign, .verify = slh_verify};

#define MLDSA_SET(k)                                                                                           \
	static const mldsa_pair pair_mldsa##k = {&impl_PQCP_MLDSA_NATIVE_MLDSA##k##_C,                          \
						 X86(PQCP_MLDSA_NATIVE_MLDSA##k##_X86_64)};                     \
	static const cb_pqsig_set set_mldsa##k = {CB_PQSIG_MLDSA##k, &oqs_mldsa, &pair_mldsa##k};
#define SLH_SET(p, T) static const cb_pqsig_set set_slh_##p = {CB_PQSIG_SLH_##T, &oqs_slh, &slh_##p};

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
/* Not built: the classes are listed, and no handle is made (a set without a library). */
#define MLDSA_SET(k) static const cb_pqsig_set set_mldsa##k = {CB_PQSIG_MLDSA##k, NULL, NULL};
#define SLH_SET(p, T) static const cb_pqsig_set set_slh_##p = {CB_PQSIG_SLH_##T, NULL, NULL};

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

#define OQS_MLDSA(k)                                                                                          \
	MLDSA_SET(k)                                                                                          \
	static const cb_sig_class oqs_mldsa##k = {                                                            \
		.info = {CB_KIND_SIG, "mldsa" #k, "oqs", MLDSA_NOTES, OQS_SIG_UNAVAILABLE, mldsa_implementation, \
			 &set_mldsa##k},                                                                       \
		CB_PQSIG_MLDSA_METHODS};
#define OQS_SLH(name, p, T)                                                                                   \
	SLH_SET(p, T)                                                                                         \
	static const cb_sig_class oqs_slh_##p = {                                                             \
		.info = {CB_KIND_SIG, name, "oqs", SLH_NOTES, OQS_SIG_UNAVAILABLE, slh_implementation,           \
			 &set_slh_##p},                                                                        \
		CB_PQSIG_SLH_METHODS};

OQS_MLDSA(44)
OQS_MLDSA(65)
OQS_MLDSA(87)
OQS_SLH("slh-dsa-sha2-128s", sha2_128s, SHA2_128S)
OQS_SLH("slh-dsa-sha2-128f", sha2_128f, SHA2_128F)
OQS_SLH("slh-dsa-shake-128s", shake_128s, SHAKE_128S)
OQS_SLH("slh-dsa-shake-128f", shake_128f, SHAKE_128F)

const cb_alg_info *const cb_oqs_sig_algs[] = {
	&oqs_mldsa44.info,	  &oqs_mldsa65.info,	    &oqs_mldsa87.info,	      &oqs_slh_sha2_128s.info,
	&oqs_slh_sha2_128f.info, &oqs_slh_shake_128s.info, &oqs_slh_shake_128f.info, NULL,
};
