/*
 * The decision guide (decision.h): a suite's scenarios (run --scenario)
 * answered from the run.  Nothing here is prose written in advance: each
 * sentence is a template filled with the candidate chosen and the figures
 * measured, and says so when no candidate meets the target.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/decision.h"

/* ---- the scenario syntax ---- */

/* snprintf where cutting a long name short is the intent (cells and notes have a fixed size). */
static void put(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}


/* ---- the figures of one candidate ---- */

#define OPS_MAX 8

typedef struct figure {
	char alg[CB_NAME_MAX];
	int measured;          /* every operation measured on one backend */
	char backend[32];
	char why[96];          /* why not measured */
	size_t nops;
	double op_ns[OPS_MAX]; /* per operation, on backend */
	size_t msg;            /* the message size of the first operation */
	double ns;             /* the operations one after the other */
	double value;          /* in the scenario's unit */
	int meets;
} figure;

/* A one-thread figure, ns per operation (0: none). */
static double ns_of(const cb_result *r)
{
	if (r->estimate_ns > 0)
		return r->estimate_ns;
	return r->ops_per_sec > 0 ? 1e9 / r->ops_per_sec : 0;
}

/* The result of alg/backend/op at the scenario's size (else the smallest measured); NULL if none. */
static const cb_result *find(const cb_run *run, const cb_scenario *s, const char *alg, const char *backend,
			     const char *op)
{
	const cb_result *best = NULL;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status != CB_STATUS_OK || r->threads != 1 || ns_of(r) <= 0 || strcmp(r->algorithm, alg) ||
		    strcmp(r->operation, op) || (backend && strcmp(r->backend, backend)))
			continue;
		if (s->has_size && r->message_bytes && r->message_bytes != s->msg)
			continue;
		if (!best || r->message_bytes < best->message_bytes)
			best = r;
	}
	return best;
}

/*
 * A key agreement (kind kex) has no encaps or decaps: its equivalent in a
 * key exchange is the responder's key share and secret (encaps = keygen +
 * derive) and the initiator's secret (decaps = derive).  0 when it does
 * not apply or was not measured.
 */
static double kex_ns(const cb_run *run, const cb_scenario *s, const char *alg, const char *backend, const char *op)
{
	const cb_result *g = find(run, s, alg, backend, "keygen"), *d = find(run, s, alg, backend, "derive");
	if (!d || strcmp(d->kind, "kex") != 0)
		return 0;
	if (!strcmp(op, "decaps"))
		return ns_of(d);
	if (!strcmp(op, "encaps") && g)
		return ns_of(g) + ns_of(d);
	return 0;
}

/* kex_ns on any backend of alg. */
static int kex_any(const cb_run *run, const cb_scenario *s, const char *alg, const char *op)
{
	for (size_t i = 0; i < run->nresults; i++)
		if (!strcmp(run->results[i].algorithm, alg) && kex_ns(run, s, alg, run->results[i].backend, op) > 0)
			return 1;
	return 0;
}

/* The i-th of the '+'-separated operations (op, CB_NAME_MAX bytes): 0, or -1 past the end. */
static int op_at(const char *ops, size_t i, char *op)
{
	const char *p = ops;
	for (; i && p; i--)
		if ((p = strchr(p, '+')) != NULL)
			p++;
	if (!p || !*p)
		return -1;
	size_t len = strcspn(p, "+");
	if (len >= CB_NAME_MAX)
		return -1;
	memcpy(op, p, len);
	op[len] = 0;
	return 0;
}

/* The value of ns in the scenario's unit (MB/s: msg bytes per ns). */
static double in_unit(const cb_scenario *s, double ns, size_t msg)
{
	if (!strcmp(s->unit, "ops/s"))
		return 1e9 / ns;
	if (!strcmp(s->unit, "MB/s"))
		return (double)msg * 1e9 / ns / 1e6;
	return ns / (!strcmp(s->unit, "ms") ? 1e6 : 1e3);
}

/*
 * The candidate's figure: on the backend that gives the operations the
 * least time among those that measured all of them.
 */
