#include "bench/runner.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/stats.h"
#include "bench/timer.h"

void cb_runner_defaults(cb_runner_opts *o)
{
	o->time_budget = 1.0;
	o->min_time = 0.05;
	o->precision = 0.01;
	o->warmup = 0.1;
	o->min_samples = 20;
	o->max_samples = 200000;
	o->sample_target_ns = 50000;
	o->noise_mad = 0.05;
}

/* Run op until `seconds` have passed (at least once); returns ns per op, or < 0 on error. */
static double warm(cb_op_fn op, void *st, double seconds, int *err)
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

static uint64_t batch_for(double ns_per_op, const cb_runner_opts *o)
{
	double res = cb_timer_resolution_ns();
	double target = o->sample_target_ns > 1000 * res ? o->sample_target_ns : 1000 * res;
	if (ns_per_op <= 0)
		ns_per_op = 1;
	double b = ceil(target / ns_per_op);
	return b < 1 ? 1 : (uint64_t)b;
}

static void flag_noise(cb_measurement *m, const cb_runner_opts *o, int reached)
{
	double mad = m->ns.median > 0 ? m->ns.mad / m->ns.median : 0;
	double outl = m->ns.n ? (double)m->ns.outliers / (double)m->ns.n : 0;
	if (!reached) {
		m->noisy = 1;
		snprintf(m->noise, sizeof(m->noise), "95%% CI +-%.1f%% did not reach the %.1f%% target in %.1f s",
			 100 * m->precision, 100 * o->precision, m->seconds);
	} else if (mad > o->noise_mad) {
		m->noisy = 1;
		snprintf(m->noise, sizeof(m->noise), "spread (MAD) is %.1f%% of the median", 100 * mad);
	} else if (outl > 0.25) {
		/* A few slow samples are normal on a shared machine; a quarter is not. */
		m->noisy = 1;
		snprintf(m->noise, sizeof(m->noise), "%.0f%% of samples are outliers", 100 * outl);
	}
}

static int measure_one(cb_op_fn op, void *st, const cb_runner_opts *o, cb_measurement *m)
{
	const cb_tick_info *ti = cb_tick_info_get();
	size_t cap = o->max_samples, n = 0, next_check;
	double *ns = malloc(cap * sizeof(*ns)), *cyc = malloc(cap * sizeof(*cyc)), *scratch = malloc(cap * sizeof(*scratch));
	double per_op, budget = o->time_budget * 1e9, min_time = o->min_time * 1e9;
	uint64_t batch, start, elapsed = 0;
	int reached = 0;

	if (!ns || !cyc || !scratch) {
		free(ns);
		free(cyc);
		free(scratch);
		return CB_ERR_NOMEM;
	}
	per_op = warm(op, st, o->warmup, &m->error);
	if (per_op < 0)
		goto out;
	batch = batch_for(per_op, o);
	m->batch = batch;
	next_check = o->min_samples;
	start = cb_now_ns();
	while (n < cap) {
		uint64_t t0 = cb_now_ns(), c0 = cb_ticks();
		for (uint64_t i = 0; i < batch; i++) {
			int r = op(st);
			if (r) {
				m->error = r;
				goto out;
			}
		}
		uint64_t c1 = cb_ticks(), t1 = cb_now_ns();
		ns[n] = (double)(t1 - t0) / (double)batch;
		cyc[n] = (double)(c1 - c0) / (double)batch;
		n++;
		m->total_ops += batch;
		elapsed = t1 - start;
		if (n >= o->min_samples && (double)elapsed >= budget)
			break;
		/* A very slow operation: do not let min_samples run away with the clock. */
		if ((double)elapsed >= 5 * budget && n >= 3)
			break;
		if (n >= next_check && (double)elapsed >= min_time) {
			cb_summary s;
			memcpy(scratch, ns, n * sizeof(*ns));
			cb_stats_summarize(scratch, n, &s);
			if (cb_stats_precision(&s) <= o->precision) {
				reached = 1;
				break;
			}
			next_check = n + n / 8 + 1;
		}
	}
out:
	m->samples = n;
	m->seconds = (double)elapsed / 1e9;
	if (n) {
		cb_stats_summarize(ns, n, &m->ns);
		m->precision = cb_stats_precision(&m->ns);
		reached = reached || m->precision <= o->precision;
		m->ops_per_sec = m->ns.median > 0 ? 1e9 / m->ns.median : 0;
		m->cycles_median = ti->invariant ? cb_stats_median(cyc, n) : 0;
		flag_noise(m, o, reached);
	}
	free(ns);
	free(cyc);
	free(scratch);
	return 0;
}

/* ---- several threads ---- */

/* A start gate: workers warm up, report ready, then all start together. */
typedef struct gate {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned ready;
	int go;
} gate;

typedef struct worker {
	pthread_t thread;
	cb_op_fn op;
	void *state;
	const cb_runner_opts *o;
	gate *g;
	volatile const int *stop;
	double *ns, *cyc;
	size_t cap, n;
	uint64_t batch, ops, end;
	int error;
} worker;

