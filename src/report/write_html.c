/*
 * A self-contained HTML page: the context, one bar chart (inline SVG, no
 * script) per operation comparing the algorithms measured for it, with the
 * 95% CI of the median as a whisker, then the same table and sizes as the
 * text writer.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "decision.h"
#include "report_int.h"

static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

static void item(FILE *f, const char *label, const char *value)
{
	if (!value || !*value)
		return;
	fprintf(f, "<tr><th>%s</th><td>", label);
	esc(f, value);
	fputs("</td></tr>\n", f);
}

static void context(FILE *f, const cb_context *c)
{
	char buf[1280];
	size_t o = 0;
	fputs("<table class=\"ctx\">\n", f);
	item(f, "timestamp", c->timestamp);
	item(f, "host", c->hostname);
	snprintf(buf, sizeof(buf), "%s (%u cores online)", c->cpu_model[0] ? c->cpu_model : "unknown", c->cores_online);
	item(f, "CPU", buf);
	item(f, "CPU flags", c->cpu_flags);
	if (c->tsc_hz > 0)
		snprintf(buf, sizeof(buf), "%s at %.2f GHz (cycles column: ticks of this counter)", c->counter, c->tsc_hz / 1e9);
	else
		snprintf(buf, sizeof(buf), "none (no cycle counts)");
	item(f, "cycle counter", buf);
	item(f, "kernel", c->kernel);
	snprintf(buf, sizeof(buf), "%s, %s (%s)", c->compiler, c->cflags, c->build_type);
	item(f, "compiler", buf);
	snprintf(buf, sizeof(buf), "time budget %g s per case, precision target %.1f%%, harness overhead %.2g ns per operation",
		 c->time_budget, c->precision_target * 100, c->overhead_ns);
	item(f, "measurement", buf);
	item(f, "pinning", c->pinning[0] ? c->pinning : "none");
	buf[0] = 0;
	for (size_t i = 0; i < c->nlibraries && o < sizeof(buf); i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s%s %s", i ? ", " : "", c->libraries[i].name,
				      c->libraries[i].version);
	item(f, "libraries", buf);
	fputs("</table>\n", f);
}

/* One chart per operation, message size and thread count, across classes (keygen of SM2, X25519 and ML-KEM side by side). */
static int same_group(const cb_result *a, const cb_result *b)
{
	return !strcmp(a->operation, b->operation) && a->message_bytes == b->message_bytes && a->threads == b->threads;
}

/* 33,058 or 4.63 */
static void rate(char *buf, size_t cap, double v)
{
	if (v < 1000) {
		snprintf(buf, cap, "%.3g", v);
		return;
	}
	char digits[32];
	int n = snprintf(digits, sizeof(digits), "%.0f", v), o = 0;
	for (int i = 0; i < n && (size_t)o + 2 < cap; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = 0;
}

/* x position of a rate on the chart's axis. */
static double xpos(double v, double lo, double hi, int logscale, double width)
{
	double x;
	if (!(v > 0))
		return 0;
	if (logscale)
		x = width * (log10(v) - log10(lo)) / (log10(hi) - log10(lo));
	else
		x = width * v / hi;
	/* absurd figures from a results file stay on the chart, and never print as nan */
	return x >= 0 ? (x <= width ? x : width) : 0;
}

/* The figure's 95% interval in ns per operation (the estimate's; version 1 files: the median's). */
static double ci_low(const cb_result *r)
{
	return r->estimate_low > 0 ? r->estimate_low : r->ns.ci95_low;
}

static double ci_high(const cb_result *r)
{
	return r->estimate_high > 0 ? r->estimate_high : r->ns.ci95_high;
}

static void chart(FILE *f, const cb_run *run, size_t first, const unsigned char *done)
{
	const cb_result *g = &run->results[first];
	double hi = 0, lo = INFINITY;
	size_t n = 0;
	const double label_w = 230, bar_w = 460, row_h = 22;
	char sz[32];

	for (size_t i = first; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status != CB_STATUS_OK || !same_group(g, r) || (i != first && done[i]))
			continue;
		/* the bar or its whisker, whichever reaches further (with threads the bar can) */
		double top = ci_low(r) > 0 ? 1e9 / ci_low(r) : 0;
		if (!(top < DBL_MAX / 100) || top < r->ops_per_sec)
			top = r->ops_per_sec;
		if (top < DBL_MAX / 100 && top > hi)
			hi = top;
		if (r->ops_per_sec > 0 && r->ops_per_sec < lo)
			lo = r->ops_per_sec;
		n++;
	}
	/* no positive rate, or none a chart can place: no chart */
	if (!n || !(hi > 0) || !(lo < INFINITY) || lo > hi)
		return;
	int logscale = hi / lo > 100;
	if (logscale) {
		lo = pow(10, floor(log10(lo)));
		hi = pow(10, ceil(log10(hi)));
	} else {
		hi *= 1.05;
	}
	cb_fmt_bytes(g->message_bytes, sz, sizeof(sz));
	fputs("<figure><figcaption>", f);
	esc(f, g->operation);
	if (g->message_bytes)
		fprintf(f, ", %s messages", sz);
	if (g->threads > 1)
		fprintf(f, ", %u threads", g->threads);
	fprintf(f, ": operations per second%s (whisker: its 95%% interval)</figcaption>\n", logscale ? ", log scale" : "");
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\">\n",
		label_w + bar_w + 110, row_h * (double)n + 8);
	size_t k = 0;
	for (size_t i = first; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status != CB_STATUS_OK || !same_group(g, r) || (i != first && done[i]))
			continue;
		double y = 4 + row_h * (double)k++;
		double w = xpos(r->ops_per_sec, lo, hi, logscale, bar_w);
		double wl = ci_high(r) > 0 ? xpos(1e9 / ci_high(r), lo, hi, logscale, bar_w) : w;
		double wh = ci_low(r) > 0 ? xpos(1e9 / ci_low(r), lo, hi, logscale, bar_w) : w;
		fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">", label_w - 6, y + 14);
		esc(f, r->algorithm);
		fputs(" (", f);
		esc(f, r->backend);
		fputs(")</text>\n", f);
		fprintf(f, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" class=\"%s\"/>\n", label_w, y + 3,
			w > 1 ? w : 1, row_h - 6, r->noisy ? "bar noisy" : "bar");
		fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"ci\"/>\n", label_w + wl, label_w + wh,
			y + row_h / 2, y + row_h / 2);
		char v[40];
		rate(v, sizeof(v), r->ops_per_sec);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s%s</text>\n", label_w + (wh > w ? wh : w) + 6, y + 14, v,
			r->noisy ? " (noisy)" : "");
	}
	fputs("</svg></figure>\n", f);
}

