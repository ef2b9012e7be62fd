#include "cryptobench/compare.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result/stats.h"
#include "cryptobench/common.h"

const char *cb_verdict_name(cb_verdict v)
{
	switch (v) {
	case CB_SAME: return "~";
	case CB_FASTER: return "faster";
	case CB_SLOWER: return "slower";
	case CB_ONLY_OLD: return "only in old";
	case CB_ONLY_NEW: return "only in new";
	case CB_NOT_MEASURED: return "not measured";
	case CB_INCONCLUSIVE: return "inconclusive";
	}
	return "?";
}

/* Order of cases: one case is the same algorithm, backend, operation, size, threads and pinning. */
static int case_cmp(const cb_result *a, const cb_result *b)
{
	int c = strcmp(a->algorithm, b->algorithm);
	if (!c)
		c = strcmp(a->backend, b->backend);
	if (!c)
		c = strcmp(a->operation, b->operation);
	if (!c)
		c = (a->message_bytes > b->message_bytes) - (a->message_bytes < b->message_bytes);
	if (!c)
		c = (a->threads > b->threads) - (a->threads < b->threads);
	if (!c)
		c = (a->pinned > b->pinned) - (a->pinned < b->pinned);
	return c;
}

static int sort_cmp(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	int c = case_cmp(a, b);
	return c ? c : (a > b) - (a < b);
}

/* The run's results sorted by case (malloc'd); NULL when out of memory. */
static const cb_result **sorted(const cb_run *run)
{
	const cb_result **v = malloc((run->nresults ? run->nresults : 1) * sizeof(*v));
	if (!v)
		return NULL;
	for (size_t i = 0; i < run->nresults; i++)
		v[i] = &run->results[i];
	qsort(v, run->nresults, sizeof(*v), sort_cmp);
	return v;
}

/* The first entry of the run (in its order) of r's case, in v sorted by sorted(); NULL if none. */
static const cb_result *find_case(const cb_result *const *v, size_t n, const cb_result *r)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (case_cmp(v[mid], r) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && case_cmp(v[lo], r) == 0 ? v[lo] : NULL;
}

static double est(const cb_result *r, double *lo, double *hi)
{
	if (r->estimate_ns > 0) {
		*lo = r->estimate_low;
		*hi = r->estimate_high;
		return r->estimate_ns;
	}
	*lo = r->ns.ci95_low;
	*hi = r->ns.ci95_high;
	return r->ns.median > 0 ? r->ns.median : r->ops_per_sec > 0 ? 1e9 / r->ops_per_sec : 0;
}

/* Standard error of log(x) from a 95% interval [lo, hi] around it. */
static double log_se(double lo, double hi)
{
	return lo > 0 && hi >= lo ? (log(hi) - log(lo)) / (2 * 1.959964) : 0;
}

static void machine_factor(const cb_run *old_run, const cb_run *new_run, const cb_compare_opts *o,
			   cb_machine_change *mc)
{
	const cb_context *a = &old_run->context, *b = &new_run->context;
	cb_interval ia, ib;
	memset(mc, 0, sizeof(*mc));
	mc->factor = 1;
	mc->same_cpu = !strcmp(a->cpu_model, b->cpu_model);
	/* p10-p90 of a normal distribution spans 2.563 standard deviations. */
	mc->instability = sqrt(pow(a->reference_spread / 2.563, 2) + pow(b->reference_spread / 2.563, 2));
	if (!o->normalize || !mc->same_cpu || a->reference_median_ns <= 0 || b->reference_median_ns <= 0 ||
	    strcmp(a->reference_workload, b->reference_workload) != 0)
		return;
	if (cb_stats_round_interval(a->reference, a->nreference, &ia) != 0 ||
	    cb_stats_round_interval(b->reference, b->nreference, &ib) != 0 || !ia.n || !ib.n)
		return;
	mc->used = 1;
	mc->factor = ib.value / ia.value;
	mc->se = sqrt(pow(log_se(ia.low, ia.high), 2) + pow(log_se(ib.low, ib.high), 2));
}

