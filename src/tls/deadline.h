/*
 * The clock and the wait of a served connection (cb_tls_serve_conn's
 * deadline is CLOCK_MONOTONIC seconds, include/cryptobench/tls.h): one
 * copy for src/tls/serve.c and every stack's serve_conn
 * (src/backends/libssl_tls.inc, gmssl/gmssl_tls.c).
 */
#ifndef CB_TLS_DEADLINE_H
#define CB_TLS_DEADLINE_H

#include <errno.h>
#include <poll.h>
#include <time.h>

/* Now on the monotonic clock, in seconds. */
static inline double cb_tls_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Wait until fd can be read (or written, for_write) without blocking, in
 * slices of at most 250 ms so that a stop is seen: 1 ready, 0 the
 * deadline passed or *stop was set, -1 an error.
 */
static inline int cb_tls_wait_fd(int fd, int for_write, double deadline, volatile const int *stop)
{
	for (;;) {
		struct pollfd p = {.fd = fd, .events = (short)(for_write ? POLLOUT : POLLIN)};
		double left = deadline - cb_tls_now();
		int r;
		if (left <= 0 || (stop && *stop))
			return 0;
		r = poll(&p, 1, left > 0.25 ? 250 : (int)(left * 1000) + 1);
		if (r > 0)
			return 1;
		if (r < 0 && errno != EINTR)
			return -1;
	}
}

#endif
