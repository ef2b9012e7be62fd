/*
 * A handshake class that a TLS stack does not offer (a group or a
 * signature scheme it lacks), listed under the stack's name so that `run`
 * and `list` say so in one line with the reason, rather than leave the
 * stack out without a word (docs/TLS.md).  Its methods are never called:
 * cb_alg_unavailable says why.
 */
#ifndef CB_BACKENDS_TLS_UNOFFERED_H
#define CB_BACKENDS_TLS_UNOFFERED_H

#include "cryptobench/tls.h"

static inline int cb_tls_unoffered_init(const cb_tls_class *cls, cb_tls **out)
{
	(void)cls;
	*out = NULL;
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_tls_unoffered_handshake(cb_tls *t, cb_tls_wire *wire, cb_tls_params *params)
{
	(void)t, (void)wire, (void)params;
	return CB_ERR_UNSUPPORTED;
}

static inline int cb_tls_unoffered_server(cb_tls *t)
{
	(void)t;
	return CB_ERR_UNSUPPORTED;
}

static inline void cb_tls_unoffered_free(cb_tls *t)
{
	(void)t;
}

/* sym_: the class; name_: tls13-GROUP-CERT; why_: what the stack lacks, one line. */
#define CB_TLS_UNOFFERED(sym_, name_, backend_, implementation_, why_)                                    \
	static const char *sym_##_why(void)                                                               \
	{                                                                                                 \
		return why_;                                                                              \
	}                                                                                                 \
	static const cb_tls_class sym_ = {                                                                \
		{.kind = CB_KIND_TLS, .name = (name_), .backend = (backend_), .unavailable = sym_##_why, \
		 .implementation = (implementation_)},                                                   \
		cb_tls_unoffered_init, cb_tls_unoffered_handshake, cb_tls_unoffered_server,               \
		cb_tls_unoffered_free, NULL, NULL}

#endif