/* Append one reason to mc->why. */
static void why(cb_machine_change *mc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void why(cb_machine_change *mc, const char *fmt, ...)
{
	size_t o = strlen(mc->why);
	va_list ap;
	if (o && o + 2 < sizeof(mc->why)) {
		memcpy(mc->why + o, "; ", 3);
		o += 2;
	}
	if (o + 1 >= sizeof(mc->why))
		return;
	va_start(ap, fmt);
	vsnprintf(mc->why + o, sizeof(mc->why) - o, fmt, ap);
	va_end(ap);
}

/* Whether the machine was in another state in the new run than in the old, and how far that reaches. */
static void machine_state(const cb_run *old_run, const cb_run *new_run, const cb_compare_opts *o,
			  cb_machine_change *mc)
{
	const cb_context *a = &old_run->context, *b = &new_run->context;
	const char *sa = strchr(a->lockstep, '/'), *sb = strchr(b->lockstep, '/');
	double bound = 0;
	cb_context_load(a, &mc->load_old);
	cb_context_load(b, &mc->load_new);
	if (sa && sb && sa - a->lockstep == sb - b->lockstep && !strncmp(a->lockstep, b->lockstep, (size_t)(sa - a->lockstep)) &&
	    strcmp(sa, sb) != 0 && mc->same_cpu) {
		mc->lockstep = 1;
		mc->used = 0;
		mc->factor = 1;
		return;
	}
	if (!mc->same_cpu) {
		mc->differs = 1;
		why(mc, "different CPU models");
		mc->bound = INFINITY; /* nothing can be told from the absolute figures */
		return;
	}
	if (a->reference_median_ns > 0 && b->reference_median_ns > 0 &&
	    !strcmp(a->reference_workload, b->reference_workload)) {
		double f = mc->used ? mc->factor : b->reference_median_ns / a->reference_median_ns;
		double d = fabs(log(f)), allowed = 1.959964 * sqrt(mc->se * mc->se + mc->instability * mc->instability);
		if (d > log1p(CB_MACHINE_REF_STEP) && d > allowed) {
			mc->differs = 1;
			why(mc, "the reference workload took %+.1f%%", 100 * (f - 1));
		}
		if (2 * d > bound)
			bound = 2 * d;
	}
	if (mc->load_old.rounds && mc->load_new.rounds) {
		const cb_load_summary *x = &mc->load_old, *y = &mc->load_new;
		double fx = (double)x->busy_rounds / (double)x->rounds, fy = (double)y->busy_rounds / (double)y->rounds;
		double dl = fabs(y->others_mean - x->others_mean);
		if (dl > 0.25 || fabs(fy - fx) > 0.25) {
			mc->differs = 1;
			why(mc, "other processes used %.2f of a CPU (%.0f%% of the rounds disturbed), then %.2f (%.0f%%)",
			    x->others_mean, 100 * fx, y->others_mean, 100 * fy);
		}
		if (fabs(y->steal_mean - x->steal_mean) > 0.1) {
			mc->differs = 1;
			why(mc, "the hypervisor stole %.2f of a CPU, then %.2f", x->steal_mean, y->steal_mean);
			dl += fabs(y->steal_mean - x->steal_mean);
		}
		if (0.3 * dl > bound)
			bound = 0.3 * dl;
	}
	if (mc->differs)
		mc->bound = fmax(expm1(bound), o->threshold);
}

typedef struct ranked {
	double v;
	int from_a;
} ranked;

static int ranked_cmp(const void *pa, const void *pb)
{
	const ranked *a = pa, *b = pb;
	return (a->v > b->v) - (a->v < b->v);
}

double cb_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u)
{
	size_t n = 0, ka = 0, kb = 0;
	ranked *v = malloc((na + nb ? na + nb : 1) * sizeof(*v));
	double ra = 0, ties = 0, ua, mu, var, z;
	if (!v)
		return -1;
	for (size_t i = 0; i < na; i++)
		if (isfinite(a[i])) {
			v[n].v = a[i];
			v[n++].from_a = 1;
			ka++;
		}
	for (size_t i = 0; i < nb; i++)
		if (isfinite(b[i])) {
			v[n].v = b[i];
			v[n++].from_a = 0;
			kb++;
		}
	if (ka < CB_MW_MIN_ROUNDS || kb < CB_MW_MIN_ROUNDS) {
		free(v);
		return -1;
	}
	qsort(v, n, sizeof(*v), ranked_cmp);
	/* mid-ranks over each run of equal values */
	for (size_t i = 0; i < n;) {
		size_t j = i;
		double t, rank;
		while (j < n && v[j].v == v[i].v)
			j++;
		t = (double)(j - i);
		rank = ((double)i + 1 + (double)j) / 2;
		for (size_t k = i; k < j; k++)
			if (v[k].from_a)
				ra += rank;
		ties += t * t * t - t;
		i = j;
	}
	free(v);
	ua = ra - (double)ka * ((double)ka + 1) / 2;
	if (u)
		*u = ua;
	mu = (double)ka * (double)kb / 2;
	var = (double)ka * (double)kb / 12 * (((double)n + 1) - ties / ((double)n * ((double)n - 1)));
	if (!(var > 0))
		return 1; /* every value equal */
	z = (fabs(ua - mu) - 0.5) / sqrt(var);
	if (z < 0)
		z = 0;
	return erfc(z / sqrt(2.0));
}

