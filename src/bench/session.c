#include "bench/session.h"

#include <stdio.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>

#include "bench/cases.h"
#include "cryptobench/kat.h"
#include "cryptobench/registry.h"

int cb_op_random_cost(const cb_alg_info *alg, const char *op)
{
	if (op && !strcmp(op, "keygen") && !strncmp(alg->name, "rsa", 3))
		return CB_COST_RANDOM_MEDIAN;
	/* FIPS 204 signing repeats its rejection loop until a candidate passes (Algorithm 7, lines 10-32) */
	if (op && !strcmp(op, "sign") && !strncmp(alg->name, "mldsa", 5))
		return CB_COST_RANDOM_MEAN;
	return 0;
}

static void copy(char *dst, size_t cap, const char *src)
{
	snprintf(dst, cap, "%s", src ? src : "");
}

static void fill_identity(cb_result *r, const cb_plan_case *pc)
{
	const cb_alg_info *alg = pc->alg;
	copy(r->algorithm, sizeof(r->algorithm), alg->name);
	copy(r->kind, sizeof(r->kind), cb_kind_name(alg->kind));
	const cb_catalog_entry *facts = cb_alg_catalog(alg);
	copy(r->family, sizeof(r->family), facts->family);
	copy(r->backend, sizeof(r->backend), alg->backend);
	copy(r->implementation, sizeof(r->implementation), cb_alg_implementation(alg));
	cb_alg_describe(alg, r->description, sizeof(r->description));
	r->security_classical = facts->classical_bits;
	r->security_quantum = facts->quantum_bits;
	r->threads = pc->threads ? pc->threads : 1;
	r->pinned = r->threads > 1 && pc->pinned;
	copy(r->operation, sizeof(r->operation), pc->op ? pc->op : "-");
	r->message_bytes = pc->op ? pc->msg : 0;
}

/* One prepared case: a cb_case per worker thread. */
typedef struct prepared {
	cb_case **cases;
	void **states;
	unsigned n;
	size_t slot; /* index into the slots, or (size_t)-1 when not timed */
} prepared;

static cb_status status_of(int rc)
{
	return rc == CB_ERR_SELFCHECK ? CB_STATUS_FAILED_SELFCHECK
	       : rc == CB_ERR_UNSUPPORTED ? CB_STATUS_UNSUPPORTED
					  : CB_STATUS_ERROR;
}

/* Prepare every worker's case; on failure r says why.  0, or CB_ERR_NOMEM. */
static int prepare(const cb_plan_case *pc, const cb_opts *opts, prepared *p, cb_result *r)
{
	char err[CB_TEXT_MAX];
	size_t msg = pc->msg;
	int rc = 0;
	unsigned inside = cb_case_threads_inside(pc->alg->kind) ? r->threads : 1;
	p->n = inside > 1 ? 1 : r->threads;
	p->cases = calloc(p->n, sizeof(*p->cases));
	p->states = calloc(p->n, sizeof(*p->states));
	if (!p->cases || !p->states)
		return CB_ERR_NOMEM;
	for (unsigned t = 0; t < p->n; t++) {
		size_t mt = pc->msg;
		cb_sizes sz;
		err[0] = 0;
		rc = cb_case_prepare_mt(pc->alg, pc->op, &mt, opts, inside, &p->cases[t], &sz, err, sizeof(err));
		if (rc)
			break;
		p->states[t] = p->cases[t];
		if (t == 0) {
			r->sizes = sz;
			msg = mt;
		}
	}
	r->message_bytes = msg;
	if (rc) {
		r->status = status_of(rc);
		copy(r->error, sizeof(r->error), err);
		return 0;
	}
	if (msg && r->sizes.ciphertext > 0 &&
	    (pc->alg->kind == CB_KIND_PKE || pc->alg->kind == CB_KIND_CIPHER || pc->alg->kind == CB_KIND_ENVELOPE))
		r->expansion = (double)r->sizes.ciphertext / (double)msg;
	r->status = CB_STATUS_OK;
	return 0;
}

static void release(prepared *p)
{
	for (unsigned t = 0; p->cases && t < p->n; t++)
		cb_case_free(p->cases[t]);
	free(p->cases);
	free(p->states);
	p->cases = NULL;
	p->states = NULL;
}

