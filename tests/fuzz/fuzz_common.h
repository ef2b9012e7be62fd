/* Parameter-set table for the ML-KEM fuzz targets. */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "mlkem/mlkem.h"

struct fuzz_set {
	size_t ek_bytes, dk_bytes, ct_bytes;
	int (*keypair_derand)(uint8_t *, uint8_t *, const uint8_t *, const uint8_t *);
	int (*encaps_derand)(uint8_t *, uint8_t *, const uint8_t *, const uint8_t *);
	int (*decaps)(uint8_t *, const uint8_t *, const uint8_t *);
	int (*check_ek)(const uint8_t *);
	int (*check_dk)(const uint8_t *);
};

static const struct fuzz_set fuzz_sets[3] = {
	{CB_MLKEM512_EK_BYTES, CB_MLKEM512_DK_BYTES, CB_MLKEM512_CT_BYTES, cb_mlkem512_keypair_derand,
	 cb_mlkem512_encaps_derand, cb_mlkem512_decaps, cb_mlkem512_check_ek, cb_mlkem512_check_dk},
	{CB_MLKEM768_EK_BYTES, CB_MLKEM768_DK_BYTES, CB_MLKEM768_CT_BYTES, cb_mlkem768_keypair_derand,
	 cb_mlkem768_encaps_derand, cb_mlkem768_decaps, cb_mlkem768_check_ek, cb_mlkem768_check_dk},
	{CB_MLKEM1024_EK_BYTES, CB_MLKEM1024_DK_BYTES, CB_MLKEM1024_CT_BYTES, cb_mlkem1024_keypair_derand,
	 cb_mlkem1024_encaps_derand, cb_mlkem1024_decaps, cb_mlkem1024_check_ek, cb_mlkem1024_check_dk},
};

/* Copy the fuzz input into a buffer of exactly n bytes (zero-padded or truncated). */
static inline void fuzz_fill(uint8_t *dst, size_t n, const uint8_t *src, size_t len)
{
	memset(dst, 0, n);
	memcpy(dst, src, len < n ? len : n);
}

#endif