/* The case's rounds of a run, time per operation (divided by scale), into out; how many. */
static size_t rounds_of(const cb_result *r, double scale, double *out)
{
	size_t n = 0;
	for (size_t i = 0; i < r->nrounds && i < CB_ROUNDS_MAX; i++)
		if (isfinite(r->rounds[i]) && r->rounds[i] > 0)
			out[n++] = r->rounds[i] / scale;
	return n;
}

static void judge(cb_change *c, const cb_compare_opts *opt, const cb_machine_change *mc)
{
	const cb_result *o = c->old_r, *n = c->new_r;
	double olo, ohi, nlo, nhi, ot, nt;
	if (o->status != CB_STATUS_OK || n->status != CB_STATUS_OK || o->ops_per_sec <= 0 || n->ops_per_sec <= 0) {
		c->verdict = CB_NOT_MEASURED;
		return;
	}
	ot = est(o, &olo, &ohi);
	nt = est(n, &nlo, &nhi);
	if (ot <= 0 || nt <= 0) {
		c->verdict = CB_NOT_MEASURED;
		return;
	}
	c->raw_ratio = ot / nt;
	if (mc->lockstep) {
		/* round r of the old run and round r of the new ran back to back: pair them */
		cb_ratio pr;
		if (cb_result_time_ratio(o, n, &pr) == 0 && pr.paired && pr.n >= CB_MW_MIN_ROUNDS) {
			double se = log_se(pr.low, pr.high);
			c->ratio = pr.value;
			c->z = se > 0 ? log(pr.value) / se : (pr.value > 1 ? INFINITY : pr.value < 1 ? -INFINITY : 0);
			c->mw_n_old = c->mw_n_new = pr.n;
			c->mw_p = -1;
			c->verdict = (pr.low > 1 || pr.high < 1) && fabs(pr.value - 1) > opt->threshold
					     ? (pr.value > 1 ? CB_FASTER : CB_SLOWER)
					     : CB_SAME;
			return;
		}
	}
	c->ratio = c->raw_ratio * mc->factor;
	double se = sqrt(pow(log_se(olo, ohi), 2) + pow(log_se(nlo, nhi), 2) + mc->se * mc->se +
			 mc->instability * mc->instability);
	double d = log(c->ratio); /* positive: new is faster */
	c->z = se > 0 ? d / se : (d > 0 ? INFINITY : d < 0 ? -INFINITY : 0);
	{
		double ro[CB_ROUNDS_MAX], rn[CB_ROUNDS_MAX];
		c->mw_n_old = rounds_of(o, 1, ro);
		c->mw_n_new = rounds_of(n, mc->factor > 0 ? mc->factor : 1, rn);
		c->mw_p = o->random_cost || n->random_cost ? -1 : cb_mann_whitney(ro, c->mw_n_old, rn, c->mw_n_new, NULL);
	}
	if (mc->differs && !(fabs(log(c->ratio)) > log1p(mc->bound)))
		c->verdict = CB_INCONCLUSIVE;
	else if (fabs(c->z) > 1.959964 && fabs(c->ratio - 1) > opt->threshold && (c->mw_p < 0 || c->mw_p < 0.05))
		c->verdict = c->ratio > 1 ? CB_FASTER : CB_SLOWER;
	else
		c->verdict = mc->differs ? CB_INCONCLUSIVE : CB_SAME;
}