static void from_slot(cb_result *r, const cb_slot *s)
{
	const cb_measurement *m = &s->m;
	if (m->error) {
		r->status = CB_STATUS_ERROR;
		if (m->error == CB_ERR_NOMEM)
			copy(r->error, sizeof(r->error), "out of memory while measuring");
		else
			snprintf(r->error, sizeof(r->error), "the operation failed while being timed: %s",
				 cb_strerror(m->error));
		return;
	}
	if (!m->samples) {
		r->status = CB_STATUS_ERROR;
		copy(r->error, sizeof(r->error), "not measured: the run was interrupted first");
		return;
	}
	r->samples = m->samples;
	r->batch = m->batch;
	r->total_ops = m->total_ops;
	r->seconds = m->seconds;
	r->ns = m->ns;
	r->ops_per_sec = m->ops_per_sec;
	r->bytes_per_sec = r->message_bytes ? (double)r->message_bytes * m->ops_per_sec : 0;
	r->cycles_per_op = m->cycles_median;
	r->precision = m->precision;
	r->noisy = m->noisy;
	copy(r->noise, sizeof(r->noise), m->noise);
	r->estimate_ns = s->estimate_ns;
	r->estimate_low = s->estimate_low;
	r->estimate_high = s->estimate_high;
	copy(r->method, sizeof(r->method), s->by_rounds ? "rounds" : s->by_mean ? "mean" : "samples");
	r->random_cost = s->random_cost;
	r->nrounds = s->nrounds;
	memcpy(r->rounds, s->rounds, sizeof(r->rounds));
	if (s->random_cost == CB_COST_RANDOM_MEAN)
		snprintf(r->notes, sizeof(r->notes),
			 "cost random by nature (the rejection loop): the mean over %zu signatures (%zu above 20x the "
			 "median left out as interrupted); median %.4g us, p5/p95/p99 %.4g/%.4g/%.4g us",
			 m->samples - s->mean_dropped, s->mean_dropped, m->ns.median / 1e3, m->ns.p5 / 1e3,
			 m->ns.p95 / 1e3, m->ns.p99 / 1e3);
	else if (s->random_cost)
		snprintf(r->notes, sizeof(r->notes),
			 "cost random by nature (the prime search): median and p5-p95 over %zu keys", m->samples);
	else if (r->threads > 1 && !strcmp(r->kind, "envelope"))
		snprintf(r->notes, sizeof(r->notes),
			 "%u chunk workers inside each %s, %.2f s in %zu rounds", r->threads, r->operation,
			 m->seconds, s->nrounds);
	else if (r->threads > 1)
		snprintf(r->notes, sizeof(r->notes),
			 "%u threads, %.2f s in %zu rounds: throughput is all threads' operations over wall time",
			 r->threads, m->seconds, s->nrounds);
}

/* A "VmHWM:" or "VmRSS:" line of /proc/self/status, in bytes; -1 when there is none (not Linux). */
static double proc_status_bytes(const char *key)
{
	char line[256];
	double v = -1;
	size_t kl = strlen(key);
	FILE *f = fopen("/proc/self/status", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, kl)) {
			unsigned long long kib;
			if (sscanf(line + kl, " %llu kB", &kib) == 1)
				v = (double)kib * 1024;
			break;
		}
	fclose(f);
	return v;
}

/* Reset the peak resident set to the current one (Linux 4.0+); 0 or -1. */
static int reset_peak_rss(void)
{
	FILE *f = fopen("/proc/self/clear_refs", "w");
	int r;
	if (!f)
		return -1;
	r = fputs("5", f) < 0;
	r |= fclose(f) != 0;
	return r ? -1 : 0;
}

/*
 * Heap use per call: one call to settle lazy set-up, then a few counted;
 * and the rise of the resident set over them.  The process's peak is kept
 * in *peak first (the reset forgets it).
 */
static void count_heap(const cb_session_opts *o, const prepared *p, cb_result *r, double *peak)
{
	unsigned calls = r->random_cost ? 1 : 4;
	uint64_t n = 0, bytes = 0;
	double before = -1, hwm;
	if (!o->alloc_begin || !o->alloc_end || p->n != 1 || r->status != CB_STATUS_OK)
		return;
	if (cb_case_run(p->cases[0]) != 0)
		return;
	if ((hwm = proc_status_bytes("VmHWM:")) > *peak)
		*peak = hwm;
	if (reset_peak_rss() == 0)
		before = proc_status_bytes("VmRSS:");
	o->alloc_begin();
	for (unsigned i = 0; i < calls; i++)
		if (cb_case_run(p->cases[0]) != 0)
			calls = 0;
	o->alloc_end(&n, &bytes);
	hwm = before >= 0 ? proc_status_bytes("VmHWM:") : -1;
	if (calls) {
		r->allocs_per_op = (double)n / calls;
		r->alloc_bytes_per_op = (double)bytes / calls;
		if (hwm >= 0)
			r->rss_growth_bytes = hwm > before ? hwm - before : 0;
	}
}

/* The process's peak resident set so far, at least *peak. */
static double peak_rss(double peak)
{
	struct rusage ru;
	double hwm = proc_status_bytes("VmHWM:");
	if (hwm > peak)
		peak = hwm;
	/* ru_maxrss (KiB) also counts threads that have ended; the VmHWM reset lowers it too. */
	if (getrusage(RUSAGE_SELF, &ru) == 0 && (double)ru.ru_maxrss * 1024 > peak)
		peak = (double)ru.ru_maxrss * 1024;
	return peak > 0 ? peak : 0;
}

