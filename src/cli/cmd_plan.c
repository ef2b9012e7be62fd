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

/* One case of the plan: algorithm, backend, operation and size alike. */
static int by_case(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	int c = strcmp(a->algorithm, b->algorithm);
	if (!c)
		c = strcmp(a->backend, b->backend);
	if (!c)
		c = strcmp(a->operation, b->operation);
	if (!c)
		c = (a->message_bytes > b->message_bytes) - (a->message_bytes < b->message_bytes);
	return c;
}

/* The plan's cases in order, each case's entries in the run's order (qsort is not stable). */
static int by_case_then_place(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	int c = by_case(pa, pb);
	return c ? c : (a > b) - (a < b);
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
	/*
	 * One line per case (algorithm, backend, operation, size), at its first
	 * entry; the entry with the most threads represents it.  Found by
	 * sorting, not by a scan per entry: a results file can be large.
	 */
	const cb_result **by = malloc((run.nresults ? run.nresults : 1) * sizeof(*by));
	const cb_result **best_of = calloc(run.nresults ? run.nresults : 1, sizeof(*best_of));
	size_t nok = 0;
	if (!by || !best_of) {
		free(by);
		free(best_of);
		cb_run_free(&run);
		cli_error("out of memory");
		return CB_EXIT_FAIL;
	}
	for (size_t i = 0; i < run.nresults; i++)
		if (run.results[i].status == CB_STATUS_OK)
			by[nok++] = &run.results[i];
	qsort(by, nok, sizeof(*by), by_case_then_place);
	for (size_t g = 0; g < nok;) {
		size_t e = g + 1;
		const cb_result *best = by[g];
		for (; e < nok && by_case(&by[g], &by[e]) == 0; e++)
			if (by[e]->threads > best->threads)
				best = by[e];
		best_of[by[g] - run.results] = best; /* by[g] is the group's first entry */
		g = e;
	}
	for (size_t i = 0; i < run.nresults; i++) {
		const cb_result *x = &run.results[i], *best = best_of[i];
		if (!best || (ops && !cli_in_list(ops, x->operation)) || best->ops_per_sec <= 0)
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
	free(by);
	free(best_of);
	cb_run_free(&run);
	return CB_EXIT_OK;
}
