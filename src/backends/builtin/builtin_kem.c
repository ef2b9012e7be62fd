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

/* The class's keypair_derand: coins = d || z (FIPS 203 Algorithm 16). */
static int mlkem512_keypair_coins(uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	return cb_mlkem512_keypair_derand(pk, sk, coins, coins + 32);
}

static int mlkem768_keypair_coins(uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	return cb_mlkem768_keypair_derand(pk, sk, coins, coins + 32);
}

static int mlkem1024_keypair_coins(uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
	return cb_mlkem1024_keypair_derand(pk, sk, coins, coins + 32);
}

static const cb_kem_class mlkem512 = {
	.info = {CB_KIND_KEM, "mlkem512", "builtin", NULL, NULL, builtin_implementation},
	.public_key_bytes = CB_MLKEM512_EK_BYTES,
	.secret_key_bytes = CB_MLKEM512_DK_BYTES,
	.ciphertext_bytes = CB_MLKEM512_CT_BYTES,
	.shared_secret_bytes = CB_MLKEM_SS_BYTES,
	.keypair = cb_mlkem512_keypair,
	.encaps = cb_mlkem512_encaps,
	.decaps = cb_mlkem512_decaps,
	.keypair_coins_bytes = 64,
	.keypair_derand = mlkem512_keypair_coins,
	.encaps_coins_bytes = 32,
	.encaps_derand = cb_mlkem512_encaps_derand,
};

static const cb_kem_class mlkem768 = {
	.info = {CB_KIND_KEM, "mlkem768", "builtin", NULL, NULL, builtin_implementation},
	.public_key_bytes = CB_MLKEM768_EK_BYTES,
	.secret_key_bytes = CB_MLKEM768_DK_BYTES,
	.ciphertext_bytes = CB_MLKEM768_CT_BYTES,
	.shared_secret_bytes = CB_MLKEM_SS_BYTES,
	.keypair = cb_mlkem768_keypair,
	.encaps = cb_mlkem768_encaps,
	.decaps = cb_mlkem768_decaps,
	.keypair_coins_bytes = 64,
	.keypair_derand = mlkem768_keypair_coins,
	.encaps_coins_bytes = 32,
	.encaps_derand = cb_mlkem768_encaps_derand,
};

static const cb_kem_class mlkem1024 = {
	.info = {CB_KIND_KEM, "mlkem1024", "builtin", NULL, NULL, builtin_implementation},
	.public_key_bytes = CB_MLKEM1024_EK_BYTES,
	.secret_key_bytes = CB_MLKEM1024_DK_BYTES,
	.ciphertext_bytes = CB_MLKEM1024_CT_BYTES,
	.shared_secret_bytes = CB_MLKEM_SS_BYTES,
	.keypair = cb_mlkem1024_keypair,
	.encaps = cb_mlkem1024_encaps,
	.decaps = cb_mlkem1024_decaps,
	.keypair_coins_bytes = 64,
	.keypair_derand = mlkem1024_keypair_coins,
	.encaps_coins_bytes = 32,
	.encaps_derand = cb_mlkem1024_encaps_derand,
};

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

static const cb_alg_info *const *const builtin_classes[] = {cb_builtin_algs, cb_hybrid_algs, NULL};

const cb_backend cb_backend_builtin = {"builtin", "builtin", builtin_version, builtin_classes};
