/* cryptobench run: measure the selected algorithms. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/cases.h"
#include "bench/context.h"
#include "bench/runner.h"
#include "bench/session.h"
#include "bench/suite.h"
#include "cli/alloc_count.h"
#include "cli/cli.h"
#include "cli/select.h"
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

static const char usage_text[] =
	"usage: cryptobench run [options] [SELECTOR...]\n"
	"\n"
	"Measure the selected algorithms on this machine and print a table.  Each\n"
	"algorithm first runs its embedded known-answer tests (see 'cryptobench\n"
	"verify'); each case is then prepared and self-checked (decrypt(encrypt(m))\n"
	"= m, verify(sign(m)), both sides of an agreement agree) before it is timed.\n"
	"A case that fails either check is reported, never timed.\n"
	"\n"
	"SELECTOR: a name (rsa2048-oaep-sha256), a wildcard (rsa*, aes-*-gcm), a name\n"
	"prefix (sm2 = sm2-sign, sm2-enc-*, sm2-dh, sm2-kx; rsa2048 = every RSA-2048\n"
	"scheme), a family (classical, gm, pq, hybrid), a class (kem, pke, sig, kex,\n"
	"cipher, hash, envelope) or all.  With no selector, the default suite runs.\n"
	"The envelope class is seal-RECIPIENT-AEAD (seal-xwing-aes-256-gcm), ops\n"
	"seal and open: a whole envelope in memory (docs/ENVELOPE.md).\n"
	"\n"
	"options:\n"
	"  --ops LIST          operations to measure, e.g. sign,verify (default: all\n"
	"                      but the cold ones); sign-cold, verify-cold,\n"
	"                      encrypt-cold and decrypt-cold parse the key from its\n"
	"                      standard encoding and make a fresh context on every\n"
	"                      call, as a server without prepared keys does\n"
	"  --sizes LIST        message sizes for ciphers, hashes, signatures and\n"
	"                      encryption, e.g. 16,128,1K,4K,16K,128K,1M (K = 1024)\n"
	"                      (default: 16K for ciphers and hashes, 32 for the others)\n"
	"  --pke-sizes LIST    message sizes for public-key encryption only (overrides\n"
	"                      --sizes there; e.g. 32 for a session key)\n"
	"  --sig-sizes LIST    message sizes for signatures only\n"
	"  --seal-sizes LIST   message sizes for the envelope class only (seal-*; up\n"
	"                      to 1G; default: --sizes, else 16K)\n"
	"  --threads LIST      worker threads, e.g. 1,2 (default: 1); each worker has\n"
	"                      its own keys and contexts and all start on a barrier.\n"
	"                      For the envelope class (seal-*) N is instead the chunk\n"
	"                      workers inside one seal or open of one message (its\n"
	"                      --threads), so 1,2 compares one thread with two on\n"
	"                      the same input\n"
	"  --seal-threads LIST the envelope class's chunk workers only (overrides\n"
	"                      --threads there)\n"
	"  --thread-ops LIST   the cases --threads applies to: OP, ALG:OP or\n"
	"                      ALG@BACKEND:OP (e.g. sign,sm2-enc-c1c3c2@gmssl:decrypt);\n"
	"                      the others run on one thread (default: all)\n"
	"  --pin-workers MODE  off (default): the scheduler places the workers of a\n"
	"                      multi-thread case; on: worker i runs on the i-th CPU\n"
	"                      the run may use; both: each multi-thread case twice,\n"
	"                      unpinned and pinned, side by side (shown as 2 and 2p)\n"
	"  --pin CPUS          run on these CPUs only, like taskset -c (e.g. 0-1)\n"
	"  --time SECONDS      timed seconds per case, over all its rounds (default: 1)\n"
	"  --min-time SECONDS  sample at least this long even once precise enough\n"
	"                      (default: 0.05); --min-time T --time T gives a\n"
	"                      fixed-duration run like openssl speed -seconds T\n"
	"  --precision PCT     stop once every case's 95% CI is within +-PCT percent\n"
	"                      (default: 1); the interval is over the rounds, so it\n"
	"                      holds the machine's drift too\n"
	"  --rounds N          rounds per run (default: one per 2 ms of --time, 6 to\n"
	"                      200); each round gives every case one slice, in a fresh\n"
	"                      random order, and times a fixed reference workload\n"
	"  --no-interleave     the old order: each case runs all its rounds in turn\n"
	"  --baseline NAME[@BACKEND]  the ratio column's reference: for each case, the\n"
	"                      same operation and size of NAME (a comma list: the first\n"
	"                      that has it; none: the cell is empty); default: the same\n"
	"                      algorithm on the first selected backend\n"
	"  --quick             short runs (time 0.1 s, precision 5%): a smoke test;\n"
	"                      it replaces a --time or --precision given before it\n"
	"                      (a suite's), not one given after\n"
	"  --backend LIST      only these backends (e.g. openssl,builtin)\n"
	"  --sm2-id ID         SM2 user identity for Z_A (default: 1234567812345678)\n"
	"  --suite NAME|FILE   read selectors and options from a suite (suites/NAME.suite);\n"
	"                      options given on the command line come after it and win\n"
	"  --title TEXT        the run's title in every output (a suite's name)\n"
	"  --source TEXT       where the --published figures come from\n"
	"  --published FIG     a figure a study published, shown against the run:\n"
	"                      CASE=VALUE with unit ops/s, ms, us or MB/s\n"
	"                      (rsa2048-pkcs1:decrypt=48ops/s), or a claim\n"
	"                      A/B=Nx, \"A is N times as fast as B\", checked against\n"
	"                      the paired ratio (CASE: ALG[@BACKEND]:OP[:SIZE]);\n"
	"                      repeatable, at most 32\n"
	"  --security          add the security table (bits, NIST category, source)\n"
	"  --scenario TEXT     a scenario of the decision guide, answered from the run:\n"
	"                      \"LABEL: OP[+OP...] >= N ops/s|MB/s [at SIZE] among\n"
	"                      ALG[,ALG...] [against ALG]\", or '<= N ms|us' for a\n"
	"                      latency; repeatable, at most 8 (docs/MEASUREMENT.md)\n"
	"  --format FMT        table, json, csv, md or html for standard output\n"
	"                      (default: table)\n"
	"  -o, --output FILE   also write to FILE (repeatable), format from the extension\n"
	"                      (.json .csv .md .html .txt); written atomically; two\n"
	"                      -o naming one file are refused\n"
	"  --memory            also count heap allocations and bytes per operation\n"
	"                      (untimed calls after the timing; one thread only)\n"
	"  --no-progress       no progress line on standard error (the default when\n"
	"                      it is not a terminal)\n"
	"  --progress          the progress line even when standard error is not a\n"
	"                      terminal (a log)\n"
	"  -v, --verbose       under the table, one line per case that missed the\n"
	"                      precision target, with its reason\n"
	"  -h, --help          this text\n"
	"\n"
	"With -o and no --format, standard output stays quiet (unless every -o fails\n"
	"after the run: then the results go there as JSON).  The ratio column is\n"
	"ops/s over the baseline's, the trimmed mean of per-round ratios\n"
	"(docs/MEASUREMENT.md).\n"
	"exit status: 0 all cases ran; 1 an output could not be written; 2 usage\n"
	"error; 3 some cases failed their self-check or errored (all are reported);\n"
	"130 interrupted (SIGINT or SIGTERM): what was measured is written, marked\n"
	"partial; a second signal ends it at once.\n";

typedef struct run_args {
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
	const char *title, *source;
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

static int parse_args(int argc, char **argv, run_args *a)
{
	enum { O_OPS = 256, O_SIZES, O_PKE_SIZES, O_SIG_SIZES, O_SEAL_SIZES, O_SEAL_THREADS, O_THREADS, O_THREAD_OPS, O_PIN_WORKERS, O_PIN, O_TIME, O_MINTIME, O_PREC, O_QUICK, O_BACKEND, O_SM2ID, O_SUITE, O_FORMAT, O_NOPROG, O_ROUNDS, O_NOINTER, O_BASELINE, O_MEMORY, O_TITLE, O_SOURCE, O_PUBLISHED, O_SECURITY, O_PROG, O_SCENARIO };
	static const struct option longopts[] = {
		{"ops", required_argument, NULL, O_OPS},
		{"sizes", required_argument, NULL, O_SIZES},
		{"pke-sizes", required_argument, NULL, O_PKE_SIZES},
		{"sig-sizes", required_argument, NULL, O_SIG_SIZES},
		{"seal-sizes", required_argument, NULL, O_SEAL_SIZES},
		{"seal-threads", required_argument, NULL, O_SEAL_THREADS},
		{"threads", required_argument, NULL, O_THREADS},
		{"pin", required_argument, NULL, O_PIN},
		{"thread-ops", required_argument, NULL, O_THREAD_OPS},
		{"pin-workers", required_argument, NULL, O_PIN_WORKERS},
		{"time", required_argument, NULL, O_TIME},
		{"min-time", required_argument, NULL, O_MINTIME},
		{"precision", required_argument, NULL, O_PREC},
		{"quick", no_argument, NULL, O_QUICK},
		{"backend", required_argument, NULL, O_BACKEND},
		{"sm2-id", required_argument, NULL, O_SM2ID},
		{"suite", required_argument, NULL, O_SUITE},
		{"format", required_argument, NULL, O_FORMAT},
		{"output", required_argument, NULL, 'o'},
		{"no-progress", no_argument, NULL, O_NOPROG},
		{"progress", no_argument, NULL, O_PROG},
		{"memory", no_argument, NULL, O_MEMORY},
		{"title", required_argument, NULL, O_TITLE},
		{"source", required_argument, NULL, O_SOURCE},
		{"published", required_argument, NULL, O_PUBLISHED},
		{"scenario", required_argument, NULL, O_SCENARIO},
		{"security", no_argument, NULL, O_SECURITY},
		{"rounds", required_argument, NULL, O_ROUNDS},
		{"no-interleave", no_argument, NULL, O_NOINTER},
		{"baseline", required_argument, NULL, O_BASELINE},
		{"verbose", no_argument, NULL, 'v'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c;
	opterr = 0;
	optind = 0; /* GNU getopt: full re-initialisation (parse_args may run twice) */
	while ((c = getopt_long(argc, argv, ":ho:v", longopts, NULL)) != -1) {
		switch (c) {
		case O_OPS: a->ops = optarg; break;
		case O_SIZES: a->sizes = optarg; break;
		case O_PKE_SIZES: a->pke_sizes = optarg; break;
		case O_SIG_SIZES: a->sig_sizes = optarg; break;
		case O_SEAL_SIZES: a->seal_sizes = optarg; break;
		case O_SEAL_THREADS: a->seal_threads = optarg; break;
		case O_THREADS: a->threads = optarg; break;
		case O_PIN: a->pin = optarg; break;
		case O_THREAD_OPS: a->thread_ops = optarg; break;
		case O_PIN_WORKERS:
			if (!strcmp(optarg, "off"))
				a->pin_workers = 0;
			else if (!strcmp(optarg, "on"))
				a->pin_workers = 1;
			else if (!strcmp(optarg, "both"))
				a->pin_workers = 2;
			else {
				cli_error("--pin-workers takes off, on or both, not '%s'", optarg);
				return -1;
			}
			break;
		case O_TIME:
			if (cli_parse_number("--time", optarg, 0.001, 3600, &a->time))
				return -1;
			break;
		case O_MINTIME:
			if (cli_parse_number("--min-time", optarg, 0, 3600, &a->min_time))
				return -1;
			break;
		case O_PREC:
			if (cli_parse_number("--precision", optarg, 0.01, 100, &a->precision))
				return -1;
			break;
		case O_QUICK:
			/* After a suite's --time and --precision, --quick wins; a later --time still does. */
			a->quick = 1;
			a->time = a->precision = a->min_time = 0;
			break;
		case O_ROUNDS:
			if (cli_parse_number("--rounds", optarg, 1, CB_ROUNDS_MAX, &a->rounds))
				return -1;
			if (a->rounds != (double)(unsigned)a->rounds) {
				cli_error("--rounds needs a whole number, not '%s'", optarg);
				return -1;
			}
			break;
		case O_NOINTER: a->no_interleave = 1; break;
		case O_BASELINE:
			if (strlen(optarg) >= sizeof(((cb_context *)0)->baseline)) {
				cli_error("--baseline is too long");
				return -1;
			}
			a->baseline = optarg;
			break;
		case 'v': a->verbose = 1; break;
		case O_BACKEND: a->backend = optarg; break;
		case O_SM2ID:
			if (strlen(optarg) > CB_SM2_ID_MAX) {
				cli_error("--sm2-id is %zu bytes; an SM2 ID has at most %d (GM/T 0003.2: its length in bits fits 16 bits)",
					  strlen(optarg), CB_SM2_ID_MAX);
				return -1;
			}
			a->sm2_id = optarg;
			break;
		case O_SUITE: break; /* expanded before parsing */
		case O_FORMAT:
			a->format = cb_format_parse(optarg);
			if (a->format < 0) {
				cli_error("unknown format '%s' (use table, json, csv, md or html)", optarg);
				return -1;
			}
			break;
		case 'o':
			if (a->noutputs == MAX_OUTPUTS) {
				cli_error("too many -o outputs (at most %d)", MAX_OUTPUTS);
				return -1;
			}
			a->outputs[a->noutputs++] = optarg;
			break;
		case O_NOPROG: a->progress = 0; break;
		case O_PROG: a->progress = 2; break;
		case O_MEMORY: a->memory = 1; break;
		case O_TITLE:
		case O_SOURCE:
			if (strlen(optarg) >= (c == O_TITLE ? sizeof(((cb_context *)0)->title) : sizeof(((cb_context *)0)->source))) {
				cli_error("--%s is too long", c == O_TITLE ? "title" : "source");
				return -1;
			}
			*(c == O_TITLE ? &a->title : &a->source) = optarg;
			break;
		case O_PUBLISHED:
			if (a->npublished == CB_PUBLISHED_MAX) {
				cli_error("too many --published figures (at most %d)", CB_PUBLISHED_MAX);
				return -1;
			}
			if (cb_published_parse(optarg, &a->published[a->npublished]) != 0) {
				cli_error("--published '%s': expected CASE=VALUE with unit ops/s, ms, us or MB/s, or A/B=Nx "
					  "(CASE: ALG[@BACKEND]:OP[:SIZE])", optarg);
				return -1;
			}
			a->npublished++;
			break;
		case O_SECURITY: a->security = 1; break;
		case O_SCENARIO: {
			char why[128];
			if (a->nscenarios == CB_SCENARIO_MAX) {
				cli_error("too many --scenario lines (at most %d)", CB_SCENARIO_MAX);
				return -1;
			}
			if (cb_scenario_parse(optarg, &a->scenarios[a->nscenarios], why, sizeof(why)) != 0) {
				cli_error("--scenario '%s': %s", optarg, why);
				return -1;
			}
			a->nscenarios++;
			break;
		}
		case 'h': return 1;
		case ':': cli_error("option '%s' needs a value (see 'cryptobench run --help')", argv[optind - 1]); return -1;
		default: cli_error("unknown option '%s' (see 'cryptobench run --help')", argv[optind - 1]); return -1;
		}
	}
	a->sels = argv + optind;
	a->nsels = optind < argc ? (size_t)(argc - optind) : 0;
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
			/* Help on stdout when asked; after an error, its one line is enough. */
			if (rc > 0)
				fputs(usage_text, stdout);
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
	so.rounds.stop = &interrupted;
	if (cb_session_run(plan, nplan, &so, &run) != 0) {
		progress(&a.progress, NULL, 0, 0, NULL);
		cli_error("out of memory");
		status = CB_EXIT_FAIL;
		goto done;
	}
	progress(&a.progress, NULL, 0, 0, NULL);
	for (size_t i = 0; i < run.nresults; i++)
		if (run.results[i].status == CB_STATUS_FAILED_SELFCHECK || run.results[i].status == CB_STATUS_ERROR)
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
