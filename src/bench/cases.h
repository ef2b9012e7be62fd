/*
 * A case: one operation of one algorithm on one message size, prepared
 * (keys made, inputs ready, outputs allocated) and self-checked before it
 * is timed.  Each worker thread prepares its own case.
 */
#ifndef CB_BENCH_CASES_H
#define CB_BENCH_CASES_H

#include <stddef.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

typedef struct cb_case cb_case;

/* The operations of a kind, NULL-terminated: {"keygen", "sign", "verify", NULL}. */
const char *const *cb_kind_ops(cb_kind kind);

/*
 * 1 for the operations a run measures when --ops names none; 0 for the
 * "-cold" variants (sign-cold, verify-cold, encrypt-cold, decrypt-cold:
 * the key parsed from its standard encoding and a fresh context on every
 * call), which run only when named.
 */
int cb_op_is_default(const char *op);

/* 1 when the operation's cost depends on a message size (cipher, hash, sign, pke encrypt...). */
int cb_op_takes_message(cb_kind kind, const char *op);

/* Default message size when the user gives none: 32 bytes for pke/sig, 16 KiB for cipher/hash. */
size_t cb_default_message(cb_kind kind);

/*
 * Prepare a case and self-check it.  Returns:
 *   0                    ready; *out set; sizes filled from real outputs
 *   CB_ERR_SELFCHECK     the round trip failed (why in err)
 *   CB_ERR_UNSUPPORTED   this op/size does not apply (why in err)
 *   other CB_ERR_*       an operation failed (why in err)
 * *msg_bytes is the message size used (it may differ: raw RSA needs k bytes).
 */
int cb_case_prepare(const cb_alg_info *alg, const char *op, size_t *msg_bytes, const cb_opts *opts,
		    cb_case **out, cb_sizes *sizes, char *err, size_t errlen);

/* The timed operation: one call does one operation.  0 on success. */
int cb_case_run(void *c);

void cb_case_free(cb_case *c);

#endif
