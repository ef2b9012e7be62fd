/* cryptobench run: measure the selected algorithms. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/cases.h"
#include "bench/context.h"
#include "bench/session.h"
#include "bench/suite.h"
#include "cli/alloc_count.h"
#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/fileio.h"
#include "cryptobench/registry.h"
#include "cryptobench/report.h"

#ifndef CB_SUITES_DIR
#define CB_SUITES_DIR "suites"
#endif

#define MAX_ALGS 512
#define MAX_SIZES 32
#define MAX_THREADS 16
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

typedef struct run_args {
	int allow_failed;
	char *ops;
	char *sizes;
	char *pke_sizes;
	char *sig_sizes;
	char *seal_sizes, *seal_threads;
	char *threads;
	char *thread_ops;
	int pin_workers; /* 0 off, 1 on, 2 both */
	char *pin;
	char *backend;
	char *sm2_id;
	double time;
	double min_time;
	double precision;
	double rounds;
	int no_interleave;
	int verbose;
	char *baseline;
	int quick;
	int format; /* -1: not given */
	const char *outputs[MAX_OUTPUTS];
	size_t noutputs;
	int progress;
	int memory;
	const char *title, *source, *suite;
	cb_published published[CB_PUBLISHED_MAX];
	size_t npublished;
	int security;
	cb_scenario scenarios[CB_SCENARIO_MAX];
	size_t nscenarios;
	char **sels; /* into the words parsed: no limit of its own */
	size_t nsels;
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

/* ---- suites ---- */

/*
 * Read a suite's words into *words (malloc'd), *n of them; *storage holds
 * the text they point into.  -1 with the error printed and nothing to free.
 */
static int load_suite(const char *name, char ***words_out, size_t *n, char **storage)
{
	char path[4096];
	uint8_t *data;
	size_t len;
	const char *dir = getenv("CRYPTOBENCH_SUITES");
	if (strchr(name, '/') || strstr(name, ".suite"))
		snprintf(path, sizeof(path), "%s", name);
	else
		snprintf(path, sizeof(path), "%s/%s.suite", dir && *dir ? dir : CB_SUITES_DIR, name);
	{
		int err = cb_read_file(path, &data, &len, 1 << 20);
		if (err == CB_ERR_LENGTH) {
			cli_error("suite '%s' is larger than 1 MiB", path);
			return -1;
		}
		if (err) {
			cli_error("cannot read suite '%s': %s", path, err == CB_ERR_IO ? strerror(errno) : cb_strerror(err));
			return -1;
		}
	}
	{
		int r = cb_suite_split((char *)data, words_out, n);
		if (r != CB_OK) {
			free(data);
			if (r == CB_ERR_FORMAT)
				cli_error("suite '%s': a double quote is not closed on its line", path);
			else
				cli_error("out of memory");
			return -1;
		}
	}
	*storage = (char *)data;
	return 0;
}

/* ---- options ---- */

static int set_pin_workers(const struct cli_option *opt, const char *arg, void *pin_workers)
{
	(void)opt;
	if (!strcmp(arg, "off"))
		*(int *)pin_workers = 0;
	else if (!strcmp(arg, "on"))
		*(int *)pin_workers = 1;
	else if (!strcmp(arg, "both"))
		*(int *)pin_workers = 2;
	else {
		cli_error("--pin-workers takes off, on or both, not '%s'", arg);
		return -1;
	}
	return 0;
}

/* After a suite's --time and --precision, --quick wins; a later --time still does. */
static int set_quick(const struct cli_option *opt, const char *arg, void *args)
{
	run_args *a = args;

	(void)opt, (void)arg;
	a->quick = 1;
	a->time = a->precision = a->min_time = 0;
	return 0;
}

