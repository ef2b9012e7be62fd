/*
 * The TLS handshake class: one full TLS 1.3 handshake through a real TLS
 * stack (the backend), measured by `run` as the other classes are
 * (docs/TLS.md).  A class is one (key exchange group, certificate chain)
 * pair, named without the library: "tls13-GROUP-CERT"
 * (tls13-x25519-ecdsa-p256), or "tlcp-ecc-sm2" for TLCP (GB/T 38636).  Its server holds a two-certificate chain
 * (leaf and intermediate, the intermediate signed by a root the client
 * trusts), all of the CERT algorithm, made once by the class; its client
 * verifies the chain and the host name.  Prepared once, as a server loads
 * its keys: a server and a client context.  Each handshake is a fresh
 * client and server connection from them, talking over memory in the
 * calling thread: no sockets, no resumption (no session tickets).
 */
#ifndef CRYPTOBENCH_TLS_H
#define CRYPTOBENCH_TLS_H

#include <stddef.h>

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_tls cb_tls; /* a class's prepared contexts */
struct cb_tls_serve_event;

/* What one handshake put on the wire, from the records each side sent. */
typedef struct cb_tls_wire {
	long client_bytes;  /* ClientHello (with its key share) and the client's Finished */
	long server_bytes;  /* ServerHello to the server's Finished: certificates, CertificateVerify */
	long client_hello;  /* the ClientHello record alone */
	long server_flight; /* the server's first flight alone (all of server_bytes for TLS 1.3 without tickets) */
} cb_tls_wire;

/* What a handshake negotiated, as the TLS stack names it. */
typedef struct cb_tls_params {
	char version[16];   /* "TLSv1.3" */
	char group[32];     /* "x25519", "secp256r1", "X25519MLKEM768", ... */
	char cipher[48];    /* "TLS_AES_128_GCM_SHA256" */
	char signature[48]; /* the server's CertificateVerify: "ecdsa_secp256r1_sha256", "ed25519", "rsa_pss_rsae_sha256" */
} cb_tls_params;

typedef struct cb_tls_class {
	cb_alg_info info; /* info.kind == CB_KIND_TLS */
	/*
	 * The two contexts with a fresh certificate chain; 0, or a negative
	 * CB_ERR_* (CB_ERR_UNSUPPORTED when this build of the stack lacks the
	 * group or the signature).
	 */
	int (*init)(const struct cb_tls_class *cls, cb_tls **out);
	/*
	 * One full handshake between a fresh client and server connection.
	 * wire (may be NULL) gets the bytes each side sent; params (may be
	 * NULL) what was negotiated.  0, or CB_ERR_BACKEND when the handshake
	 * failed.
	 */
	int (*handshake)(cb_tls *t, cb_tls_wire *wire, cb_tls_params *params);
	/*
	 * The server's side alone: a fresh server connection takes a
	 * ClientHello that init recorded from this class's client, and answers
	 * with its whole flight (ServerHello to Finished: key share,
	 * certificates, CertificateVerify), as it would for any client; it
	 * then waits for the client's Finished, which is not sent (verifying it
	 * is one HMAC).  0, or CB_ERR_BACKEND.  NULL when the protocol's
	 * server cannot answer a recorded client (TLCP: its second flight
	 * needs a secret the client encrypts for the server's random).
	 */
	int (*server)(cb_tls *t);
	void (*free)(cb_tls *t);
	/*
	 * For cb_tls_serve (NULL when the stack cannot serve sockets): one
	 * connection on the connected, non-blocking socket fd.  The server
	 * side of a full handshake, then at most CB_TLS_REQUEST_MAX bytes of
	 * request (to the end of its headers), answered with what
	 * respond(request, len, ev, out, cap) writes to out (ev->params
	 * filled; it sets ev->http_status and ev->request), then a
	 * close_notify.  Every wait ends at deadline (CLOCK_MONOTONIC,
	 * seconds) or when *stop is set.  Fills ev (handshake_done, params,
	 * bytes, error); 0 when answered, else a negative CB_ERR_*.
	 */
	int (*serve_conn)(cb_tls *t, int fd, double deadline, volatile const int *stop,
			  size_t (*respond)(const char *request, size_t len, struct cb_tls_serve_event *ev, char *out,
					    size_t cap),
			  struct cb_tls_serve_event *ev);
	/* The root certificate the client side trusts, PEM, into buf (cap); its length, 0 on failure. */
	size_t (*root_pem)(cb_tls *t, char *buf, size_t cap);
	/*
	 * Optional (NULL when the stack does not expose it): the server's
	 * CertificateVerify signature alone, made by the stack's own call as
	 * its handshake makes it (its signing context set up as it does each
	 * time), over a transcript hash; init checked one.  Timed as the
	 * op "sign-cold"; plan --handshakes takes a stack's signature from it
	 * when the stack signs otherwise than its signature class
	 * (docs/TLS.md).  0, or CB_ERR_BACKEND.
	 */
	int (*sign)(cb_tls *t);
	/*
	 * Optional (NULL when the stack's adapter does not time it): the
	 * server's key share alone, as the stack makes it in a handshake (the
	 * client's share parsed, a fresh key, its encoding, the shared secret),
	 * without the key schedule.  Timed as the op "share-cold"; plan
	 * --handshakes takes the server's key agreement from it for that stack
	 * (docs/TLS.md).  0, or CB_ERR_BACKEND.
	 */
	int (*share)(cb_tls *t);
} cb_tls_class;

