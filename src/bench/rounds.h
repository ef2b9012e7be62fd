/*
 * Rounds: the cases of a run measured side by side.  After an untimed
 * warm-up of each case, the run goes in rounds; in each round every case
 * gets one short timed slice, in a fresh random order, and a fixed
 * reference workload gets one too.  A drift of the machine then reaches
 * every case alike, so the spread of the round values measures it, and two
 * cases' per-round ratios cancel it (docs/MEASUREMENT.md).
 *
 * It times whatever operations it is given and knows nothing of
 * cryptography; it never prints.
 */
#ifndef CB_BENCH_ROUNDS_H
#define CB_BENCH_ROUNDS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/runner.h"
#include "cryptobench/result.h"

typedef struct cb_slot_priv cb_slot_priv;

typedef struct cb_slot {
	/* in */
	cb_op_fn op;
	void **states; /* one per thread, states[i] for worker i */
	unsigned nthreads;
	/*
	 * nthreads > 1: worker i is pinned to the i-th CPU of the process's
	 * affinity set (round robin when there are more workers than CPUs);
	 * 0: the scheduler places the workers.
	 */
	int pinned;
	int random_cost; /* each call's cost is a random draw (RSA keygen 1, ML-DSA sign 2: cb_op_random_cost) */

	/* out: m summarises the samples; estimate_* come from the rounds */
	cb_measurement m;
	double estimate_ns, estimate_low, estimate_high;
	int by_rounds; /* 1: estimate over round values; 0: over samples (random cost) */
	int by_mean;   /* 1: the estimate is the samples' mean (random_cost 2) */
	size_t mean_dropped; /* by_mean: calls above 20x the median (interrupted), left out of the mean */
	size_t nrounds;
	double rounds[CB_ROUNDS_MAX]; /* ns per operation per round; NaN: no slice that round */

	cb_slot_priv *priv;
} cb_slot;

typedef struct cb_rounds_opts {
	cb_runner_opts r;    /* time_budget: timed seconds per case; precision, warm-up, ... */
	unsigned rounds;     /* 0: cb_rounds_auto(r.time_budget) */
	int interleave;      /* 0: each case runs all its rounds in turn (the old order) */
	uint64_t seed;       /* of the order of the rounds; 0: a fresh one */
	const volatile sig_atomic_t *stop; /* when it becomes non-zero (a signal handler), stop after the current slice */
	/* Called after each round (may be NULL). */
	void (*on_round)(void *arg, unsigned done, unsigned planned);
	/* Called before each slice, with the slot index; n for the reference (may be NULL). */
	void (*on_slice)(void *arg, unsigned round, size_t slot);
	void *arg;
} cb_rounds_opts;

typedef struct cb_rounds_info {
	unsigned rounds;      /* rounds run */
	double slice_seconds; /* timed slice per case and round */
	int interleaved;
	int interrupted;      /* *stop ended the run early */
	/* The reference workload's ns per call, per round; its median and (p90 - p10) / median. */
	const char *reference_workload;
	size_t nreference;
	double reference[CB_ROUNDS_MAX];
	double reference_median_ns, reference_spread;
} cb_rounds_info;

/* Set the defaults: cb_runner_defaults, rounds from the budget, interleaved. */
void cb_rounds_defaults(cb_rounds_opts *o);

/* The rounds for a budget: slices of about 2 ms, at least 6 and at most CB_ROUNDS_MAX. */
unsigned cb_rounds_auto(double time_budget);

/*
 * Measure slots[0..n) in rounds.  A case stops taking part once its
 * interval is within the precision target (after 6 rounds, a quarter of
 * the planned ones and min_time),
 * or when it has had twice its budget (calls longer than the slice); the
 * run stops after the planned rounds, when no case takes part, or on
 * *stop.  Random-cost cases then get extra slices up to min_samples calls
 * (within 5 budgets).  Returns 0 or CB_ERR_NOMEM; an
 * operation's failure is reported in that slot's m.error, and the slot
 * takes no part in later rounds.
 */
int cb_rounds_run(cb_slot *slots, size_t n, const cb_rounds_opts *o, cb_rounds_info *info);

#endif
