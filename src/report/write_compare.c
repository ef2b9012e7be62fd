/* compare's document (report.h): the changes between two runs as a table or JSON. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cryptobench/compare.h"
#include "report_int.h"

static const cb_result *either(const cb_change *c)
{
	return c->old_r ? c->old_r : c->new_r;
}

static void context_line(FILE *f, const char *label, const char *path, const cb_context *x)
{
	fprintf(f, "%s %s: %s, %s (%u cores), %s", label, path, x->timestamp[0] ? x->timestamp : "?",
	       x->cpu_model[0] ? x->cpu_model : "unknown CPU", x->cores_online, x->hostname);
	for (size_t i = 0; i < x->nlibraries; i++)
		fprintf(f, "%s%s %s", i ? ", " : "; ", x->libraries[i].name, x->libraries[i].version);
	fputc('\n', f);
}

/* The machine in each run (compare.h, cb_machine_change), and first of all whether it changed between them. */
static void machine_line(FILE *f, const char *label, const cb_context *x, const cb_load_summary *l)
{
	fprintf(f, "machine %s: reference %.0f ns per call (spread %.0f%%)", label, x->reference_median_ns,
		100 * x->reference_spread);
	if (l->rounds)
		fprintf(f, ", other processes %.2f CPU (%zu of %zu rounds disturbed), steal %.2f CPU", l->others_mean,
			l->busy_rounds, l->rounds, l->steal_mean);
	else
		fprintf(f, ", no load readings");
	fputc('\n', f);
}

static void machine_lines(FILE *f, const cb_run *o, const cb_run *n, const cb_machine_change *mc)
{
	if (mc->differs && isinf(mc->bound))
		fprintf(f, "! the machine changed between the runs (%s): no change can be told from the absolute figures; "
			   "every verdict is 'inconclusive'\n", mc->why);
	else if (mc->differs)
		fprintf(f, "! the machine changed between the runs (%s): a change within +-%.0f%% cannot be told from it "
			   "and is 'inconclusive'; for a verdict measure both in one run\n", mc->why, 100 * mc->bound);
	if (mc->lockstep)
		return;
	machine_line(f, "old", &o->context, &mc->load_old);
	machine_line(f, "new", &n->context, &mc->load_new);
}

static void print_table(FILE *f, const char *old_path, const char *new_path, const cb_run *o, const cb_run *n,
			const cb_change *c, size_t nc, double threshold, const cb_machine_change *mc)
{
	size_t wa = 9, wb = 7;
	for (size_t i = 0; i < nc; i++) {
		const cb_result *r = either(&c[i]);
		if (strlen(r->algorithm) > wa)
			wa = strlen(r->algorithm);
		if (strlen(r->backend) > wb)
			wb = strlen(r->backend);
	}
	context_line(f, "old", old_path, &o->context);
	context_line(f, "new", new_path, &n->context);
	machine_lines(f, o, n, mc);
	fprintf(f, "%-*s  %-*s  %-8s  %-7s  %3s  %12s  %12s  %8s  %7s  %s\n", (int)wa, "algorithm", (int)wb, "backend", "op",
	       "msg", "thr", "old ops/s", "new ops/s", "change", "p", "verdict");
	for (size_t i = 0; i < nc; i++) {
		const cb_result *r = either(&c[i]);
		char sz[32] = "-", ov[32] = "-", nv[32] = "-", ch[32] = "-", pv[32] = "-";
		if (r->message_bytes)
			cb_report_size(r->message_bytes, sz, sizeof(sz));
		if (c[i].old_r && c[i].old_r->status == CB_STATUS_OK)
			snprintf(ov, sizeof(ov), "%.1f", c[i].old_r->ops_per_sec);
		if (c[i].new_r && c[i].new_r->status == CB_STATUS_OK)
			snprintf(nv, sizeof(nv), "%.1f", c[i].new_r->ops_per_sec);
		if (c[i].ratio > 0)
			snprintf(ch, sizeof(ch), "%+.1f%%", 100 * (c[i].ratio - 1));
		if (c[i].ratio > 0 && c[i].mw_p >= 0.001)
			snprintf(pv, sizeof(pv), "%.3f", c[i].mw_p);
		else if (c[i].ratio > 0 && c[i].mw_p >= 0)
			snprintf(pv, sizeof(pv), "<0.001");
		fprintf(f, "%-*s  %-*s  %-8s  %-7s  %3u  %12s  %12s  %8s  %7s  %s\n", (int)wa, r->algorithm, (int)wb,
		       r->backend, r->operation, sz, r->threads, ov, nv, ch, pv, cb_verdict_name(c[i].verdict));
	}
	fprintf(f, "\n'~': no change beyond the noise or the %.1f%% threshold; p: Mann-Whitney U over the rounds\n",
	       100 * threshold);
	if (mc->lockstep) {
		fprintf(f, "lockstep: the runs took turns round by round; each change is the ratio of their round times "
			   "paired round by round (a trimmed mean with its 95%% interval), which the machine's changes reach "
			   "alike\n");
		return;
	}
	if (!mc->same_cpu)
		fprintf(f, "! the runs were made on different CPU models: the changes are the machine's as much as the code's\n");
	else if (mc->used && !mc->differs)
		fprintf(f, "machine: the reference workload took %+.1f%% in the new run; changes are corrected by it\n",
		       100 * (mc->factor - 1));
	if (mc->instability > 0.01)
		fprintf(f, "machine: unstable (reference spread over the rounds): a change must exceed about +-%.0f%% to be significant\n",
		       100 * (exp(1.959964 * mc->instability) - 1));
}

