/*
 * A self-contained HTML page (no network, no external file): each run
 * opens with its answer (answer.h: the question, how it was measured, the
 * verdicts on the published claims, the decision guide's choices, the
 * figures that matter most, with the published-against-measured and
 * bytes-on-the-wire charts), then its evidence: the charts (charts.c:
 * message-size sweeps, thread scaling against ideal, operations per second
 * with their 95% interval), the results table, the study's tables, sizes
 * and context.  One inline script sorts the results table by any column
 * and filters it by algorithm, backend, operation, size and threads; the
 * page reads the same without it (the controls stay hidden), and prints
 * with its charts.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "answer.h"
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

/* A cell's figure for sorting (data-v), or NAN when the column sorts as text. */
static double sort_value(int c, const cb_result *r)
{
	switch (c) {
	case CB_COL_MSG: return (double)r->message_bytes;
	case CB_COL_THR: return r->threads + (r->pinned ? 0.5 : 0);
	case CB_COL_OPS: return r->ops_per_sec;
	case CB_COL_LAT: return r->threads <= 1 && r->estimate_ns > 0 ? r->estimate_ns : r->ns.median;
	case CB_COL_CI: return r->random_cost ? NAN : r->precision;
	case CB_COL_MBS: return r->bytes_per_sec > 0 ? r->bytes_per_sec : NAN;
	case CB_COL_CYC: return r->cycles_per_op > 0 ? r->cycles_per_op : NAN;
	case CB_COL_SCALE: return r->scaling > 0 ? r->scaling : NAN;
	case CB_COL_ALLOCS: return r->allocs_per_op >= 0 ? r->allocs_per_op : NAN;
	case CB_COL_HEAP: return r->alloc_bytes_per_op >= 0 ? r->alloc_bytes_per_op : NAN;
	default: return NAN;
	}
}

/* A data-* attribute from a cell's text. */
static void attr(FILE *f, const char *name, const char *value)
{
	fprintf(f, " data-%s=\"", name);
	esc(f, value);
	fputc('"', f);
}

/*
 * The results table: a header row of buttons (the script sorts by the
 * column clicked), each row's filter values as data-* attributes and each
 * figure's value as data-v, so sorting does not parse "1.2 ms".  The
 * filter controls come first, hidden until the script shows them.
 */