static void *work(void *arg)
{
	worker *w = arg;
	double per_op = warm(w->op, w->state, w->o->warmup, &w->error);
	w->batch = per_op < 0 ? 1 : batch_for(per_op, w->o);
	pthread_mutex_lock(&w->g->mu);
	w->g->ready++;
	pthread_cond_broadcast(&w->g->cv);
	while (!w->g->go)
		pthread_cond_wait(&w->g->cv, &w->g->mu);
	pthread_mutex_unlock(&w->g->mu);
	while (!w->error && !__atomic_load_n(w->stop, __ATOMIC_RELAXED)) {
		uint64_t t0 = cb_now_ns(), c0 = cb_ticks();
		for (uint64_t i = 0; i < w->batch; i++) {
			int r = w->op(w->state);
			if (r) {
				w->error = r;
				break;
			}
		}
		uint64_t c1 = cb_ticks(), t1 = cb_now_ns();
		if (w->error)
			break;
		w->ops += w->batch;
		if (w->n < w->cap) {
			w->ns[w->n] = (double)(t1 - t0) / (double)w->batch;
			w->cyc[w->n] = (double)(c1 - c0) / (double)w->batch;
			w->n++;
		}
	}
	w->end = cb_now_ns();
	return NULL;
}

static int measure_threads(cb_op_fn op, void **states, unsigned nt, const cb_runner_opts *o, cb_measurement *m)
{
	const cb_tick_info *ti = cb_tick_info_get();
	gate g = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
	worker *w = calloc(nt, sizeof(*w));
	size_t cap = o->max_samples / nt + 1, total = 0;
	int stop = 0, rc = 0;
	unsigned started = 0;
	uint64_t start, end = 0;
	double *all_ns = NULL, *all_cyc = NULL;

	if (!w)
		return CB_ERR_NOMEM;
	for (unsigned i = 0; i < nt; i++) {
		w[i] = (worker){.op = op, .state = states[i], .o = o, .g = &g, .stop = &stop, .cap = cap};
		w[i].ns = malloc(cap * sizeof(double));
		w[i].cyc = malloc(cap * sizeof(double));
		if (!w[i].ns || !w[i].cyc) {
			rc = CB_ERR_NOMEM;
			break;
		}
	}
	if (rc) {
		for (unsigned i = 0; i < nt; i++) {
			free(w[i].ns);
			free(w[i].cyc);
		}
		free(w);
		return rc;
	}
	for (started = 0; started < nt; started++)
		if (pthread_create(&w[started].thread, NULL, work, &w[started]) != 0)
			break;
	if (started < nt) {
		/* Could not start them all: release the ones waiting and give up. */
		__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
		rc = CB_ERR_NOMEM;
	}
	pthread_mutex_lock(&g.mu);
	while (!rc && g.ready < started)
		pthread_cond_wait(&g.cv, &g.mu);
	start = cb_now_ns();
	g.go = 1;
	pthread_cond_broadcast(&g.cv);
	pthread_mutex_unlock(&g.mu);
	if (!rc) {
		while ((double)(cb_now_ns() - start) < o->time_budget * 1e9) {
			struct timespec ts = {0, 2000000};
			nanosleep(&ts, NULL);
		}
		__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
		for (unsigned i = 0; i < nt; i++) {
			pthread_join(w[i].thread, NULL);
			if (w[i].end > end)
				end = w[i].end;
			m->total_ops += w[i].ops;
			total += w[i].n;
			if (!m->error)
				m->error = w[i].error;
			if (w[i].batch > m->batch)
				m->batch = w[i].batch;
		}
		m->seconds = (double)(end - start) / 1e9;
		m->ops_per_sec = m->seconds > 0 ? (double)m->total_ops / m->seconds : 0;
		all_ns = malloc((total ? total : 1) * sizeof(double));
		all_cyc = malloc((total ? total : 1) * sizeof(double));
		if (all_ns && all_cyc) {
			size_t k = 0;
			for (unsigned i = 0; i < nt; i++) {
				memcpy(all_ns + k, w[i].ns, w[i].n * sizeof(double));
				memcpy(all_cyc + k, w[i].cyc, w[i].n * sizeof(double));
				k += w[i].n;
			}
			m->samples = total;
			cb_stats_summarize(all_ns, total, &m->ns);
			m->precision = cb_stats_precision(&m->ns);
			m->cycles_median = ti->invariant && total ? cb_stats_median(all_cyc, total) : 0;
			flag_noise(m, o, 1);
		} else {
			rc = CB_ERR_NOMEM;
		}
	} else {
		for (unsigned i = 0; i < started; i++)
			pthread_join(w[i].thread, NULL);
	}
	for (unsigned i = 0; i < nt; i++) {
		free(w[i].ns);
		free(w[i].cyc);
	}
	free(all_ns);
	free(all_cyc);
	free(w);
	return rc;
}

int cb_measure(cb_op_fn op, void **states, unsigned nthreads, const cb_runner_opts *o, cb_measurement *m)
{
	memset(m, 0, sizeof(*m));
	if (nthreads <= 1)
		return measure_one(op, states[0], o, m);
	return measure_threads(op, states, nthreads, o, m);
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
