/*
 * The runner: warm-up, batch calibration, sampling until the precision
 * target or the time budget, and multi-thread throughput.  It times
 * whatever operation it is given and knows nothing of cryptography.
 */
#ifndef CB_BENCH_RUNNER_H
#define CB_BENCH_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

typedef struct cb_runner_opts {
	double time_budget;      /* seconds of sampling per case; soft: min_samples wins */
	double min_time;         /* seconds of sampling at least */
	double precision;        /* stop when the median's 95% CI half-width is below this (relative) */
	double warmup;           /* seconds of untimed warm-up */
	size_t min_samples;
	size_t max_samples;
	double sample_target_ns; /* a batch lasts at least this long */
	double noise_mad;        /* flag as noisy when MAD/median exceeds this */
} cb_runner_opts;

/* The defaults: budget 1 s, precision 1%, warm-up 0.1 s, 20 samples minimum, batches of >= 50 us. */
void cb_runner_defaults(cb_runner_opts *o);

typedef struct cb_measurement {
	cb_summary ns;        /* ns per operation, over samples */
	double cycles_median; /* ticks per operation, median; 0 when the counter is not usable */
	size_t samples;
	uint64_t batch;       /* operations per sample (per thread) */
	uint64_t total_ops;
	double seconds;       /* wall time of the timed phase */
	double ops_per_sec;   /* single thread: 1e9/median; threads: total_ops/seconds */
	double precision;     /* achieved */
	int error;            /* first failing operation's code, 0 if none */
	int noisy;
	char noise[CB_TEXT_MAX];
} cb_measurement;

typedef int (*cb_op_fn)(void *state);

/*
 * Measure op over nthreads workers, worker i calling op(states[i]).  One
 * thread: sample until the precision target (after min_time) or the budget.
 * Several: all start on a barrier and run for the time budget; throughput
 * is total operations over wall time.  Returns 0, or CB_ERR_NOMEM; an
 * operation's failure is reported in m->error.
 */
int cb_measure(cb_op_fn op, void **states, unsigned nthreads, const cb_runner_opts *o, cb_measurement *m);

/* The harness's own cost per operation: an empty operation measured like any other. */
double cb_runner_overhead_ns(const cb_runner_opts *o);

#endif