static int set_sm2_id(const struct cli_option *opt, const char *arg, void *sm2_id)
{
	(void)opt;
	if (strlen(arg) > CB_SM2_ID_MAX) {
		cli_error("--sm2-id is %zu bytes; an SM2 ID has at most %d (GM/T 0003.2: its length in bits fits 16 bits)",
			  strlen(arg), CB_SM2_ID_MAX);
		return -1;
	}
	*(char **)sm2_id = (char *)arg;
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

static int add_published(const struct cli_option *opt, const char *arg, void *args)
{
	run_args *a = args;

	(void)opt;
	if (a->npublished == CB_PUBLISHED_MAX) {
		cli_error("too many --published figures (at most %d)", CB_PUBLISHED_MAX);
		return -1;
	}
	if (cb_published_parse(arg, &a->published[a->npublished]) != 0) {
		cli_error("--published '%s': expected CASE=VALUE with unit ops/s, ms, us or MB/s, or A/B=Nx "
			  "(CASE: ALG[@BACKEND]:OP[:SIZE])", arg);
		return -1;
	}
	a->npublished++;
	return 0;
}

static int add_scenario(const struct cli_option *opt, const char *arg, void *args)
{
	run_args *a = args;
	char why[128];

	(void)opt;
	if (a->nscenarios == CB_SCENARIO_MAX) {
		cli_error("too many --scenario lines (at most %d)", CB_SCENARIO_MAX);
		return -1;
	}
	if (cb_scenario_parse(arg, &a->scenarios[a->nscenarios], why, sizeof(why)) != 0) {
		cli_error("--scenario '%s': %s", arg, why);
		return -1;
	}
	a->nscenarios++;
	return 0;
}

/* Returns 0, 1 (help shown) or -1 (usage error printed); may run twice (suite words, then the command line). */
static int parse_args(int argc, char **argv, run_args *a)
{
	const struct cli_option opts[] = {
		CLI_STRING("ops", 0, "LIST", &a->ops,
			   "operations to measure, e.g. sign,verify (default: all but the cold ones); sign-cold, "
			   "verify-cold, encrypt-cold and decrypt-cold parse the key from its standard encoding and make "
			   "a fresh context on every call, as a server without prepared keys does"),
		CLI_STRING("sizes", 0, "LIST", &a->sizes,
			   "message sizes for ciphers, hashes, signatures and encryption, e.g. "
			   "16,128,1K,4K,16K,128K,1M (K = 1024) (default: 16K for ciphers and hashes, 32 for the others)"),
		CLI_STRING("pke-sizes", 0, "LIST", &a->pke_sizes,
			   "message sizes for public-key encryption only (overrides --sizes there; e.g. 32 for a "
			   "session key)"),
		CLI_STRING("sig-sizes", 0, "LIST", &a->sig_sizes, "message sizes for signatures only"),
		CLI_STRING("seal-sizes", 0, "LIST", &a->seal_sizes,
			   "message sizes for the envelope class only (seal-*; up to 1G; default: --sizes, else 16K)"),
		CLI_STRING("threads", 0, "LIST", &a->threads,
			   "worker threads, e.g. 1,2 (default: 1); each worker has its own keys and contexts and all "
			   "start on a barrier.  For the envelope class (seal-*) N is instead the chunk workers inside "
			   "one seal or open of one message (its --threads), so 1,2 compares one thread with two on the "
			   "same input"),
		CLI_STRING("seal-threads", 0, "LIST", &a->seal_threads,
			   "the envelope class's chunk workers only (overrides --threads there)"),
		CLI_STRING("thread-ops", 0, "LIST", &a->thread_ops,
			   "the cases --threads applies to: OP, ALG:OP or ALG@BACKEND:OP (e.g. "
			   "sign,sm2-enc-c1c3c2@gmssl:decrypt); the others run on one thread (default: all)"),
		CLI_CALLBACK("pin-workers", 0, "MODE", set_pin_workers, &a->pin_workers,
			     "off (default): the scheduler places the workers of a multi-thread case; on: worker i "
			     "runs on the i-th CPU the run may use; both: each multi-thread case twice, unpinned and "
			     "pinned, side by side (shown as 2 and 2p)"),
		CLI_STRING("pin", 0, "CPUS", &a->pin, "run on these CPUs only, like taskset -c (e.g. 0-1)"),
		CLI_NUMBER("time", 0, "SECONDS", &a->time, 0.001, 3600,
			   "timed seconds per case, over all its rounds (default: 1)"),
		CLI_NUMBER("min-time", 0, "SECONDS", &a->min_time, 0, 3600,
			   "sample at least this long even once precise enough (default: 0.05); --min-time T --time T "
			   "gives a fixed-duration run like openssl speed -seconds T"),
		CLI_NUMBER("precision", 0, "PCT", &a->precision, 0.01, 100,
			   "stop once every case's 95% CI is within +-PCT percent (default: 1); the interval is over "
			   "the rounds, so it holds the machine's drift too"),
		{.type = CLI_OPT_NUMBER, .name = "rounds", .arg = "N", .flags = CLI_OPT_WHOLE, .value = &a->rounds,
		 .lo = 1, .hi = CB_ROUNDS_MAX,
		 .help = "rounds per run (default: one per 2 ms of --time, 6 to 200); each round gives every case one "
			 "slice, in a fresh random order, and times a fixed reference workload"},
		CLI_FLAG("no-interleave", 0, &a->no_interleave, "the old order: each case runs all its rounds in turn"),
		{.type = CLI_OPT_STRING, .name = "baseline", .arg = "NAME[@BACKEND]", .value = &a->baseline,
		 .defval = sizeof(((cb_context *)0)->baseline),
		 .help = "the ratio column's reference: for each case, the same operation and size of NAME (a comma "
			 "list: the first that has it; none: the cell is empty); default: the same algorithm on the "
			 "first selected backend"},
		CLI_CALLBACK("quick", 0, NULL, set_quick, a,
			     "short runs (time 0.1 s, precision 5%): a smoke test; it replaces a --time or --precision "
			     "given before it (a suite's), not one given after"),
		CLI_STRING("backend", 0, "LIST", &a->backend, "only these backends (e.g. openssl,builtin)"),
		CLI_CALLBACK("sm2-id", 0, "ID", set_sm2_id, &a->sm2_id,
			     "SM2 user identity for Z_A (default: 1234567812345678)"),
		CLI_STRING("suite", 0, "NAME|FILE", &a->suite,
			   "read selectors and options from a suite (suites/NAME.suite, or $CRYPTOBENCH_SUITES/NAME.suite); "
			   "options given on the command line come after it and win.  all: study-a, study-b and study-c "
			   "in turn, each a run of its own; an output FILE.EXT is then written as FILE-study-a.EXT, ..."),
		{.type = CLI_OPT_STRING, .name = "title", .arg = "TEXT", .value = &a->title,
		 .defval = sizeof(((cb_context *)0)->title), .help = "the run's title in every output (a suite's name)"},
		{.type = CLI_OPT_STRING, .name = "source", .arg = "TEXT", .value = &a->source,
		 .defval = sizeof(((cb_context *)0)->source), .help = "where the --published figures come from"},
		CLI_CALLBACK("published", 0, "FIG", add_published, a,
			     "a figure a study published, shown against the run: CASE=VALUE with unit ops/s, ms, us or "
			     "MB/s (rsa2048-pkcs1:decrypt=48ops/s), or a claim A/B=Nx, \"A is N times as fast as B\", "
			     "checked against the paired ratio (CASE: ALG[@BACKEND]:OP[:SIZE]); repeatable, at most 32"),
		CLI_FLAG("security", 0, &a->security, "add the security table (bits, NIST category, source)"),
		CLI_CALLBACK("scenario", 0, "TEXT", add_scenario, a,
			     "a scenario of the decision guide, answered from the run: \"LABEL: OP[+OP...] >= N "
			     "ops/s|MB/s [at SIZE] among ALG[,ALG...] [against ALG]\", or '<= N ms|us' for a latency; "
			     "repeatable, at most 8 (docs/MEASUREMENT.md)"),
		CLI_CALLBACK("format", 0, "FMT", cli_opt_format, &a->format,
			     "table, json, csv, md or html for standard output (default: table)"),
		CLI_CALLBACK("output", 'o', "FILE", add_output, a,
			     "also write to FILE (repeatable), format from the extension (.json .csv .md .html .txt); "
			     "written atomically; two -o naming one file are refused"),
		CLI_FLAG("memory", 0, &a->memory,
			 "also count heap allocations and bytes per operation (untimed calls after the timing; one "
			 "thread only)"),
		CLI_SET_INT("no-progress", 0, &a->progress, 0,
			    "no progress line on standard error (the default when it is not a terminal)"),
		CLI_SET_INT("progress", 0, &a->progress, 2,
			    "the progress line even when standard error is not a terminal (a log)"),
		CLI_FLAG("verbose", 'v', &a->verbose,
			 "under the table, one line per case that missed the precision target, with its reason"),
		CLI_FLAG("allow-failed", 0, &a->allow_failed,
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

/* ---- the plan ---- */

typedef cb_plan_case plan_case;

/* Every operation named in --ops must exist for at least one selected algorithm. */
static int check_ops(const char *list, const cb_alg_info **algs, size_t nalgs)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		int found = 0;
		char known[256] = "";
		for (size_t i = 0; i < nalgs; i++) {
			const char *const *ops = cb_kind_ops(algs[i]->kind);
			for (size_t k = 0; ops[k]; k++) {
				if (strlen(ops[k]) == len && !strncmp(ops[k], p, len))
					found = 1;
				if (!strstr(known, ops[k])) {
					strncat(known, known[0] ? ", " : "", sizeof(known) - strlen(known) - 1);
					strncat(known, ops[k], sizeof(known) - strlen(known) - 1);
				}
			}
		}
		if (!found) {
			cli_error("unknown operation '%.*s' for the selected algorithms (they have: %s)", (int)len, p, known);
			return -1;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/*
 * Whether --thread-ops names this case: an item is OP, ALG:OP or
 * ALG@BACKEND:OP (sign, sm2-sign:sign, sm2-sign@gmssl:sign).
 */
static int thread_op(const char *list, const cb_alg_info *alg, const char *op)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		const char *colon = memchr(p, ':', len), *o = colon ? colon + 1 : p;
		size_t olen = len - (size_t)(o - p);
		if (olen == strlen(op) && !strncmp(o, op, olen)) {
			if (!colon)
				return 1;
			const char *at = memchr(p, '@', (size_t)(colon - p));
			size_t alen = (size_t)((at ? at : colon) - p), blen = at ? (size_t)(colon - at - 1) : 0;
			if (alen == strlen(alg->name) && !strncmp(p, alg->name, alen) &&
			    (!at || (blen == strlen(alg->backend) && !strncmp(at + 1, alg->backend, blen))))
				return 1;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/* Every item of --thread-ops names an operation some selected algorithm has. */
static int check_thread_ops(const char *list, const cb_alg_info **algs, size_t nalgs)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		int len = (int)(e ? (size_t)(e - p) : strlen(p)), found = 0;
		for (size_t i = 0; i < nalgs && !found; i++) {
			const char *const *ops = cb_kind_ops(algs[i]->kind);
			char one[160];
			snprintf(one, sizeof(one), "%.*s", len, p);
			for (size_t k = 0; ops[k] && !found; k++)
				found = thread_op(one, algs[i], ops[k]);
		}
		if (!found) {
			cli_error("--thread-ops: '%.*s' names no operation of the selected algorithms (OP, ALG:OP or "
				  "ALG@BACKEND:OP)",
				  len, p);
			return -1;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/* Message sizes: one list for every class, optionally overridden for pke, sig and envelope. */
typedef struct size_lists {
	size_t all[MAX_SIZES], pke[MAX_SIZES], sig[MAX_SIZES], seal[MAX_SIZES];
	size_t nall, npke, nsig, nseal;
} size_lists;

static const size_t *sizes_for(const size_lists *sl, cb_kind kind, size_t *n)
{
	if (kind == CB_KIND_PKE && sl->npke) {
		*n = sl->npke;
		return sl->pke;
	}
	if (kind == CB_KIND_SIG && sl->nsig) {
		*n = sl->nsig;
		return sl->sig;
	}
	if (kind == CB_KIND_ENVELOPE && sl->nseal) {
		*n = sl->nseal;
		return sl->seal;
	}
	*n = sl->nall;
	return sl->all;
}

static size_t build_plan(const run_args *a, const cb_alg_info **algs, size_t nalgs, const size_lists *sl,
			 const unsigned *all_threads, size_t nall_threads, const unsigned *seal_threads,
			 size_t nseal_threads, plan_case **out)
{
	size_t cap = 64, n = 0;
	plan_case *p = malloc(cap * sizeof(*p));
	if (!p)
		return 0;
	for (size_t i = 0; i < nalgs; i++) {
		if (cb_alg_unavailable(algs[i])) {
			if (n == cap) {
				plan_case *q = realloc(p, (cap *= 2) * sizeof(*p));
				if (!q)
					break;
				p = q;
			}
			p[n++] = (plan_case){algs[i], NULL, 0, 1, 0};
			continue;
		}
		const char *const *ops = cb_kind_ops(algs[i]->kind);
		int env = algs[i]->kind == CB_KIND_ENVELOPE && nseal_threads;
		const unsigned *threads = env ? seal_threads : all_threads;
		size_t nthreads = env ? nseal_threads : nall_threads;
		for (size_t k = 0; ops[k]; k++) {
			if (a->ops ? !cli_in_list(a->ops, ops[k]) : !cb_op_is_default(ops[k]))
				continue;
			int takes = cb_op_takes_message(algs[i]->kind, ops[k]);
			size_t nsizes;
			const size_t *sizes = sizes_for(sl, algs[i]->kind, &nsizes);
			size_t def = cb_default_message(algs[i]->kind);
			size_t ns = takes && nsizes ? nsizes : 1;
			/* Outside --thread-ops an operation runs on one thread only. */
			static const unsigned one = 1;
			int multi = !a->thread_ops || thread_op(a->thread_ops, algs[i], ops[k]);
			const unsigned *tl = multi ? threads : &one;
			size_t ntl = multi ? nthreads : 1;
			for (size_t s = 0; s < ns; s++) {
				for (size_t t = 0; t < ntl; t++) {
					unsigned nt = tl[t];
					/* Multi-thread cases: unpinned, pinned, or both (--pin-workers). */
					for (int pin = 0; pin < 2; pin++) {
						if (nt > 1 ? (pin ? a->pin_workers == 0 : a->pin_workers == 1) : pin)
							continue;
						if (n == cap) {
							plan_case *q = realloc(p, (cap *= 2) * sizeof(*p));
							if (!q) {
								*out = p;
								return n;
							}
							p = q;
						}
						p[n++] = (plan_case){algs[i], ops[k], takes ? (nsizes ? sizes[s] : def) : 0, nt, pin};
					}
				}
			}
		}
	}
	*out = p;
	return n;
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
			cli_format_size(pc->msg, sz, sizeof(sz));
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
 * --suite all: the three studies in turn, each a run of its own with the
 * rest of the command line, as 'make bench' runs them; every output
 * FILE.EXT is written per study as FILE-study-a.EXT, ...  Stops at a usage
 * error or an interruption; otherwise the worst status of the three.
 */
static int run_all(int argc, char **argv)
{
	int worst = CB_EXIT_OK;

	for (size_t s = 0; s < CB_ARRAY_LEN(all_suites); s++) {
		char **v = calloc((size_t)argc + 1, sizeof(*v)), **owned = calloc((size_t)argc + 1, sizeof(*owned));
		size_t nowned = 0;
		int rc = CB_EXIT_FAIL;

		if (!v || !owned) {
			cli_error("out of memory");
			free(v);
			free(owned);
			return CB_EXIT_FAIL;
		}
		for (int i = 0; i < argc; i++) {
			const char *w = argv[i], *out = NULL;
			char *x = NULL;
			v[i] = argv[i];
			if (i > 0 && (!strcmp(argv[i - 1], "--suite")) && !strcmp(w, "all")) {
				v[i] = (char *)all_suites[s];
				continue;
			}
			if (!strcmp(w, "--suite=all")) {
				x = malloc(strlen(all_suites[s]) + 9);
				if (x)
					sprintf(x, "--suite=%s", all_suites[s]);
			} else if (i > 0 && (!strcmp(argv[i - 1], "-o") || !strcmp(argv[i - 1], "--output"))) {
				x = suite_output(w, all_suites[s]);
			} else if (!strncmp(w, "--output=", 9) || (!strncmp(w, "-o", 2) && w[2])) {
				out = w + (w[1] == 'o' ? 2 : 9);
				if ((x = suite_output(out, all_suites[s])) != NULL) {
					char *y = malloc(strlen(x) + 10);
					if (y)
						sprintf(y, "%s%s", w[1] == 'o' ? "-o" : "--output=", x);
					free(x);
					x = y;
				}
			} else {
				continue;
			}
			if (!x) {
				cli_error("out of memory");
				goto next;
			}
			v[i] = owned[nowned++] = x;
		}
		fprintf(stderr, "cryptobench: --suite all: %s (%zu of %zu)\n", all_suites[s], s + 1,
			CB_ARRAY_LEN(all_suites));
		rc = cmd_run(argc, v);
	next:
		for (size_t k = 0; k < nowned; k++)
			free(owned[k]);
		free(owned);
		free(v);
		if (rc == CB_EXIT_USAGE || rc == CB_EXIT_INTERRUPTED)
			return rc;
		if (rc > worst)
			worst = rc;
	}
	return worst;
}

int cmd_run(int argc, char **argv)
{
	run_args a = {.format = -1, .progress = 1};
	char **words = NULL, *suite_storage = NULL, err[512];
	size_t nwords = 0, nalgs = 0, nthreads = 0, nplan;
	const cb_alg_info *algs[MAX_ALGS];
	size_lists sl = {0};
	unsigned threads[MAX_THREADS], seal_threads[MAX_THREADS];
	size_t nseal_threads = 0;
	plan_case *plan = NULL;
	cb_session_opts so = {0};
	cb_runner_opts ro;
	cb_opts opts = {0};
	cb_run run = {0};
	int status = CB_EXIT_OK, rc;
	const char *suite = NULL;

	/*
	 * Expand --suite: its words come first, the command line's after them,
	 * so options typed by the user win.  With no selector at all, the
	 * default suite supplies them.
	 */
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--suite") && i + 1 < argc)
			suite = argv[i + 1];
		else if (!strncmp(argv[i], "--suite=", 8))
			suite = argv[i] + 8;
	}
	if (suite && !strcmp(suite, "all"))
		return run_all(argc, argv);
	for (int pass = 0; pass < 2; pass++) {
		size_t nsuite = 0;
		char **suite_words = NULL;
		free(words);
		free(suite_storage);
		words = NULL;
		suite_storage = NULL;
		if (suite && load_suite(suite, &suite_words, &nsuite, &suite_storage))
			return CB_EXIT_USAGE;
		words = malloc(((size_t)argc + nsuite + 1) * sizeof(*words));
		if (!words) {
			free(suite_words);
			free(suite_storage);
			cli_error("out of memory");
			return CB_EXIT_FAIL;
		}
		nwords = 0;
		words[nwords++] = argv[0];
		for (size_t i = 0; i < nsuite; i++)
			words[nwords++] = suite_words[i];
		free(suite_words);
		for (int i = 1; i < argc; i++)
			words[nwords++] = argv[i];
		words[nwords] = NULL;
		memset(&a, 0, sizeof(a));
		a.format = -1;
		a.progress = 1;
		rc = parse_args((int)nwords, words, &a);
		if (rc) {
			/* Help on stdout when asked (printed); after an error, its one line is enough. */
			free(words);
			free(suite_storage);
			return rc > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
		}
		if (a.nsels > 0 || suite)
			break;
		suite = "default";
	}

	catch_signals();
	cb_runner_defaults(&ro);
	if (a.quick) {
		ro.time_budget = 0.1;
		ro.precision = 0.05;
		ro.warmup = 0.02;
		ro.min_samples = 5;
		ro.min_time = 0.02;
	}
	if (a.time > 0)
		ro.time_budget = a.time;
	if (a.precision > 0)
		ro.precision = a.precision / 100.0;
	if (a.min_time > 0)
		ro.min_time = a.min_time;
	if (ro.min_time > ro.time_budget)
		ro.time_budget = a.min_time > 0 ? ro.min_time : ro.time_budget;
	if (ro.min_time > ro.time_budget)
		ro.min_time = ro.time_budget;

	if (cli_select(a.sels, a.nsels, a.backend, algs, MAX_ALGS, &nalgs) != 0) {
		status = CB_EXIT_USAGE;
		goto done;
	}
	if ((a.ops && check_ops(a.ops, algs, nalgs) != 0) || (a.thread_ops && check_thread_ops(a.thread_ops, algs, nalgs) != 0)) {
		status = CB_EXIT_USAGE;
		goto done;
	}
	if ((a.sizes && cli_parse_sizes(a.sizes, sl.all, MAX_SIZES, &sl.nall, err, sizeof(err)) != 0) ||
	    (a.pke_sizes && cli_parse_sizes(a.pke_sizes, sl.pke, MAX_SIZES, &sl.npke, err, sizeof(err)) != 0) ||
	    (a.sig_sizes && cli_parse_sizes(a.sig_sizes, sl.sig, MAX_SIZES, &sl.nsig, err, sizeof(err)) != 0) ||
	    (a.seal_sizes && cli_parse_sizes(a.seal_sizes, sl.seal, MAX_SIZES, &sl.nseal, err, sizeof(err)) != 0)) {
		cli_error("%s", err);
		status = CB_EXIT_USAGE;
		goto done;
	}
	if (a.threads) {
		if (cli_parse_threads(a.threads, threads, MAX_THREADS, &nthreads, err, sizeof(err)) != 0) {
			cli_error("%s", err);
			status = CB_EXIT_USAGE;
			goto done;
		}
	} else {
		threads[nthreads++] = 1;
	}
	if (a.seal_threads &&
	    cli_parse_threads(a.seal_threads, seal_threads, MAX_THREADS, &nseal_threads, err, sizeof(err)) != 0) {
		cli_error("--seal-threads: %s", err);
		status = CB_EXIT_USAGE;
		goto done;
	}
	if (a.pin && cli_apply_pin(a.pin, err, sizeof(err)) != 0) {
		cli_error("%s", err);
		status = CB_EXIT_USAGE;
		goto done;
	}
	if (cli_check_outputs(NULL, 0, a.outputs, a.noutputs) != 0) {
		status = CB_EXIT_USAGE;
		goto done;
	}
	for (size_t i = 0; i < a.noutputs; i++) {
		int fmt = cb_format_from_path(a.outputs[i]);
		if ((status = check_output(a.outputs[i], fmt)) != 0)
			goto done;
	}
	if (a.sm2_id) {
		opts.sm2_id = (const uint8_t *)a.sm2_id;
		opts.sm2_id_len = strlen(a.sm2_id);
	}

	nplan = build_plan(&a, algs, nalgs, &sl, threads, nthreads, seal_threads, nseal_threads, &plan);
	if (nplan == 0) {
		cli_error("nothing to measure: the selected algorithms have none of the operations '%s'", a.ops ? a.ops : "");
		status = CB_EXIT_USAGE;
		goto done;
	}

	a.progress = a.progress == 2 || (a.progress && isatty(STDERR_FILENO));
	cb_context_collect(&run.context);
	run.context.time_budget = ro.time_budget;
	run.context.precision_target = ro.precision;
	snprintf(run.context.pinning, sizeof(run.context.pinning), "%s", a.pin ? a.pin : "");
	run.context.overhead_ns = cb_runner_overhead_ns(&ro);

	snprintf(run.context.baseline, sizeof(run.context.baseline), "%s", a.baseline ? a.baseline : "");
	snprintf(run.context.title, sizeof(run.context.title), "%s", a.title ? a.title : "");
	snprintf(run.context.source, sizeof(run.context.source), "%s", a.source ? a.source : "");
	memcpy(run.context.published, a.published, sizeof(a.published));
	run.context.npublished = a.npublished;
	run.context.security_table = a.security;
	memcpy(run.context.scenarios, a.scenarios, sizeof(a.scenarios));
	run.context.nscenarios = a.nscenarios;
	memset(&so, 0, sizeof(so));
	cb_rounds_defaults(&so.rounds);
	so.rounds.r = ro;
	so.rounds.rounds = (unsigned)a.rounds;
	so.rounds.interleave = !a.no_interleave;
	so.opts = opts;
	so.progress = progress;
	if (a.memory && alloc_count_available()) {
		so.alloc_begin = alloc_count_begin;
		so.alloc_end = alloc_count_end;
	} else if (a.memory) {
		fprintf(stderr, "cryptobench: note: this build cannot count allocations (sanitizer or fuzzing build); --memory ignored\n");
	}
	so.arg = &a.progress;
	so.time_failed_kat = a.allow_failed;
	so.rounds.stop = &interrupted;
	if (cb_session_run(plan, nplan, &so, &run) != 0) {
		progress(&a.progress, NULL, 0, 0, NULL);
		cli_error("out of memory");
		status = CB_EXIT_FAIL;
		goto done;
	}
	progress(&a.progress, NULL, 0, 0, NULL);
	for (size_t i = 0; i < run.nresults; i++)
		if (run.results[i].status == CB_STATUS_FAILED_SELFCHECK || run.results[i].status == CB_STATUS_ERROR ||
		    !strcmp(run.results[i].kat, "fail"))
			status = CB_EXIT_PARTIAL;
	if (interrupted) {
		run.context.partial = 1;
		cli_warn("interrupted: writing the %u round%s measured so far (marked partial)", run.context.rounds,
			 run.context.rounds == 1 ? "" : "s");
	}

	if (a.format >= 0 || a.noutputs == 0) {
		cb_format f = a.format >= 0 ? (cb_format)a.format : CB_FORMAT_TABLE;
		int r = cb_report_write(stdout, f, &run);
		if (r == 0 && a.verbose && f == CB_FORMAT_TABLE)
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
		for (size_t i = 0; i < a.noutputs; i++) {
			int r = cb_report_write_path(a.outputs[i], (cb_format)cb_format_from_path(a.outputs[i]), &run);
			if (r) {
				cli_write_error(a.outputs[i], r);
				status = CB_EXIT_FAIL;
			} else {
				written++;
			}
		}
		/* Nothing saved what was measured: standard output gets it, as JSON. */
		if (a.noutputs && !written && a.format < 0) {
			cli_warn("writing the results to standard output as JSON instead");
			if (cb_report_write(stdout, CB_FORMAT_JSON, &run) != 0 || fflush(stdout) != 0)
				cli_error("cannot write to standard output either: %s", cli_strerror(errno));
		}
	}
	if (interrupted && status != CB_EXIT_FAIL)
		status = CB_EXIT_INTERRUPTED;
done:
	free(plan);
	cb_run_free(&run);
	free(suite_storage);
	free(words);
	return status;
}
