/* cryptobench run: options table, request and plan (bench.h), the run, the writers. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/lockstep.h"
#include "cli/alloc_count.h"
#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/bench.h"
#include "cryptobench/fileio.h"
#include "cryptobench/report.h"

#ifndef CB_SUITES_DIR
#define CB_SUITES_DIR "suites"
#endif

#define MAX_OUTPUTS 8

static const struct cli_command run_cmd = {
	"run", "cryptobench run [options] [SELECTOR...]",
	"Measure the selected algorithms on this machine and print a table.  Each\n"
	"algorithm first runs its embedded known-answer tests (see 'cryptobench\n"
	"verify'); each case is then prepared and self-checked (decrypt(encrypt(m))\n"
	"= m, verify(sign(m)), both sides of an agreement agree) before it is timed.\n"
	"A case that fails either check is reported, not timed (--allow-failed:\n"
	"times one whose only failure is the known-answer test).\n"
	"\n"
	"SELECTOR: a name (rsa2048-oaep-sha256), a wildcard (rsa*, aes-*-gcm), a name\n"
	"prefix (sm2 = sm2-sign, sm2-enc-*, sm2-dh, sm2-kx; rsa2048 = every RSA-2048\n"
	"scheme), a family (classical, gm, pq, hybrid), a class (kem, pke, sig, kex,\n"
	"cipher, hash, envelope) or all.  With no selector, the default suite runs.\n"
	"The envelope class is seal-RECIPIENT-AEAD (seal-xwing-aes-256-gcm), ops\n"
	"seal and open: a whole envelope in memory (docs/ENVELOPE.md).\n",
	"With -o and no --format, standard output stays quiet (unless every -o fails\n"
	"after the run: then the results go there as JSON).  The ratio column is\n"
	"ops/s over the baseline's, the trimmed mean of per-round ratios\n"
	"(docs/MEASUREMENT.md).\n"
	"exit status: 0 all cases ran; 1 an output could not be written; 2 usage\n"
	"error; 3 some cases failed their known answers or self-check, or errored\n"
	"(all are reported; without --allow-failed those are not timed);\n"
	"130 interrupted (SIGINT or SIGTERM): what was measured is written, marked\n"
	"partial; a second signal ends it at once.\n",
	0};

/* A request option as given on the command line, replayed over a suite's. */
typedef struct given {
	const char *name, *arg;
} given;

typedef struct run_args {
	int format; /* -1: not given */
	const char *outputs[MAX_OUTPUTS];
	size_t noutputs;
	int progress;
	int verbose;
	const char *suite;
	given *given; /* the request options, in order */
	size_t ngiven, cap;
	cb_bench_request check; /* each value checked as it is parsed */
	char **sels; /* the operands */
	size_t nsels;
	cb_lockstep lockstep; /* --lockstep (cryptobench ab) */
	char lockstep_id[48];
} run_args;

/* ---- interruption ---- */

/*
 * The first SIGINT or SIGTERM asks the rounds to stop after the current
 * slice, so that what was measured is written (marked partial); a second
 * one ends the program as usual (temporary files removed).
 */
static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	if (interrupted) {
		/* The second: end now, as the signal would, without temporary files. */
		cb_atomic_cleanup();
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	interrupted = sig;
}

static void catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* ---- options ---- */

/* A request option: checked now (bench.h has its grammar), kept to be set over a suite's. */
static int req_opt(const struct cli_option *opt, const char *arg, void *args)
{
	run_args *a = args;
	char err[512];

	if (cb_bench_request_set(&a->check, opt->name, arg, err, sizeof(err)) != 0) {
		cli_error("%s", err);
		return -1;
	}
	if (a->ngiven == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 32;
		given *g = realloc(a->given, cap * sizeof(*g));
		if (!g) {
			cli_error("out of memory");
			return -1;
		}
		a->given = g;
		a->cap = cap;
	}
	a->given[a->ngiven++] = (given){opt->name, arg};
	return 0;
}

static int add_output(const struct cli_option *opt, const char *arg, void *args)
{
	run_args *a = args;

	(void)opt;
	if (a->noutputs == MAX_OUTPUTS) {
		cli_error("too many -o outputs (at most %d)", MAX_OUTPUTS);
		return -1;
	}
	a->outputs[a->noutputs++] = arg;
	return 0;
}

