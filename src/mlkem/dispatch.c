/*
 * Run-time choice between the portable C path and the AVX2 path
 * (mlkem.h, "Implementations").  The choice is made once, on the first
 * call, from the environment variable CRYPTOBENCH_MLKEM_IMPL and CPUID,
 * and can be changed by cb_mlkem_set_impl (tests run every vector through
 * both paths).  Nothing here depends on secret data.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem/mlkem.h"

/* -1: not chosen yet */
static atomic_int chosen = -1;

int cb_mlkem_impl_available(int impl)
{
	if (impl == CB_MLKEM_IMPL_C)
		return 1;
#if defined(CB_MLKEM_HAVE_AVX2) && (defined(__GNUC__) || defined(__clang__))
	if (impl == CB_MLKEM_IMPL_AVX2) {
		__builtin_cpu_init();
		return __builtin_cpu_supports("avx2") ? 1 : 0;
	}
#endif
	return 0;
}

static int choose(void)
{
	const char *env = getenv("CRYPTOBENCH_MLKEM_IMPL");

	if (env && (!strcmp(env, "portable") || !strcmp(env, "c")))
		return CB_MLKEM_IMPL_C;
	/* "avx2", "native", unset or anything else: the best this CPU runs */
	return cb_mlkem_impl_available(CB_MLKEM_IMPL_AVX2) ? CB_MLKEM_IMPL_AVX2 : CB_MLKEM_IMPL_C;
}

int cb_mlkem_impl(void)
{
	int c = atomic_load_explicit(&chosen, memory_order_relaxed);

	if (c < 0) {
		c = choose();
		atomic_store_explicit(&chosen, c, memory_order_relaxed);
	}
	return c;
}

int cb_mlkem_set_impl(int impl)
{
	if (!cb_mlkem_impl_available(impl))
		return CB_ERR_UNSUPPORTED;
	atomic_store_explicit(&chosen, impl, memory_order_relaxed);
	return CB_OK;
}

const char *cb_mlkem_impl_name(int impl)
{
	return impl == CB_MLKEM_IMPL_AVX2 ? "avx2" : "c";
}

#ifdef CB_MLKEM_HAVE_AVX2
#include "mlkem/x86_64/keccak4x.h"
#endif

const char *cb_mlkem_impl_string(void)
{
	if (cb_mlkem_impl() == CB_MLKEM_IMPL_C)
		return "builtin-c";
#ifdef CB_MLKEM_HAVE_AVX2
	if (cb_keccak4x_avx512vl())
		return "builtin-avx2+avx512vl";
#endif
	return "builtin-avx2";
}

#ifdef CB_MLKEM_HAVE_AVX2
#define PICK(set, fn, args)                                                                         \
	return cb_mlkem_impl() == CB_MLKEM_IMPL_AVX2 ? cb_mlkem##set##_avx2_##fn args                \
						     : cb_mlkem##set##_c_##fn args
#else
#define PICK(set, fn, args) return cb_mlkem##set##_c_##fn args
#endif

#define DISPATCH(set)                                                                               \
	int cb_mlkem##set##_keypair_derand(uint8_t *ek, uint8_t *dk, const uint8_t d[32],           \
					   const uint8_t z[32])                                      \
	{                                                                                           \
		PICK(set, keypair_derand, (ek, dk, d, z));                                          \
	}                                                                                           \
	int cb_mlkem##set##_keypair(uint8_t *ek, uint8_t *dk)                                       \
	{                                                                                           \
		PICK(set, keypair, (ek, dk));                                                       \
	}                                                                                           \
	int cb_mlkem##set##_encaps_derand(uint8_t *ct, uint8_t *ss, const uint8_t *ek,              \
					  const uint8_t m[32])                                       \
	{                                                                                           \
		PICK(set, encaps_derand, (ct, ss, ek, m));                                          \
	}                                                                                           \
	int cb_mlkem##set##_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *ek)                     \
	{                                                                                           \
		PICK(set, encaps, (ct, ss, ek));                                                    \
	}                                                                                           \
	int cb_mlkem##set##_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *dk)               \
	{                                                                                           \
		PICK(set, decaps, (ss, ct, dk));                                                    \
	}                                                                                           \
	int cb_mlkem##set##_check_ek(const uint8_t *ek)                                             \
	{                                                                                           \
		PICK(set, check_ek, (ek));                                                          \
	}                                                                                           \
	int cb_mlkem##set##_check_dk(const uint8_t *dk)                                             \
	{                                                                                           \
		PICK(set, check_dk, (dk));                                                          \
	}

DISPATCH(512)
DISPATCH(768)
DISPATCH(1024)
