/*
 * cb_tls_serve: a TLS class's server context on a listening socket
 * (include/cryptobench/tls.h, docs/TLS.md).  One connection at a time:
 * accept, hand the socket to the class's serve_conn (handshake, one
 * request, one answer, close_notify) under a deadline, close, report.
 * The stack-independent part: sockets, deadlines, the page, and the
 * serve_conn of every stack (cb_tls_drive_serve, over the stack's calls:
 * src/tls/driver.h).  Never prints; the caller logs the events.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "cryptobench/tls.h"
#include "tls/driver.h"

/* Now on the monotonic clock, in seconds: the deadlines' clock. */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Run one call on conn (on the socket fd) until it completes, waiting in
 * slices of at most 250 ms so that a stop is seen: its CB_TLS_DONE,
 * CB_TLS_CLOSED or CB_TLS_FAILED, or TIMEOUT (the deadline passed or
 * *stop was set).
 */
#define TIMEOUT (-2)
static int run_call(const cb_tls_ops *ops, void *conn, int fd, int what, void *buf, size_t len, size_t *n,
		    double deadline, volatile const int *stop)
{
	for (;;) {
		int r = ops->io(conn, what, buf, len, n);
		if (r != CB_TLS_WANT_READ && r != CB_TLS_WANT_WRITE)
			return r;
		for (;;) {
			struct pollfd p = {.fd = fd, .events = (short)(r == CB_TLS_WANT_WRITE ? POLLOUT : POLLIN)};
			double left = deadline - now();
			int w;
			if (left <= 0 || (stop && *stop))
				return TIMEOUT;
			w = poll(&p, 1, left > 0.25 ? 250 : (int)(left * 1000) + 1);
			if (w > 0)
				break;
			if (w < 0 && errno != EINTR)
				return CB_TLS_FAILED;
		}
	}
}

/* A call that timed out (where it waited) or failed (what, with the stack's reason): ev's error and the status. */
static int ended(const cb_tls_ops *ops, cb_tls_serve_event *ev, int r, volatile const int *stop, const char *where,
		 const char *what)
{
	char why[sizeof(ev->error)] = "";
	if (r == TIMEOUT) {
		snprintf(ev->error, sizeof(ev->error), "%s %s", stop && *stop ? "stopped" : "timed out", where);
		return CB_ERR_IO;
	}
	if (ops->error)
		ops->error(why, sizeof(why));
	snprintf(ev->error, sizeof(ev->error), "%s%s%s", what, why[0] ? ": " : "", why);
	return CB_ERR_BACKEND;
}

int cb_tls_drive_serve(cb_tls *t, int fd, double deadline, volatile const int *stop,
		       size_t (*respond)(const char *, size_t, cb_tls_serve_event *, char *, size_t),
		       cb_tls_serve_event *ev)
{
	const cb_tls_ops *ops = ((cb_tls_base *)(void *)t)->ops;
	void *s = ops->accept(t, fd);
	char req[CB_TLS_REQUEST_MAX + 1], *answer = NULL;
	size_t got = 0, alen, n;
	int r, rc;
	if (!s) {
		snprintf(ev->error, sizeof(ev->error), "cannot make a connection");
		return CB_ERR_NOMEM;
	}
	if ((r = run_call(ops, s, fd, CB_TLS_HANDSHAKE, NULL, 0, &n, deadline, stop)) != CB_TLS_DONE) {
		rc = ended(ops, ev, r, stop, "during the handshake", "handshake failed");
		goto out;
	}
	ev->handshake_done = 1;
	ops->params(t, NULL, s, &ev->params);
	/* the request: to the end of its headers, at most CB_TLS_REQUEST_MAX bytes */
	for (req[0] = 0; got < CB_TLS_REQUEST_MAX && !strstr(req, "\r\n\r\n") && !strstr(req, "\n\n"); req[got] = 0) {
		r = run_call(ops, s, fd, CB_TLS_READ, req + got, CB_TLS_REQUEST_MAX - got, &n, deadline, stop);
		if (r == CB_TLS_CLOSED) {
			snprintf(ev->error, sizeof(ev->error), "the client closed before a whole request");
			rc = CB_ERR_IO;
			goto out;
		}
		if (r != CB_TLS_DONE) {
			rc = ended(ops, ev, r, stop, "waiting for the request", "reading the request failed");
			goto out;
		}
		got += n;
	}
	rc = CB_ERR_NOMEM;
	if (!(answer = malloc(CB_TLS_RESPONSE_MAX)))
		goto out;
	alen = respond(req, got, ev, answer, CB_TLS_RESPONSE_MAX);
	for (size_t off = 0; off < alen; off += n) {
		r = run_call(ops, s, fd, CB_TLS_WRITE, answer + off, alen - off, &n, deadline, stop);
		if (r != CB_TLS_DONE) {
			ev->http_status = 0;
			rc = ended(ops, ev, r, stop, "sending the answer", "sending the answer failed");
			goto out;
		}
	}
	rc = 0;
	ops->io(s, CB_TLS_SHUTDOWN, NULL, 0, &n); /* close_notify, once: the client need not answer it */
out:
	ops->bytes(s, &ev->bytes_in, &ev->bytes_out);
	free(answer);
	ops->release(t, s);
	if (ops->error)
		ops->error(NULL, 0);
	return rc;
}

