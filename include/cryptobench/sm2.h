/*
 * SM2 public-key encryption ciphertext encodings (GM/T 0003.4-2012,
 * GM/T 0009-2012) and conversions between them.
 *
 *   CB_SM2_C1C3C2  0x04 || x1(32) || y1(32) || C3(32) || C2   (GM/T 0003.4-2012)
 *   CB_SM2_C1C2C3  0x04 || x1(32) || y1(32) || C2 || C3(32)   (older order)
 *   CB_SM2_DER     SEQUENCE { INTEGER x1, INTEGER y1, OCTET STRING C3,
 *                  OCTET STRING C2 }                          (GM/T 0009, OpenSSL)
 *
 * The raw forms carry fixed-width 32-byte coordinates; the DER form carries
 * minimal INTEGERs.  The converter checks the encodings only (it does not
 * check that C1 is on the curve; decryption does that).
 */
#ifndef CRYPTOBENCH_SM2_H
#define CRYPTOBENCH_SM2_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cb_sm2_ct_format { CB_SM2_C1C3C2 = 0, CB_SM2_C1C2C3, CB_SM2_DER } cb_sm2_ct_format;

/* Bytes of the fixed parts of a raw ciphertext: 0x04, x, y and C3. */
#define CB_SM2_RAW_OVERHEAD 97

/*
 * Convert a ciphertext from one form to another (from == to is allowed and
 * checks, then re-encodes); in and out must not overlap.  *outlen: in =
 * capacity of out, out = bytes written.
 * Errors: CB_ERR_ARG (NULL pointers, unknown format), CB_ERR_FORMAT
 * (malformed input: missing 0x04 prefix, too short, non-minimal or
 * indefinite DER lengths, negative or over-long INTEGERs, C3 not 32 bytes,
 * trailing bytes), CB_ERR_LENGTH (out too small).  out is untouched on error.
 */
int cb_sm2_ct_convert(cb_sm2_ct_format from, const uint8_t *in, size_t inlen, cb_sm2_ct_format to,
		      uint8_t *out, size_t *outlen) CB_WARN_UNUSED;

/*
 * A ciphertext's parts, for a library that takes or gives them apart:
 * C1's coordinates x and y (32 bytes each), C3 (32 bytes) and C2 (c2len
 * bytes).  cb_sm2_ct_parse points them into in (or, for DER, whose
 * coordinates may be shorter, into buf) and sets c1 to 0x04 || x || y (65
 * bytes); it checks as cb_sm2_ct_convert does (CB_ERR_FORMAT, CB_ERR_ARG)
 * and nothing is copied but DER's coordinates.  cb_sm2_ct_write encodes
 * the parts x, y, c3, c2 in form f into out (*outlen: in = capacity, out =
 * bytes written; CB_ERR_LENGTH, CB_ERR_ARG; out untouched on error).
 */
typedef struct cb_sm2_ct_parts {
	const uint8_t *x, *y, *c3, *c2;
	size_t c2len;
	const uint8_t *c1;
	uint8_t buf[65];
} cb_sm2_ct_parts;

int cb_sm2_ct_parse(cb_sm2_ct_format f, const uint8_t *in, size_t inlen, cb_sm2_ct_parts *pt) CB_WARN_UNUSED;
int cb_sm2_ct_write(const cb_sm2_ct_parts *pt, cb_sm2_ct_format f, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;

/*
 * Ciphertext size for an mlen-byte message: exact for the raw forms
 * (mlen + 97), an upper bound for DER (coordinates of 33 bytes with a
 * leading zero).  0 for an unknown format or on overflow.
 */
size_t cb_sm2_ct_size(cb_sm2_ct_format f, size_t mlen);

#ifdef __cplusplus
}
#endif
#endif
