/*
 * GitHub-flavoured Markdown: the context as a list, then the same table as
 * the text writer, noisy footnotes, and the sizes table.
 */
#include <stdlib.h>
#include <string.h>

#include "charts.h"
#include "answer.h"
#include "decision.h"
#include "report_int.h"

/* Text in a table cell or list item: no line breaks, no bare '|', no HTML. */
static void md_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '|': fputs("\\|", f); break;
		case '\\': fputs("\\\\", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '\r':
		case '\n': fputc(' ', f); break;
		default: fputc(*s, f);
		}
	}
}

/* A context line; values are trimmed (CMake's flags start with a space), empty ones left out. */
static void md_item(FILE *f, const char *label, const char *value)
{
	size_t n;
	while (*value == ' ')
		value++;
	n = strlen(value);
	while (n && value[n - 1] == ' ')
		n--;
	if (!n)
		return;
	fprintf(f, "- %s: ", label);
	for (; n; n--) {
		char one[2] = {*value++, 0};
		md_text(f, one);
	}
	fputc('\n', f);
}

static void md_context(FILE *f, const cb_context *c)
{
	char buf[1280];
	size_t i, o = 0;
	fputs("\n## Context\n\n", f);
	snprintf(buf, sizeof(buf), "cryptobench %s", c->tool_version);
	md_item(f, "tool", buf);
	md_item(f, "timestamp", c->timestamp);
	md_item(f, "host", c->hostname);
	snprintf(buf, sizeof(buf), "%s (%u core%s online)", c->cpu_model[0] ? c->cpu_model : "unknown",
		 c->cores_online, c->cores_online == 1 ? "" : "s");
	md_item(f, "CPU", buf);
	md_item(f, "CPU flags", c->cpu_flags);
	if (c->counter[0] && strcmp(c->counter, "none") != 0 && c->tsc_hz > 0)
		snprintf(buf, sizeof(buf), "%s at %.2f GHz", c->counter, c->tsc_hz / 1e9);
	else
		snprintf(buf, sizeof(buf), "none (no cycle counts)");
	md_item(f, "cycle counter", buf);
	md_item(f, "kernel", c->kernel);
	md_item(f, "compiler", c->compiler);
	md_item(f, "flags", c->cflags);
	md_item(f, "build type", c->build_type);
	md_item(f, "pinning", c->pinning[0] ? c->pinning : "none");
	snprintf(buf, sizeof(buf), "time budget %g s per case, precision target %.1f%%", c->time_budget,
		 c->precision_target * 100);
	md_item(f, "measurement", buf);
	snprintf(buf, sizeof(buf), "resolution %g ns, harness overhead %g ns per operation", c->timer_resolution_ns,
		 c->overhead_ns);
	md_item(f, "timer", buf);
	buf[0] = 0;
	for (i = 0; i < c->nlibraries && i < sizeof(c->libraries) / sizeof(c->libraries[0]) && o < sizeof(buf); i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s%s %s", i ? ", " : "", c->libraries[i].name,
				      c->libraries[i].version);
	md_item(f, "libraries", buf);
}

