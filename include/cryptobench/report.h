/*
 * Writers: turn a cb_run into text.  Writers never measure.
 */
#ifndef CRYPTOBENCH_REPORT_H
#define CRYPTOBENCH_REPORT_H

#include <stdio.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

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

#ifdef __cplusplus
}
#endif
#endif
