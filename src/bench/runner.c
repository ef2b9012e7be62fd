#include "bench/runner.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/rounds.h"
#include "bench/stats.h"
#include "bench/timer.h"

void cb_runner_defaults(cb_runner_opts *o)
{
	o->time_budget = 1.0;
	o->min_time = 0.05;
	o->precision = 0.01;
	o->warmup = 0.05;
	o->min_samples = 20;
	o->max_samples = 200000;
	o->sample_target_ns = 50000;
}

double cb_runner_warm(cb_op_fn op, void *st, double seconds, int *err)
{
	uint64_t t0 = cb_now_ns(), t, n = 0;
	double limit = seconds * 1e9;
	do {
		int r = op(st);
		if (r) {
			*err = r;
			return -1;
		}
		n++;
		t = cb_now_ns();
	} while ((double)(t - t0) < limit);
	return (double)(t - t0) / (double)n;
}

uint64_t cb_runner_batch(double ns_per_op, const cb_runner_opts *o)
{
	double res = cb_timer_resolution_ns();
	double target = o->sample_target_ns > 1000 * res ? o->sample_target_ns : 1000 * res;
	if (ns_per_op <= 0)
		ns_per_op = 1;
	double b = ceil(target / ns_per_op);
	return b < 1 ? 1 : (uint64_t)b;
}

int cb_measure(cb_op_fn op, void **states, unsigned nthreads, const cb_runner_opts *o, cb_measurement *m)
{
	cb_slot s = {.op = op, .states = states, .nthreads = nthreads ? nthreads : 1};
	cb_rounds_opts ro;
	cb_rounds_info info;
	int rc;
	cb_rounds_defaults(&ro);
	ro.r = *o;
	rc = cb_rounds_run(&s, 1, &ro, &info);
	*m = s.m;
	return rc;
}

static int empty_op(void *st)
{
	cb_do_not_optimize(st);
	return 0;
}

double cb_runner_overhead_ns(const cb_runner_opts *o)
{
	cb_measurement m;
	cb_runner_opts q = *o;
	int dummy = 0;
	void *st = &dummy;
	q.time_budget = q.time_budget < 0.2 ? q.time_budget : 0.2;
	if (cb_measure(empty_op, &st, 1, &q, &m) != 0)
		return 0;
	return m.ns.median;
}
