/* cryptobench compare: what changed between two runs, with significance. */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/compare.h"
#include "cli/cli.h"
#include "cli/compare.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/report.h"

static const struct cli_command compare_cmd = {
	"compare", "cryptobench compare [options] OLD.json NEW.json",
	"Pair the cases of two runs written with 'run -o FILE.json' (same algorithm,\n"
	"backend, operation, message size and threads) and say which got faster or\n"
	"slower.  Each run timed a fixed reference workload in every round; when\n"
	"both did, on the same CPU model, each ratio is corrected by how much the\n"
	"reference changed (the machine, not the code).  A change counts when it is\n"
	"significant (95%, standard errors from each figure's interval over its\n"
	"rounds, the reference's, and the machine's instability seen in the\n"
	"reference's spread), larger than the threshold, and, when both runs\n"
	"recorded the case's rounds, the Mann-Whitney U test of the old rounds\n"
	"against the new (corrected) ones has p < 0.05 (column 'p'; '-': no rounds).\n"
	"Cases in one run only are listed as 'only in old' / 'only in new'.  Runs\n"
	"from different hosts, CPUs, library versions or builds are compared with\n"
	"a warning naming what differs.\n"
	"\n"
	"Each run also recorded what else the machine did (CPU used by other\n"
	"processes, steal, the reference workload).  When the machine was in\n"
	"another state in the new run than in the old, compare says so first and a\n"
	"change within what that can explain is 'inconclusive', never 'faster' or\n"
	"'slower': a machine's change does not slow every operation alike.  To\n"
	"tell two libraries or builds apart on a busy machine, measure both in one\n"
	"run (--baseline; docs/MEASUREMENT.md, \"A/B in one run\").\n",
	"exit status: 0 compared; 1 a file cannot be read or is not a cryptobench\n"
	"run; 2 usage error; with --fail-on-slower: 3 something got slower, 5\n"
	"inconclusive (nothing slower beyond the machine's change, but the machine\n"
	"changed between the runs).\n",
	0};

static int set_json(const struct cli_option *opt, const char *arg, void *json)
{
	(void)opt;
	if (!strcmp(arg, "json"))
		*(int *)json = 1;
	else if (strcmp(arg, "table")) {
		cli_error("unknown format '%s' for compare (use table or json)", arg);
		return -1;
	}
	return 0;
}

static const cb_result *either(const cb_change *c)
{
	return c->old_r ? c->old_r : c->new_r;
}

static void context_line(const char *label, const char *path, const cb_context *x)
{
	printf("%s %s: %s, %s (%u cores), %s", label, path, x->timestamp[0] ? x->timestamp : "?",
	       x->cpu_model[0] ? x->cpu_model : "unknown CPU", x->cores_online, x->hostname);
	for (size_t i = 0; i < x->nlibraries; i++)
		printf("%s%s %s", i ? ", " : "; ", x->libraries[i].name, x->libraries[i].version);
	printf("\n");
}

/* The machine in each run, and first of all whether it changed between them. */
static void machine_line(const char *label, const cb_context *x, const cb_load_summary *l)
{
	printf("machine %s: reference %.0f ns per call (spread %.0f%%)", label, x->reference_median_ns,
	       100 * x->reference_spread);
	if (l->rounds)
		printf(", other processes %.2f CPU (%zu of %zu rounds disturbed), steal %.2f CPU", l->others_mean,
		       l->busy_rounds, l->rounds, l->steal_mean);
	else
		printf(", no load readings");
	printf("\n");
}

static void machine_lines(const cb_run *o, const cb_run *n, const cb_machine_change *mc)
{
	if (mc->differs && isinf(mc->bound))
		printf("! the machine changed between the runs (%s): no change can be told from the absolute figures; "
		       "every verdict is 'inconclusive'\n", mc->why);
	else if (mc->differs)
		printf("! the machine changed between the runs (%s): a change within +-%.0f%% cannot be told from it "
		       "and is 'inconclusive'; for a verdict measure both in one run\n", mc->why, 100 * mc->bound);
	if (mc->lockstep)
		return;
	machine_line("old", &o->context, &mc->load_old);
	machine_line("new", &n->context, &mc->load_new);
}