static void table(FILE *f, const cb_tab *t, const char *id)
{
	static const struct {
		int col;
		const char *key;
	} filters[] = {{CB_COL_ALG, "alg"}, {CB_COL_BACKEND, "backend"}, {CB_COL_OP, "op"}, {CB_COL_MSG, "msg"},
		       {CB_COL_THR, "thr"}};
	fprintf(f, "<div class=\"filters\" data-for=\"%s\" hidden>", id);
	for (size_t k = 0; k < sizeof(filters) / sizeof(filters[0]); k++) {
		fprintf(f, "<label>");
		esc(f, t->head[filters[k].col]);
		fprintf(f, " <select data-key=\"%s\"><option value=\"\">all</option></select></label>", filters[k].key);
	}
	fputs("<span class=\"count\" aria-live=\"polite\"></span></div>\n", f);
	fprintf(f, "<table class=\"res sortable\" id=\"%s\">\n<thead><tr>", id);
	for (int c = 0; c < CB_NCOLS; c++)
		if (t->show[c]) {
			fprintf(f, "<th%s aria-sort=\"none\"><span class=\"th\">", t->right[c] ? " class=\"num\"" : "");
			esc(f, t->head[c]);
			fputs("</span></th>", f);
		}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t i = 0; i < t->nrows; i++) {
		const cb_tab_row *row = &t->rows[i];
		int ncols = 0;
		fputs("<tr", f);
		for (size_t k = 0; k < sizeof(filters) / sizeof(filters[0]); k++)
			attr(f, filters[k].key, row->cell[filters[k].col]);
		fputs(row->status[0] ? " class=\"st\">" : ">", f);
		for (int c = 0; c < CB_NCOLS; c++) {
			double v;
			if (!t->show[c])
				continue;
			if (row->status[0] && c >= CB_COL_FIRST_FIGURE) {
				ncols++;
				continue;
			}
			fprintf(f, "<td%s", t->right[c] ? " class=\"num\"" : "");
			v = row->res && !row->status[0] ? sort_value(c, row->res) : NAN;
			if (c == CB_COL_MSG || c == CB_COL_THR)
				v = row->res ? sort_value(c, row->res) : NAN;
			if (c == CB_COL_RATIO && !row->status[0]) {
				char *end;
				double x = strtod(row->cell[c], &end);
				if (end != row->cell[c])
					v = x;
			}
			if (isfinite(v))
				fprintf(f, " data-v=\"%.9g\"", v);
			fputc('>', f);
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
	fputs("</tbody>\n</table>\n", f);
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

static void xtab_html(FILE *f, const cb_xtab *t, int h)
{
	fprintf(f, "<h%d>", h > 6 ? 6 : h);
	esc(f, t->title);
	fprintf(f, "</h%d>\n<table class=\"study\">\n<tr>", h > 6 ? 6 : h);
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
	"ul.toc{columns:2}ul.toc>li{break-inside:avoid}\n"
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
	"p.question{font-size:15px;margin:4px 0 10px}\n"
	"section.answer{border-left:4px solid #3b6ea8;background:#f7f9fc;padding:2px 18px 10px;margin:12px 0 24px}\n"
	"section.answer ul{margin:4px 0 10px;padding-left:20px}section.answer li{margin:3px 0}\n"
	"section.answer h4{margin:12px 0 2px;font-size:14px;color:#3d444d}\n"
	"p.how{font-size:13.5px;color:#3d444d}p.how b.quick{color:#9a6700}\n"
	"ul.toc ul{columns:1;margin:2px 0 6px;padding-left:18px;font-size:13px}\n"
	"div.filters{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center;font-size:13px;margin:8px 0}\n"
	"div.filters[hidden],tr[hidden]{display:none}div.filters span.count{color:#57606a}\n"
	"th button.sort{font:inherit;font-weight:600;color:inherit;background:none;border:0;padding:0;cursor:pointer;"
	"text-align:inherit}\n"
	"th[aria-sort=ascending] button.sort::after{content:\" \\25B2\"}"
	"th[aria-sort=descending] button.sort::after{content:\" \\25BC\"}\n"
	"ul.leftout{color:#57606a;font-size:13px}\n"
	"@media print{body{background:#fff}main{box-shadow:none;max-width:none;padding:0}div.filters{display:none}"
	"figure.chart{break-inside:avoid;overflow:visible;border:0}figure.chart svg{max-width:100%;height:auto}"
	"section.answer{break-inside:avoid-page}}\n"
	"</style>\n";

/*
 * The results tables' sorting and filtering (table() writes what it
 * reads): a header click sorts the rows by that column (figures by their
 * data-v, text naturally; empty cells last), a second click reverses;
 * each select keeps the rows whose data-KEY equals its value.  Without the
 * script the table is the plain table and the controls stay hidden.
 */
static const char page_script[] =
	"<script>\n"
	"(function () {\n"
	"'use strict';\n"
	"function key(td, num) {\n"
	"  if (!td) return null;\n"
	"  if (num) { var v = td.getAttribute('data-v'); return v === null ? null : parseFloat(v); }\n"
	"  var t = td.textContent; return t === '' || t === '-' ? null : t;\n"
	"}\n"
	"function sortBy(table, col, th) {\n"
	"  var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);\n"
	"  var num = rows.some(function (r) { return r.cells[col] && r.cells[col].hasAttribute('data-v'); });\n"
	"  var was = th.getAttribute('aria-sort');\n"
	"  var dir = was === 'none' ? (num ? 'descending' : 'ascending') : was === 'ascending' ? 'descending' : 'ascending';\n"
	"  var k = rows.map(function (r) { return {r: r, i: +r.getAttribute('data-i'), v: key(r.cells[col], num)}; });\n"
	"  k.sort(function (a, b) {\n"
	"    if (a.v === null || b.v === null) return a.v === null && b.v === null ? a.i - b.i : a.v === null ? 1 : -1;\n"
	"    var c = num ? a.v - b.v : a.v.localeCompare(b.v, undefined, {numeric: true});\n"
	"    return (dir === 'descending' ? -c : c) || a.i - b.i;\n"
	"  });\n"
	"  k.forEach(function (x) { body.appendChild(x.r); });\n"
	"  Array.prototype.forEach.call(th.parentNode.cells, function (h) { h.setAttribute('aria-sort', 'none'); });\n"
	"  th.setAttribute('aria-sort', dir);\n"
	"}\n"
	"function filter(box, table) {\n"
	"  var sels = box.querySelectorAll('select'), rows = table.tBodies[0].rows, shown = 0;\n"
	"  for (var i = 0; i < rows.length; i++) {\n"
	"    var ok = true;\n"
	"    for (var s = 0; s < sels.length; s++)\n"
	"      if (sels[s].value && rows[i].getAttribute('data-' + sels[s].getAttribute('data-key')) !== sels[s].value) ok = false;\n"
	"    rows[i].hidden = !ok;\n"
	"    shown += ok;\n"
	"  }\n"
	"  box.querySelector('.count').textContent = shown + ' of ' + rows.length + ' rows shown';\n"
	"}\n"
	"function init(box) {\n"
	"  var table = document.getElementById(box.getAttribute('data-for'));\n"
	"  if (!table || !table.tBodies.length || !table.tHead) return;\n"
	"  var rows = table.tBodies[0].rows;\n"
	"  for (var i = 0; i < rows.length; i++) rows[i].setAttribute('data-i', i);\n"
	"  Array.prototype.forEach.call(box.querySelectorAll('select'), function (sel) {\n"
	"    var name = 'data-' + sel.getAttribute('data-key'), seen = {};\n"
	"    for (var i = 0; i < rows.length; i++) {\n"
	"      var v = rows[i].getAttribute(name);\n"
	"      if (v === null || seen.hasOwnProperty(v)) continue;\n"
	"      seen[v] = 1;\n"
	"      var o = document.createElement('option');\n"
	"      o.value = v; o.textContent = v; sel.appendChild(o);\n"
	"    }\n"
	"    sel.disabled = sel.options.length < 3;\n"
	"    sel.addEventListener('change', function () { filter(box, table); });\n"
	"  });\n"
	"  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {\n"
	"    var b = document.createElement('button');\n"
	"    b.type = 'button'; b.className = 'sort'; b.title = 'sort by ' + th.textContent;\n"
	"    while (th.firstChild) b.appendChild(th.firstChild);\n"
	"    th.appendChild(b);\n"
	"    b.addEventListener('click', function () { sortBy(table, col, th); });\n"
	"  });\n"
	"  box.hidden = false;\n"
	"  filter(box, table);\n"
	"}\n"
	"Array.prototype.forEach.call(document.querySelectorAll('div.filters[data-for]'), init);\n"
	"})();\n"
	"</script>\n";

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
	size_t ok = 0, other = 0, left = 0, nalg = 0, nbe = 0, nop = 0, n = run->nresults;
	const char **v = malloc((n ? n : 1) * sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		if (run->results[i].status == CB_STATUS_OK)
			ok++;
		else if (cb_tab_shows(&run->results[i]))
			other++;
		else
			left++;
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
	if (left)
		fprintf(f, "<li><b>%zu</b><span>cases left out: they cannot exist</span></li>\n", left);
	fprintf(f, "<li><b>%zu</b><span>algorithms</span></li>\n<li><b>%zu</b><span>backends</span></li>\n", nalg, nbe);
	fprintf(f, "<li><b>%zu</b><span>operations</span></li>\n", nop);
	if (run->context.rounds)
		fprintf(f, "<li><b>%u</b><span>rounds%s</span></li>\n", run->context.rounds,
			run->context.interleaved ? ", interleaved" : "");
	if (run->context.mode[0]) {
		fputs("<li><b>", f);
		esc(f, run->context.mode);
		fprintf(f, "</b><span>mode%s</span></li>\n",
			!strcmp(run->context.mode, "quick") ? " (figures for orientation)" : "");
	}
	fputs("</ul>\n", f);
}

/* The answer (answer.h) as the run's first section, with the charts of the published figures and the wire. */
static int answer_html(FILE *f, const cb_run *run, const cb_xtab *xt, size_t nx, int h, const char *id)
{
	cb_answer a;
	int r = cb_answer_build(run, &a);
	if (r)
		return r;
	fprintf(f, "<section class=\"answer\" id=\"%s-answer\">\n<h%d>Answer</h%d>\n", id, h, h);
	for (int k = 0; k < CB_ANS_KINDS; k++) {
		int head = 0;
		for (size_t i = 0; i < a.n; i++) {
			const char *t = a.lines[i].text;
			if (a.lines[i].kind != (cb_answer_kind)k)
				continue;
			if (k == CB_ANS_HOW) {
				fputs("<p class=\"how\">", f);
				if (!strncmp(t, "quick mode", 10)) {
					fputs("<b class=\"quick\">quick mode</b>", f);
					t += 10;
				}
				esc(f, t);
				fputs("</p>\n", f);
				continue;
			}
			if (!head++)
				fprintf(f, "<h%d class=\"%s\">%s</h%d>\n<ul class=\"%s\">\n", h + 1,
					k == CB_ANS_VERDICT ? "verdicts" : k == CB_ANS_CHOICE ? "choices" : "numbers",
					cb_answer_heading((cb_answer_kind)k), h + 1,
					k == CB_ANS_VERDICT ? "verdicts" : k == CB_ANS_CHOICE ? "choices" : "numbers");
			fputs("<li>", f);
			esc(f, t);
			fputs("</li>\n", f);
		}
		if (head)
			fputs("</ul>\n", f);
	}
	if (a.n == 0)
		fputs("<p class=\"how\">No published claim, scenario or key exchange in this run: the evidence below "
		      "says it all.</p>\n", f);
	cb_answer_free(&a);
	if ((r = cb_charts_html(f, run, xt, nx, h + 1, id, CB_CHARTS_ANSWER)) != 0)
		return r;
	fputs("</section>\n", f);
	return ferror(f) ? CB_ERR_IO : 0;
}

/* One run's part of the page: heading level h for its title, then its answer and its evidence. */
static int run_section(FILE *f, const cb_run *run, int h, const char *id)
{
	cb_tab t;
	cb_size_tab st;
	cb_xtab *xt = NULL;
	size_t nx = 0;
	char head[512], tid[48];
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
	fprintf(f, "<section class=\"run\" id=\"%s\">\n<h%d>", id, h);
	esc(f, run->context.title[0] ? run->context.title : "cryptobench run");
	fprintf(f, "</h%d>\n", h);
	if (run->context.question[0]) {
		fputs("<p class=\"question\"><b>Question:</b> ", f);
		esc(f, run->context.question);
		fputs("</p>\n", f);
	}
	if ((r = answer_html(f, run, xt, nx, h + 1, id)) != 0)
		goto out;
	fprintf(f, "<section class=\"evidence\" id=\"%s-evidence\">\n<h%d>Evidence</h%d>\n", id, h + 1, h + 1);
	cb_tab_headline(&run->context, head, sizeof(head));
	fputs("<p class=\"headline\">", f);
	esc(f, head);
	fputs("</p>\n", f);
	summary(f, run);
	if ((r = cb_charts_html(f, run, xt, nx, h + 2, id, CB_CHARTS_EVIDENCE)) != 0)
		goto out;
	fprintf(f, "<h%d>Results</h%d>\n", h + 2, h + 2);
	snprintf(tid, sizeof(tid), "%s-res", id);
	table(f, &t, tid);
	{
		char lines[CB_SUMMARY_LINES][CB_LINE_MAX];
		size_t nl = cb_tab_summary(run, lines, CB_SUMMARY_LINES);
		for (size_t i = 0; i < nl; i++) {
			fputs("<p class=\"summary\">", f);
			esc(f, lines[i]);
			fputs("</p>\n", f);
		}
	}
	{
		char (*lo)[CB_ANSWER_LINE_MAX];
		size_t nlo;
		if (cb_left_out_lines(run, &lo, &nlo) == 0) {
			if (nlo)
				fputs("<p class=\"summary\">Left out: cases that cannot exist (kept in the JSON, marked "
				      "left_out):</p>\n<ul class=\"leftout\">\n", f);
			for (size_t i = 0; i < nlo; i++) {
				fputs("<li>", f);
				esc(f, lo[i]);
				fputs("</li>\n", f);
			}
			if (nlo)
				fputs("</ul>\n", f);
			free(lo);
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
	if (nx) {
		fprintf(f, "<h%d>The study's tables</h%d>\n", h + 2, h + 2);
		for (size_t i = 0; i < nx; i++)
			xtab_html(f, &xt[i], h + 3);
	}
	cb_study_tables_free(xt, nx);
	xt = NULL;
	nx = 0;
	if (cb_decision_tables(run, &xt, &nx) == 0 && nx) {
		fprintf(f, "<h%d>Decision guide</h%d>\n", h + 2, h + 2);
		for (size_t i = 0; i < nx; i++)
			xtab_html(f, &xt[i], h + 3);
	}
	sizes(f, &st, h + 2);
	fprintf(f, "<h%d>Context</h%d>\n", h + 2, h + 2);
	context(f, &run->context);
	fputs("</section>\n</section>\n", f);
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
	if (n > 1)
		fputs("<h1>cryptobench report</h1>\n", f);
	/* the contents: each run's answer and evidence */
	fputs("<nav><ul class=\"toc\">\n", f);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "<li><a href=\"#run%zu\">", i + 1);
		esc(f, runs[i].context.title[0] ? runs[i].context.title : "cryptobench run");
		fprintf(f, "</a><ul><li><a href=\"#run%zu-answer\">answer</a></li>"
			   "<li><a href=\"#run%zu-evidence\">evidence</a></li></ul></li>\n", i + 1, i + 1);
	}
	fputs("</ul></nav>\n", f);
	for (size_t i = 0; i < n && !r; i++) {
		char id[32];
		snprintf(id, sizeof(id), "run%zu", i + 1);
		r = run_section(f, &runs[i], n > 1 ? 2 : 1, id);
	}
	fputs("</main>\n", f);
	fputs(page_script, f);
	fputs("</body>\n</html>\n", f);
	return r ? r : ferror(f) ? CB_ERR_IO : 0;
}

int cb_write_html(FILE *f, const cb_run *run)
{
	return cb_write_html_runs(f, run, 1);
}
