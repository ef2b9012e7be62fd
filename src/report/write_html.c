/*
 * A self-contained HTML page (no script, no network): a summary of the
 * run and its context, the charts (charts.c: operations per second with
 * their 95% interval, message-size sweeps, thread scaling, bytes on the
 * wire, published against measured), the study's tables, then the same
 * table and sizes as the text writer.
 */
#include <stdlib.h>
#include <string.h>

#include "charts.h"
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

static void sizes(FILE *f, const cb_size_tab *t, int h)
{
	if (!t->nrows)
		return;
	fprintf(f, "<h%d>Sizes in bytes</h%d>\n<p>Read from the keys, ciphertexts and signatures the run produced.</p>\n"
		"<table class=\"res\">\n<tr>",
		h, h);
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
				fprintf(f, "<td%s>", t->left[c] ? "" : " class=\"num\"");
				esc(f, t->rows[i].cell[c]);
				fputs("</td>", f);
			}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	for (size_t i = 0; i < t->nnotes; i++) {
		fputs("<p class=\"note\">", f);
		esc(f, t->note[i]);
		fputs("</p>\n", f);
	}
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
	"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	"<style>\n"
	"body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;color:#1f2328;"
	"background:#f6f7f9;line-height:1.45}\n"
	"main{max-width:1120px;margin:0 auto;padding:24px 32px 48px;background:#fff;"
	"box-shadow:0 0 0 1px #e3e6ea}\n"
	"h1{font-size:26px;margin:8px 0 4px}h2{font-size:20px;margin:32px 0 8px;padding-bottom:4px;"
	"border-bottom:2px solid #e3e6ea}h3{font-size:16px;margin:22px 0 6px}\n"
	"p.headline{color:#57606a;margin:0 0 12px}\n"
	"ul.cards{display:flex;flex-wrap:wrap;gap:12px;list-style:none;padding:0;margin:12px 0 20px}\n"
	"details.more{margin:6px 0}details.more summary{cursor:pointer;color:#3b6ea8;font-size:14px}\n"
	"ul.cards li{flex:1 1 110px;border:1px solid #e3e6ea;border-radius:6px;padding:10px 14px;background:#fafbfc}\n"
	"ul.cards b{display:block;font-size:22px;font-variant-numeric:tabular-nums}\n"
	"ul.cards span{color:#57606a;font-size:13px}\n"
	"ul.toc{columns:2}\n"
	"table{border-collapse:collapse;margin:10px 0;font-size:13.5px}\n"
	"th,td{padding:4px 10px;border-bottom:1px solid #e3e6ea;text-align:left;vertical-align:top}\n"
	"tr:nth-child(even) td{background:#fafbfc}th{background:#f0f2f5;font-weight:600}\n"
	"td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
	"td.status{color:#a40e26}\n"
	"table.ctx th{background:none;color:#57606a;white-space:nowrap}\n"
	"figure.chart{margin:18px 0;padding:10px 12px;border:1px solid #e3e6ea;border-radius:6px;"
	"overflow-x:auto}\n"
	"figcaption{font-weight:600;margin-bottom:6px}\n"
	"svg text{font-size:12px;fill:#1f2328}svg text.tick{fill:#57606a;font-size:11px}\n"
	"svg text.axisname{fill:#57606a}svg text.value{fill:#3d444d;font-variant-numeric:tabular-nums}\n"
	"line.grid{stroke:#eceef1}line.axisline{stroke:#8c959f}line.baseline{stroke:#1f2328;"
	"stroke-dasharray:3 3}\n"
	"rect.bar{fill:#3b6ea8}rect.part2{fill:#9dbbe0}rect.noisy{fill:#c9a227}\n"
	"g.whisker line,line.ci{stroke:#1f2328;stroke-width:1.4}\n"
	"path.marker{fill:#d0743c;stroke:#fff;stroke-width:1}\n"
	"line.ideal{stroke-dasharray:2 4;stroke-width:1.5;opacity:.7}\n"
	"g.series polyline{fill:none;stroke-width:2}circle.point{stroke:#fff;stroke-width:1}\n"
	"p.note,p.summary,p.noise{color:#57606a;font-size:13px}\n"
	"</style>\n";

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* How many different strings v[0..n) holds (sorts v). */
static size_t distinct(const char **v, size_t n)
{
	size_t d = n > 0;
	qsort(v, n, sizeof(*v), cmp_str);
	for (size_t i = 1; i < n; i++)
		d += strcmp(v[i - 1], v[i]) != 0;
	return d;
}