/* --lockstep IN,OUT,ID: the descriptors and id `cryptobench ab` gives a run it conducts. */
static int set_lockstep(const struct cli_option *opt, const char *arg, void *args)
{
	run_args *a = args;
	int in, out, used = 0;
	(void)opt;
	if (sscanf(arg, "%d,%d,%n", &in, &out, &used) != 2 || used == 0 || in < 3 || out < 3 || !arg[used] ||
	    strlen(arg + used) >= sizeof(a->lockstep_id) || fcntl(in, F_GETFD) < 0 || fcntl(out, F_GETFD) < 0) {
		cli_error("--lockstep takes IN,OUT,ID: two open descriptors and the pair's id (it is how 'cryptobench "
			  "ab' runs its two sides; see 'cryptobench ab --help')");
		return -1;
	}
	a->lockstep.in_fd = in;
	a->lockstep.out_fd = out;
	snprintf(a->lockstep_id, sizeof(a->lockstep_id), "%s", arg + used);
	return 0;
}

/* Returns 0, 1 (help shown) or -1 (usage error printed). */
static int parse_args(int argc, char **argv, run_args *a)
{
	const struct cli_option opts[] = {
		CLI_CALLBACK("ops", 0, "LIST", req_opt, a,
			   "operations to measure, e.g. sign,verify (default: all but the cold ones); sign-cold, "
			   "verify-cold, encrypt-cold and decrypt-cold parse the key from its standard encoding and make "
			   "a fresh context on every call, as a server without prepared keys does; a TLS class's sign-cold "
			   "and share-cold are its stack's own CertificateVerify signature and key share (timed by default "
			   "where the stack's adapter offers them)"),
		CLI_CALLBACK("sizes", 0, "LIST", req_opt, a,
			   "message sizes for ciphers, hashes, signatures and encryption, e.g. "
			   "16,128,1K,4K,16K,128K,1M (K = 1024) (default: 16K for ciphers and hashes, 32 for the others)"),
		CLI_CALLBACK("pke-sizes", 0, "LIST", req_opt, a,
			   "message sizes for public-key encryption only (overrides --sizes there; e.g. 32 for a "
			   "session key)"),
		CLI_CALLBACK("sig-sizes", 0, "LIST", req_opt, a, "message sizes for signatures only"),
		CLI_CALLBACK("seal-sizes", 0, "LIST", req_opt, a,
			   "message sizes for the envelope class only (seal-*; up to 1G; default: --sizes, else 16K)"),
		CLI_CALLBACK("threads", 0, "LIST", req_opt, a,
			   "worker threads, e.g. 1,2 (default: 1); each worker has its own keys and contexts and all "
			   "start on a barrier.  For the envelope class (seal-*) N is instead the chunk workers inside "
			   "one seal or open of one message (its --threads), so 1,2 compares one thread with two on the "
			   "same input"),
		CLI_CALLBACK("seal-threads", 0, "LIST", req_opt, a,
			   "the envelope class's chunk workers only (overrides --threads there)"),
		CLI_CALLBACK("thread-ops", 0, "LIST", req_opt, a,
			   "the cases --threads applies to: OP, ALG:OP or ALG@BACKEND:OP (e.g. "
			   "sign,sm2-enc-c1c3c2@gmssl:decrypt); the others run on one thread (default: all)"),
		CLI_CALLBACK("pin-workers", 0, "MODE", req_opt, a,
			     "off (default): the scheduler places the workers of a multi-thread case; on: worker i "
			     "runs on the i-th CPU the run may use; both: each multi-thread case twice, unpinned and "
			     "pinned, side by side (shown as 2 and 2p)"),
		CLI_CALLBACK("pin", 0, "CPUS", req_opt, a, "run on these CPUs only, like taskset -c (e.g. 0-1)"),
		CLI_CALLBACK("time", 0, "SECONDS", req_opt, a,
			   "timed seconds per case, over all its rounds (default: 1)"),
		CLI_CALLBACK("min-time", 0, "SECONDS", req_opt, a,
			   "sample at least this long even once precise enough (default: 0.05); --min-time T --time T "
			   "gives a fixed-duration run like openssl speed -seconds T"),
		CLI_CALLBACK("precision", 0, "PCT", req_opt, a,
			   "stop once every case's 95% CI is within +-PCT percent (default: 1); the interval is over "
			   "the rounds, so it holds the machine's drift too"),
		{.type = CLI_OPT_CALLBACK, .name = "rounds", .arg = "N", .cb = req_opt, .value = a,
		 .help = "rounds per run (default: one per 2 ms of --time, 6 to 200); each round gives every case one "
			 "slice, in a fresh random order, and times a fixed reference workload"},
		CLI_CALLBACK("no-interleave", 0, NULL, req_opt, a, "the old order: each case runs all its rounds in turn"),
		{.type = CLI_OPT_CALLBACK, .name = "baseline", .arg = "NAME[@BACKEND]", .cb = req_opt, .value = a,
		 .help = "the ratio column's reference: for each case, the same operation and size of NAME (a comma "
			 "list: the first that has it; none: the cell is empty); default: the same algorithm on the "
			 "first selected backend"},
		CLI_CALLBACK("quick", 0, NULL, req_opt, a,
			     "short runs (time 0.1 s, precision 5%): a smoke test; it replaces a --time or --precision "
			     "given before it (a suite's), not one given after"),
		CLI_CALLBACK("backend", 0, "LIST", req_opt, a,
			     "only these backends (e.g. openssl,builtin); KEM+KEX names a hybrid's composition, e.g. "
			     "oqs+sodium (docs/HYBRID.md)"),
		CLI_CALLBACK("sm2-id", 0, "ID", req_opt, a,
			     "SM2 user identity for Z_A (default: 1234567812345678)"),
		CLI_STRING("suite", 0, "NAME|FILE", &a->suite,
			   "read selectors and options from a suite (suites/NAME.suite, or $CRYPTOBENCH_SUITES/NAME.suite); "
			   "options given on the command line come after it and win.  all: study-a, study-b and study-c "
			   "in turn, each a run of its own; an output FILE.EXT is then written as FILE-study-a.EXT, ....  A "
			   "suite is data: it holds selectors and the options of a run, never -o, --output, --format or "
			   "--suite (refused), and it is an input (-o cannot name it)"),
		{.type = CLI_OPT_CALLBACK, .name = "title", .arg = "TEXT", .cb = req_opt, .value = a, .help = "the run's title in every output (a suite's name)"},
		{.type = CLI_OPT_CALLBACK, .name = "question", .arg = "TEXT", .cb = req_opt, .value = a,
		 .help = "the study's question in one line, opening its answer in every output"},
		{.type = CLI_OPT_CALLBACK, .name = "source", .arg = "TEXT", .cb = req_opt, .value = a, .help = "where the --published figures come from"},
		CLI_CALLBACK("published", 0, "FIG", req_opt, a,
			     "a figure a study published, shown against the run: CASE=VALUE with unit ops/s, ms, us or "
			     "MB/s (rsa2048-pkcs1:decrypt=48ops/s), or a claim A/B=Nx, \"A is N times as fast as B\", "
			     "checked against the paired ratio (CASE: ALG[@BACKEND]:OP[:SIZE]); repeatable, at most 32"),
		CLI_CALLBACK("security", 0, NULL, req_opt, a, "add the security table (bits, NIST category, source)"),
		CLI_CALLBACK("scenario", 0, "TEXT", req_opt, a,
			     "a scenario of the decision guide, answered from the run: \"LABEL: OP[+OP...] >= N "
			     "ops/s|MB/s [at SIZE] among ALG[,ALG...] [against ALG]\", or '<= N ms|us' for a latency; "
			     "repeatable, at most 8 (docs/MEASUREMENT.md)"),
		CLI_CALLBACK("format", 0, "FMT", cli_opt_format, &a->format,
			     "table, json, csv, md or html for standard output (default: table)"),
		CLI_CALLBACK("output", 'o', "FILE", add_output, a,
			     "also write to FILE (repeatable), format from the extension (.json .csv .md .html .txt); "
			     "written atomically; two -o naming one file are refused"),
		CLI_CALLBACK("memory", 0, NULL, req_opt, a,
			 "also count heap allocations and bytes per operation (untimed calls after the timing; one "
			 "thread only)"),
		CLI_SET_INT("no-progress", 0, &a->progress, 0,
			    "no progress line on standard error (the default when it is not a terminal)"),
		CLI_SET_INT("progress", 0, &a->progress, 2,
			    "the progress line even when standard error is not a terminal (a log)"),
		CLI_FLAG("verbose", 'v', &a->verbose,
			 "under the table, one line per case that missed the precision target, with its reason"),
		CLI_CALLBACK("lockstep", 0, "IN,OUT,ID", set_lockstep, a,
			     "take turns round by round with another run through descriptors IN and OUT (how "
			     "'cryptobench ab' conducts its two sides; ID/old or ID/new goes into the results)"),
		CLI_CALLBACK("allow-failed", 0, NULL, req_opt, a,
			 "also time an implementation that failed its known answers (its self-check must still "
			 "pass); its rows say so and the exit status stays 3"),
	};
	int first, r = cli_parse_options(&run_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, &first);

	if (r)
		return r;
	a->sels = argv + first;
	a->nsels = first < argc ? (size_t)(argc - first) : 0;
	return 0;
}

