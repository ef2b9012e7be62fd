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

/*
 * PKCS#7 padding at the end of buf[0..len) (len a non-zero multiple of
 * block, block <= 255): 0 and its length in *pad, or CB_ERR_DECRYPT.  The
 * bytes are checked without a branch on each of them.
 */
int cb_pkcs7_check(const uint8_t *buf, size_t len, size_t block, size_t *pad) CB_WARN_UNUSED;

#define CB_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
