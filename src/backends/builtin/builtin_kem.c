/*
 * The project's own ML-KEM (src/mlkem) as backend "builtin" of the kem
 * class.  Its functions dispatch at run time (src/mlkem/dispatch.c): the
 * AVX2 path where CPUID reports AVX2, else portable C; the environment
 * variable CRYPTOBENCH_MLKEM_IMPL=portable forces C.  implementation()
 * says which ran: "builtin-avx2", "builtin-avx2+avx512vl" (four-way Keccak
 * in AVX-512VL) or "builtin-c".  The portable path alone
 * is backend "builtin-c" (src/backends/builtin-c), so that one run can put
 * both side by side.  Sizes come from the implementation's constants; the
 * class's variant holds the parameter set's functions, which the generic
 * methods of builtin_mlkem.h call.
 */
#include "backends/backends.h"
#include "cryptobench/kem.h"
#include "backends/builtin/builtin_mlkem.h"
#include "mlkem/mlkem.h"

static const char *builtin_implementation(void)
{
	return cb_mlkem_impl_string();
}

#define BUILTIN_NOTES                                                                               \
	"own FIPS 203 code; AVX2 path chosen at run time from CPUID (CRYPTOBENCH_MLKEM_IMPL=portable " \
	"forces portable C)"

static const cb_builtin_mlkem_ops *ops(const cb_kem_class *cls)
{
	return cls->info.variant;
}

int cb_builtin_mlkem_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk)
{
	return ops(cls)->keypair(pk, sk);
}

int cb_builtin_mlkem_keypair_derand(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	return ops(cls)->keypair_derand(pk, sk, coins, coins + 32);
}

int cb_builtin_mlkem_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
	return ops(cls)->encaps(ct, ss, pk);
}

int cb_builtin_mlkem_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk,
				   const uint8_t *m)
{
	return ops(cls)->encaps_derand(ct, ss, pk, m);
}

int cb_builtin_mlkem_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
	return ops(cls)->decaps(ss, ct, sk);
}

/* The dispatching functions of src/mlkem (dispatch.c): AVX2 or portable C at run time. */
CB_BUILTIN_MLKEM_CLASSES("builtin", BUILTIN_NOTES, builtin_implementation, )

const cb_alg_info *const cb_builtin_algs[] = CB_BUILTIN_MLKEM_LIST;

const char *cb_builtin_version(void)
{
	return CB_VERSION;
}

static const cb_alg_info *const *const builtin_classes[] = {cb_builtin_algs, cb_builtin_mldsa_algs, cb_hybrid_algs, cb_envelope_algs, NULL};

const cb_backend cb_backend_builtin = {"builtin", "builtin", cb_builtin_version, builtin_classes};
