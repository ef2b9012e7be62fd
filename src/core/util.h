/* Small internal helpers shared by the library's modules. */
#ifndef CB_CORE_UTIL_H
#define CB_CORE_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"

/* Fill buf from the operating system's generator (getrandom). 0 or CB_ERR_RANDOM. */
int cb_random_bytes(void *buf, size_t len) CB_WARN_UNUSED;

/* Wipe memory in a way the compiler may not remove. */
void cb_wipe(void *p, size_t len);

/* Copy src[0..n) to out (*outlen: capacity in, length out): 0, or CB_ERR_LENGTH when it does not fit. */
int cb_bytes_out(const uint8_t *src, size_t n, uint8_t *out, size_t *outlen) CB_WARN_UNUSED;

/*
 * PKCS#7 padding at the end of buf[0..len) (len a non-zero multiple of
 * block, block <= 255): 0 and its length in *pad, or CB_ERR_DECRYPT.  The
 * bytes are checked without a branch on each of them.
 */
int cb_pkcs7_check(const uint8_t *buf, size_t len, size_t block, size_t *pad) CB_WARN_UNUSED;

/*
 * Lower-case hex of in[0..len) into out[0..2 len], NUL-terminated (out
 * holds 2 len + 1 bytes).  No branch or table index depends on the bytes:
 * it is used on secret keys.
 */
void cb_hex_encode(const uint8_t *in, size_t len, char *out);

/*
 * Decode hex text in[0..len) (either case; white space, as isspace in the
 * C locale, is skipped) into out, at most cap bytes; *outlen gets the byte
 * count.  in and out may be the same buffer (the output never overtakes
 * the input).  No branch or table index depends on a digit's value; only
 * where the white space is, and whether the whole text was valid, are
 * branched on.  CB_ERR_FORMAT (a character that is neither, or an odd
 * number of digits), else CB_ERR_LENGTH (more than cap bytes); out[0..cap)
 * is wiped then.
 */
int cb_hex_decode(const uint8_t *in, size_t len, uint8_t *out, size_t cap, size_t *outlen) CB_WARN_UNUSED;

/*
 * Copy the NUL-terminated UTF-8 text src into dst (cap > 0 bytes), always
 * NUL-terminated; when it does not fit, cut before the character that
 * would be split, never inside it.  Returns the bytes copied.
 */
size_t cb_utf8_copy(char *dst, size_t cap, const char *src);

#define CB_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
