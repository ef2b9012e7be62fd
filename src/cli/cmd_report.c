/* cryptobench report: render a saved run in another format (HTML with charts, ...). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/fileio.h"
#include "cryptobench/report.h"

#define MAX_RUNS 8

static const struct cli_command report_cmd = {
	"report", "cryptobench report RUN.json... [-o FILE]... [--format FMT] [--ratio A/B]...",
	"Render a run saved with 'run -o FILE.json' as a table, Markdown, CSV,\n"
	"JSON or a self-contained HTML page (no script, no network): a summary,\n"
	"SVG charts (operations per second with 95% intervals, throughput over\n"
	"message sizes, thread scaling, bytes on the wire, published against\n"
	"measured), the study's tables (published figures against the run, warm\n"
	"against cold, security), the results and the run's context.  Markdown\n"
	"has the same tables, and the line charts' data as tables.  Several runs\n"
	"(at most 8; make bench gives the three studies) make one HTML page with\n"
	"a section each, or one Markdown or text document; JSON and CSV hold one\n"
	"run.\n",
	"exit status: 0 written; 1 RUN.json cannot be read, is not a results file\n"
	"(truncated, another schema version: the error says where) or an output\n"
	"cannot be written (then no output is changed); 2 usage error (also: a\n"
	"--ratio case that is not in the run).\n",
	0};

/* Find the case ALG[@BACKEND]:OP[:SIZE] (one thread) in run; NULL with an error printed. */
static const cb_result *find_case(const cb_run *run, const char *spec, size_t len)
{
	const char *colon = memchr(spec, ':', len);
	const cb_result *r;
	if (!colon || colon == spec || colon + 1 == spec + len) {
		cli_error("case '%.*s' needs ALG[@BACKEND]:OP[:SIZE], e.g. x25519@openssl:derive", (int)len, spec);
		return NULL;
	}
	if (!(r = cb_run_find_case(run, spec, len)))
		cli_error("no measured case '%.*s' in the run (or a bad size: 128, 4K, 1M)", (int)len, spec);
	return r;
}

/* "NUM / DEN = 0.712 [0.701, 0.725] (time ratio, 40 rounds paired)" */
static int print_ratio(const cb_run *run, const char *arg)
{
	const char *slash = strchr(arg, '/');
	const cb_result *a, *b;
	cb_ratio q;
	if (!slash) {
		cli_error("--ratio needs A/B, e.g. mlkem768:encaps/x25519:derive");
		return CB_EXIT_USAGE;
	}
	a = find_case(run, arg, (size_t)(slash - arg));
	b = a ? find_case(run, slash + 1, strlen(slash + 1)) : NULL;
	if (!a || !b)
		return CB_EXIT_USAGE;
	if (cb_result_time_ratio(a, b, &q) != 0) {
		cli_error("cannot divide '%s' by the other case", arg);
		return CB_EXIT_FAIL;
	}
	if (q.paired)
		printf("%s = %.4g [%.4g, %.4g] (time ratio, 95%% interval, %zu rounds paired)\n", arg, q.value, q.low,
		       q.high, q.n);
	else
		printf("%s = %.4g (time ratio of the two estimates, not paired)\n", arg, q.value);
	return CB_EXIT_OK;
}

#define MAX_OUTPUTS 8

/* What -o and --ratio collect (repeatable). */
struct report_lists {
	const char *outputs[MAX_OUTPUTS], *ratios[MAX_OUTPUTS];
	size_t nout, nratio;
};

static int add_output(const struct cli_option *opt, const char *arg, void *lists)
{
	struct report_lists *l = lists;

	(void)opt;
	if (l->nout == MAX_OUTPUTS) {
		cli_error("too many -o outputs (at most %d)", MAX_OUTPUTS);
		return -1;
	}
	if (cb_format_from_path(arg) < 0) {
		cli_error("cannot tell the format of '%s' from its extension (use .html, .md, .csv, .json or .txt)", arg);
		return -1;
	}
	l->outputs[l->nout++] = arg;
	return 0;
}

static int add_ratio(const struct cli_option *opt, const char *arg, void *lists)
{
	struct report_lists *l = lists;

	(void)opt;
	if (l->nratio == MAX_OUTPUTS) {
		cli_error("too many --ratio (at most %d)", MAX_OUTPUTS);
		return -1;
	}
	l->ratios[l->nratio++] = arg;
	return 0;
}

/*
 * Every -o as one commit (cb_atomic_commit_all): each is written to its
 * temporary file first, and only when all were written and synced are
 * they renamed into place; a failure (a full disk on the last) changes
 * none of them.  0, or -1 with the error printed.
 */
