/*
 * Running a benchmark with the library, as `cryptobench run` does:
 *
 *	cb_bench_request req;
 *	cb_plan plan;
 *	cb_run run = {0};
 *	char err[256];
 *
 *	cb_bench_request_init(&req);
 *	cb_bench_request_select(&req, "sha256");            (a selector, as run takes)
 *	cb_bench_request_set(&req, "backend", "openssl", err, sizeof(err));
 *	cb_bench_request_set(&req, "quick", NULL, err, sizeof(err));
 *	if (cb_bench_plan(&req, &plan, err, sizeof(err)) == 0 &&
 *	    cb_bench_run(&req, &plan, NULL, &run, err, sizeof(err)) == 0)
 *		cb_report_write(stdout, CB_FORMAT_TABLE, &run);   (report.h)
 *	cb_plan_free(&plan);
 *	cb_run_free(&run);
 *	cb_bench_request_free(&req);
 *
 * select: which algorithms a selector picks (names, wildcards, prefixes,
 * families, classes, all) on which backends.  request: the options of
 * `cryptobench run` that say what to measure and how (the words a suite
 * file holds, docs/CLI.md): the request grammar is here, once; a suite is
 * parsed into a request, never spliced into a command line.  plan: the
 * cases (algorithm x operation x message size x threads x pinning).  run:
 * known answers, preparation, self-checks and the rounds (the session);
 * the results come back as a cb_run (result.h) that every writer of
 * report.h takes.
 *
 * Errors come back as a negative CB_ERR_* and one line in err (the
 * caller's buffer, may be NULL); the library never prints or exits.
 */
#ifndef CRYPTOBENCH_BENCH_H
#define CRYPTOBENCH_BENCH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- select ---- */

/*
 * Does selector sel pick algorithm a?  A selector is an exact name
 * ("rsa2048-oaep-sha256"; a full name picks only that algorithm), a
 * wildcard ("rsa*", "aes-???-gcm"), a name prefix ending at a '-' ("sm2"
 * picks sm2-sign, sm2-enc-*, sm2-dh, sm2-kx; "rsa2048" every RSA-2048
 * scheme), a family ("classical", "gm", "pq", "hybrid"), a class ("kem",
 * "sig", ...), or "all".
 */
int cb_selector_matches(const char *sel, const cb_alg_info *a);

/*
 * Every registered algorithm that one of sels[0..nsels) picks, in the
 * order of the selectors, without duplicates, into out[] (room for cap;
 * *n used), keeping only the backends of the comma list `backends` (names,
 * or prefixes ending at a '-' such as "mlkem-native"; NULL: all, less the
 * classes of comparison backends not built, cb_alg_not_built).  0, or
 * CB_ERR_ARG with err saying which backend is unknown (and the known
 * ones), which selector picks nothing (with the nearest names), or which
 * the selected backends do not provide.
 */
int cb_select(const char *const *sels, size_t nsels, const char *backends, const cb_alg_info **out, size_t cap,
	      size_t *n, char *err, size_t errlen);

/* "16,128,1K,4K,16K,128K,1M" -> sizes, each once; K = 1024, up to 1G.  0, or CB_ERR_ARG with err. */
int cb_parse_sizes(const char *s, size_t *out, size_t cap, size_t *n, char *err, size_t errlen);
/* "1,2,4" -> thread counts from 1 to 1024, each once.  0, or CB_ERR_ARG with err. */
int cb_parse_threads(const char *s, unsigned *out, size_t cap, size_t *n, char *err, size_t errlen);

/* ---- the request ---- */

#define CB_BENCH_MAX_SIZES 32
#define CB_BENCH_MAX_THREADS 16

/*
 * What to measure and how: the options of `cryptobench run` that a suite
 * may hold.  Set through cb_bench_request_set (which checks each value),
 * read freely.  Strings are the request's own (NULL: not given).
 */
typedef struct cb_bench_request {
	char **selectors; /* in order; cb_bench_request_select adds one */
	size_t nselectors, selectors_cap;
	char *backend;    /* --backend LIST */
	char *ops;        /* --ops LIST (NULL: every operation but the cold ones) */
	char *thread_ops; /* --thread-ops: OP, ALG:OP or ALG@BACKEND:OP, comma-separated */
	char *baseline, *title, *question, *source, *sm2_id, *pin;
	size_t sizes[CB_BENCH_MAX_SIZES], pke_sizes[CB_BENCH_MAX_SIZES], sig_sizes[CB_BENCH_MAX_SIZES],
		seal_sizes[CB_BENCH_MAX_SIZES];
	size_t nsizes, npke_sizes, nsig_sizes, nseal_sizes;
	unsigned threads[CB_BENCH_MAX_THREADS], seal_threads[CB_BENCH_MAX_THREADS];
	size_t nthreads, nseal_threads; /* 0: one thread */
	int pin_workers;                /* 0 off, 1 on, 2 both */
	double time, min_time, precision; /* 0: the default (precision in percent) */
	unsigned rounds;                  /* 0: from the time */
	int quick, no_interleave, security, memory, allow_failed;
	cb_published published[CB_PUBLISHED_MAX];
	size_t npublished;
	cb_scenario scenarios[CB_SCENARIO_MAX];
	size_t nscenarios;
} cb_bench_request;

