/* cryptobench report: render a saved run in another format (HTML with charts, ...). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/select.h"
#include "cryptobench/fileio.h"
#include "cryptobench/report.h"

#define MAX_RUNS 8

static const char usage_text[] =
	"usage: cryptobench report RUN.json... [-o FILE]... [--format FMT] [--ratio A/B]...\n"
	"\n"
	"Render a run saved with 'run -o FILE.json' as a table, Markdown, CSV,\n"
	"JSON or a self-contained HTML page (no script, no network): a summary,\n"
	"SVG charts (operations per second with 95% intervals, throughput over\n"
	"message sizes, thread scaling, bytes on the wire, published against\n"
	"measured), the study's tables (published figures against the run, warm\n"
	"against cold, security), the results and the run's context.  Markdown\n"
	"has the same tables, and the line charts' data as tables.  Several runs\n"
	"(at most 8; make bench gives the three studies) make one HTML page with\n"
	"a section each, or one Markdown or text document; JSON and CSV hold one\n"
	"run.\n"
	"\n"
	"options:\n"
	"  --ratio A/B         print the time ratio of two cases of the run instead of\n"
	"                      the table, paired round by round, with its 95% interval\n"
	"                      (repeatable).  A case is ALG[@BACKEND]:OP[:SIZE], e.g.\n"
	"                      mlkem768:encaps/x25519@openssl:derive or\n"
	"                      aes-256-gcm@openssl:encrypt:16K/chacha20-poly1305@openssl:encrypt:16K\n"
	"  --baseline NAME[@BACKEND]  the ratio column's reference (as for run)\n"
	"  -v, --verbose       under the table, the cases that missed the precision\n"
	"                      target and the random-cost distributions\n"
	"  -o, --output FILE   write to FILE (repeatable), format from the extension\n"
	"                      (.html .md .csv .json .txt); written atomically, never\n"
	"                      over RUN.json itself\n"
	"  --format FMT        table, json, csv, md or html for standard output\n"
	"                      (default: table, or nothing when -o is given)\n"
	"  -h, --help          this text\n"
	"\n"
	"exit status: 0 written; 1 RUN.json cannot be read, is not a results file\n"
	"(truncated, another schema version: the error says where) or an output\n"
	"cannot be written (then no output is changed); 2 usage error (also: a\n"
	"--ratio case that is not in the run).\n";

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

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"output", required_argument, NULL, 'o'},
		{"format", required_argument, NULL, 'f'},
		{"ratio", required_argument, NULL, 'r'},
		{"baseline", required_argument, NULL, 'b'},
		{"verbose", no_argument, NULL, 'v'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *outputs[MAX_OUTPUTS], *ratios[MAX_OUTPUTS], *baseline = NULL;
	size_t nout = 0, nratio = 0;
	int format = -1, c, status = CB_EXIT_OK, verbose = 0;
	cb_run runs[MAX_RUNS], *run0 = &runs[0];
	size_t nruns;

	memset(runs, 0, sizeof(runs));
	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":ho:v", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			if (nout == MAX_OUTPUTS) {
				cli_error("too many -o outputs (at most %d)", MAX_OUTPUTS);
				return CB_EXIT_USAGE;
			}
			if (cb_format_from_path(optarg) < 0) {
				cli_error("cannot tell the format of '%s' from its extension (use .html, .md, .csv, .json or .txt)",
					  optarg);
				return CB_EXIT_USAGE;
			}
			outputs[nout++] = optarg;
			break;
		case 'f':
			format = cb_format_parse(optarg);
			if (format < 0) {
				cli_error("unknown format '%s' (use table, json, csv, md or html)", optarg);
				return CB_EXIT_USAGE;
			}
			break;
		case 'r':
			if (nratio == MAX_OUTPUTS) {
				cli_error("too many --ratio (at most %d)", MAX_OUTPUTS);
				return CB_EXIT_USAGE;
			}
			ratios[nratio++] = optarg;
			break;
		case 'b':
			if (strlen(optarg) >= sizeof(runs[0].context.baseline)) {
				cli_error("--baseline is too long");
				return CB_EXIT_USAGE;
			}
			baseline = optarg;
			break;
		case 'v': verbose = 1; break;
		case 'h': fputs(usage_text, stdout); return CB_EXIT_OK;
		case ':': cli_error("option '%s' needs a value (see 'cryptobench report --help')", argv[optind - 1]); return CB_EXIT_USAGE;
		default: cli_error("unknown option '%s' (see 'cryptobench report --help')", argv[optind - 1]); return CB_EXIT_USAGE;
		}
	}
	nruns = (size_t)(argc - optind);
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
	if (cli_check_outputs((const char **)(argv + optind), nruns, outputs, nout) != 0)
		return CB_EXIT_USAGE;
	for (size_t i = 0; i < nruns; i++)
		if (cli_load_run(argv[optind + (int)i], &runs[i]) != 0) {
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
	for (size_t i = 0; i < nout && status != CB_EXIT_USAGE; i++) {
		int r = cb_report_write_runs_path(outputs[i], (cb_format)cb_format_from_path(outputs[i]), runs, nruns);
		if (r) {
			cli_write_error(outputs[i], r);
			status = CB_EXIT_FAIL;
		}
	}
	for (size_t i = 0; i < nruns; i++)
		cb_run_free(&runs[i]);
	return status;
}