/* ---- A server real clients talk to (cryptobench serve, docs/TLS.md) ---- */

/* The largest request cb_tls_serve reads (headers included) and the largest answer. */
#define CB_TLS_REQUEST_MAX 8192
#define CB_TLS_RESPONSE_MAX 8192

/* What happened on one connection; the library reports, the caller logs. */
typedef struct cb_tls_serve_event {
	int status;            /* 0: handshake done and the request answered; else a negative CB_ERR_* */
	int handshake_done;    /* the TLS handshake completed (params are valid) */
	int http_status;       /* the answer's status (200, 400, 404, 405), 0 when none was sent */
	char peer[64];         /* "127.0.0.1:40312" */
	char request[80];      /* the request line, printable characters only, truncated */
	char error[160];       /* why the connection ended early: "timed out during the handshake", ... */
	cb_tls_params params;  /* what the handshake negotiated */
	long bytes_in, bytes_out; /* bytes read from and written to the socket */
	double seconds;        /* from accept to close */
} cb_tls_serve_event;

typedef struct cb_tls_server cb_tls_server;

/*
 * Listen on host:port (an IPv4 or IPv6 address; port 0: a free one) for
 * the TLS class cls (its init makes the certificate chain; its
 * serve_conn must not be NULL).  timeout: the most seconds one
 * connection may take from accept to close.  0, CB_ERR_UNSUPPORTED (the
 * class cannot serve), CB_ERR_ARG (bad address or class), CB_ERR_IO (socket,
 * bind, listen failed; errno kept), or the class's init error.
 * The caller ignores SIGPIPE: a peer that closes early must not end it.
 */
int cb_tls_serve_open(const cb_tls_class *cls, const char *host, int port, double timeout, cb_tls_server **out);
/* The port listened on (the one the system chose for port 0). */
int cb_tls_serve_port(const cb_tls_server *s);
/* The root certificate (PEM) a client trusts to verify the server; its length, 0 on failure. */
size_t cb_tls_serve_root_pem(const cb_tls_server *s, char *buf, size_t cap);
/*
 * Wait for one connection, serve it (one request, then close) and
 * describe it in ev.  Returns 1 when a connection was served (whatever
 * its outcome, in ev->status), 0 when *stop was set before one came,
 * a negative CB_ERR_* when accepting failed for good.  Bad input costs
 * only its connection; a connection lasts at most the timeout.
 */
int cb_tls_serve_next(cb_tls_server *s, volatile const int *stop, cb_tls_serve_event *ev);
void cb_tls_serve_close(cb_tls_server *s);

static inline const cb_tls_class *cb_as_tls(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_TLS) ? (const cb_tls_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
