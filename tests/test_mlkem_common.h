/* The three ML-KEM parameter sets as a table, shared by the ML-KEM tests. */
#ifndef TEST_MLKEM_COMMON_H
#define TEST_MLKEM_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mlkem/mlkem.h"

struct mlkem_set {
	const char *acvp_name; /* "ML-KEM-768" */
	int bits;              /* 512, 768, 1024 */
	size_t ek_bytes, dk_bytes, ct_bytes;
	int (*keypair_derand)(uint8_t *, uint8_t *, const uint8_t *, const uint8_t *);
	int (*keypair)(uint8_t *, uint8_t *);
	int (*encaps_derand)(uint8_t *, uint8_t *, const uint8_t *, const uint8_t *);
	int (*encaps)(uint8_t *, uint8_t *, const uint8_t *);
	int (*decaps)(uint8_t *, const uint8_t *, const uint8_t *);
	int (*check_ek)(const uint8_t *);
	int (*check_dk)(const uint8_t *);
};

static const struct mlkem_set mlkem_sets[3] = {
	{"ML-KEM-512", 512, CB_MLKEM512_EK_BYTES, CB_MLKEM512_DK_BYTES, CB_MLKEM512_CT_BYTES,
	 cb_mlkem512_keypair_derand, cb_mlkem512_keypair, cb_mlkem512_encaps_derand, cb_mlkem512_encaps,
	 cb_mlkem512_decaps, cb_mlkem512_check_ek, cb_mlkem512_check_dk},
	{"ML-KEM-768", 768, CB_MLKEM768_EK_BYTES, CB_MLKEM768_DK_BYTES, CB_MLKEM768_CT_BYTES,
	 cb_mlkem768_keypair_derand, cb_mlkem768_keypair, cb_mlkem768_encaps_derand, cb_mlkem768_encaps,
	 cb_mlkem768_decaps, cb_mlkem768_check_ek, cb_mlkem768_check_dk},
	{"ML-KEM-1024", 1024, CB_MLKEM1024_EK_BYTES, CB_MLKEM1024_DK_BYTES, CB_MLKEM1024_CT_BYTES,
	 cb_mlkem1024_keypair_derand, cb_mlkem1024_keypair, cb_mlkem1024_encaps_derand,
	 cb_mlkem1024_encaps, cb_mlkem1024_decaps, cb_mlkem1024_check_ek, cb_mlkem1024_check_dk},
};

static inline const struct mlkem_set *mlkem_set_by_name(const char *name)
{
	for (size_t i = 0; i < 3; i++)
		if (!strcmp(mlkem_sets[i].acvp_name, name))
			return &mlkem_sets[i];
	return NULL;
}

/* Largest sizes, for stack buffers. */
#define MAX_EK CB_MLKEM1024_EK_BYTES
#define MAX_DK CB_MLKEM1024_DK_BYTES
#define MAX_CT CB_MLKEM1024_CT_BYTES

#endif