static void table(FILE *f, const cb_tab *t)
{
	fputs("<table class=\"res\">\n<tr>", f);
	for (int c = 0; c < CB_NCOLS; c++)
		if (t->show[c]) {
			fputs("<th>", f);
			esc(f, t->head[c]);
			fputs("</th>", f);
		}
	fputs("</tr>\n", f);
	for (size_t i = 0; i < t->nrows; i++) {
		const cb_tab_row *row = &t->rows[i];
		int ncols = 0;
		fputs("<tr>", f);
		for (int c = 0; c < CB_NCOLS; c++) {
			if (!t->show[c])
				continue;
			if (row->status[0] && c >= CB_COL_FIRST_FIGURE) {
				ncols++;
				continue;
			}
			fprintf(f, "<td%s>", t->right[c] ? " class=\"num\"" : "");
			esc(f, row->cell[c]);
			fputs("</td>", f);
		}
		if (row->status[0]) {
			fprintf(f, "<td colspan=\"%d\" class=\"status\">", ncols);
			esc(f, row->status);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void sizes(FILE *f, const cb_size_tab *t)
{
	if (!t->nrows)
		return;
	fputs("<h2>Sizes in bytes</h2>\n<p>Read from the keys, ciphertexts and signatures the run produced.</p>\n"
	      "<table class=\"res\">\n<tr>",
	      f);
	for (int c = 0; c < CB_NSCOLS; c++)
		if (t->show[c]) {
			fputs("<th>", f);
			esc(f, t->head[c]);
			fputs("</th>", f);
		}
	fputs("</tr>\n", f);
	for (size_t i = 0; i < t->nrows; i++) {
		fputs("<tr>", f);
		for (int c = 0; c < CB_NSCOLS; c++)
			if (t->show[c]) {
				fprintf(f, "<td%s>", c ? " class=\"num\"" : "");
				esc(f, t->rows[i].cell[c]);
				fputs("</td>", f);
			}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void xtab_html(FILE *f, const cb_xtab *t)
{
	fputs("<h3>", f);
	esc(f, t->title);
	fputs("</h3>\n<table class=\"study\">\n<tr>", f);
	for (size_t c = 0; c < t->ncols; c++) {
		fputs("<th>", f);
		esc(f, t->head[c]);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (size_t i = 0; i < t->nrows; i++) {
		fputs("<tr>", f);
		for (size_t c = 0; c < t->ncols; c++) {
			fputs(t->right[c] ? "<td class=\"num\">" : "<td>", f);
			esc(f, t->rows[i].cell[c]);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	if (t->note[0]) {
		fputs("<p class=\"note\">", f);
		esc(f, t->note);
		fputs("</p>\n", f);
	}
}

static const char page_head[] =
	"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	"<style>\n"
	"body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1100px}\n"
	"table{border-collapse:collapse;margin:1em 0;font-size:14px}\n"
	"th,td{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left}\n"
	"td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
	"td.status{color:#a00}\n"
	"table.ctx th{font-weight:600;color:#555}\n"
	"figure{margin:1.5em 0}figcaption{font-weight:600;margin-bottom:.3em}\n"
	"svg text{font-size:12px;fill:#222}\n"
	"rect.bar{fill:#4a7fb5}rect.noisy{fill:#c9a227}line.ci{stroke:#111;stroke-width:1.5}\n"
	"p.note{color:#555;font-size:13px}\n"
	"</style>\n";

/* One run's part of the page: heading level h for its title, then charts and tables. */
static int run_section(FILE *f, const cb_run *run, int h, const char *id)
{
	cb_tab t;
	cb_size_tab st;
	cb_xtab *xt = NULL;
	size_t nx = 0;
	unsigned char *done;
	char head[512];
	int r;

	if ((r = cb_tab_build(&t, run)) != 0)
		return r;
	if ((r = cb_size_tab_build(&st, run)) != 0) {
		cb_tab_free(&t);
		return r;
	}
	done = calloc(run->nresults ? run->nresults : 1, 1);
	if (!done || cb_study_tables(run, &xt, &nx) != 0) {
		free(done);
		cb_tab_free(&t);
		cb_size_tab_free(&st);
		return CB_ERR_NOMEM;
	}
	cb_tab_headline(&run->context, head, sizeof(head));
	fprintf(f, "<section id=\"%s\">\n<h%d>", id, h);
	esc(f, run->context.title[0] ? run->context.title : "cryptobench run");
	fprintf(f, "</h%d>\n<p>", h);
	esc(f, head);
	fputs("</p>\n", f);
	context(f, &run->context);
	fprintf(f, "<h%d>Operations per second</h%d>\n", h + 1, h + 1);
	for (size_t i = 0; i < run->nresults; i++) {
		if (done[i] || run->results[i].status != CB_STATUS_OK)
			continue;
		chart(f, run, i, done);
		for (size_t k = i; k < run->nresults; k++)
			if (same_group(&run->results[i], &run->results[k]))
				done[k] = 1;
	}
	if (nx) {
		fprintf(f, "<h%d>The study's tables</h%d>\n", h + 1, h + 1);
		for (size_t i = 0; i < nx; i++)
			xtab_html(f, &xt[i]);
	}
	cb_study_tables_free(xt, nx);
	if (cb_decision_tables(run, &xt, &nx) == 0 && nx) {
		fprintf(f, "<h%d>Decision guide</h%d>\n", h + 1, h + 1);
		for (size_t i = 0; i < nx; i++)
			xtab_html(f, &xt[i]);
	}
	fprintf(f, "<h%d>Results</h%d>\n", h + 1, h + 1);
	table(f, &t);
	{
		char lines[6][CB_LINE_MAX];
		size_t nl = cb_tab_summary(run, lines, 6);
		for (size_t i = 0; i < nl; i++) {
			fputs("<p class=\"summary\">", f);
			esc(f, lines[i]);
			fputs("</p>\n", f);
		}
	}
	for (size_t i = 0; i < run->nresults; i++)
		if (run->results[i].status == CB_STATUS_OK && run->results[i].noisy) {
			fputs("<p class=\"noise\">noisy: ", f);
			esc(f, run->results[i].algorithm);
			fputs(" ", f);
			esc(f, run->results[i].operation);
			fputs(": ", f);
			esc(f, run->results[i].noise);
			fputs("</p>\n", f);
		}
	sizes(f, &st);
	fputs("</section>\n", f);
	cb_study_tables_free(xt, nx);
	free(done);
	cb_tab_free(&t);
	cb_size_tab_free(&st);
	return ferror(f) ? CB_ERR_IO : 0;
}

int cb_write_html_runs(FILE *f, const cb_run *runs, size_t n)
{
	int r = 0;
	fputs(page_head, f);
	fputs("<title>", f);
	esc(f, n > 1 ? "cryptobench report" : runs[0].context.title[0] ? runs[0].context.title : "cryptobench run");
	fputs("</title>\n</head>\n<body>\n", f);
	if (n > 1) {
		fputs("<h1>cryptobench report</h1>\n<ul class=\"toc\">\n", f);
		for (size_t i = 0; i < n; i++) {
			fprintf(f, "<li><a href=\"#run%zu\">", i + 1);
			esc(f, runs[i].context.title[0] ? runs[i].context.title : "cryptobench run");
			fputs("</a></li>\n", f);
		}
		fputs("</ul>\n", f);
	}
	for (size_t i = 0; i < n && !r; i++) {
		char id[32];
		snprintf(id, sizeof(id), "run%zu", i + 1);
		r = run_section(f, &runs[i], n > 1 ? 2 : 1, id);
	}
	fputs("</body>\n</html>\n", f);
	return r ? r : ferror(f) ? CB_ERR_IO : 0;
}

int cb_write_html(FILE *f, const cb_run *run)
{
	return cb_write_html_runs(f, run, 1);
}
