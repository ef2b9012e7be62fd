/* cryptobench plan: cores needed to sustain a target rate, from a run. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "cryptobench/bench.h"
#include "core/util.h"
#include "cryptobench/report.h"

static const struct cli_command plan_cmd = {
	"plan",
	"cryptobench plan RUN.json --rate OPS [options]\n"
	"       cryptobench plan RUN.json [MORE.json...] --handshakes N [options]",
	"--rate: for every operation measured in RUN.json (written with 'run -o\n"
	"FILE.json'), how many cores sustain OPS operations per second.  The per-core\n"
	"rate is taken from the run's largest thread count for that case (so scaling\n"
	"losses measured with --threads are included), else from the single-thread\n"
	"median.\n"
	"\n"
	"--handshakes: the public-key work of a TLS 1.3-like handshake for each\n"
	"combination of key exchange and signature in docs/PLAN.md whose operations\n"
	"are in the run (client keygen; server encaps, or keygen and derive; client\n"
	"decaps or derive; one server sign; one client verify): server and client\n"
	"time per handshake, server handshakes per second per core, server cores for\n"
	"N handshakes per second, bytes on the wire (client share + server share +\n"
	"signature, as the run recorded them), the signature's two-certificate chain\n"
	"(leaf + intermediate: two public keys and two signatures), and the server\n"
	"time against the\n"
	"classical combination it replaces.  Each operation's figure is per core as\n"
	"for --rate, at its smallest measured message size, on its fastest backend\n"
	"(or on --backend).  The combinations the run cannot price are listed with\n"
	"the operation missing.  Several runs are read as one (a study's signatures\n"
	"from one, its key exchanges from another; a warning when their machines\n"
	"differ).\n",
	"exit status: 0 planned; 1 the file cannot be read or is not a run;\n"
	"2 usage error, or (--handshakes) no combination's operations are in the run.\n",
	0};

/* plan --format: table, json or md. */
static int set_format(const struct cli_option *opt, const char *arg, void *format)
{
	(void)opt;
	*(int *)format = cb_format_parse(arg);
	if (*(int *)format != CB_FORMAT_TABLE && *(int *)format != CB_FORMAT_JSON && *(int *)format != CB_FORMAT_MD) {
		cli_error("plan --format takes table, json or md, not '%s'", arg);
		return -1;
	}
	return 0;
}

/* Every operation named in --ops must be in the run. */
static int check_ops(const char *list, const cb_run *run, const char *path)
{
	for (const char *p = list; *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char known[256] = "";
		int found = 0;
		for (size_t i = 0; i < run->nresults; i++) {
			const char *op = run->results[i].operation;
			if (strlen(op) == len && !strncmp(op, p, len))
				found = 1;
			if (*op && !cb_in_list(known, op) && strlen(known) + strlen(op) + 3 < sizeof(known)) {
				strcat(known, known[0] ? "," : "");
				strcat(known, op);
			}
		}
		if (!found) {
			cli_error("no operation '%.*s' in '%s' (it has: %s)", (int)len, p, path, known[0] ? known : "none");
			return -1;
		}
		p = e ? e + 1 : p + len;
	}
	return 0;
}

static int plan_handshakes(const cb_run *run, const char *path, double rate, double headroom, const char *backend,
			   const char *against, int format)
{
	char err[512];
	int r = cb_report_plan_handshakes(stdout, (cb_format)format, run, path, rate, headroom, backend, against, err,
					  sizeof(err));
	if (r == CB_ERR_ARG || r == CB_ERR_UNSUPPORTED) {
		cli_error("%s", err);
		return CB_EXIT_USAGE;
	}
	if (r == CB_ERR_NOMEM) {
		cli_error("out of memory");
		return CB_EXIT_FAIL;
	}
	if (r == 0 && format != CB_FORMAT_JSON)
		cli_print_run_caveats(stdout, path, run);
	return r == 0 && fflush(stdout) == 0 ? CB_EXIT_OK : CB_EXIT_FAIL;
}

/*
 * The results of paths[1..n) appended to run (paths[0]'s), so one plan can
 * take a study's signatures from one run and its key exchanges from
 * another; runs of another host or CPU are added with a warning.
 */