static void print_table(const char *old_path, const char *new_path, const cb_run *o, const cb_run *n,
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
	context_line("old", old_path, &o->context);
	context_line("new", new_path, &n->context);
	machine_lines(o, n, mc);
	printf("%-*s  %-*s  %-8s  %-7s  %3s  %12s  %12s  %8s  %7s  %s\n", (int)wa, "algorithm", (int)wb, "backend", "op",
	       "msg", "thr", "old ops/s", "new ops/s", "change", "p", "verdict");
	for (size_t i = 0; i < nc; i++) {
		const cb_result *r = either(&c[i]);
		char sz[32] = "-", ov[32] = "-", nv[32] = "-", ch[32] = "-", pv[32] = "-";
		if (r->message_bytes)
			cli_format_size(r->message_bytes, sz, sizeof(sz));
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
		printf("%-*s  %-*s  %-8s  %-7s  %3u  %12s  %12s  %8s  %7s  %s\n", (int)wa, r->algorithm, (int)wb,
		       r->backend, r->operation, sz, r->threads, ov, nv, ch, pv, cb_verdict_name(c[i].verdict));
	}
	printf("\n'~': no change beyond the noise or the %.1f%% threshold; p: Mann-Whitney U over the rounds\n",
	       100 * threshold);
	if (mc->lockstep) {
		printf("lockstep: the runs took turns round by round; each change is the ratio of their round times paired "
		       "round by round (a trimmed mean with its 95%% interval), which the machine's changes reach alike\n");
		return;
	}
	if (!mc->same_cpu)
		printf("! the runs were made on different CPU models: the changes are the machine's as much as the code's\n");
	else if (mc->used && !mc->differs)
		printf("machine: the reference workload took %+.1f%% in the new run; changes are corrected by it\n",
		       100 * (mc->factor - 1));
	if (mc->instability > 0.01)
		printf("machine: unstable (reference spread over the rounds): a change must exceed about +-%.0f%% to be significant\n",
		       100 * (exp(1.959964 * mc->instability) - 1));
	cli_print_run_caveats(stdout, old_path, o);
	cli_print_run_caveats(stdout, new_path, n);
}

static int print_json(const cb_change *c, size_t nc, double threshold, const cb_machine_change *mc)
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
	rc = json_dumpf(root, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
	json_decref(root);
	printf("\n");
	return rc;
}

int cli_compare_show(const char *old_label, const char *new_label, cb_run *old_run, cb_run *new_run,
		     const cb_compare_opts *co, int json, int fail_on_slower)
{
	cb_machine_change mc;
	cb_change *ch = NULL;
	size_t nch = 0;
	int status = CB_EXIT_OK;
	{
		const cb_context *a = &old_run->context, *b = &new_run->context;
		if (strcmp(a->cpu_model, b->cpu_model) != 0)
			cli_warn("the runs are from different CPUs ('%s', '%s'): a change may be the machine's, not the code's",
				 a->cpu_model, b->cpu_model);
		else if (strcmp(a->hostname, b->hostname) != 0)
			cli_warn("the runs are from different hosts ('%s', '%s'): a change may be the machine's, not the code's",
				 a->hostname, b->hostname);
		{
			char diff[1024];
			if (cb_compare_build_diff(a, b, diff, sizeof(diff)) > 0)
				cli_warn("the runs differ in versions or build (old / new: %s): a change may be theirs, not the code's",
					 diff);
		}
	}
	cb_compare_machine(old_run, new_run, co, &mc);
	if (cb_compare_runs(old_run, new_run, co, &ch, &nch) != 0) {
		cli_error("out of memory");
		status = CB_EXIT_FAIL;
		return status;
	}
	if (json) {
		if (print_json(ch, nch, co->threshold, &mc) != 0) {
			cli_error("cannot write to standard output");
			status = CB_EXIT_FAIL;
		}
	} else {
		cli_printable_run(old_run);
		cli_printable_run(new_run);
		print_table(old_label, new_label, old_run, new_run, ch, nch, co->threshold, &mc);
	}
	if (fflush(stdout) != 0) {
		cli_error("cannot write to standard output: %s", cli_strerror(errno));
		status = CB_EXIT_FAIL;
	}
	for (size_t i = 0; fail_on_slower && status == CB_EXIT_OK && i < nch; i++)
		if (ch[i].verdict == CB_SLOWER)
			status = CB_EXIT_PARTIAL;
	for (size_t i = 0; fail_on_slower && status == CB_EXIT_OK && i < nch; i++)
		if (ch[i].verdict == CB_INCONCLUSIVE)
			status = CB_EXIT_INCONCLUSIVE;
	free(ch);
	return status;
}

int cmd_compare(int argc, char **argv)
{
	cb_compare_opts co = {0.05, 1};
	double threshold = 5;
	int fail_on_slower = 0, json = 0, first, status = CB_EXIT_OK;
	const struct cli_option opts[] = {
		CLI_NUMBER("threshold", 0, "PCT", &threshold, 0, 1000, "smallest change that counts (default: 5)"),
		CLI_SET_INT("no-normalize", 0, &co.normalize, 0, "do not correct by the reference workload"),
		CLI_FLAG("fail-on-slower", 0, &fail_on_slower, "exit with status 3 if anything got slower, 5 if the machine changed and nothing is slower beyond it"),
		CLI_CALLBACK("format", 0, "FMT", set_json, &json, "table or json (default: table)"),
	};
	cb_run old_run = {0}, new_run = {0};

	status = cli_parse_options(&compare_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, &first);
	if (status)
		return status > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	co.threshold = threshold / 100;
	if (argc - first != 2) {
		cli_error("compare takes two run files, OLD.json and NEW.json (see 'cryptobench compare --help')");
		return CB_EXIT_USAGE;
	}
	if (cli_load_run(argv[first], &old_run) || cli_load_run(argv[first + 1], &new_run)) {
		status = CB_EXIT_FAIL;
		goto out;
	}
	status = cli_compare_show(argv[first], argv[first + 1], &old_run, &new_run, &co, json, fail_on_slower);
out:
	cb_run_free(&old_run);
	cb_run_free(&new_run);
	return status;
}