/* ---- suites ---- */

/* A suite's file: NAME is suites/NAME.suite (or $CRYPTOBENCH_SUITES/NAME.suite); a path is itself. */
static void suite_path(const char *name, char *path, size_t len)
{
	const char *dir = getenv("CRYPTOBENCH_SUITES");
	if (strchr(name, '/') || strstr(name, ".suite"))
		snprintf(path, len, "%s", name);
	else
		snprintf(path, len, "%s/%s.suite", dir && *dir ? dir : CB_SUITES_DIR, name);
}

/* Parse the suite at path into req.  CB_EXIT_OK, or the exit status with the error printed. */
static int load_suite(const char *path, cb_bench_request *req)
{
	uint8_t *data;
	size_t len;
	char err[512];
	int r = cb_read_file(path, &data, &len, 1 << 20);

	if (r == CB_ERR_LENGTH) {
		cli_error("suite '%s' is larger than 1 MiB", path);
		return CB_EXIT_USAGE;
	}
	if (r) {
		cli_error("cannot read suite '%s': %s", path, r == CB_ERR_IO ? strerror(errno) : cb_strerror(r));
		return CB_EXIT_USAGE;
	}
	r = memchr(data, 0, len) ? CB_ERR_FORMAT : 0;
	if (r)
		snprintf(err, sizeof(err), "it holds a NUL byte (a suite is text)");
	else
		r = cb_bench_request_suite(req, (const char *)data, err, sizeof(err));
	free(data);
	if (r == CB_ERR_NOMEM) {
		cli_error("out of memory");
		return CB_EXIT_FAIL;
	}
	if (r) {
		cli_error("suite '%s': %s", path, err);
		return CB_EXIT_USAGE;
	}
	return CB_EXIT_OK;
}

