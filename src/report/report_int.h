/* Internal to src/report: the writers and the table model they share. */
#ifndef CB_REPORT_INT_H
#define CB_REPORT_INT_H

#include <stdio.h>

#include "cryptobench/report.h"

/* One per format; CB_ERR_IO on a write error, CB_ERR_NOMEM. */
int cb_write_table(FILE *f, const cb_run *run);
int cb_write_json(FILE *f, const cb_run *run);
int cb_write_csv(FILE *f, const cb_run *run);
int cb_write_md(FILE *f, const cb_run *run);
int cb_write_html(FILE *f, const cb_run *run);
int cb_write_html_runs(FILE *f, const cb_run *runs, size_t n);

/*
 * The human table, as cells, so the text and Markdown writers show the same
 * figures.  Columns that do not apply to the run are hidden (show[] == 0).
 */
enum {
	CB_COL_ALG,
	CB_COL_BACKEND,
	CB_COL_OP,
	CB_COL_MSG,
	CB_COL_THR,
	CB_COL_OPS,
	CB_COL_LAT,
	CB_COL_CI,
	CB_COL_MBS,
	CB_COL_CYC,
	CB_COL_RATIO,
	CB_COL_SCALE,
	CB_COL_ALLOCS, /* run --memory */
	CB_COL_HEAP,
	CB_NCOLS
};
/* The first column whose cells a non-ok row replaces with its status. */
#define CB_COL_FIRST_FIGURE CB_COL_OPS

#define CB_CELL_MAX 80

typedef struct cb_tab_row {
	char cell[CB_NCOLS][CB_CELL_MAX];
	char status[CB_TEXT_MAX + 32]; /* "" for ok rows */
	const cb_result *res;          /* the row's result (the HTML table sorts and filters on its figures) */
} cb_tab_row;

typedef struct cb_tab {
	cb_tab_row *rows;
	size_t nrows;
	int show[CB_NCOLS];
	int right[CB_NCOLS]; /* right-aligned */
	const char *head[CB_NCOLS];
} cb_tab;

/*
 * The sizes section: one row per algorithm with any known size, merged
 * over every backend and case of it (ranges where sizes vary), and the
 * definitions of the columns shown (note[], for the writers to print
 * under the table).
 */
enum {
	CB_SCOL_ALG,
	CB_SCOL_BITS,
	CB_SCOL_PK,
	CB_SCOL_SK,
	CB_SCOL_MSG,
	CB_SCOL_CT,
	CB_SCOL_SIG,
	CB_SCOL_SS,
	CB_SCOL_MAXMSG,
	CB_SCOL_OVERHEAD,
	CB_SCOL_EXPANSION,
	CB_SCOL_ENC,
	CB_NSCOLS
};

#define CB_SIZE_NOTES (CB_NSCOLS + 2) /* one per column, the ranges' and the ML-DSA forms' */

typedef struct cb_size_row {
	char cell[CB_NSCOLS][CB_CELL_MAX];
} cb_size_row;

typedef struct cb_size_tab {
	cb_size_row *rows;
	size_t nrows;
	int show[CB_NSCOLS];
	int left[CB_NSCOLS]; /* left-aligned text columns */
	const char *head[CB_NSCOLS];
	const char *note[CB_SIZE_NOTES];
	size_t nnotes;
} cb_size_tab;

/*
 * One row per result the table shows: every status but unsupported (the
 * cases that cannot exist are lines of their own, cb_left_out_lines in
 * answer.h).
 */
int cb_tab_build(cb_tab *t, const cb_run *run);

/* 1 when the results table shows r (every status but unsupported). */
int cb_tab_shows(const cb_result *r);
void cb_tab_free(cb_tab *t);
int cb_size_tab_build(cb_size_tab *t, const cb_run *run);
void cb_size_tab_free(cb_size_tab *t);

/*
 * The line under the results table: "known answers: 3 implementations passed;
 * none for: rsa2048-pkcs1, sm4-cbc (round-trip self-check only); FAILED:
 * x".  One count per (algorithm, backend); unavailable ones and results
 * without a recorded kat are left out.  buf gets "" when nothing is left.
 */
void cb_tab_kat_line(const cb_run *run, char *buf, size_t len);

#define CB_LINE_MAX 400
#define CB_SUMMARY_LINES 8 /* at most this many summary lines */
/*
 * The lines under the results table, at most max: how the run was
 * measured, an interruption, the machine's drift (beyond CB_DRIFT_WARN),
 * how many cases missed the precision target ('!'), and what the
 * random-cost rows mean ('*').  Returns how many were written.
 */
size_t cb_tab_summary(const cb_run *run, char lines[][CB_LINE_MAX], size_t max);

/* "cryptobench 0.1.0 | CPU (2 cores) | openssl-3.0.19 | counter: tsc 2.10 GHz" */
void cb_tab_headline(const cb_context *c, char *buf, size_t len);
/* "114.4 µs": 3-4 significant digits in the largest unit that keeps it >= 1. */
void cb_fmt_latency(double ns, char *buf, size_t len);
/* "32 B", "16 KiB", "1.5 MiB", or "-" for 0. */
void cb_fmt_bytes(size_t n, char *buf, size_t len);
/*
 * A study's own tables (study_tables.c), as cells: the published figures
 * and claims against the run, warm against cold operations, the security
 * of each algorithm.  Empty cells are "".
 */
#define CB_XCOLS 8
#define CB_XCELL_MAX 160
typedef struct cb_xrow {
	char cell[CB_XCOLS][CB_XCELL_MAX];
	/*
	 * The figures behind the cells, unrounded, for the charts; NaN where
	 * none.  "wire": 1 client, 2 server, 3 total bytes; "published": 2
	 * published, 3 measured (the published unit), 4 their ratio; "claims":
	 * 2 published ratio, 3 measured ratio, with its interval low/high.
	 */
	double num[CB_XCOLS];
	double low, high;
} cb_xrow;
typedef struct cb_xtab {
	/* which table: "hybrid", "wire", "published", "claims", "cold", "security", "pinning", "exchanges" */
	char id[16];
	char title[160];
	char note[640];
	size_t ncols, nrows;
	const char *head[CB_XCOLS];
	int right[CB_XCOLS];
	cb_xrow *rows;
} cb_xtab;
/* The tables that apply to the run (none: *n = 0).  0, or CB_ERR_NOMEM. */
int cb_study_tables(const cb_run *run, cb_xtab **tabs, size_t *n);

/*
 * The study tables' hybrid breakdown for one result, for the JSON writer:
 * 1 when h is a one-thread hybrid KEM operation (cb_hybrid_terms) whose
 * every part the run measured; then parts[0..*nparts) are the parts'
 * results (each on h's backend, else OpenSSL, else any), *parts_ns the
 * sum of their figures and *combiner_ns h's figure minus it (ns; may be
 * negative).  0 otherwise.
 */
int cb_hybrid_breakdown(const cb_run *run, const cb_result *h, const cb_result **parts, size_t max, size_t *nparts,
			double *parts_ns, double *combiner_ns);
/* A KEM's or key agreement's bytes on the wire (client share, server share): 1 when r has them. */
int cb_wire_bytes(const cb_result *r, long *client, long *server);
void cb_study_tables_free(cb_xtab *tabs, size_t n);

/* Columns a terminal uses for UTF-8 text (code points; all are one column wide here). */
size_t cb_utf8_width(const char *s);

#endif
