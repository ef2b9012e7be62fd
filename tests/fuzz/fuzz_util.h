/* Shared by the fuzz targets: the entry point and a check that aborts. */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_ASSERT(c)                                                                             \
	do {                                                                                       \
		if (!(c))                                                                          \
			abort();                                                                   \
	} while (0)

/* A NUL-terminated copy of the input (malloc'd; NULL when out of memory). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s) {
		memcpy(s, data, size);
		s[size] = 0;
	}
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