/* The progress line: preparation case by case, then the rounds. */
static void progress(void *arg, const char *phase, size_t done, size_t total, const cb_plan_case *pc)
{
	char sz[32] = "";
	if (!*(int *)arg)
		return;
	if (!phase) {
		fprintf(stderr, "\r\033[K");
	} else if (!strcmp(phase, "prepare")) {
		if (pc->op && pc->msg)
			cb_report_size(pc->msg, sz, sizeof(sz));
		fprintf(stderr, "\r\033[Kpreparing [%zu/%zu] %s %s %s%s", done + 1, total, pc->alg->name,
			pc->op ? pc->op : "", sz, pc->threads > 1 ? " (threads)" : "");
	} else {
		fprintf(stderr, "\r\033[Kmeasuring: round %zu of at most %zu", done, total);
	}
	fflush(stderr);
}

static int check_output(const char *path, int fmt)
{
	if (fmt < 0) {
		cli_error("cannot tell the format of '%s' from its extension (use .json, .csv, .md, .html or .txt)", path);
		return CB_EXIT_USAGE;
	}
	if (cb_atomic_check(path) != 0) {
		cli_error("cannot write '%s': %s", path, strerror(errno));
		return CB_EXIT_FAIL;
	}
	return 0;
}

/* The study suites, in the order 'make bench' runs them (--suite all). */
static const char *const all_suites[] = {"study-a", "study-b", "study-c"};

