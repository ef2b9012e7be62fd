/*
 * What the mlkem-native builds export to their classes (mlkn_classes.inc):
 * each parameter set's functions, defined by mlkn_impl.inc when the anchor
 * is built.
 */
#ifndef CB_BACKENDS_MLKN_H
#define CB_BACKENDS_MLKN_H

#include "backends/anchors.h"

/*
 * mlkem-native returns 0 or a negative MLK_ERR_* (mlkem_native.h; the
 * monolithic build undefines the names, so the values are written here):
 * MLK_ERR_INVALID_PK (-4) from encapsulation (7.2), MLK_ERR_INVALID_SK (-5)
 * from decapsulation (7.3).
 */
static inline int cb_mlkn_err(int r)
{
	return (r == -4 || r == -5) ? CB_ERR_INVALID_KEY : CB_ERR_BACKEND;
}

/* One parameter set of one build: its static API (<prefix><bits>_keypair_derand, _enc_derand, _dec). */
extern const cb_anchor_level cb_mlkn_c_512, cb_mlkn_c_768, cb_mlkn_c_1024;
extern const cb_anchor_level cb_mlkn_avx2_512, cb_mlkn_avx2_768, cb_mlkn_avx2_1024;

#endif