struct cb_tls_server {
	const cb_tls_class *cls;
	cb_tls *tls;
	int fd;
	int port;
	double timeout;
};

int cb_tls_serve_open(const cb_tls_class *cls, const char *host, int port, double timeout, cb_tls_server **out)
{
	struct sockaddr_storage ss;
	socklen_t sl;
	cb_tls_server *s;
	int one = 1, rc;
	*out = NULL;
	if (!cls || !cls->serve_conn || !cls->root_pem)
		return CB_ERR_UNSUPPORTED;
	if (!host || port < 0 || port > 65535 || !(timeout > 0))
		return CB_ERR_ARG;
	memset(&ss, 0, sizeof(ss));
	{
		struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
		struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
		if (inet_pton(AF_INET, host, &a4->sin_addr) == 1) {
			a4->sin_family = AF_INET;
			a4->sin_port = htons((unsigned short)port);
			sl = sizeof(*a4);
		} else if (inet_pton(AF_INET6, host, &a6->sin6_addr) == 1) {
			a6->sin6_family = AF_INET6;
			a6->sin6_port = htons((unsigned short)port);
			sl = sizeof(*a6);
		} else {
			return CB_ERR_ARG;
		}
	}
	s = calloc(1, sizeof(*s));
	if (!s)
		return CB_ERR_NOMEM;
	s->cls = cls;
	s->timeout = timeout;
	s->fd = -1;
	if ((rc = cls->init(cls, &s->tls)) != 0) {
		free(s);
		return rc;
	}
	s->fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (s->fd < 0 || setsockopt(s->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(s->fd, (struct sockaddr *)&ss, sl) || listen(s->fd, 64))
		goto io;
	sl = sizeof(ss);
	if (getsockname(s->fd, (struct sockaddr *)&ss, &sl))
		goto io;
	s->port = ntohs(ss.ss_family == AF_INET ? ((struct sockaddr_in *)&ss)->sin_port
					       : ((struct sockaddr_in6 *)&ss)->sin6_port);
	*out = s;
	return 0;
io: {
	int e = errno;
	cb_tls_serve_close(s);
	errno = e;
	return CB_ERR_IO;
}
}

int cb_tls_serve_port(const cb_tls_server *s)
{
	return s->port;
}

size_t cb_tls_serve_root_pem(const cb_tls_server *s, char *buf, size_t cap)
{
	return s->cls->root_pem(s->tls, buf, cap);
}

void cb_tls_serve_close(cb_tls_server *s)
{
	if (!s)
		return;
	if (s->fd >= 0)
		close(s->fd);
	if (s->tls)
		s->cls->free(s->tls);
	free(s);
}

/* The request line's printable characters (at most cap - 1) into out. */
static void request_line(const char *req, size_t len, char *out, size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < len && req[i] != '\r' && req[i] != '\n' && n + 1 < cap; i++)
		out[n++] = (req[i] >= 0x20 && req[i] < 0x7f) ? req[i] : '?';
	out[n] = 0;
}

