/*
 * The TLS handshake class: one full TLS 1.3 handshake through a real TLS
 * stack (the backend), measured by `run` as the other classes are
 * (docs/TLS.md).  A class is one (key exchange group, certificate chain)
 * pair, named without the library: "tls13-GROUP-CERT"
 * (tls13-x25519-ecdsa-p256).  Its server holds a two-certificate chain
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
	 * is one HMAC).  0, or CB_ERR_BACKEND.
	 */
	int (*server)(cb_tls *t);
	void (*free)(cb_tls *t);
} cb_tls_class;

static inline const cb_tls_class *cb_as_tls(const cb_alg_info *a)
{
	return (a && a->kind == CB_KIND_TLS) ? (const cb_tls_class *)(const void *)a : NULL;
}

#ifdef __cplusplus
}
#endif
#endif