static void figure_of(const cb_run *run, const cb_scenario *s, const char *alg, figure *f)
{
	char op[CB_NAME_MAX];
	memset(f, 0, sizeof(*f));
	snprintf(f->alg, sizeof(f->alg), "%s", alg);
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		double total = 0, ns[OPS_MAX];
		size_t k, msg = 0;
		if (strcmp(r->algorithm, alg) != 0)
			continue;
		for (k = 0; k < OPS_MAX && op_at(s->ops, k, op) == 0; k++) {
			const cb_result *x = find(run, s, alg, r->backend, op);
			ns[k] = x ? ns_of(x) : kex_ns(run, s, alg, r->backend, op);
			if (ns[k] <= 0)
				break;
			total += ns[k];
			if (!k && x)
				msg = x->message_bytes;
		}
		if (op_at(s->ops, k, op) == 0 || k == 0)
			continue; /* this backend lacks one */
		if (!strcmp(s->unit, "MB/s") && !msg)
			continue;
		if (!f->measured || total < f->ns) {
			f->measured = 1;
			snprintf(f->backend, sizeof(f->backend), "%s", r->backend);
			f->nops = k;
			memcpy(f->op_ns, ns, k * sizeof(ns[0]));
			f->ns = total;
			f->msg = msg;
		}
	}
	if (f->measured) {
		f->value = in_unit(s, f->ns, f->msg);
		f->meets = s->at_most ? f->value <= s->value : f->value >= s->value;
		return;
	}
	/* Why not: the first operation no backend measured, else no one backend has them all. */
	for (size_t k = 0; op_at(s->ops, k, op) == 0; k++)
		if (!find(run, s, alg, NULL, op) && !kex_any(run, s, alg, op)) {
			int any = 0;
			for (size_t i = 0; i < run->nresults && !any; i++)
				any = !strcmp(run->results[i].algorithm, alg);
			if (!any)
				snprintf(f->why, sizeof(f->why), "not in this run");
			else if (s->has_size)
				snprintf(f->why, sizeof(f->why), "no %s at %zu B measured", op, s->msg);
			else
				snprintf(f->why, sizeof(f->why), "no %s measured", op);
			return;
		}
	put(f->why, sizeof(f->why), "%s", !strcmp(s->unit, "MB/s") ? "no message size to give MB/s"
									  : "no one backend measured them all");
}

/* ---- the table ---- */

static void fmt_value(const cb_scenario *s, double v, char *buf, size_t len)
{
	if (!strcmp(s->unit, "ops/s"))
		put(buf, len, v >= 100 ? "%.0f ops/s" : "%.3g ops/s", v);
	else if (!strcmp(s->unit, "MB/s"))
		put(buf, len, "%.1f MB/s", v);
	else
		put(buf, len, "%.4g %s", v, s->unit);
}

static void fmt_target(const cb_scenario *s, char *buf, size_t len)
{
	char v[48], at[40] = "";
	fmt_value(s, s->value, v, sizeof(v));
	if (s->has_size)
		cb_fmt_bytes(s->msg, at, sizeof(at));
	put(buf, len, "%s %s %s%s%s", s->ops, s->at_most ? "<=" : ">=", v, at[0] ? " at " : "", at);
}

/* Append to buf (len bytes), truncating. */
static void cat(char *buf, size_t len, const char *text)
{
	size_t have = strlen(buf);
	if (have + 1 < len)
		put(buf + have, len - have, "%s", text);
}

static int add_row(cb_xtab *t)
{
	cb_xrow *v = realloc(t->rows, (t->nrows + 1) * sizeof(*v));
	if (!v)
		return -1;
	t->rows = v;
	memset(&v[t->nrows], 0, sizeof(v[0]));
	t->nrows++;
	return 0;
}

static const char *const head[] = {"candidate", "backend", "figures used", "measured", "meets target", "time against"};
static const int right[] = {0, 0, 0, 1, 0, 1};

/* The candidates of s, in order (names, CB_NAME_MAX bytes each): how many (at most max). */
static size_t candidates(const cb_scenario *s, char (*names)[CB_NAME_MAX], size_t max)
{
	size_t n = 0;
	for (const char *p = s->among; *p && n < max;) {
		size_t len = strcspn(p, ",");
		if (len && len < CB_NAME_MAX) {
			memcpy(names[n], p, len);
			names[n++][len] = 0;
		}
		p += len;
		p += *p == ',';
	}
	return n;
}

#define CANDIDATES_MAX 16

