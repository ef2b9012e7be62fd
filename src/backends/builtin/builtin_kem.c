/*
 * The project's own ML-KEM (src/mlkem) as backend "builtin" of the kem
 * class.  Sizes come from the implementation's constants.
 */
#include "backends/backends.h"
#include "cryptobench/kem.h"
#include "mlkem/mlkem.h"

static const char *builtin_implementation(void)
{
	return "builtin-c";
}

/* The implementation's error codes are already CB_ERR_*. */
#define MLKEM_CLASS(n, bits)                                                                       \
	static int mlkem##n##_keypair(uint8_t *pk, uint8_t *sk)                                    \
	{                                                                                          \
		return cb_mlkem##n##_keypair(pk, sk);                                              \
	}                                                                                          \
	static int mlkem##n##_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *pk)                  \
	{                                                                                          \
		return cb_mlkem##n##_encaps(ct, ss, pk);                                           \
	}                                                                                          \
	static int mlkem##n##_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *sk)            \
	{                                                                                          \
		return cb_mlkem##n##_decaps(ss, ct, sk);                                           \
	}                                                                                          \
	static const cb_kem_class mlkem##n = {                                                     \
		.info = {CB_KIND_KEM, "mlkem" #n, CB_FAMILY_PQ, "builtin",                         \
			 "ML-KEM-" #n " (FIPS 203)", bits, bits, NULL, builtin_implementation},    \
		.public_key_bytes = CB_MLKEM##n##_EK_BYTES,                                        \
		.secret_key_bytes = CB_MLKEM##n##_DK_BYTES,                                        \
		.ciphertext_bytes = CB_MLKEM##n##_CT_BYTES,                                        \
		.shared_secret_bytes = CB_MLKEM_SS_BYTES,                                          \
		.keypair = mlkem##n##_keypair,                                                     \
		.encaps = mlkem##n##_encaps,                                                       \
		.decaps = mlkem##n##_decaps,                                                       \
	}

MLKEM_CLASS(512, 128);
MLKEM_CLASS(768, 192);
MLKEM_CLASS(1024, 256);

const cb_alg_info *const cb_builtin_algs[] = {
	&mlkem512.info,
	&mlkem768.info,
	&mlkem1024.info,
	NULL,
};