static int write_outputs(const char **outputs, size_t nout, const cb_run *runs, size_t nruns)
{
	cb_atomic_file af[MAX_OUTPUTS];
	size_t i, failed = 0;
	int r = 0;

	for (i = 0; i < nout; i++) {
		r = cb_atomic_open(&af[i], outputs[i], 0644);
		if (!r) {
			r = cb_report_write_runs(af[i].f, (cb_format)cb_format_from_path(outputs[i]), runs, nruns);
			if (r) {
				int e = errno;
				cb_atomic_abort(&af[i]);
				errno = e;
			}
		}
		if (r) {
			int e = errno;
			for (size_t k = 0; k < i; k++)
				cb_atomic_abort(&af[k]);
			errno = e;
			cli_write_error(outputs[i], r);
			return -1;
		}
	}
	r = cb_atomic_commit_all(af, nout, &failed);
	if (r) {
		cli_write_error(outputs[failed], r);
		return -1;
	}
	return 0;
}

int cmd_report(int argc, char **argv)
{
	struct report_lists l = {.nout = 0};
	const char *baseline = NULL;
	int format = -1, first, status = CB_EXIT_OK, verbose = 0;
	const struct cli_option opts[] = {
		CLI_CALLBACK("ratio", 0, "A/B", add_ratio, &l,
			     "print the time ratio of two cases of the run instead of the table, paired round by round, "
			     "with its 95% interval (repeatable).  A case is ALG[@BACKEND]:OP[:SIZE], e.g. "
			     "mlkem768:encaps/x25519@openssl:derive or\n"
			     "aes-256-gcm@openssl:encrypt:16K/chacha20-poly1305@openssl:encrypt:16K"),
		{.type = CLI_OPT_STRING, .name = "baseline", .arg = "NAME[@BACKEND]", .value = &baseline,
		 .defval = sizeof(((cb_context *)0)->baseline), .help = "the ratio column's reference (as for run)"},
		CLI_FLAG("verbose", 'v', &verbose,
			 "under the table, the cases that missed the precision target and the random-cost distributions"),
		CLI_CALLBACK("output", 'o', "FILE", add_output, &l,
			     "write to FILE (repeatable), format from the extension (.html .md .csv .json .txt); written "
			     "atomically, never over RUN.json itself"),
		CLI_CALLBACK("format", 0, "FMT", cli_opt_format, &format,
			     "table, json, csv, md or html for standard output (default: table, or nothing when -o is "
			     "given)"),
	};
	const char **outputs = l.outputs, **ratios = l.ratios;
	cb_run runs[MAX_RUNS], *run0 = &runs[0];
	size_t nruns;

	memset(runs, 0, sizeof(runs));
	status = cli_parse_options(&report_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, &first);
	if (status)
		return status > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	size_t nout = l.nout, nratio = l.nratio;
	nruns = (size_t)(argc - first);
	if (nruns < 1 || nruns > MAX_RUNS) {
		if (nruns)
			cli_error("report takes at most %d run files", MAX_RUNS);
		else
			cli_error("report needs a run file (see 'cryptobench report --help')");
		return CB_EXIT_USAGE;
	}
	if (nruns > 1 && nratio) {
		cli_error("--ratio takes one run file");
		return CB_EXIT_USAGE;
	}
	for (size_t i = 0; i < nout && nruns > 1; i++) {
		int f = cb_format_from_path(outputs[i]);
		if (f == CB_FORMAT_JSON || f == CB_FORMAT_CSV) {
			cli_error("'%s': JSON and CSV hold one run; several runs go to .html, .md or .txt", outputs[i]);
			return CB_EXIT_USAGE;
		}
	}
	if (nruns > 1 && (format == CB_FORMAT_JSON || format == CB_FORMAT_CSV)) {
		cli_error("--format %s holds one run; several runs go to html, md or table", cb_format_name((cb_format)format));
		return CB_EXIT_USAGE;
	}
	if (cli_check_outputs((const char **)(argv + first), nruns, outputs, nout) != 0)
		return CB_EXIT_USAGE;
	for (size_t i = 0; i < nruns; i++)
		if (cli_load_run(argv[first + (int)i], &runs[i]) != 0) {
			for (size_t k = 0; k < i; k++)
				cb_run_free(&runs[k]);
			return CB_EXIT_FAIL;
		}
	if (baseline)
		for (size_t i = 0; i < nruns; i++)
			snprintf(runs[i].context.baseline, sizeof(runs[i].context.baseline), "%s", baseline);
	for (size_t i = 0; i < nratio && status == CB_EXIT_OK; i++)
		status = print_ratio(run0, ratios[i]);
	if (status == CB_EXIT_OK && (format >= 0 || (nout == 0 && nratio == 0))) {
		cb_format f = format >= 0 ? (cb_format)format : CB_FORMAT_TABLE;
		int r = cb_report_write_runs(stdout, f, runs, nruns);
		for (size_t i = 0; r == 0 && verbose && f == CB_FORMAT_TABLE && i < nruns; i++)
			r = cb_report_write_noise(stdout, &runs[i]);
		if (r == 0 && fflush(stdout) != 0)
			r = CB_ERR_IO;
		if (r) {
			cli_write_error("-", r);
			status = CB_EXIT_FAIL;
		}
	}
	if (nout && status != CB_EXIT_USAGE && write_outputs(outputs, nout, runs, nruns) != 0)
		status = CB_EXIT_FAIL;
	for (size_t i = 0; i < nruns; i++)
		cb_run_free(&runs[i]);
	return status;
}