/* FILE.EXT -> FILE-SUITE.EXT (FILE-SUITE without an extension); '-' stays. */
static char *suite_output(const char *path, const char *suite)
{
	const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
	size_t n = strlen(path) + strlen(suite) + 2, stem;
	char *o;

	if (!strcmp(path, "-"))
		return strdup(path);
	if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : path))
		dot = path + strlen(path);
	stem = (size_t)(dot - path);
	if (!(o = malloc(n)))
		return NULL;
	snprintf(o, n, "%.*s-%s%s", (int)stem, path, suite, dot);
	return o;
}

/*
 * One run: the suite (may be NULL) parsed into a request, the command
 * line's options over it and its selectors after it; the outputs checked
 * (a suite is an input), the plan, the run, the writers.  suffix (may be
 * NULL): every output FILE.EXT is written as FILE-SUFFIX.EXT (--suite all).
 */
static int run_one(const run_args *a, const char *suite, const char *suffix)
{
	char path[4096], err[1024];
	const char *outputs[MAX_OUTPUTS], *inputs[1];
	char *owned[MAX_OUTPUTS] = {0};
	cb_bench_request req;
	cb_plan plan = {0};
	cb_bench_hooks hooks = {0};
	cb_run run = {0};
	int status = CB_EXIT_OK, progress_on, rc;
	size_t ninputs = 0;

	cb_bench_request_init(&req);
	if (suite) {
		suite_path(suite, path, sizeof(path));
		inputs[ninputs++] = path;
		if ((status = load_suite(path, &req)) != CB_EXIT_OK)
			goto done;
	}
	for (size_t i = 0; i < a->ngiven; i++)
		if (cb_bench_request_set(&req, a->given[i].name, a->given[i].arg, err, sizeof(err)) != 0) {
			cli_error("%s", err); /* checked when parsed: out of memory only */
			status = CB_EXIT_FAIL;
			goto done;
		}
	for (size_t i = 0; i < a->nsels; i++)
		if (cb_bench_request_select(&req, a->sels[i]) != 0) {
			cli_error("out of memory");
			status = CB_EXIT_FAIL;
			goto done;
		}
	for (size_t i = 0; i < a->noutputs; i++) {
		outputs[i] = a->outputs[i];
		if (suffix && !(outputs[i] = owned[i] = suite_output(a->outputs[i], suffix))) {
			cli_error("out of memory");
			status = CB_EXIT_FAIL;
			goto done;
		}
	}
	if (cli_check_outputs(inputs, ninputs, outputs, a->noutputs) != 0) {
		status = CB_EXIT_USAGE;
		goto done;
	}
	for (size_t i = 0; i < a->noutputs; i++)
		if ((status = check_output(outputs[i], cb_format_from_path(outputs[i]))) != 0)
			goto done;
	rc = cb_bench_plan(&req, &plan, err, sizeof(err));
	if (rc) {
		if (suite && req.nselectors == 0)
			cli_error("suite '%s' selects nothing: it names no algorithm, and none is on the command line", path);
		else
			cli_error("%s", rc == CB_ERR_NOMEM ? "out of memory" : err);
		status = rc == CB_ERR_NOMEM ? CB_EXIT_FAIL : CB_EXIT_USAGE;
		goto done;
	}

	progress_on = a->progress == 2 || (a->progress && isatty(STDERR_FILENO));
	hooks.progress = progress;
	hooks.arg = &progress_on;
	hooks.stop = &interrupted;
	if (a->lockstep_id[0]) {
		hooks.before_round = cb_lockstep_before_round;
		hooks.after_round = cb_lockstep_after_round;
		hooks.sync_arg = (void *)&a->lockstep;
	}
	if (req.memory && alloc_count_available()) {
		hooks.alloc_begin = alloc_count_begin;
		hooks.alloc_end = alloc_count_end;
	} else if (req.memory) {
		fprintf(stderr, "cryptobench: note: this build cannot count allocations (sanitizer or fuzzing build); --memory ignored\n");
	}
	rc = cb_bench_run(&req, &plan, &hooks, &run, err, sizeof(err));
	progress(&progress_on, NULL, 0, 0, NULL);
	if (rc) {
		cli_error("%s", err);
		status = rc == CB_ERR_ARG ? CB_EXIT_USAGE : CB_EXIT_FAIL;
		goto done;
	}
	if (a->lockstep_id[0])
		snprintf(run.context.lockstep, sizeof(run.context.lockstep), "%s", a->lockstep_id);
	for (size_t i = 0; i < run.nresults; i++)
		if (run.results[i].status == CB_STATUS_FAILED_SELFCHECK || run.results[i].status == CB_STATUS_ERROR ||
		    !strcmp(run.results[i].kat, "fail"))
			status = CB_EXIT_PARTIAL;
	if (interrupted) {
		run.context.partial = 1;
		cli_warn("interrupted: writing the %u round%s measured so far (marked partial)", run.context.rounds,
			 run.context.rounds == 1 ? "" : "s");
	}

	if (a->format >= 0 || a->noutputs == 0) {
		cb_format f = a->format >= 0 ? (cb_format)a->format : CB_FORMAT_TABLE;
		int r = cb_report_write(stdout, f, &run);
		if (r == 0 && a->verbose && f == CB_FORMAT_TABLE)
			r = cb_report_write_noise(stdout, &run);
		if (r == 0 && fflush(stdout) != 0)
			r = CB_ERR_IO;
		if (r) {
			cli_write_error("-", r);
			status = CB_EXIT_FAIL;
		}
	}
	{
		size_t written = 0;
		for (size_t i = 0; i < a->noutputs; i++) {
			int r = cb_report_write_path(outputs[i], (cb_format)cb_format_from_path(outputs[i]), &run);
			if (r) {
				cli_write_error(outputs[i], r);
				status = CB_EXIT_FAIL;
			} else {
				written++;
			}
		}
		/* Nothing saved what was measured: standard output gets it, as JSON. */
		if (a->noutputs && !written && a->format < 0) {
			cli_warn("writing the results to standard output as JSON instead");
			if (cb_report_write(stdout, CB_FORMAT_JSON, &run) != 0 || fflush(stdout) != 0)
				cli_error("cannot write to standard output either: %s", cli_strerror(errno));
		}
	}
	if (interrupted && status != CB_EXIT_FAIL)
		status = CB_EXIT_INTERRUPTED;
done:
	for (size_t i = 0; i < MAX_OUTPUTS; i++)
		free(owned[i]);
	cb_plan_free(&plan);
	cb_run_free(&run);
	cb_bench_request_free(&req);
	return status;
}

