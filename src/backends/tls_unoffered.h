/*
 * A handshake class that a TLS stack does not offer (a group or a
 * signature scheme it lacks), listed under the stack's name so that `run`
 * and `list` say so in one line with the reason, rather than leave the
 * stack out without a word (docs/TLS.md).  Its methods are never called:
 * cb_alg_unavailable says why.
 */
#ifndef CB_BACKENDS_TLS_UNOFFERED_H
#define CB_BACKENDS_TLS_UNOFFERED_H

#include "backends/notbuilt.h"
#include "cryptobench/tls.h"

/* sym_: the class; name_: tls13-GROUP-CERT; why_: what the stack lacks, one line. */
#define CB_TLS_UNOFFERED(sym_, name_, backend_, implementation_, why_)                                    \
	static const char *sym_##_why(void)                                                               \
	{                                                                                                 \
		return why_;                                                                              \
	}                                                                                                 \
	static const cb_tls_class sym_ = {                                                                \
		{.kind = CB_KIND_TLS, .name = (name_), .backend = (backend_), .unavailable = sym_##_why, \
		 .implementation = (implementation_)},                                                   \
		cb_nb_tls_init, cb_nb_tls_handshake, cb_nb_tls_server, cb_nb_tls_free, NULL, NULL, NULL, NULL}

#endif
