/* cryptobench plan: cores needed to sustain a target rate, from a run. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/select.h"
#include "cryptobench/report.h"

static const char usage_text[] =
	"usage: cryptobench plan RUN.json --rate OPS [options]\n"
	"\n"
	"For every operation measured in RUN.json (written with 'run -o FILE.json'),\n"
	"how many cores sustain OPS operations per second.  The per-core rate is\n"
	"taken from the run's largest thread count for that case (so scaling losses\n"
	"measured with --threads are included), else from the single-thread median.\n"
	"\n"
	"options:\n"
	"  --rate OPS          target operations per second (required)\n"
	"  --headroom PCT      keep this much capacity spare (default: 30)\n"
	"  --ops LIST          only these operations (e.g. sign,encaps)\n"
	"  -h, --help          this text\n"
	"\n"
	"exit status: 0 planned; 1 the file cannot be read or is not a run;\n"
	"2 usage error.\n";

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
			if (*op && !cli_in_list(known, op) && strlen(known) + strlen(op) + 3 < sizeof(known)) {
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

int cmd_plan(int argc, char **argv)
{
	enum { O_RATE = 256, O_HEADROOM, O_OPS };
	static const struct option longopts[] = {
		{"rate", required_argument, NULL, O_RATE},
		{"headroom", required_argument, NULL, O_HEADROOM},
		{"ops", required_argument, NULL, O_OPS},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	double rate = 0, headroom = 30;
	const char *ops = NULL;
	cb_run run = {0};
	int c;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case O_RATE:
			if (cli_parse_number("--rate", optarg, 1e-6, 1e15, &rate))
				return CB_EXIT_USAGE;
			break;
		case O_HEADROOM:
			if (cli_parse_number("--headroom", optarg, 0, 95, &headroom))
				return CB_EXIT_USAGE;
			break;
		case O_OPS: ops = optarg; break;
		case 'h': fputs(usage_text, stdout); return CB_EXIT_OK;
		case ':': cli_error("option '%s' needs a value (see 'cryptobench plan --help')", argv[optind - 1]); return CB_EXIT_USAGE;
		default: cli_error("unknown option '%s' (see 'cryptobench plan --help')", argv[optind - 1]); return CB_EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		cli_error("plan takes one run file (see 'cryptobench plan --help')");
		return CB_EXIT_USAGE;
	}
	if (rate <= 0) {
		cli_error("plan needs a target rate: --rate OPS");
		return CB_EXIT_USAGE;
	}
	if (cli_load_run(argv[optind], &run) != 0)
		return CB_EXIT_FAIL;
	cli_printable_run(&run);
	if (ops && check_ops(ops, &run, argv[optind]) != 0) {
		cb_run_free(&run);
		return CB_EXIT_USAGE;
	}

	size_t wa = 9;
	for (size_t i = 0; i < run.nresults; i++)
		if (strlen(run.results[i].algorithm) > wa)
			wa = strlen(run.results[i].algorithm);
	printf("cores to sustain %.0f operations/s with %.0f%% headroom (%s, %u cores)\n", rate, headroom,
	       run.context.cpu_model[0] ? run.context.cpu_model : "unknown CPU", run.context.cores_online);
	printf("%-*s  %-8s  %-8s  %-7s  %14s  %8s  %10s\n", (int)wa, "algorithm", "backend", "op", "msg", "ops/s/core",
	       "from", "cores");
	for (size_t i = 0; i < run.nresults; i++) {
		const cb_result *x = &run.results[i], *best = NULL;
		int seen = 0;
		if (x->status != CB_STATUS_OK || (ops && !cli_in_list(ops, x->operation)))
			continue;
		/* One line per case: the entry with the most threads represents it. */
		for (size_t k = 0; k < run.nresults; k++) {
			const cb_result *y = &run.results[k];
			if (y->status != CB_STATUS_OK || strcmp(y->algorithm, x->algorithm) || strcmp(y->backend, x->backend) ||
			    strcmp(y->operation, x->operation) || y->message_bytes != x->message_bytes)
				continue;
			if (k < i)
				seen = 1;
			if (!best || y->threads > best->threads)
				best = y;
		}
		if (seen || !best || best->ops_per_sec <= 0)
			continue;
		double per_core = best->ops_per_sec / (best->threads ? best->threads : 1);
		double cores = ceil(rate / (per_core * (1 - headroom / 100)));
		char sz[32] = "-", from[16];
		if (x->message_bytes)
			cli_format_size(x->message_bytes, sz, sizeof(sz));
		snprintf(from, sizeof(from), "%u thr", best->threads);
		char ncores[32];
		/* a rate too low for this machine's arithmetic (a hand-made file): said, not "inf" */
		if (isfinite(cores) && cores < 1e15)
			snprintf(ncores, sizeof(ncores), "%.0f", cores);
		else
			snprintf(ncores, sizeof(ncores), "> 1e15");
		printf("%-*s  %-8s  %-8s  %-7s  %14.1f  %8s  %10s\n", (int)wa, x->algorithm, x->backend, x->operation, sz,
		       per_core, from, ncores);
	}
	cb_run_free(&run);
	return CB_EXIT_OK;
}
