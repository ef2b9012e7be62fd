/*
 * The project's own ML-KEM (src/mlkem) as backend "builtin" of the kem
 * class.  Sizes come from the implementation's constants; the functions
 * already have the class's signatures and return CB_OK,
 * CB_ERR_INVALID_KEY or CB_ERR_RANDOM.
 */
#include "backends/backends.h"
#include "cryptobench/kem.h"
#include "mlkem/mlkem.h"

static const char *builtin_implementation(void)
{
	return "builtin-c";
}

static const cb_kem_class mlkem512 = {
	.info = {CB_KIND_KEM, "mlkem512", CB_FAMILY_PQ, "builtin", "ML-KEM-512 (FIPS 203)",
		 128, 128, NULL, builtin_implementation},
	.public_key_bytes = CB_MLKEM512_EK_BYTES,
	.secret_key_bytes = CB_MLKEM512_DK_BYTES,
	.ciphertext_bytes = CB_MLKEM512_CT_BYTES,
	.shared_secret_bytes = CB_MLKEM_SS_BYTES,
	.keypair = cb_mlkem512_keypair,
	.encaps = cb_mlkem512_encaps,
	.decaps = cb_mlkem512_decaps,
};

static const cb_kem_class mlkem768 = {
	.info = {CB_KIND_KEM, "mlkem768", CB_FAMILY_PQ, "builtin", "ML-KEM-768 (FIPS 203)",
		 192, 192, NULL, builtin_implementation},
	.public_key_bytes = CB_MLKEM768_EK_BYTES,
	.secret_key_bytes = CB_MLKEM768_DK_BYTES,
	.ciphertext_bytes = CB_MLKEM768_CT_BYTES,
	.shared_secret_bytes = CB_MLKEM_SS_BYTES,
	.keypair = cb_mlkem768_keypair,
	.encaps = cb_mlkem768_encaps,
	.decaps = cb_mlkem768_decaps,
};

static const cb_kem_class mlkem1024 = {
	.info = {CB_KIND_KEM, "mlkem1024", CB_FAMILY_PQ, "builtin", "ML-KEM-1024 (FIPS 203)",
		 256, 256, NULL, builtin_implementation},
	.public_key_bytes = CB_MLKEM1024_EK_BYTES,
	.secret_key_bytes = CB_MLKEM1024_DK_BYTES,
	.ciphertext_bytes = CB_MLKEM1024_CT_BYTES,
	.shared_secret_bytes = CB_MLKEM_SS_BYTES,
	.keypair = cb_mlkem1024_keypair,
	.encaps = cb_mlkem1024_encaps,
	.decaps = cb_mlkem1024_decaps,
};

const cb_alg_info *const cb_builtin_algs[] = {
	&mlkem512.info,
	&mlkem768.info,
	&mlkem1024.info,
	NULL,
};
