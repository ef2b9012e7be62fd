/*
 * The public cb_mldsaN_* functions: the run-time choice between the
 * portable path and the native x86-64 path (mldsa.h, "Implementations"),
 * made once from CRYPTOBENCH_MLDSA_IMPL and CPUID; cb_mldsa_set_impl
 * switches for tests.  Nothing here depends on secret data.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "mldsa/mldsa.h"
#ifdef CB_MLKEM_HAVE_AVX2
#include "mlkem/x86_64/keccak4x.h"
#endif

/* -1: not chosen yet */
static atomic_int chosen = -1;

int cb_mldsa_impl_available(int impl)
{
	if (impl == CB_MLDSA_IMPL_C)
		return 1;
#if defined(CB_MLKEM_HAVE_AVX2) && (defined(__GNUC__) || defined(__clang__))
	if (impl == CB_MLDSA_IMPL_NATIVE) {
		__builtin_cpu_init();
		return __builtin_cpu_supports("avx2") ? 1 : 0;
	}
#endif
	return 0;
}

static int choose(void)
{
	const char *env = getenv("CRYPTOBENCH_MLDSA_IMPL");

	if (env && (!strcmp(env, "portable") || !strcmp(env, "c")))
		return CB_MLDSA_IMPL_C;
	return cb_mldsa_impl_available(CB_MLDSA_IMPL_NATIVE) ? CB_MLDSA_IMPL_NATIVE : CB_MLDSA_IMPL_C;
}

int cb_mldsa_impl(void)
{
	int c = atomic_load_explicit(&chosen, memory_order_relaxed);

	if (c < 0) {
		c = choose();
		atomic_store_explicit(&chosen, c, memory_order_relaxed);
	}
	return c;
}

int cb_mldsa_set_impl(int impl)
{
	if (!cb_mldsa_impl_available(impl))
		return CB_ERR_UNSUPPORTED;
	atomic_store_explicit(&chosen, impl, memory_order_relaxed);
	return CB_OK;
}

const char *cb_mldsa_impl_string(void)
{
	if (cb_mldsa_impl() == CB_MLDSA_IMPL_C)
		return "builtin-c";
#ifdef CB_MLKEM_HAVE_AVX2
	if (cb_keccak4x_avx512vl())
		return "builtin-avx2+avx512vl";
#endif
	return "builtin-avx2";
}

#ifdef CB_MLKEM_HAVE_AVX2
#define PICK(N, fn, args) return cb_mldsa_impl() == CB_MLDSA_IMPL_NATIVE ? cb_mldsa##N##_native_##fn args : cb_mldsa##N##_c_##fn args
#else
#define PICK(N, fn, args) return cb_mldsa##N##_c_##fn args
#endif

#define FORWARD(N)                                                                                             \
	int cb_mldsa##N##_keypair(uint8_t *pk, uint8_t *sk, const uint8_t seed[32])                            \
	{                                                                                                      \
		PICK(N, keypair, (pk, sk, seed));                                                              \
	}                                                                                                      \
	int cb_mldsa##N##_sign(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx, size_t ctxlen, \
			       const uint8_t rnd[32], const uint8_t *sk)                                       \
	{                                                                                                      \
		PICK(N, sign, (sig, m, mlen, ctx, ctxlen, rnd, sk));                                           \
	}                                                                                                      \
	int cb_mldsa##N##_sign_internal(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t rnd[32],    \
					const uint8_t *sk)                                                     \
	{                                                                                                      \
		PICK(N, sign_internal, (sig, m, mlen, rnd, sk));                                               \
	}                                                                                                      \
	int cb_mldsa##N##_sign_mu(uint8_t *sig, const uint8_t mu[64], const uint8_t rnd[32], const uint8_t *sk) \
	{                                                                                                      \
		PICK(N, sign_mu, (sig, mu, rnd, sk));                                                          \
	}                                                                                                      \
	int cb_mldsa##N##_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,             \
				 const uint8_t *ctx, size_t ctxlen, const uint8_t *pk)                         \
	{                                                                                                      \
		PICK(N, verify, (sig, siglen, m, mlen, ctx, ctxlen, pk));                                      \
	}                                                                                                      \
	int cb_mldsa##N##_verify_internal(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,    \
					  const uint8_t *pk)                                                   \
	{                                                                                                      \
		PICK(N, verify_internal, (sig, siglen, m, mlen, pk));                                          \
	}                                                                                                      \
	int cb_mldsa##N##_verify_mu(const uint8_t *sig, size_t siglen, const uint8_t mu[64], const uint8_t *pk) \
	{                                                                                                      \
		PICK(N, verify_mu, (sig, siglen, mu, pk));                                                     \
	}                                                                                                      \
	int cb_mldsa##N##_pk_from_sk(uint8_t *pk, const uint8_t *sk)                                           \
	{                                                                                                      \
		PICK(N, pk_from_sk, (pk, sk));                                                                 \
	}                                                                                                      \
	const cb_mldsa_ops cb_mldsa##N##_ops = {                                                               \
		MLDSA_K_OF_##N,                                                                                \
		MLDSA_PK_BYTES(MLDSA_K_OF_##N),                                                                \
		MLDSA_SK_BYTES(MLDSA_K_OF_##N),                                                                \
		MLDSA_SIG_BYTES(MLDSA_K_OF_##N),                                                               \
		cb_mldsa##N##_keypair,                                                                         \
		cb_mldsa##N##_sign,                                                                            \
		cb_mldsa##N##_sign_internal,                                                                   \
		cb_mldsa##N##_sign_mu,                                                                         \
		cb_mldsa##N##_verify,                                                                          \
		cb_mldsa##N##_verify_internal,                                                                 \
		cb_mldsa##N##_verify_mu,                                                                       \
		cb_mldsa##N##_pk_from_sk,                                                                      \
	};

#define MLDSA_K_OF_44 4
#define MLDSA_K_OF_65 6
#define MLDSA_K_OF_87 8

FORWARD(44)
FORWARD(65)
FORWARD(87)