static void compute_scaling(cb_result *res, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		cb_result *r = &res[i];
		if (r->threads <= 1 || r->status != CB_STATUS_OK)
			continue;
		for (size_t k = 0; k < n; k++) {
			const cb_result *b = &res[k];
			/* over the one-thread case (never pinned) */
			if (b->threads == 1 && b->status == CB_STATUS_OK && !strcmp(b->algorithm, r->algorithm) &&
			    !strcmp(b->backend, r->backend) && !strcmp(b->operation, r->operation) &&
			    b->message_bytes == r->message_bytes && b->ops_per_sec > 0) {
				r->scaling = r->ops_per_sec / ((double)r->threads * b->ops_per_sec);
				break;
			}
		}
	}
}

typedef struct round_progress {
	const cb_session_opts *o;
} round_progress;

static void on_round(void *arg, unsigned done, unsigned planned)
{
	const round_progress *rp = arg;
	if (rp->o->progress)
		rp->o->progress(rp->o->arg, "round", done, planned, NULL);
}

int cb_session_run(const cb_plan_case *plan, size_t n, const cb_session_opts *o, cb_run *run)
{
	prepared *prep = calloc(n ? n : 1, sizeof(*prep));
	cb_slot *slots = calloc(n ? n : 1, sizeof(*slots));
	size_t first = run->nresults, nslots = 0;
	const cb_alg_info *kat_alg = NULL;
	char kat_err[CB_TEXT_MAX - 40] = "";
	int kat_rc = CB_ERR_UNSUPPORTED, rc = 0;
	cb_rounds_opts ro = o->rounds;
	cb_rounds_info info;
	round_progress rp = {o};
	double peak = 0;

	if (!prep || !slots) {
		free(prep);
		free(slots);
		return CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		const cb_plan_case *pc = &plan[i];
		cb_result *r = cb_run_add(run);
		prep[i].slot = (size_t)-1;
		if (!r) {
			rc = CB_ERR_NOMEM;
			break;
		}
		cb_result_init(r);
		fill_identity(r, pc);
		if (o->progress)
			o->progress(o->arg, "prepare", i, n, pc);
		if (!pc->op) {
			r->status = CB_STATUS_UNAVAILABLE;
			copy(r->error, sizeof(r->error), cb_alg_unavailable(pc->alg));
			copy(r->kat, sizeof(r->kat), "none");
			continue;
		}
		/* Known answers once per algorithm (its cases are consecutive in a plan). */
		if (pc->alg != kat_alg) {
			kat_alg = pc->alg;
			kat_rc = cb_kat_run(kat_alg, &o->opts, kat_err, sizeof(kat_err));
		}
		if (kat_rc == CB_ERR_SELFCHECK && !o->time_failed_kat) {
			r->status = CB_STATUS_FAILED_SELFCHECK;
			snprintf(r->error, sizeof(r->error), "known-answer test failed: %s", kat_err);
			copy(r->kat, sizeof(r->kat), "fail");
			continue;
		}
		copy(r->kat, sizeof(r->kat), kat_rc == 0 ? "pass" : kat_rc == CB_ERR_SELFCHECK ? "fail" : "none");
		if (kat_rc == CB_ERR_SELFCHECK)
			snprintf(r->notes, sizeof(r->notes), "timed although its known-answer test failed: %s", kat_err);
		else if (kat_rc != 0 && kat_rc != CB_ERR_UNSUPPORTED)
			snprintf(r->notes, sizeof(r->notes), "known-answer test could not run: %s", kat_err);
		rc = prepare(pc, &o->opts, &prep[i], r);
		if (rc || r->status != CB_STATUS_OK)
			continue;
		prep[i].slot = nslots;
		slots[nslots++] = (cb_slot){.op = cb_case_run, .states = prep[i].states, .nthreads = prep[i].n,
					    .pinned = r->pinned, .random_cost = cb_op_random_cost(pc->alg, pc->op)};
	}
	ro.on_round = on_round;
	ro.arg = &rp;
	if (!rc && nslots)
		rc = cb_rounds_run(slots, nslots, &ro, &info);
	else
		memset(&info, 0, sizeof(info));
	for (size_t i = 0; i < n; i++) {
		if (!rc && prep[i].slot != (size_t)-1 && first + i < run->nresults) {
			char keep[CB_TEXT_MAX];
			cb_result *r = &run->results[first + i];
			copy(keep, sizeof(keep), r->notes);
			from_slot(r, &slots[prep[i].slot]);
			if (keep[0] && !r->notes[0])
				copy(r->notes, sizeof(r->notes), keep);
			if (!info.interrupted)
				count_heap(o, &prep[i], r, &peak);
		}
		release(&prep[i]);
	}
	if (!rc) {
		cb_context *c = &run->context;
		c->rounds = info.rounds;
		c->interleaved = info.interleaved;
		c->slice_seconds = info.slice_seconds;
		c->partial = info.interrupted;
		c->peak_rss_bytes = peak_rss(peak);
		copy(c->reference_workload, sizeof(c->reference_workload), info.reference_workload);
		c->reference_median_ns = info.reference_median_ns;
		c->reference_spread = info.reference_spread;
		c->nreference = info.nreference;
		memcpy(c->reference, info.reference, sizeof(c->reference));
		compute_scaling(run->results + first, run->nresults - first);
	}
	cb_case_cache_clear();
	free(prep);
	free(slots);
	return rc;
}
