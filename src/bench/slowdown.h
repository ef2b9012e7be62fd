/*
 * A test-only knob: CRYPTOBENCH_TEST_SLOWDOWN=ALG[@BACKEND]:OP=PCT makes
 * that case PCT percent slower, by spinning after each call for PCT% of the
 * call's own time.  It exists to check that compare finds a change of a
 * known size (scripts/validate-compare.sh, docs/VALIDATION.md); a result
 * so slowed says so in its notes.  Unset, it costs nothing.
 */
#ifndef CB_BENCH_SLOWDOWN_H
#define CB_BENCH_SLOWDOWN_H

#include "bench/rounds.h"
#include "cryptobench/common.h"

typedef struct cb_slowed {
	cb_op_fn op;
	void *st;
	double share; /* 0.10 for 10% */
} cb_slowed;

/* The share the knob asks for this case (alg, backend, op), 0 when none. */
double cb_test_slowdown(const cb_alg_info *alg, const char *op);

/* The op of a slowed case: calls s->op(s->st), then spins for share times its duration. */
int cb_slowed_op(void *slowed);

#endif
