/*
 * Writers: turn a cb_run into text, and the documents of compare, plan,
 * verify --vectors and interop.  Writers never measure; the commands only
 * call them (no command builds JSON or a table of its own).
 */
#ifndef CRYPTOBENCH_REPORT_H
#define CRYPTOBENCH_REPORT_H

#include <stdio.h>

#include "cryptobench/common.h"
#include "cryptobench/compare.h"
#include "cryptobench/interop.h"
#include "cryptobench/result.h"
#include "cryptobench/vectors.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cb_format {
	CB_FORMAT_TABLE = 0,
	CB_FORMAT_JSON,
	CB_FORMAT_CSV,
	CB_FORMAT_MD,
	CB_FORMAT_HTML, /* a self-contained page with charts */
	CB_FORMAT_COUNT
} cb_format;

/* "table" | "json" | "csv" | "md" | "html" -> format; -1 if unknown. */
int cb_format_parse(const char *name);
const char *cb_format_name(cb_format f);
/* From a file name's extension (.json .csv .md .txt .html); -1 if none fits. */
int cb_format_from_path(const char *path);

/*
 * Write the run to f.  The text table (and cb_report_write_noise) shows
 * terminal control characters of the run's text (C0, DEL, UTF-8 C1) as
 * '?'; the other formats escape them as their syntax does.  CB_ERR_IO on a write error, CB_ERR_ARG for an unknown
 * format, CB_ERR_NOMEM, or (JSON only) CB_ERR_FORMAT for text that is not UTF-8.
 */
int cb_report_write(FILE *f, cb_format fmt, const cb_run *run) CB_WARN_UNUSED;

/*
 * Under a table: one line per case that missed the precision target, with
 * its reason ("! x25519 openssl derive: 95% CI ..."), and the distribution
 * of each random-cost case ("* rsa2048-pkcs1 openssl keygen: median ...").
 */
int cb_report_write_noise(FILE *f, const cb_run *run) CB_WARN_UNUSED;

/*
 * Write atomically to path: a temporary file in the same folder, flushed,
 * then renamed over path.  On failure nothing is left behind and errno says why.
 */
int cb_report_write_path(const char *path, cb_format fmt, const cb_run *run) CB_WARN_UNUSED;

/*
 * Several runs in one document (make bench: the three studies in one
 * report): HTML, one section per run with a table of contents; text and
 * Markdown, one after the other.  JSON and CSV hold one run: CB_ERR_ARG
 * for n > 1.
 */
int cb_report_write_runs(FILE *f, cb_format fmt, const cb_run *runs, size_t n) CB_WARN_UNUSED;
int cb_report_write_runs_path(const char *path, cb_format fmt, const cb_run *runs, size_t n) CB_WARN_UNUSED;

/*
 * Read a JSON run written by cb_report_write (CB_ERR_FORMAT if not one, or
 * of a schema version this reader does not know (1 and 2 read); CB_ERR_IO with errno if it cannot be read).  *run is
 * overwritten, not freed; on failure it is left empty.  Free with cb_run_free.
 */
int cb_run_read_json(const char *path, cb_run *run) CB_WARN_UNUSED;

/* Why a run did not read (CB_ERR_FORMAT), for the error message. */
typedef struct cb_read_error {
	int line, column; /* of a JSON syntax error, 1-based; 0 when the JSON itself is well formed */
	char text[200];   /* jansson's reason, or which member of which result is wrong */
} cb_read_error;

/* cb_run_read_json, and on CB_ERR_FORMAT *err (may be NULL) says where and why. */
int cb_run_read_json_err(const char *path, cb_run *run, cb_read_error *err) CB_WARN_UNUSED;

/* The same from text[0..len) in memory (no NUL needed). */
int cb_run_parse_json(const char *text, size_t len, cb_run *run, cb_read_error *err) CB_WARN_UNUSED;

/* ---- the other commands' documents ---- */

/* "16 B", "1 KiB", "16 KiB", "1 MiB": a message size as the tables show it. */
void cb_report_size(size_t n, char *buf, size_t cap);

/*
 * compare: the changes between two runs (cb_compare_runs, compare.h) as a
 * table (CB_FORMAT_TABLE, with each run's machine line) or JSON.  0,
 * CB_ERR_IO, CB_ERR_NOMEM, or CB_ERR_ARG for another format.
 */
int cb_report_compare(FILE *f, cb_format fmt, const char *old_path, const char *new_path, const cb_run *old_run,
		      const cb_run *new_run, const cb_change *c, size_t n, double threshold,
		      const cb_machine_change *mc) CB_WARN_UNUSED;

/*
 * plan --rate: for each case of the run (ops: a comma list of operations,
 * NULL: all), the cores that sustain rate operations per second with
 * headroom percent spare, from its entry with the most threads.  0,
 * CB_ERR_IO or CB_ERR_NOMEM.
 */
int cb_report_plan_rate(FILE *f, const cb_run *run, double rate, double headroom, const char *ops) CB_WARN_UNUSED;

/*
 * plan --handshakes (docs/PLAN.md) as a table, Markdown or JSON: backend
 * NULL for each operation's fastest, against NULL for each combination's
 * own baseline; path names the run(s) in the error.  0; CB_ERR_ARG (against
 * is no combination) or CB_ERR_UNSUPPORTED (no combination's operations
 * are all in the run), with err; CB_ERR_NOMEM; CB_ERR_IO.
 */
int cb_report_plan_handshakes(FILE *f, cb_format fmt, const cb_run *run, const char *path, double rate,
			      double headroom, const char *backend, const char *against, char *err,
			      size_t errlen) CB_WARN_UNUSED;

/* verify --vectors: one vector set run over one (algorithm, backend). */
typedef enum cb_vec_state {
	CB_VEC_PASS = 0,
	CB_VEC_FAIL,    /* an unexpected result, or the run failed */
	CB_VEC_NA,      /* the class cannot take the set */
	CB_VEC_MISSING, /* the file is not there */
	CB_VEC_BADSUM   /* the file does not match SHA256SUMS */
} cb_vec_state;

typedef struct cb_vec_row {
	const cb_vec_set *set;
	const cb_alg_info *alg;
	cb_vec_counts n;
	cb_vec_state state;
	char err[200];
} cb_vec_row;

/* The matrix of rows (vector set x backend) and the summary line, or JSON.  0, CB_ERR_IO, CB_ERR_NOMEM, CB_ERR_ARG. */
int cb_report_vectors(FILE *f, cb_format fmt, const char *dir, const cb_vec_row *rows, size_t n) CB_WARN_UNUSED;

/*
 * interop, written as the matrices are made: begin; per algorithm either
 * a matrix (first: 1 for the first one written) or, in a table, the line
 * of an algorithm no implementation of which is usable here (left: the
 * implementations left out, and why); end with the totals (stopped: a
 * matrix failed, the document is closed without them).  Each returns 0,
 * CB_ERR_IO, or CB_ERR_ARG for a format other than table or JSON.
 */
int cb_report_interop_begin(FILE *f, cb_format fmt, size_t count);
int cb_report_interop_unusable(FILE *f, cb_format fmt, const char *alg, const cb_alg_info *const *left, size_t nleft);
int cb_report_interop_matrix(FILE *f, cb_format fmt, const cb_interop_matrix *m, const cb_alg_info *const *left,
			     size_t nleft, size_t count, int first);
int cb_report_interop_end(FILE *f, cb_format fmt, int stopped, size_t nmat, size_t ok, size_t known, size_t unexpected);

#ifdef __cplusplus
}
#endif
#endif
