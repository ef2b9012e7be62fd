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
#include "backends/builtin/builtin_mlkem.h"
#include "mlkem/mlkem.h"

static const char *builtin_c_implementation(void)
{
	return "builtin-c";
}

/* The portable path's functions (cb_mlkem<n>_c_*), through builtin's generic methods. */
#define BUILTIN_C_CLASS(n)                                                                          \
	static const cb_builtin_mlkem_ops mlkem##n##_ops = {                                        \
		cb_mlkem##n##_c_keypair, cb_mlkem##n##_c_keypair_derand, cb_mlkem##n##_c_encaps,    \
		cb_mlkem##n##_c_encaps_derand, cb_mlkem##n##_c_decaps};                             \
	static const cb_kem_class mlkem##n = {                                                      \
		.info = {CB_KIND_KEM, "mlkem" #n, "builtin-c", "the portable C path of builtin",    \
			 NULL, builtin_c_implementation, &mlkem##n##_ops},                          \
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

static const cb_alg_info *const *const builtin_c_classes[] = {builtin_c_algs, cb_builtin_c_mldsa_algs, NULL};

const cb_backend cb_backend_builtin_c = {"builtin-c", "builtin", builtin_c_version,
					 builtin_c_classes};
