/*
 * The portable C path of the project's own ML-KEM alone, as backend
 * "builtin-c": the same code the "builtin" backend runs on a CPU without
 * AVX2 (or with CRYPTOBENCH_MLKEM_IMPL=portable), callable next to it, so
 * `cryptobench run mlkem768 --backend builtin,builtin-c` compares the
 * native and the portable path in one run.  Only the three ML-KEM
 * classes; the hybrids stay with "builtin".
 */
#include "backends/backends.h"
#include "cryptobench/kem.h"
#include "mlkem/mlkem.h"

static const char *builtin_c_implementation(void)
{
	return "builtin-c";
}

#define BUILTIN_C_CLASS(n)                                                                          \
	static int mlkem##n##_keypair_coins(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins)         \
	{                                                                                           \
		return cb_mlkem##n##_c_keypair_derand(pk, sk, coins, coins + 32);                   \
	}                                                                                           \
	static int mlkem##n##_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk) { return cb_mlkem##n##_c_keypair(pk, sk); } \
	static int mlkem##n##_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk) { return cb_mlkem##n##_c_encaps(ct, ss, pk); } \
	static int mlkem##n##_decaps(const cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk) { return cb_mlkem##n##_c_decaps(ss, ct, sk); } \
	static int mlkem##n##_encaps_derand(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m) { return cb_mlkem##n##_c_encaps_derand(ct, ss, pk, m); } \
	static const cb_kem_class mlkem##n = {                                                      \
		.info = {CB_KIND_KEM, "mlkem" #n, "builtin-c", "the portable C path of builtin",    \
			 NULL, builtin_c_implementation},                                           \
		.public_key_bytes = CB_MLKEM##n##_EK_BYTES,                                         \
		.secret_key_bytes = CB_MLKEM##n##_DK_BYTES,                                         \
		.ciphertext_bytes = CB_MLKEM##n##_CT_BYTES,                                         \
		.shared_secret_bytes = CB_MLKEM_SS_BYTES,                                           \
		.keypair = mlkem##n##_keypair,                                                 \
		.encaps = mlkem##n##_encaps,                                                   \
		.decaps = mlkem##n##_decaps,                                                   \
		.keypair_coins_bytes = 64,                                                          \
		.keypair_derand = mlkem##n##_keypair_coins,                                         \
		.encaps_coins_bytes = 32,                                                           \
		.encaps_derand = mlkem##n##_encaps_derand,                                     \
	};

BUILTIN_C_CLASS(512)
BUILTIN_C_CLASS(768)
BUILTIN_C_CLASS(1024)

static const cb_alg_info *const builtin_c_algs[] = {
	&mlkem512.info,
	&mlkem768.info,
	&mlkem1024.info,
	NULL,
};

static const char *builtin_c_version(void)
{
	return CB_VERSION;
}

static const cb_alg_info *const *const builtin_c_classes[] = {builtin_c_algs, NULL};

const cb_backend cb_backend_builtin_c = {"builtin-c", "builtin", builtin_c_version,
					 builtin_c_classes};