void cb_compare_machine(const cb_run *old_run, const cb_run *new_run, const cb_compare_opts *o, cb_machine_change *mc)
{
	machine_factor(old_run, new_run, o, mc);
	machine_state(old_run, new_run, o, mc);
}

/* Append one difference, ", "-separated, to buf (cut at len). */
static void diff(char *buf, size_t len, size_t *o, size_t *n, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void diff(char *buf, size_t len, size_t *o, size_t *n, const char *fmt, ...)
{
	va_list ap;
	if (*o < len)
		*o += (size_t)snprintf(buf + *o, len - *o, "%s", *n ? ", " : "");
	if (*o < len) {
		va_start(ap, fmt);
		*o += (size_t)vsnprintf(buf + *o, len - *o, fmt, ap);
		va_end(ap);
	}
	(*n)++;
}

size_t cb_compare_build_diff(const cb_context *a, const cb_context *b, char *buf, size_t len)
{
	size_t n = 0, o = 0;
	buf[0] = 0;
	if (strcmp(a->tool_version, b->tool_version))
		diff(buf, len, &o, &n, "cryptobench %s / %s", a->tool_version, b->tool_version);
	if (strcmp(a->compiler, b->compiler))
		diff(buf, len, &o, &n, "compiler '%s' / '%s'", a->compiler, b->compiler);
	if (strcmp(a->cflags, b->cflags))
		diff(buf, len, &o, &n, "flags '%s' / '%s'", a->cflags, b->cflags);
	if (strcmp(a->build_type, b->build_type))
		diff(buf, len, &o, &n, "build type %s / %s", a->build_type, b->build_type);
	for (size_t i = 0; i < a->nlibraries; i++) {
		const cb_library *la = &a->libraries[i], *lb = NULL;
		for (size_t k = 0; k < b->nlibraries && !lb; k++)
			if (!strcmp(b->libraries[k].name, la->name))
				lb = &b->libraries[k];
		if (!lb)
			diff(buf, len, &o, &n, "%s %s / none", la->name, la->version);
		else if (strcmp(la->version, lb->version))
			diff(buf, len, &o, &n, "%s %s / %s", la->name, la->version, lb->version);
	}
	for (size_t k = 0; k < b->nlibraries; k++) {
		int found = 0;
		for (size_t i = 0; i < a->nlibraries && !found; i++)
			found = !strcmp(a->libraries[i].name, b->libraries[k].name);
		if (!found)
			diff(buf, len, &o, &n, "%s none / %s", b->libraries[k].name, b->libraries[k].version);
	}
	return n;
}

int cb_compare_runs(const cb_run *old_run, const cb_run *new_run, const cb_compare_opts *opt, cb_change **out,
		    size_t *n)
{
	size_t cap = old_run->nresults + new_run->nresults, k = 0;
	cb_change *c = calloc(cap ? cap : 1, sizeof(*c));
	cb_machine_change mc;
	if (!c)
		return CB_ERR_NOMEM;
	/* cases are found by binary search over sorted copies: a results file can be large */
	const cb_result **ov = sorted(old_run), **nv = sorted(new_run);
	if (!ov || !nv) {
		free(ov);
		free(nv);
		free(c);
		return CB_ERR_NOMEM;
	}
	cb_compare_machine(old_run, new_run, opt, &mc);
	for (size_t i = 0; i < old_run->nresults; i++) {
		const cb_result *o = &old_run->results[i];
		c[k].old_r = o;
		c[k].mw_p = -1;
		c[k].new_r = find_case(nv, new_run->nresults, o);
		if (c[k].new_r)
			judge(&c[k], opt, &mc);
		else
			c[k].verdict = CB_ONLY_OLD;
		k++;
	}
	for (size_t j = 0; j < new_run->nresults; j++) {
		if (!find_case(ov, old_run->nresults, &new_run->results[j])) {
			c[k].new_r = &new_run->results[j];
			c[k].mw_p = -1;
			c[k].verdict = CB_ONLY_NEW;
			k++;
		}
	}
	free(ov);
	free(nv);
	*out = c;
	*n = k;
	return 0;
}