static int scenario_table(const cb_run *run, const cb_scenario *s, cb_xtab *t)
{
	char names[CANDIDATES_MAX][CB_NAME_MAX], target[160], v[48], op[CB_NAME_MAX];
	figure figs[CANDIDATES_MAX], ref;
	size_t n = candidates(s, names, CANDIDATES_MAX), chosen = n, best = n;
	char *note = t->note;
	size_t nlen = sizeof(t->note);

	memset(t, 0, sizeof(*t));
	fmt_target(s, target, sizeof(target));
	put(t->title, sizeof(t->title), "decision guide: %.64s (%.80s)", s->label, target);
	t->ncols = 6;
	for (size_t c = 0; c < t->ncols; c++) {
		t->head[c] = head[c];
		t->right[c] = right[c];
	}
	if (s->against[0])
		figure_of(run, s, s->against, &ref);
	else
		memset(&ref, 0, sizeof(ref));
	for (size_t i = 0; i < n; i++) {
		figure *f = &figs[i];
		figure_of(run, s, names[i], f);
		if (add_row(t) != 0)
			return CB_ERR_NOMEM;
		char(*cell)[CB_XCELL_MAX] = t->rows[t->nrows - 1].cell;
		put(cell[0], CB_XCELL_MAX, "%s", f->alg);
		if (!f->measured) {
			put(cell[4], CB_XCELL_MAX, "not measured: %s", f->why);
			continue;
		}
		put(cell[1], CB_XCELL_MAX, "%s", f->backend);
		for (size_t k = 0; k < f->nops && op_at(s->ops, k, op) == 0; k++) {
			char lat[32], part[96];
			cb_fmt_latency(f->op_ns[k], lat, sizeof(lat));
			put(part, sizeof(part), "%s%s %s", k ? " + " : "", op, lat);
			cat(cell[2], CB_XCELL_MAX, part);
		}
		if (f->msg) {
			char sz[32], part[48];
			cb_fmt_bytes(f->msg, sz, sizeof(sz));
			put(part, sizeof(part), " (%s)", sz);
			cat(cell[2], CB_XCELL_MAX, part);
		}
		fmt_value(s, f->value, cell[3], CB_XCELL_MAX);
		put(cell[4], CB_XCELL_MAX, "%s", f->meets ? "yes" : "no");
		if (ref.measured)
			put(cell[5], CB_XCELL_MAX, "%.2fx %s", f->ns / ref.ns, ref.alg);
		if (f->meets && chosen == n)
			chosen = i;
		if (best == n || f->ns < figs[best].ns)
			best = i;
	}

	/* The answer, in one sentence (or two) filled with the figures. */
	if (best == n) {
		put(note, nlen, "%s: none of %s was measured in this run, so the guide has no answer.", s->label,
			 s->among);
		return 0;
	}
	if (chosen < n) {
		const figure *f = &figs[chosen];
		fmt_value(s, f->value, v, sizeof(v));
		if (n == 1)
			put(note, nlen, "%s: %s meets %s on this machine: %s (%s).", s->label, f->alg, target, v,
			    f->backend);
		else
			put(note, nlen, "%s: choose %s, the first of %s that meets %s on this machine: %s (%s).",
			    s->label, f->alg, s->among, target, v, f->backend);
		if (best != chosen) {
			char b[80];
			fmt_value(s, figs[best].value, v, sizeof(v));
			put(b, sizeof(b), " The fastest is %s: %s.", figs[best].alg, v);
			cat(note, nlen, b);
		}
	} else {
		const figure *f = &figs[best];
		double short_by = s->at_most ? f->value / s->value : s->value / f->value;
		fmt_value(s, f->value, v, sizeof(v));
		put(note, nlen, "%s: none of %s meets %s on this machine; the closest is %s: %s (%.2fx short).",
			 s->label, s->among, target, f->alg, v, short_by);
	}
	{
		const figure *f = &figs[chosen < n ? chosen : best];
		if (ref.measured && strcmp(f->alg, ref.alg) != 0) {
			char a[32], b[32], part[200];
			cb_fmt_latency(f->ns, a, sizeof(a));
			cb_fmt_latency(ref.ns, b, sizeof(b));
			put(part, sizeof(part), " %s takes %.2fx the time of %s (%s against %s for %s).", f->alg,
				 f->ns / ref.ns, ref.alg, a, b, s->ops);
			cat(note, nlen, part);
		} else if (s->against[0] && !ref.measured) {
			char part[160];
			put(part, sizeof(part), " %s, the scheme to set it against, was not measured (%s).", s->against,
				 ref.why);
			cat(note, nlen, part);
		}
	}
	return 0;
}

int cb_decision_tables(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	size_t ns = run->context.nscenarios < CB_SCENARIO_MAX ? run->context.nscenarios : CB_SCENARIO_MAX;
	*tabs = NULL;
	*n = 0;
	if (!ns)
		return 0;
	*tabs = calloc(ns, sizeof(**tabs));
	if (!*tabs)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < ns; i++) {
		int r = scenario_table(run, &run->context.scenarios[i], &(*tabs)[i]);
		*n = i + 1;
		if (r) {
			cb_study_tables_free(*tabs, *n);
			*tabs = NULL;
			*n = 0;
			return r;
		}
	}
	return 0;
}
