/*
 * What the mlkem-native builds export to their classes (mlkn_classes.inc):
 * each parameter set's functions, defined by mlkn_impl.inc when the anchor
 * is built.
 */
#ifndef CB_BACKENDS_MLKN_H
#define CB_BACKENDS_MLKN_H

#include <stdint.h>

#include "cryptobench/common.h"


/*
 * One parameter set of one mlkem-native build: its static API
 * (<prefix><bits>_keypair_derand, _enc_derand, _dec), returning 0 or a
 * negative MLK_ERR_*; the class's variant.
 */
typedef struct cb_mlkn_level {
	int (*keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *coins);
	int (*enc_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m);
	int (*dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
} cb_mlkn_level;

extern const cb_mlkn_level cb_mlkn_c_512, cb_mlkn_c_768, cb_mlkn_c_1024;
extern const cb_mlkn_level cb_mlkn_avx2_512, cb_mlkn_avx2_768, cb_mlkn_avx2_1024;

#endif