void cb_bench_request_init(cb_bench_request *req);
void cb_bench_request_free(cb_bench_request *req);

/* Add one selector.  0 or CB_ERR_NOMEM. */
int cb_bench_request_select(cb_bench_request *req, const char *selector);

/*
 * Set option `name` (the long name without "--": "sizes", "time",
 * "quick", ...) to value (NULL for a flag), as `cryptobench run --NAME
 * VALUE` does; a later value replaces an earlier one, and "quick" resets
 * an earlier "time", "min-time" and "precision".  0; CB_ERR_ARG with err
 * for a bad value ("bad value 'x' for --time ...") or a name that is no
 * request option; CB_ERR_NOMEM.
 */
int cb_bench_request_set(cb_bench_request *req, const char *name, const char *value, char *err, size_t errlen);

/* 1 when name is a request option (a suite may give it); *has_arg (may be NULL) says whether it takes a value. */
int cb_bench_request_option(const char *name, int *has_arg);

/*
 * Parse a suite's text (NUL-terminated; words as a command line's, '#'
 * to the end of a line a comment, double quotes keep white space; see
 * src/bench/suite.h) into req: selectors are added, options set in order.
 * A suite is data: an option that names an output or reads or writes
 * another file (-o, --output, --suite, --format) is refused, as is any
 * option that is no request option, and so is a suite with no word at
 * all.  0, CB_ERR_ARG or CB_ERR_FORMAT with err, CB_ERR_NOMEM.
 */
int cb_bench_request_suite(cb_bench_request *req, const char *text, char *err, size_t errlen);

/* ---- the plan ---- */

typedef struct cb_plan_case {
	const cb_alg_info *alg;
	const char *op; /* NULL: the algorithm is unavailable here (reported, not timed) */
	size_t msg;
	unsigned threads;
	int pinned; /* threads > 1: worker i runs on the i-th CPU the process may use */
	/*
	 * Non-empty: the case cannot exist (cb_case_possible says why, a phrase
	 * after the algorithm's name); reported unsupported and left_out, not
	 * prepared.
	 */
	char left_out[CB_TEXT_MAX];
} cb_plan_case;

typedef struct cb_plan {
	cb_plan_case *cases;
	size_t n;
} cb_plan;

/*
 * The cases of req: its selectors on its backends, each algorithm's
 * operations (--ops, else the default ones), message sizes per kind,
 * thread counts (--thread-ops: which cases take them) and pinning.
 * 0; CB_ERR_ARG with err (nothing selected, an unknown selector, backend
 * or operation, nothing to measure); CB_ERR_NOMEM.  Free with cb_plan_free.
 */
int cb_bench_plan(const cb_bench_request *req, cb_plan *plan, char *err, size_t errlen);
void cb_plan_free(cb_plan *plan);

/* ---- the run ---- */

typedef struct cb_bench_hooks {
	/*
	 * Progress (may be NULL): phase "prepare" before case done+1 of total
	 * (pc is that case), "round" after round done of at most total (pc NULL).
	 */
	void (*progress)(void *arg, const char *phase, size_t done, size_t total, const cb_plan_case *pc);
	void *arg;
	/*
	 * Heap counting for req->memory (both NULL: not measured): start
	 * counting the calling thread's allocations; stop and give the calls
	 * and bytes since.  A program supplies them (the CLI interposes malloc).
	 */
	void (*alloc_begin)(void);
	void (*alloc_end)(uint64_t *calls, uint64_t *bytes);
	/* When it becomes non-zero (a signal handler), the rounds stop after the current slice: partial. */
	const volatile sig_atomic_t *stop;
	/*
	 * Called before and after each round with sync_arg (may be NULL): a
	 * run in lockstep with another waits there for its turn (`cryptobench
	 * ab`, src/bench/lockstep.h).
	 */
	void (*before_round)(void *sync_arg, unsigned round);
	void (*after_round)(void *sync_arg, unsigned round);
	void *sync_arg;
} cb_bench_hooks;

/*
 * Measure plan (from cb_bench_plan of req) and append one result per case
 * to run, with the run's context (machine, build, libraries, schedule,
 * req's title, baseline, published figures and scenarios).  Applies
 * req->pin to the process first.  hooks may be NULL.  A case that fails is
 * a result (its status), not an error.  0; CB_ERR_ARG with err (a CPU of
 * --pin not available); CB_ERR_NOMEM (run then holds the results so far).
 */
int cb_bench_run(const cb_bench_request *req, const cb_plan *plan, const cb_bench_hooks *hooks, cb_run *run,
		 char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
