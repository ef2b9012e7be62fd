/*
 * The table a person reads in a terminal: plain text, UTF-8 ("µs", "±"),
 * no colours, columns sized to their content.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decision.h"
#include "report_int.h"

static void pad(FILE *f, size_t n)
{
	while (n--)
		fputc(' ', f);
}

static void put_cell(FILE *f, const char *s, size_t width, int right, int last)
{
	size_t w = cb_utf8_width(s);
	size_t gap = width > w ? width - w : 0;
	if (right)
		pad(f, gap);
	fputs(s, f);
	if (!right && !last)
		pad(f, gap);
}

static int last_shown(const int *show, int n)
{
	int i, last = 0;
	for (i = 0; i < n; i++)
		if (show[i])
			last = i;
	return last;
}

/* A ±CI cell ending in a mark: '!' missed the target, '*' a random cost. */
static int marked(const char *s)
{
	size_t n = strlen(s);
	return n && (s[n - 1] == '!' || s[n - 1] == '*');
}

/*
 * When some row is marked, the others get a space where the mark goes so
 * the percent signs stay in one column.
 */
static void put_ci(FILE *f, const char *s, size_t width, int marks, int last)
{
	if (!marks || marked(s)) {
		put_cell(f, s, width, 1, last);
		return;
	}
	put_cell(f, s, width - 1, 1, 0);
	if (!last)
		fputc(' ', f);
}

static void write_results(FILE *f, const cb_tab *t)
{
	size_t width[CB_NCOLS] = {0};
	int last = last_shown(t->show, CB_NCOLS);
	int marks = 0;
	size_t i;
	int c;
	for (i = 0; i < t->nrows; i++) {
		const char *ci = t->rows[i].cell[CB_COL_CI];
		if (!t->rows[i].status[0] && marked(ci))
			marks = 1;
	}
	for (c = 0; c < CB_NCOLS; c++)
		width[c] = cb_utf8_width(t->head[c]) + (c == CB_COL_CI && marks);
	for (i = 0; i < t->nrows; i++) {
		for (c = 0; c < CB_NCOLS; c++) {
			size_t w = cb_utf8_width(t->rows[i].cell[c]);
			if (t->rows[i].status[0] && c >= CB_COL_FIRST_FIGURE)
				break;
			if (w > width[c])
				width[c] = w;
		}
	}
	for (c = 0; c < CB_NCOLS; c++) {
		if (!t->show[c])
			continue;
		if (c)
			fputs("  ", f);
		if (c == CB_COL_CI)
			put_ci(f, t->head[c], width[c], marks, c == last);
		else
			put_cell(f, t->head[c], width[c], t->right[c], c == last);
	}
	fputc('\n', f);
	for (i = 0; i < t->nrows; i++) {
		const cb_tab_row *row = &t->rows[i];
		for (c = 0; c < CB_NCOLS; c++) {
			if (!t->show[c])
				continue;
			if (c)
				fputs("  ", f);
			if (row->status[0] && c == CB_COL_FIRST_FIGURE) {
				fputs(row->status, f);
				break;
			}
			if (c == CB_COL_CI)
				put_ci(f, row->cell[c], width[c], marks, c == last);
			else
				put_cell(f, row->cell[c], width[c], t->right[c], c == last);
		}
		fputc('\n', f);
	}
}

static void write_sizes(FILE *f, const cb_size_tab *t)
{
	size_t width[CB_NSCOLS] = {0};
	int last = last_shown(t->show, CB_NSCOLS);
	size_t i;
	int c;
	for (c = 0; c < CB_NSCOLS; c++) {
		width[c] = cb_utf8_width(t->head[c]);
		for (i = 0; i < t->nrows; i++)
			if (cb_utf8_width(t->rows[i].cell[c]) > width[c])
				width[c] = cb_utf8_width(t->rows[i].cell[c]);
	}
	fputs("\nsizes in bytes\n", f);
	for (c = 0; c < CB_NSCOLS; c++) {
		if (!t->show[c])
			continue;
		if (c)
			fputs("  ", f);
		put_cell(f, t->head[c], width[c], !t->left[c], c == last);
	}
	fputc('\n', f);
	for (i = 0; i < t->nrows; i++) {
		for (c = 0; c < CB_NSCOLS; c++) {
			if (!t->show[c])
				continue;
			if (c)
				fputs("  ", f);
			put_cell(f, t->rows[i].cell[c], width[c], !t->left[c], c == last);
		}
		fputc('\n', f);
	}
	for (i = 0; i < t->nnotes; i++)
		fprintf(f, "%s\n", t->note[i]);
}

