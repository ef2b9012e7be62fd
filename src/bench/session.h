/*
 * A benchmark run as the library does it, for the CLI and for any program
 * linking the library: known answers once per algorithm, every case
 * prepared and self-checked, then all of them measured side by side in
 * rounds (rounds.h), and one result per planned case.  Never prints.
 */
#ifndef CB_BENCH_SESSION_H
#define CB_BENCH_SESSION_H

#include <stddef.h>

#include "bench/rounds.h"
#include "cryptobench/common.h"
#include "cryptobench/result.h"

typedef struct cb_plan_case {
	const cb_alg_info *alg;
	const char *op; /* NULL: the algorithm is unavailable here (reported, not timed) */
	size_t msg;
	unsigned threads;
	int pinned; /* threads > 1: worker i runs on the i-th CPU the process may use (cb_slot.pinned) */
} cb_plan_case;

typedef struct cb_session_opts {
	cb_rounds_opts rounds; /* its on_round and arg are the session's own */
	cb_opts opts;
	/*
	 * Progress (may be NULL): phase "prepare" before case done+1 of total
	 * (pc is that case), "round" after round done of total (pc NULL).
	 */
	void (*progress)(void *arg, const char *phase, size_t done, size_t total, const cb_plan_case *pc);
	void *arg;
	/*
	 * Heap counting (both NULL: not measured).  alloc_begin() starts
	 * counting the calling thread's allocations, alloc_end() stops and
	 * gives the calls and bytes requested since.  The library has no
	 * allocator of its own to count with: a program supplies them (the
	 * CLI interposes malloc, src/cli/alloc_count.c).  Each single-thread
	 * case then gets allocs_per_op and alloc_bytes_per_op, from untimed
	 * calls after the timing.
	 */
	void (*alloc_begin)(void);
	void (*alloc_end)(uint64_t *calls, uint64_t *bytes);
	/*
	 * 0: an implementation that fails its known answers is reported and
	 * not timed.  1: it is still prepared, self-checked and timed; its
	 * results keep kat "fail" and the failure in their notes.
	 */
	int time_failed_kat;
} cb_session_opts;

/*
 * Whether an operation's cost is random by nature, and which figure stands
 * for it (docs/MEASUREMENT.md, "Variable-time operations"): 0 no;
 * CB_COST_RANDOM_MEDIAN for RSA key generation (the prime search: the
 * median key, as before); CB_COST_RANDOM_MEAN for ML-DSA signing (its
 * rejection loop: the mean, what a server signing all day pays).  Either
 * way one call per sample, the spread reported and not called noise.
 */
enum { CB_COST_RANDOM_MEDIAN = 1, CB_COST_RANDOM_MEAN = 2 };
int cb_op_random_cost(const cb_alg_info *alg, const char *op);

/*
 * Measure plan[0..n) and append one result per case to run, in plan
 * order, with the schedule recorded in run->context (rounds, slice,
 * reference workload; partial when *o->rounds.stop ended it).  A case that
 * fails its self-check is reported and not timed; one whose implementation
 * fails its known answers too, unless o->time_failed_kat.
 * Returns 0, or CB_ERR_NOMEM (run then holds the results so far).
 */
int cb_session_run(const cb_plan_case *plan, size_t n, const cb_session_opts *o, cb_run *run);

#endif
