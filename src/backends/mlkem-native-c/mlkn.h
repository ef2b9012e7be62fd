/*
 * The adapter functions of the mlkem-native backends (backends/anchors.h
 * conventions), defined by mlkn_impl.inc when the anchor is built.
 */
#ifndef CB_BACKENDS_MLKN_H
#define CB_BACKENDS_MLKN_H

#include <stdint.h>

#include "cryptobench/common.h"

struct cb_kem_class;

#define CB_MLKN_DECLARE(v, bits)                                                                   \
	int cb_mlkn_##v##_##bits##_keypair_derand(const struct cb_kem_class *cls, uint8_t *pk, uint8_t *sk, const uint8_t *coins);  \
	int cb_mlkn_##v##_##bits##_encaps_derand(const struct cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk,       \
						 const uint8_t *m);                                 \
	int cb_mlkn_##v##_##bits##_decaps(const struct cb_kem_class *cls, uint8_t *ss, const uint8_t *ct, const uint8_t *sk);

CB_MLKN_DECLARE(c, 512)
CB_MLKN_DECLARE(c, 768)
CB_MLKN_DECLARE(c, 1024)
CB_MLKN_DECLARE(avx2, 512)
CB_MLKN_DECLARE(avx2, 768)
CB_MLKN_DECLARE(avx2, 1024)

#endif