/* A study table: its title, the columns padded to their widest cell, its note. */
static void write_xtab(FILE *f, const cb_xtab *t)
{
	size_t width[CB_XCOLS] = {0};
	for (size_t c = 0; c < t->ncols; c++) {
		width[c] = cb_utf8_width(t->head[c]);
		for (size_t i = 0; i < t->nrows; i++)
			if (cb_utf8_width(t->rows[i].cell[c]) > width[c])
				width[c] = cb_utf8_width(t->rows[i].cell[c]);
	}
	fprintf(f, "\n%s\n", t->title);
	for (size_t c = 0; c < t->ncols; c++) {
		if (c)
			fputs("  ", f);
		put_cell(f, t->head[c], width[c], t->right[c], c + 1 == t->ncols);
	}
	fputc('\n', f);
	for (size_t i = 0; i < t->nrows; i++) {
		for (size_t c = 0; c < t->ncols; c++) {
			if (c)
				fputs("  ", f);
			put_cell(f, t->rows[i].cell[c], width[c], t->right[c], c + 1 == t->ncols);
		}
		fputc('\n', f);
	}
	if (t->note[0])
		fprintf(f, "%s\n", t->note);
}

static int table_body(FILE *f, const cb_run *run)
{
	char line[2048];
	cb_tab t;
	cb_size_tab st;
	size_t i;
	int r;
	r = cb_tab_build(&t, run);
	if (r)
		return r;
	r = cb_size_tab_build(&st, run);
	if (r) {
		cb_tab_free(&t);
		return r;
	}
	cb_tab_headline(&run->context, line, sizeof(line));
	fprintf(f, "%s\n", line);
	write_results(f, &t);
	cb_tab_kat_line(run, line, sizeof(line));
	if (line[0])
		fprintf(f, "%s\n", line);
	{
		char lines[CB_SUMMARY_LINES][CB_LINE_MAX];
		size_t n = cb_tab_summary(run, lines, CB_SUMMARY_LINES);
		for (i = 0; i < n; i++)
			fprintf(f, "%s\n", lines[i]);
	}
	if (st.nrows)
		write_sizes(f, &st);
	{
		cb_xtab *xt;
		size_t nx;
		if (cb_study_tables(run, &xt, &nx) == 0) {
			for (i = 0; i < nx; i++)
				write_xtab(f, &xt[i]);
			cb_study_tables_free(xt, nx);
		}
		if (cb_decision_tables(run, &xt, &nx) == 0) {
			for (i = 0; i < nx; i++)
				write_xtab(f, &xt[i]);
			cb_study_tables_free(xt, nx);
		}
	}
	cb_tab_free(&t);
	cb_size_tab_free(&st);
	return ferror(f) ? CB_ERR_IO : 0;
}

static int noise_body(FILE *f, const cb_run *run)
{
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *res = &run->results[i];
		char sz[32];
		if (res->status == CB_STATUS_OK && res->random_cost && !strcmp(res->method, "mean")) {
			fprintf(f, "* %s %s %s: mean %.4g us, median %.4g us, p5/p95/p99 %.4g/%.4g/%.4g us over %zu signatures\n",
				res->algorithm, res->backend, res->operation, res->ns.mean / 1e3, res->ns.median / 1e3,
				res->ns.p5 / 1e3, res->ns.p95 / 1e3, res->ns.p99 / 1e3, res->samples);
			continue;
		}
		if (res->status == CB_STATUS_OK && res->random_cost) {
			fprintf(f, "* %s %s %s: median %.4g ms, p5-p95 %.4g-%.4g ms over %zu keys\n", res->algorithm,
				res->backend, res->operation, res->ns.median / 1e6, res->ns.p5 / 1e6, res->ns.p95 / 1e6,
				res->samples);
			continue;
		}
		if (res->status != CB_STATUS_OK || !res->noisy)
			continue;
		fprintf(f, "! %s %s %s", res->algorithm, res->backend, res->operation);
		if (res->message_bytes) {
			cb_fmt_bytes(res->message_bytes, sz, sizeof(sz));
			fprintf(f, " %s", sz);
		}
		if (res->threads > 1)
			fprintf(f, " (%u threads)", res->threads);
		fprintf(f, ": %s\n", res->noise[0] ? res->noise : "no reason given");
	}
	return ferror(f) ? CB_ERR_IO : 0;
}

/*
 * The text table goes to a terminal: what came from a results file (names,
 * errors, host and CPU strings) must not move the cursor or change colours.
 * Control characters other than the line breaks, DEL and the UTF-8 C1
 * controls (U+0080-U+009F) are printed as '?'.
 */
static int put_printable(FILE *f, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] <= 0x9f) {
			fputc('?', f);
			i++;
		} else {
			fputc((c < 0x20 && c != '\n') || c == 0x7f ? '?' : c, f);
		}
	}
	return ferror(f) ? CB_ERR_IO : 0;
}

static int write_printable(FILE *f, const cb_run *run, int (*body)(FILE *, const cb_run *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int r;

	if (!m)
		return CB_ERR_NOMEM;
	r = body(m, run);
	if (fclose(m) != 0 && r == 0)
		r = CB_ERR_NOMEM;
	if (r == 0)
		r = put_printable(f, buf, len);
	free(buf);
	return r;
}

int cb_write_table(FILE *f, const cb_run *run)
{
	return write_printable(f, run, table_body);
}

int cb_report_write_noise(FILE *f, const cb_run *run)
{
	return write_printable(f, run, noise_body);
}
