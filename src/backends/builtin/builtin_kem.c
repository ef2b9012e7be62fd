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
#define BUILTIN_CLASS(n)                                                                            \
	static const cb_builtin_mlkem_ops mlkem##n##_ops = {                                        \
		cb_mlkem##n##_keypair, cb_mlkem##n##_keypair_derand, cb_mlkem##n##_encaps,          \
		cb_mlkem##n##_encaps_derand, cb_mlkem##n##_decaps};                                 \
	static const cb_kem_class mlkem##n = {                                                      \
		.info = {CB_KIND_KEM, "mlkem" #n, "builtin", BUILTIN_NOTES, NULL,                   \
			 builtin_implementation, &mlkem##n##_ops},                                  \
		.public_key_bytes = CB_MLKEM##n##_EK_BYTES,                                         \
		.secret_key_bytes = CB_MLKEM##n##_DK_BYTES,                                         \
		.ciphertext_bytes = CB_MLKEM##n##_CT_BYTES,                                         \
		.shared_secret_bytes = CB_MLKEM_SS_BYTES,                                           \
		.keypair = cb_builtin_mlkem_keypair,                                                \
		.encaps = cb_builtin_mlkem_encaps,                                                  \
		.decaps = cb_builtin_mlkem_decaps,                                                  \
		.keypair_coins_bytes = 64,                                                          \
		.keypair_derand = cb_builtin_mlkem_keypair_derand,                                  \
		.encaps_coins_bytes = 32,                                                           \
		.encaps_derand = cb_builtin_mlkem_encaps_derand,                                    \
	};

BUILTIN_CLASS(512)
BUILTIN_CLASS(768)
BUILTIN_CLASS(1024)

const cb_alg_info *const cb_builtin_algs[] = {
	&mlkem512.info,
	&mlkem768.info,
	&mlkem1024.info,
	NULL,
};

static const char *builtin_version(void)
{
	return CB_VERSION;
}

static const cb_alg_info *const *const builtin_classes[] = {cb_builtin_algs, cb_builtin_mldsa_algs, cb_hybrid_algs, cb_envelope_algs, NULL};

const cb_backend cb_backend_builtin = {"builtin", "builtin", builtin_version, builtin_classes};
