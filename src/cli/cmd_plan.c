/* cryptobench plan: cores needed to sustain a target rate, from a run. */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/report.h"
#include "report/handshake.h"
#include "report/report_int.h"

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

/* The backends a row's steps ran on, once each: "openssl" or "openssl,builtin". */
static void row_backends(const cb_hs_row *r, char *buf, size_t len)
{
	buf[0] = 0;
	for (size_t i = 0; i < r->nsteps; i++)
		if (!cli_in_list(buf, r->steps[i].backend) && strlen(buf) + strlen(r->steps[i].backend) + 2 < len) {
			strcat(buf, buf[0] ? "," : "");
			strcat(buf, r->steps[i].backend);
		}
}

static void fmt_cores(double cores, char *buf, size_t len)
{
	/* a rate too low for this machine's arithmetic (a hand-made file): said, not "inf" */
	if (isfinite(cores) && cores < 1e15)
		snprintf(buf, len, "%.0f", cores);
	else
		snprintf(buf, len, "> 1e15");
}

static void fmt_wire(long n, char *buf, size_t len)
{
	if (n < 0)
		snprintf(buf, len, "not recorded");
	else
		snprintf(buf, len, "%ld", n);
}

static void fmt_against(const cb_hs_row *r, char *buf, size_t len)
{
	if (r->against)
		snprintf(buf, len, "%.2fx %s", r->server_ratio, r->against);
	else
		snprintf(buf, len, "-");
}

/* One sentence per combination set against another: what the move costs. */
static void hs_moves(FILE *f, const cb_hs_row *rows, size_t n, double rate, const char *bullet)
{
	for (size_t i = 0; i < n; i++) {
		const cb_hs_row *r = &rows[i], *b = NULL;
		char c1[32], c0[32];
		for (size_t k = 0; k < n && r->against; k++)
			if (!strcmp(rows[k].combo->name, r->against))
				b = &rows[k];
		if (!b)
			continue;
		fmt_cores(r->cores, c1, sizeof(c1));
		fmt_cores(b->cores, c0, sizeof(c0));
		fprintf(f, "%s%s -> %s: %.2fx the server cores (%s against %s for %.0f handshakes/s), %.2fx the client time",
			bullet, b->combo->name, r->combo->name, r->server_ratio, c1, c0, rate, r->client_ratio);
		if (r->wire >= 0 && b->wire >= 0)
			fprintf(f, ", %+ld bytes on the wire", r->wire - b->wire);
		if (r->chain >= 0 && b->chain >= 0 && r->chain != b->chain)
			fprintf(f, " and %+ld in the certificate chain", r->chain - b->chain);
		fputs(".\n", f);
	}
}

static void hs_table(FILE *f, const cb_hs_row *rows, size_t n, int md, double rate)
{
	static const char *const head[] = {"combination", "server/hs", "client/hs", "hs/s/core", "cores", "wire B",
					   "chain B", "server time against", "backends"};
	size_t w[9] = {0};
	char cell[9][96];
	for (int pass = 0; pass < 2; pass++) {
		if (pass) {
			for (size_t c = 0; c < 9; c++) {
				if (md)
					fprintf(f, "| %s ", head[c]);
				else if (c == 0 || c == 8)
					fprintf(f, "%s%-*s", c ? "  " : "", c == 8 ? 0 : (int)w[c], head[c]);
				else
					fprintf(f, "  %*s", (int)w[c], head[c]);
			}
			fputs(md ? "|\n" : "\n", f);
			if (md)
				fputs("| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :--- |\n", f);
		} else {
			for (size_t c = 0; c < 9; c++)
				w[c] = cb_utf8_width(head[c]);
		}
		for (size_t i = 0; i < n; i++) {
			const cb_hs_row *r = &rows[i];
			if (!r->ok)
				continue;
			snprintf(cell[0], sizeof(cell[0]), "%s", r->combo->name);
			cb_fmt_latency(r->server_ns, cell[1], sizeof(cell[1]));
			cb_fmt_latency(r->client_ns, cell[2], sizeof(cell[2]));
			snprintf(cell[3], sizeof(cell[3]), "%.1f", r->per_core);
			fmt_cores(r->cores, cell[4], sizeof(cell[4]));
			fmt_wire(r->wire, cell[5], sizeof(cell[5]));
			fmt_wire(r->chain, cell[6], sizeof(cell[6]));
			fmt_against(r, cell[7], sizeof(cell[7]));
			row_backends(r, cell[8], sizeof(cell[8]));
			for (size_t c = 0; c < 9; c++) {
				size_t cw = cb_utf8_width(cell[c]);
				if (!pass) {
					if (cw > w[c])
						w[c] = cw;
				} else if (md) {
					fprintf(f, "| %s ", cell[c]);
				} else {
					/* padded by display width (µs is two bytes, one column) */
					if (c)
						fputs("  ", f);
					if (c && c < 8)
						fprintf(f, "%*s", (int)(w[c] - cw), "");
					fputs(cell[c], f);
					if (c == 0)
						fprintf(f, "%*s", (int)(w[c] - cw), "");
				}
			}
			if (pass)
				fputs(md ? "|\n" : "\n", f);
		}
	}
	if (md)
		fputc('\n', f);
	hs_moves(f, rows, n, rate, md ? "- " : "");
	for (size_t i = 0; i < n; i++)
		if (!rows[i].ok)
			fprintf(f, "%sskipped %s: %s\n", md ? "- " : "", rows[i].combo->name, rows[i].why);
}