/* Append to out at *n (cap): the formatted text, truncated at the end. */
static void put(char *out, size_t cap, size_t *n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void put(char *out, size_t cap, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int r;
	if (*n >= cap)
		return;
	va_start(ap, fmt);
	r = vsnprintf(out + *n, cap - *n, fmt, ap);
	va_end(ap);
	if (r > 0)
		*n = (size_t)r < cap - *n ? *n + (size_t)r : cap - 1;
}

/* The negotiated names contain only [A-Za-z0-9_.-]; anything else would be escaped, so it is replaced. */
static void safe(const char *in, char *out, size_t cap)
{
	size_t n = 0;
	for (; *in && n + 1 < cap; in++)
		out[n++] = ((*in >= 'a' && *in <= 'z') || (*in >= 'A' && *in <= 'Z') || (*in >= '0' && *in <= '9') ||
			    *in == '_' || *in == '.' || *in == '-' || *in == '+')
				   ? *in
				   : '?';
	out[n] = 0;
}

/*
 * The answer to one request: GET / (or HEAD /) the page naming what was
 * negotiated; GET of another path 404; another method 405; something
 * that is not HTTP/1.x 400.  Always "Connection: close".
 */
static size_t respond(const char *req, size_t len, cb_tls_serve_event *ev, char *out, size_t cap)
{
	const cb_tls_params *p = &ev->params;
	int *status = &ev->http_status;
	char body[2048], v[16], g[32], c[48], sg[48];
	size_t bn = 0, n = 0;
	const char *reason;
	int head = 0;
	request_line(req, len, ev->request, sizeof(ev->request));
	safe(p->version, v, sizeof(v));
	safe(p->group, g, sizeof(g));
	safe(p->cipher, c, sizeof(c));
	safe(p->signature, sg, sizeof(sg));
	if ((!strncmp(req, "GET ", 4) || (head = !strncmp(req, "HEAD ", 5))) && strstr(req, " HTTP/1.")) {
		const char *path = req + (head ? 5 : 4);
		if (!strncmp(path, "/ ", 2) || !strncmp(path, "/index.html ", 12)) {
			*status = 200;
			put(body, sizeof(body), &bn,
			    "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
			    "<title>cryptobench serve</title></head>\n<body>\n<h1>cryptobench serve</h1>\n"
			    "<p>This connection negotiated:</p>\n<table>\n"
			    "<tr><th>version</th><td id=\"version\">%s</td></tr>\n"
			    "<tr><th>group</th><td id=\"group\">%s</td></tr>\n"
			    "<tr><th>cipher suite</th><td id=\"cipher\">%s</td></tr>\n"
			    "<tr><th>signature algorithm</th><td id=\"signature\">%s</td></tr>\n"
			    "</table>\n</body></html>\n",
			    v, g, c, sg);
		} else {
			*status = 404;
			put(body, sizeof(body), &bn, "not found\n");
		}
	} else if (strstr(req, " HTTP/1.") && strchr(req, ' ') < strstr(req, " HTTP/1.")) {
		*status = 405;
		put(body, sizeof(body), &bn, "only GET\n");
	} else {
		*status = 400;
		put(body, sizeof(body), &bn, "bad request\n");
	}
	reason = *status == 200 ? "OK" : *status == 404 ? "Not Found" : *status == 405 ? "Method Not Allowed" : "Bad Request";
	put(out, cap, &n,
	    "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nCache-Control: no-store\r\n"
	    "Connection: close\r\n%s\r\n",
	    *status, reason, *status == 200 ? "text/html; charset=utf-8" : "text/plain; charset=utf-8", bn,
	    *status == 405 ? "Allow: GET, HEAD\r\n" : "");
	if (!head)
		put(out, cap, &n, "%s", body);
	return n;
}

int cb_tls_serve_next(cb_tls_server *s, volatile const int *stop, cb_tls_serve_event *ev)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int fd;
	double start;
	memset(ev, 0, sizeof(*ev));
	for (;;) {
		struct pollfd p = {.fd = s->fd, .events = POLLIN};
		int r;
		if (stop && *stop)
			return 0;
		/* in slices, so that a stop set by a signal between the check and poll is seen */
		r = poll(&p, 1, 250);
		if (r < 0 && errno != EINTR)
			return CB_ERR_IO;
		if (r <= 0)
			continue;
		sl = sizeof(ss);
		fd = accept4(s->fd, (struct sockaddr *)&ss, &sl, SOCK_CLOEXEC | SOCK_NONBLOCK);
		if (fd >= 0)
			break;
		/* the client went away before accept, or a transient shortage: keep serving */
		if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED ||
		    errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM || errno == EPROTO ||
		    errno == EPERM)
			continue;
		return CB_ERR_IO;
	}
	start = now();
	{
		char a[INET6_ADDRSTRLEN] = "?";
		int port = 0;
		if (ss.ss_family == AF_INET) {
			inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, a, sizeof(a));
			port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
			snprintf(ev->peer, sizeof(ev->peer), "%s:%d", a, port);
		} else if (ss.ss_family == AF_INET6) {
			inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, a, sizeof(a));
			port = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
			snprintf(ev->peer, sizeof(ev->peer), "[%s]:%d", a, port);
		}
	}
	ev->status = s->cls->serve_conn(s->tls, fd, start + s->timeout, stop, respond, ev);
	close(fd);
	ev->seconds = now() - start;
	return 1;
}