static void md_results(FILE *f, const cb_tab *t)
{
	size_t i;
	int c;
	fputs("\n## Results\n\n|", f);
	for (c = 0; c < CB_NCOLS; c++)
		if (t->show[c])
			fprintf(f, " %s |", t->head[c]);
	fputs("\n|", f);
	for (c = 0; c < CB_NCOLS; c++)
		if (t->show[c])
			fputs(t->right[c] ? " ---: |" : " :--- |", f);
	fputc('\n', f);
	for (i = 0; i < t->nrows; i++) {
		const cb_tab_row *row = &t->rows[i];
		fputc('|', f);
		for (c = 0; c < CB_NCOLS; c++) {
			if (!t->show[c])
				continue;
			fputc(' ', f);
			if (!row->status[0] || c < CB_COL_FIRST_FIGURE)
				md_text(f, row->cell[c]);
			else if (c == CB_COL_FIRST_FIGURE)
				md_text(f, row->status);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
}

static void md_sizes(FILE *f, const cb_size_tab *t)
{
	size_t i;
	int c;
	fputs("\n## Sizes (bytes)\n\nRead from the keys, ciphertexts and signatures the run produced.\n\n|", f);
	for (c = 0; c < CB_NSCOLS; c++)
		if (t->show[c])
			fprintf(f, " %s |", t->head[c]);
	fputs("\n|", f);
	for (c = 0; c < CB_NSCOLS; c++)
		if (t->show[c])
			fputs(t->left[c] ? " :--- |" : " ---: |", f);
	fputc('\n', f);
	for (i = 0; i < t->nrows; i++) {
		fputc('|', f);
		for (c = 0; c < CB_NSCOLS; c++) {
			if (!t->show[c])
				continue;
			fputc(' ', f);
			md_text(f, t->rows[i].cell[c]);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	if (t->nnotes)
		fputc('\n', f);
	for (i = 0; i < t->nnotes; i++) {
		fputs("- ", f);
		md_text(f, t->note[i]);
		fputc('\n', f);
	}
}

static void md_xtab(FILE *f, const cb_xtab *t)
{
	fputs("\n## ", f);
	md_text(f, t->title);
	fputs("\n\n|", f);
	for (size_t c = 0; c < t->ncols; c++) {
		fputc(' ', f);
		md_text(f, t->head[c]);
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (size_t c = 0; c < t->ncols; c++)
		fputs(t->right[c] ? " ---: |" : " :--- |", f);
	fputc('\n', f);
	for (size_t i = 0; i < t->nrows; i++) {
		fputc('|', f);
		for (size_t c = 0; c < t->ncols; c++) {
			fputc(' ', f);
			md_text(f, t->rows[i].cell[c]);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	if (t->note[0]) {
		fputc('\n', f);
		md_text(f, t->note);
		fputc('\n', f);
	}
}

/* A study's answer (answer.h) under "## Answer", a list per kind of line; nothing for an ad hoc run. */
static int md_answer(FILE *f, const cb_run *run)
{
	cb_answer a;
	int r;
	if (!cb_answer_is_study(run))
		return 0;
	if ((r = cb_answer_build(run, &a)) != 0)
		return r;
	if (a.question[0]) {
		fputs("\nQuestion: ", f);
		md_text(f, a.question);
		fputc('\n', f);
	}
	if (a.n)
		fputs("\n## Answer\n", f);
	for (int k = 0; k < CB_ANS_KINDS; k++) {
		int head = 0;
		for (size_t i = 0; i < a.n; i++) {
			if (a.lines[i].kind != (cb_answer_kind)k)
				continue;
			if (!head++) {
				fputs("\n**", f);
				md_text(f, cb_answer_heading((cb_answer_kind)k));
				fputs("**\n\n", f);
			}
			fputs("- ", f);
			md_text(f, a.lines[i].text);
			fputc('\n', f);
		}
	}
	cb_answer_free(&a);
	return ferror(f) ? CB_ERR_IO : 0;
}

int cb_write_md(FILE *f, const cb_run *run)
{
	cb_tab t;
	cb_size_tab st;
	size_t i;
	char kat[2048];
	int r, first = 1;
	r = cb_tab_build(&t, run);
	if (r)
		return r;
	r = cb_size_tab_build(&st, run);
	if (r) {
		cb_tab_free(&t);
		return r;
	}
	fputs("# ", f);
	md_text(f, run->context.title[0] ? run->context.title : "cryptobench run");
	fputs("\n", f);
	if ((r = md_answer(f, run)) != 0) {
		cb_tab_free(&t);
		cb_size_tab_free(&st);
		return r;
	}
	md_results(f, &t);
	cb_tab_kat_line(run, kat, sizeof(kat));
	if (kat[0]) {
		fputc('\n', f);
		md_text(f, kat);
		fputc('\n', f);
	}
	{
		char lines[CB_SUMMARY_LINES][CB_LINE_MAX];
		size_t n = cb_tab_summary(run, lines, CB_SUMMARY_LINES);
		for (i = 0; i < n; i++) {
			fputs(i ? "\n" : "\n", f);
			md_text(f, lines[i]);
			fputc('\n', f);
		}
	}
	for (i = 0; i < run->nresults; i++) {
		const cb_result *res = &run->results[i];
		if (res->status != CB_STATUS_OK || !res->noisy)
			continue;
		fputs(first ? "\nNoisy figures (marked ! after ±CI):\n\n" : "", f);
		first = 0;
		fputs("- ", f);
		md_text(f, res->algorithm);
		fprintf(f, " %s %s", res->backend, res->operation);
		if (res->message_bytes)
		{
			char sz[32];
			cb_fmt_bytes(res->message_bytes, sz, sizeof(sz));
			fprintf(f, " %s", sz);
		}
		if (res->threads > 1)
			fprintf(f, " (%u threads)", res->threads);
		fputs(": ", f);
		md_text(f, res->noise[0] ? res->noise : "no reason given");
		fputc('\n', f);
	}
	{
		char (*lo)[CB_ANSWER_LINE_MAX];
		size_t nlo;
		if (cb_left_out_lines(run, &lo, &nlo) == 0) {
			if (nlo)
				fputs("\nLeft out (cases that cannot exist):\n\n", f);
			for (i = 0; i < nlo; i++) {
				fputs("- ", f);
				md_text(f, lo[i]);
				fputc('\n', f);
			}
			free(lo);
		}
	}
	if (st.nrows)
		md_sizes(f, &st);
	{
		cb_xtab *xt;
		size_t nx;
		if (cb_study_tables(run, &xt, &nx) == 0) {
			for (i = 0; i < nx; i++)
				md_xtab(f, &xt[i]);
			cb_study_tables_free(xt, nx);
		}
		if (cb_decision_tables(run, &xt, &nx) == 0) {
			for (i = 0; i < nx; i++)
				md_xtab(f, &xt[i]);
			cb_study_tables_free(xt, nx);
		}
	}
	/* the HTML report's line charts, as tables (its bar charts draw the tables above) */
	r = cb_charts_md(f, run);
	md_context(f, &run->context);
	cb_tab_free(&t);
	cb_size_tab_free(&st);
	return r ? r : ferror(f) ? CB_ERR_IO : 0;
}
