/*
 * The runner's parts: options, warm-up and batch calibration, and one
 * operation measured alone.  The rounds that put cases side by side are in
 * rounds.h.  It times
 * whatever operation it is given and knows nothing of cryptography.
 */
#ifndef CB_BENCH_RUNNER_H
#define CB_BENCH_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

typedef struct cb_runner_opts {
	double time_budget;      /* timed seconds per case, over all its rounds */
	double min_time;         /* seconds of sampling at least */
	double precision;        /* stop once every case's 95% CI half-width is below this (relative) */
	double warmup;           /* seconds of untimed warm-up */
	size_t min_samples;      /* random-cost operations: calls at least (within 5 budgets) */
	size_t max_samples;
	double sample_target_ns; /* a batch lasts at least this long */
} cb_runner_opts;

/* The defaults: budget 1 s, precision 1%, warm-up 0.05 s, 20 random-cost calls, batches of >= 50 us. */
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
 * Measure one operation alone: op over nthreads workers, worker i calling
 * op(states[i]), in rounds (rounds.h) with the default schedule.  Returns
 * 0, or CB_ERR_NOMEM; an operation's failure is reported in m->error.
 * A run of several cases uses cb_rounds_run, which puts them side by side.
 */
int cb_measure(cb_op_fn op, void **states, unsigned nthreads, const cb_runner_opts *o, cb_measurement *m);

/* Run op until `seconds` have passed (at least once): ns per op, or < 0 with *err set. */
double cb_runner_warm(cb_op_fn op, void *st, double seconds, int *err);
/* Operations per sample so that one lasts at least sample_target_ns and 1000 timer ticks. */
uint64_t cb_runner_batch(double ns_per_op, const cb_runner_opts *o);

/* The harness's own cost per operation: an empty operation measured like any other. */
double cb_runner_overhead_ns(const cb_runner_opts *o);

#endif
