/*
 * The project's own ML-KEM (src/mlkem) as backend "builtin" of the kem
 * class.  Its functions dispatch at run time (src/mlkem/dispatch.c): the
 * AVX2 path where CPUID reports AVX2, else portable C; the environment
 * variable CRYPTOBENCH_MLKEM_IMPL=portable forces C.  implementation()
 * says which ran: "builtin-avx2", "builtin-avx2+avx512vl" (four-way Keccak
 * in AVX-512VL) or "builtin-c".  The portable path alone
 * is backend "builtin-c" (src/backends/builtin-c), so that one run can put
 * both side by side.  Sizes come from the implementation's constants; the
 * functions already have the class's signatures and return CB_OK,
 * CB_ERR_INVALID_KEY or CB_ERR_RANDOM.
 */
#include "backends/backends.h"
#include "cryptobench/kem.h"
#include "mlkem/mlkem.h"

static const char *builtin_implementation(void)
{
	return cb_mlkem_impl_string();
}

#define BUILTIN_NOTES                                                                               \
	"own FIPS 203 code; AVX2 path chosen at run time from CPUID (CRYPTOBENCH_MLKEM_IMPL=portable " \
	"forces portable C)"

/* The class's keypair_derand: coins = d || z (FIPS 203 Algorithm 16). */
#define BUILTIN_CLASS(n)                                                                            \
	static int mlkem##n##_keypair_coins(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)         \
	{                                                                                           \
		return cb_mlkem##n##_keypair_derand(pk, sk, coins, coins + 32);                     \
	}                                                                                           \
	static int mlkem##n##_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk) { return cb_mlkem##n##_keypair(pk, sk); } \
	static int mlkem##n##_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk) { return cb_mlkem##n##_encaps(ct, ss, pk); } \
	static int mlkem##n##_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk) { return cb_mlkem##n##_decaps(ss, ct, sk); } \
	static int mlkem##n##_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m) { return cb_mlkem##n##_encaps_derand(ct, ss, pk, m); } \
	static const cb_kem_class mlkem##n = {                                                      \
		.info = {CB_KIND_KEM, "mlkem" #n, "builtin", BUILTIN_NOTES, NULL,                   \
			 builtin_implementation},                                                   \
		.public_key_bytes = CB_MLKEM##n##_EK_BYTES,                                         \
		.secret_key_bytes = CB_MLKEM##n##_DK_BYTES,                                         \
		.ciphertext_bytes = CB_MLKEM##n##_CT_BYTES,                                         \
		.shared_secret_bytes = CB_MLKEM_SS_BYTES,                                           \
		.keypair = mlkem##n##_keypair,                                                   \
		.encaps = mlkem##n##_encaps,                                                     \
		.decaps = mlkem##n##_decaps,                                                     \
		.keypair_coins_bytes = 64,                                                          \
		.keypair_derand = mlkem##n##_keypair_coins,                                         \
		.encaps_coins_bytes = 32,                                                           \
		.encaps_derand = mlkem##n##_encaps_derand,                                       \
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

static const cb_alg_info *const *const builtin_classes[] = {cb_builtin_algs, cb_hybrid_algs, cb_envelope_algs, NULL};

const cb_backend cb_backend_builtin = {"builtin", "builtin", builtin_version, builtin_classes};