/* The summary at the top of a run: what was measured, in a few figures. */
static void summary(FILE *f, const cb_run *run)
{
	size_t ok = 0, other = 0, nalg = 0, nbe = 0, nop = 0, n = run->nresults;
	const char **v = malloc((n ? n : 1) * sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		if (run->results[i].status == CB_STATUS_OK)
			ok++;
		else
			other++;
	}
	if (v) {
		for (size_t i = 0; i < n; i++)
			v[i] = run->results[i].algorithm;
		nalg = distinct(v, n);
		for (size_t i = 0; i < n; i++)
			v[i] = run->results[i].backend;
		nbe = distinct(v, n);
		for (size_t i = 0; i < n; i++)
			v[i] = run->results[i].operation;
		nop = distinct(v, n);
		free(v);
	}
	fprintf(f, "<ul class=\"cards\">\n<li><b>%zu</b><span>cases measured</span></li>\n", ok);
	if (other)
		fprintf(f, "<li><b>%zu</b><span>cases not measured (see the results)</span></li>\n", other);
	fprintf(f, "<li><b>%zu</b><span>algorithms</span></li>\n<li><b>%zu</b><span>backends</span></li>\n", nalg, nbe);
	fprintf(f, "<li><b>%zu</b><span>operations</span></li>\n", nop);
	if (run->context.rounds)
		fprintf(f, "<li><b>%u</b><span>rounds%s</span></li>\n", run->context.rounds,
			run->context.interleaved ? ", interleaved" : "");
	fputs("</ul>\n", f);
}

/* One run's part of the page: heading level h for its title, then charts and tables. */
static int run_section(FILE *f, const cb_run *run, int h, const char *id)
{
	cb_tab t;
	cb_size_tab st;
	cb_xtab *xt = NULL;
	size_t nx = 0;
	char head[512];
	int r;

	if ((r = cb_tab_build(&t, run)) != 0)
		return r;
	if ((r = cb_size_tab_build(&st, run)) != 0) {
		cb_tab_free(&t);
		return r;
	}
	if (cb_study_tables(run, &xt, &nx) != 0) {
		cb_tab_free(&t);
		cb_size_tab_free(&st);
		return CB_ERR_NOMEM;
	}
	cb_tab_headline(&run->context, head, sizeof(head));
	fprintf(f, "<section id=\"%s\">\n<h%d>", id, h);
	esc(f, run->context.title[0] ? run->context.title : "cryptobench run");
	fprintf(f, "</h%d>\n<p class=\"headline\">", h);
	esc(f, head);
	fputs("</p>\n", f);
	summary(f, run);
	if ((r = cb_charts_html(f, run, xt, nx, h + 1, id)) != 0)
		goto out;
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
		char lines[CB_SUMMARY_LINES][CB_LINE_MAX];
		size_t nl = cb_tab_summary(run, lines, CB_SUMMARY_LINES);
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
	sizes(f, &st, h + 1);
	fprintf(f, "<h%d>Context</h%d>\n", h + 1, h + 1);
	context(f, &run->context);
	fputs("</section>\n", f);
out:
	cb_study_tables_free(xt, nx);
	cb_tab_free(&t);
	cb_size_tab_free(&st);
	return r ? r : ferror(f) ? CB_ERR_IO : 0;
}

int cb_write_html_runs(FILE *f, const cb_run *runs, size_t n)
{
	int r = 0;
	fputs(page_head, f);
	fputs("<title>", f);
	esc(f, n > 1 ? "cryptobench report" : runs[0].context.title[0] ? runs[0].context.title : "cryptobench run");
	fputs("</title>\n</head>\n<body>\n<main>\n", f);
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
	fputs("</main>\n</body>\n</html>\n", f);
	return r ? r : ferror(f) ? CB_ERR_IO : 0;
}

int cb_write_html(FILE *f, const cb_run *run)
{
	return cb_write_html_runs(f, run, 1);
}