static int add_runs(cb_run *run, char **paths, size_t n)
{
	for (size_t f = 1; f < n; f++) {
		cb_run more = {0};
		if (cli_load_run(paths[f], &more) != 0)
			return -1;
		if (strcmp(more.context.cpu_model, run->context.cpu_model) != 0 ||
		    strcmp(more.context.hostname, run->context.hostname) != 0)
			cli_warn("'%s' and '%s' are from different machines: their figures are added as they are",
				 paths[0], paths[f]);
		for (size_t i = 0; i < more.nresults; i++) {
			cb_result *d = cb_run_add(run);
			if (!d) {
				cb_run_free(&more);
				cli_error("out of memory");
				return -1;
			}
			*d = more.results[i];
		}
		cb_run_free(&more);
	}
	return 0;
}

int cmd_plan(int argc, char **argv)
{
	double rate = 0, headroom = 30, handshakes = 0;
	const char *ops = NULL, *backend = NULL, *against = NULL;
	int format = -1, first;
	const struct cli_option opts[] = {
		CLI_NUMBER("rate", 0, "OPS", &rate, 1e-6, 1e15, "target operations per second"),
		CLI_NUMBER("handshakes", 0, "N", &handshakes, 1e-6, 1e15,
			   "target handshakes per second (one of the two is required)"),
		CLI_NUMBER("headroom", 0, "PCT", &headroom, 0, 95, "keep this much capacity spare (default: 30)"),
		CLI_STRING("ops", 0, "LIST", &ops, "with --rate: only these operations (e.g. sign,encaps)"),
		CLI_STRING("backend", 0, "NAME", &backend, "with --handshakes: every operation on this backend"),
		CLI_STRING("against", 0, "NAME", &against,
			   "with --handshakes: set every combination against this one (default: each against its "
			   "classical counterpart)"),
		CLI_CALLBACK("format", 0, "FMT", set_format, &format,
			     "with --handshakes: table, json or md (default: table)"),
	};
	cb_run run = {0};
	int c = cli_parse_options(&plan_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, &first);

	if (c)
		return c > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	if (argc - first < 1 || (argc - first > 1 && handshakes <= 0)) {
		cli_error("plan takes one run file (--handshakes: one or more; see 'cryptobench plan --help')");
		return CB_EXIT_USAGE;
	}
	if (rate > 0 && handshakes > 0) {
		cli_error("plan takes --rate or --handshakes, not both");
		return CB_EXIT_USAGE;
	}
	if (rate <= 0 && handshakes <= 0) {
		cli_error("plan needs a target rate: --rate OPS or --handshakes N");
		return CB_EXIT_USAGE;
	}
	if (handshakes <= 0 && (backend || against || format >= 0)) {
		cli_error("--%s goes with --handshakes", backend ? "backend" : against ? "against" : "format");
		return CB_EXIT_USAGE;
	}
	if (handshakes > 0 && ops) {
		cli_error("--ops goes with --rate (--handshakes uses the operations of each combination)");
		return CB_EXIT_USAGE;
	}
	if (cli_load_run(argv[first], &run) != 0)
		return CB_EXIT_FAIL;
	if (handshakes > 0 && add_runs(&run, argv + first, (size_t)(argc - first)) != 0) {
		cb_run_free(&run);
		return CB_EXIT_FAIL;
	}
	cli_printable_run(&run);
	if (handshakes > 0) {
		int r = plan_handshakes(&run, argc - first > 1 ? "the runs given" : argv[first], handshakes, headroom,
					backend, against, format < 0 ? CB_FORMAT_TABLE : format);
		cb_run_free(&run);
		return r;
	}
	if (ops && check_ops(ops, &run, argv[first]) != 0) {
		cb_run_free(&run);
		return CB_EXIT_USAGE;
	}

	{
		int r = cb_report_plan_rate(stdout, &run, rate, headroom, ops);
		if (r == 0)
			cli_print_run_caveats(stdout, argv[first], &run);
		cb_run_free(&run);
		if (r == CB_ERR_NOMEM)
			cli_error("out of memory");
		return r == 0 ? CB_EXIT_OK : CB_EXIT_FAIL;
	}
}
