/*
 * The public-key work of a TLS 1.3-like handshake, per algorithm choice
 * (cryptobench plan --handshakes, docs/PLAN.md): the client makes its key
 * share (keygen), the server encapsulates to it (a KEM) or makes its own
 * share and derives (a key agreement), the client decapsulates (or
 * derives), the server signs once and the client verifies once.  Every
 * figure is the run's; sizes are those the run recorded.
 */
#ifndef CB_REPORT_HANDSHAKE_H
#define CB_REPORT_HANDSHAKE_H

#include <stddef.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

/* One algorithm choice: a key exchange, a signature, and the choice it is set against. */
typedef struct cb_hs_combo {
	const char *name;     /* "x25519mlkem768+ecdsa-p256" */
	const char *kex;      /* a KEM or a key agreement */
	const char *sig;
	const char *baseline; /* the classical choice it replaces, or NULL */
	const char *tls;      /* the handshake class that measures it through a TLS stack (tls13-*), or NULL */
} cb_hs_combo;

/* The table of combinations (one place in the code): *n gets its length. */
const cb_hs_combo *cb_hs_combos(size_t *n);

/* One step of the handshake as measured. */
typedef struct cb_hs_step {
	char alg[CB_NAME_MAX], op[16], backend[32];
	int server;       /* 1: the server does it; 0: the client */
	double ns;        /* per operation on one core */
	unsigned threads; /* of the entry the figure comes from */
} cb_hs_step;

#define CB_HS_STEPS 7

typedef struct cb_hs_row {
	const cb_hs_combo *combo;
	int ok;          /* every step in the run; else why says which is missing */
	char why[160];
	size_t nsteps;
	cb_hs_step steps[CB_HS_STEPS];
	double server_ns, client_ns; /* per handshake on one core */
	double per_core;             /* server handshakes per second per core */
	/*
	 * 1: the server's signature step is the stack's own CertificateVerify
	 * (the TLS class's sign-cold on the backend asked for), not the
	 * signature class's sign; its key share (share-cold) in place of the
	 * key agreement's keygen and derive: that stack makes them otherwise
	 * (tls.h).
	 */
	int stack_sign, stack_share;
	double cores;                /* server cores for the target rate (rounded up) */
	long client_share, server_share, signature, wire; /* bytes; -1 not recorded */
	/*
	 * The signature's two-certificate chain (leaf + intermediate: two
	 * public keys as SPKI and two signatures), sent beside wire; -1 not
	 * recorded.
	 */
	long chain;
	const char *against;         /* the combination set against (NULL: none in the run) */
	double server_ratio, client_ratio; /* server (client) time over the against's */
	/*
	 * The same combination measured through a TLS stack (the combo's tls
	 * class, op "server" and "handshake"; backend as for the steps, else
	 * the stack whose server side is fastest per core): 0 / -1 when the
	 * run has none.  Measured whether or not the model's steps are there.
	 */
	int measured;
	char measured_backend[32];
	double measured_server_ns, measured_handshake_ns; /* per handshake on one core; 0 unknown */
	long measured_client_bytes, measured_server_bytes;
} cb_hs_row;

/*
 * The rows for every combination; a row is "ok" (the model) when its
 * steps are all in the run, "measured" when its TLS class is; (in table order), for rate handshakes
 * per second with headroom percent spare.  backend NULL: each operation's
 * fastest backend (per core); else only that backend.  against NULL: each
 * combination against its own baseline; else all against that combination
 * (by name).  The per-core figure of an operation is that of its entry
 * with the most threads (as plan --rate).  0, CB_ERR_NOMEM, or CB_ERR_ARG
 * for an against that is not a combination.  Free *rows with free().
 */
int cb_hs_plan(const cb_run *run, const char *backend, const char *against, double rate, double headroom,
	       cb_hs_row **rows, size_t *n);

#endif