int cmd_run(int argc, char **argv)
{
	run_args a = {.format = -1, .progress = 1};
	int rc, worst = CB_EXIT_OK;

	cb_bench_request_init(&a.check);
	rc = parse_args(argc, argv, &a);
	if (rc) {
		/* Help on stdout when asked (printed); after an error, its one line is enough. */
		rc = rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
		goto out;
	}
	catch_signals();
	if (!a.suite || strcmp(a.suite, "all") != 0) {
		/* With no selector at all, the default suite supplies them. */
		rc = run_one(&a, a.suite ? a.suite : a.nsels ? NULL : "default", NULL);
		goto out;
	}
	/*
	 * --suite all: the three studies in turn, each a run of its own with
	 * the rest of the command line, as 'make bench' runs them; every output
	 * FILE.EXT is written per study as FILE-study-a.EXT, ...  Stops at a
	 * usage error or an interruption; otherwise the worst status of the three.
	 */
	for (size_t s = 0; s < CB_ARRAY_LEN(all_suites); s++) {
		fprintf(stderr, "cryptobench: --suite all: %s (%zu of %zu)\n", all_suites[s], s + 1,
			CB_ARRAY_LEN(all_suites));
		rc = run_one(&a, all_suites[s], all_suites[s]);
		if (rc == CB_EXIT_USAGE || rc == CB_EXIT_INTERRUPTED)
			break;
		if (rc > worst)
			worst = rc;
		rc = worst;
	}
out:
	free(a.given);
	cb_bench_request_free(&a.check);
	return rc;
}
