/* cryptobench compare: what changed between two runs, with significance. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/compare.h"
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
	if (!json) {
		cli_printable_run(old_run);
		cli_printable_run(new_run);
	}
	if (cb_report_compare(stdout, json ? CB_FORMAT_JSON : CB_FORMAT_TABLE, old_label, new_label, old_run, new_run,
			      ch, nch, co->threshold, &mc) != 0) {
		cli_error("cannot write to standard output");
		status = CB_EXIT_FAIL;
	} else if (!json) {
		cli_print_run_caveats(stdout, old_label, old_run);
		cli_print_run_caveats(stdout, new_label, new_run);
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
