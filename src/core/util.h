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

#define CB_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
