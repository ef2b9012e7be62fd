/*
 * What every TLS stack's classes do the same way (include/cryptobench/tls.h,
 * docs/TLS.md), run over a few calls of the stack's (cb_tls_ops): the
 * in-memory handshake of both sides with its wire counts, the server op
 * replaying a recorded ClientHello, the recording, the root in PEM
 * (driver.c), and serve_conn's loop on a socket (serve.c).  A stack's
 * struct cb_tls begins with a cb_tls_base; its class table names these
 * functions, its adapter only the stack's own calls
 * (src/backends/libssl_tls.inc, gmssl/gmssl_tls.c).
 */
#ifndef CB_TLS_DRIVER_H
#define CB_TLS_DRIVER_H

#include <stddef.h>

#include "cryptobench/tls.h"

#define CB_TLS_HOST "localhost" /* the leaf's name, which the client checks */

/* What one call on a connection came to. */
enum { CB_TLS_FAILED = -1, CB_TLS_CLOSED, CB_TLS_DONE, CB_TLS_WANT_READ, CB_TLS_WANT_WRITE };
/* The calls. */
enum { CB_TLS_HANDSHAKE, CB_TLS_READ, CB_TLS_WRITE, CB_TLS_SHUTDOWN };

typedef struct cb_tls_ops {
	/*
	 * init's part: t's contexts for the class's variant and its chain
	 * (base.root filled).  0, CB_ERR_UNSUPPORTED (the stack lacks the
	 * variant's group, scheme or suite), CB_ERR_BACKEND.
	 */
	int (*prepare)(cb_tls *t, const void *variant);
	/* Optional, once the hello is recorded: what the sign and share ops use, one signature checked; 0, or -1. */
	int (*parts)(cb_tls *t);
	/* Two fresh connections of t, client and server, talking over memory: 0, or -1 (release frees what was made). */
	int (*pair)(cb_tls *t, void **client, void **server);
	/* A fresh server connection reading t's recorded ClientHello, writing to memory; NULL on failure. */
	void *(*replay)(cb_tls *t);
	/* A fresh server connection on the connected, non-blocking socket fd; NULL on failure. */
	void *(*accept)(cb_tls *t, int fd);
	void (*release)(cb_tls *t, void *conn); /* conn may be NULL */
	/*
	 * One call (CB_TLS_HANDSHAKE, ...) on conn: CB_TLS_DONE (*n bytes
	 * moved by a read or write), CB_TLS_WANT_READ or _WRITE, CB_TLS_CLOSED
	 * (the peer closed), CB_TLS_FAILED.  A client's handshake is DONE only
	 * with the server's chain verified.
	 */
	int (*io)(void *conn, int what, void *buf, size_t len, size_t *n);
	void (*bytes)(void *conn, long *in, long *out); /* what conn's transport carried in and out so far */
	/* What was negotiated, as the client saw it (client NULL: as the server, serving). */
	void (*params)(cb_tls *t, void *client, void *server, cb_tls_params *p);
	/* The bytes waiting for a pair's server moved into buf; their count, 0 when none or more than cap. */
	size_t (*take)(void *server, void *buf, size_t cap);
	/* The stack's reason for its last failure into buf (NULL: none wanted), its errors cleared; NULL: it keeps none. */
	void (*error)(char *buf, size_t len);
} cb_tls_ops;

typedef struct cb_tls_base {
	const cb_tls_ops *ops;
	unsigned char hello[4096]; /* a ClientHello of this client, for the server op (init records it) */
	size_t hello_len;
	unsigned char root[16384]; /* the root certificate the client trusts, DER */
	size_t root_len;
} cb_tls_base;

/* The class methods of tls.h, for every stack; init's with the stack's ops and sizeof its struct cb_tls. */
int cb_tls_drive_init(const cb_tls_class *cls, const cb_tls_ops *ops, size_t size, cb_tls **out);
int cb_tls_drive_handshake(cb_tls *t, cb_tls_wire *wire, cb_tls_params *params);
int cb_tls_drive_server(cb_tls *t);
int cb_tls_drive_serve(cb_tls *t, int fd, double deadline, volatile const int *stop,
		       size_t (*respond)(const char *, size_t, cb_tls_serve_event *, char *, size_t),
		       cb_tls_serve_event *ev);
size_t cb_tls_drive_root_pem(cb_tls *t, char *buf, size_t cap);

#endif