static int print_json(FILE *f, const cb_change *c, size_t nc, double threshold, const cb_machine_change *mc)
{
	json_t *root = json_object(), *arr = json_array();
	int rc;
	json_object_set_new(root, "threshold", json_real(threshold));
	json_object_set_new(root, "machine_factor", mc->used ? json_real(mc->factor) : json_null());
	json_object_set_new(root, "same_cpu", json_boolean(mc->same_cpu));
	json_object_set_new(root, "lockstep", json_boolean(mc->lockstep));
	json_object_set_new(root, "machine_changed", json_boolean(mc->differs));
	json_object_set_new(root, "machine_changed_why", json_string(mc->why));
	json_object_set_new(root, "inconclusive_within",
			    mc->differs && isfinite(mc->bound) ? json_real(mc->bound) : json_null());
	json_object_set_new(root, "changes", arr);
	for (size_t i = 0; i < nc; i++) {
		const cb_result *r = either(&c[i]);
		json_t *o = json_object();
		json_object_set_new(o, "algorithm", json_string(r->algorithm));
		json_object_set_new(o, "backend", json_string(r->backend));
		json_object_set_new(o, "operation", json_string(r->operation));
		json_object_set_new(o, "message_bytes", json_integer((json_int_t)r->message_bytes));
		json_object_set_new(o, "threads", json_integer(r->threads));
		json_object_set_new(o, "old_ops_per_sec",
				    c[i].old_r && c[i].old_r->status == CB_STATUS_OK ? json_real(c[i].old_r->ops_per_sec)
										      : json_null());
		json_object_set_new(o, "new_ops_per_sec",
				    c[i].new_r && c[i].new_r->status == CB_STATUS_OK ? json_real(c[i].new_r->ops_per_sec)
										      : json_null());
		json_object_set_new(o, "ratio", c[i].ratio > 0 ? json_real(c[i].ratio) : json_null());
		json_object_set_new(o, "raw_ratio", c[i].raw_ratio > 0 ? json_real(c[i].raw_ratio) : json_null());
		json_object_set_new(o, "z", c[i].ratio > 0 && isfinite(c[i].z) ? json_real(c[i].z) : json_null());
		json_object_set_new(o, "mann_whitney_p",
				    c[i].ratio > 0 && c[i].mw_p >= 0 ? json_real(c[i].mw_p) : json_null());
		json_object_set_new(o, "rounds_old", json_integer((json_int_t)c[i].mw_n_old));
		json_object_set_new(o, "rounds_new", json_integer((json_int_t)c[i].mw_n_new));
		json_object_set_new(o, "verdict", json_string(cb_verdict_name(c[i].verdict)));
		json_array_append_new(arr, o);
	}
	rc = json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
	json_decref(root);
	if (!rc && fputc('\n', f) == EOF)
		rc = -1;
	return rc;
}

int cb_report_compare(FILE *f, cb_format fmt, const char *old_path, const char *new_path, const cb_run *old_run,
		      const cb_run *new_run, const cb_change *c, size_t n, double threshold, const cb_machine_change *mc)
{
	if (fmt == CB_FORMAT_JSON)
		return print_json(f, c, n, threshold, mc) == 0 ? 0 : CB_ERR_NOMEM;
	if (fmt != CB_FORMAT_TABLE)
		return CB_ERR_ARG;
	print_table(f, old_path, new_path, old_run, new_run, c, n, threshold, mc);
	return ferror(f) ? CB_ERR_IO : 0;
}