static int hs_json(FILE *f, const cb_hs_row *rows, size_t n, double rate, double headroom, const char *backend,
		   const cb_run *run)
{
	json_t *root = json_object(), *arr = json_array(), *skip = json_array();
	char *text;
	int err = !root || !arr || !skip;
	if (err) {
		json_decref(root);
		json_decref(arr);
		json_decref(skip);
		return -1;
	}
	json_object_set_new(root, "handshakes_per_sec", json_real(rate));
	json_object_set_new(root, "headroom_percent", json_real(headroom));
	json_object_set_new(root, "backend", backend ? json_string(backend) : json_null());
	json_object_set_new(root, "cpu_model", json_string(run->context.cpu_model));
	json_object_set_new(root, "cores_online", json_integer(run->context.cores_online));
	json_object_set_new(root, "combinations", arr);
	json_object_set_new(root, "skipped", skip);
	for (size_t i = 0; i < n; i++) {
		const cb_hs_row *r = &rows[i];
		json_t *o = json_object(), *steps = json_array();
		if (!o || !steps) {
			json_decref(o);
			json_decref(steps);
			err = 1;
			break;
		}
		json_object_set_new(o, "name", json_string(r->combo->name));
		json_object_set_new(o, "kex", json_string(r->combo->kex));
		json_object_set_new(o, "sig", json_string(r->combo->sig));
		if (!r->ok) {
			json_decref(steps);
			json_object_set_new(o, "reason", json_string(r->why));
			err |= json_array_append_new(skip, o) != 0;
			continue;
		}
		for (size_t k = 0; k < r->nsteps; k++) {
			json_t *st = json_object();
			if (!st) {
				err = 1;
				break;
			}
			json_object_set_new(st, "side", json_string(r->steps[k].server ? "server" : "client"));
			json_object_set_new(st, "algorithm", json_string(r->steps[k].alg));
			json_object_set_new(st, "operation", json_string(r->steps[k].op));
			json_object_set_new(st, "backend", json_string(r->steps[k].backend));
			json_object_set_new(st, "threads", json_integer(r->steps[k].threads));
			json_object_set_new(st, "ns_per_op_per_core", json_real(r->steps[k].ns));
			err |= json_array_append_new(steps, st) != 0;
		}
		json_object_set_new(o, "steps", steps);
		json_object_set_new(o, "server_ns", json_real(r->server_ns));
		json_object_set_new(o, "client_ns", json_real(r->client_ns));
		json_object_set_new(o, "handshakes_per_sec_per_core", json_real(r->per_core));
		json_object_set_new(o, "cores", isfinite(r->cores) ? json_real(r->cores) : json_null());
		json_object_set_new(o, "client_share_bytes", r->client_share >= 0 ? json_integer(r->client_share) : json_null());
		json_object_set_new(o, "server_share_bytes", r->server_share >= 0 ? json_integer(r->server_share) : json_null());
		json_object_set_new(o, "signature_bytes", r->signature >= 0 ? json_integer(r->signature) : json_null());
		json_object_set_new(o, "wire_bytes", r->wire >= 0 ? json_integer(r->wire) : json_null());
		json_object_set_new(o, "chain_bytes", r->chain >= 0 ? json_integer(r->chain) : json_null());
		json_object_set_new(o, "against", r->against ? json_string(r->against) : json_null());
		json_object_set_new(o, "server_ratio", r->against ? json_real(r->server_ratio) : json_null());
		json_object_set_new(o, "client_ratio", r->against ? json_real(r->client_ratio) : json_null());
		err |= json_array_append_new(arr, o) != 0;
	}
	text = err ? NULL : json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
	json_decref(root);
	if (!text)
		return -1;
	fprintf(f, "%s\n", text);
	free(text);
	return 0;
}

static int plan_handshakes(const cb_run *run, const char *path, double rate, double headroom, const char *backend,
			   const char *against, int format)
{
	cb_hs_row *rows;
	size_t n, nok = 0;
	int r = cb_hs_plan(run, backend, against, rate, headroom, &rows, &n);
	if (r == CB_ERR_ARG) {
		size_t nc;
		const cb_hs_combo *c = cb_hs_combos(&nc);
		cli_error("--against '%s' is not a combination (e.g. %s, %s; see docs/PLAN.md)", against, c[0].name,
			  c[nc - 1].name);
		return CB_EXIT_USAGE;
	}
	if (r) {
		cli_error("out of memory");
		return CB_EXIT_FAIL;
	}
	for (size_t i = 0; i < n; i++)
		nok += rows[i].ok;
	if (!nok) {
		cli_error("no handshake combination's operations are all in '%s' (%s: %s; ...): a run needs a key "
			  "exchange's keygen and encaps,decaps or derive, and a signature's sign,verify",
			  path, rows[0].combo->name, rows[0].why);
		free(rows);
		return CB_EXIT_USAGE;
	}
	if (format == CB_FORMAT_JSON) {
		if (hs_json(stdout, rows, n, rate, headroom, backend, run) != 0) {
			free(rows);
			cli_error("out of memory");
			return CB_EXIT_FAIL;
		}
	} else {
		printf("%shandshakes: %.0f per second with %.0f%% headroom (%s, %u cores); figures per core, %s%s\n",
		       format == CB_FORMAT_MD ? "## " : "", rate, headroom,
		       run->context.cpu_model[0] ? run->context.cpu_model : "unknown CPU", run->context.cores_online,
		       backend ? "every operation on " : "each operation on its fastest backend", backend ? backend : "");
		if (format == CB_FORMAT_MD)
			putchar('\n');
		hs_table(stdout, rows, n, format == CB_FORMAT_MD, rate);
	}
	free(rows);
	return fflush(stdout) == 0 ? CB_EXIT_OK : CB_EXIT_FAIL;
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
