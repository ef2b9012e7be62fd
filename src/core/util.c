#include "core/util.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

int cb_random_bytes(void *buf, size_t len)
{
	uint8_t *p = buf;
	while (len > 0) {
		ssize_t r = getrandom(p, len, 0);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return CB_ERR_RANDOM;
		}
		p += r;
		len -= (size_t)r;
	}
	return CB_OK;
}

void cb_wipe(void *p, size_t len)
{
	if (p && len)
		explicit_bzero(p, len);
}
