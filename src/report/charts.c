/*
 * The charts of a run (charts.h): horizontal bars (operations per second
 * with their 95% interval, bytes on the wire, published against measured)
 * and lines (throughput over message sizes, throughput over threads), as
 * inline SVG.  Every coordinate goes through an axis that clamps it to the
 * plot, so absurd figures from a results file never print as nan or inf.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "charts.h"

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

/* A figure a chart can place: positive, finite, and not absurdly large. */
static int usable(double v)
{
	return isfinite(v) && v > 0 && v < 1e300;
}

/* 33,058 or 4.63 */
static void rate(char *buf, size_t cap, double v)
{
	char digits[400];
	int n, o = 0;
	if (!usable(v)) {
		snprintf(buf, cap, "-");
		return;
	}
	if (v < 1000 || v >= 1e15) {
		snprintf(buf, cap, "%.3g", v);
		return;
	}
	n = snprintf(digits, sizeof(digits), "%.0f", v);
	for (int i = 0; i < n && (size_t)o + 2 < cap; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = 0;
}

/* A tick label: 500, 2k, 1.5M, 3G; ratios 0.5x. */
static void compact(char *buf, size_t cap, double v, const char *suffix)
{
	static const char *const unit[] = {"", "k", "M", "G", "T"};
	int u = 0;
	while (fabs(v) >= 1000 && u < 4) {
		v /= 1000;
		u++;
	}
	snprintf(buf, cap, "%.3g%s%s", v, unit[u], suffix);
}

/* ---- axes ---- */

typedef struct axis {
	double lo, hi;   /* the values at the ends */
	int log;         /* log10 (or log2 for sizes: the same positions) */
	double p0, p1;   /* pixels of lo and hi */
	double tick[24];
	size_t nticks;
} axis;

static double pos(const axis *a, double v)
{
	double t;
	if (a->log)
		t = v > 0 ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo)) : 0;
	else
		t = (v - a->lo) / (a->hi - a->lo);
	if (!isfinite(t) || t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	return a->p0 + t * (a->p1 - a->p0);
}

/* Fit [lo, hi] (both usable): log10 decades, or a linear axis from 0 with 1-2-5 steps. */
static void fit(axis *a, double lo, double hi, int log, double p0, double p1)
{
	a->p0 = p0;
	a->p1 = p1;
	a->log = log;
	a->nticks = 0;
	if (log) {
		double e0 = floor(log10(lo)), e1 = ceil(log10(hi));
		if (e1 <= e0)
			e1 = e0 + 1;
		a->lo = pow(10, e0);
		a->hi = pow(10, e1);
		for (double e = e0; e <= e1 && a->nticks < 24; e++) {
			a->tick[a->nticks++] = pow(10, e);
			if (e1 - e0 <= 2 && e < e1 && a->nticks + 2 < 24) {
				a->tick[a->nticks++] = 2 * pow(10, e);
				a->tick[a->nticks++] = 5 * pow(10, e);
			}
		}
	} else {
		double raw = hi * 1.05 / 5, mag = pow(10, floor(log10(raw))), step;
		step = raw <= mag ? mag : raw <= 2 * mag ? 2 * mag : raw <= 5 * mag ? 5 * mag : 10 * mag;
		a->lo = 0;
		a->hi = step * ceil(hi * 1.05 / step);
		if (!(a->hi > 0))
			a->hi = 1;
		for (double t = 0; t <= a->hi * 1.0001 && a->nticks < 24; t += step)
			a->tick[a->nticks++] = t;
	}
}

/* Every chart: a figure with a caption, an SVG with a title and a description, for screen readers too. */
static void chart_open(FILE *f, const char *kind, const char *id, const char *title, const char *desc, double w,
		       double h)
{
	fprintf(f, "<figure class=\"chart\" data-chart=\"%s\">\n<figcaption>", kind);
	esc(f, title);
	fputs("</figcaption>\n", f);
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" "
		"role=\"img\" aria-labelledby=\"%s-t %s-d\">\n<title id=\"%s-t\">",
		w, h, w, h, id, id, id);
	esc(f, title);
	fprintf(f, "</title>\n<desc id=\"%s-d\">", id);
	esc(f, desc);
	fputs("</desc>\n", f);
}

static void chart_close(FILE *f)
{
	fputs("</svg></figure>\n", f);
}

#define NCOLOURS 8
static const char *const colour[NCOLOURS] = {"#3b6ea8", "#d0743c", "#4f9d69", "#b8474f",
					      "#7b5ea7", "#8c6d46", "#c267a5", "#5f6b73"};

static void legend_item(FILE *f, double x, double y, const char *cls, const char *fill, const char *label)
{
	fprintf(f, "<g class=\"legend\"><rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" class=\"%s\"%s%s%s/>", x,
		y - 10, cls, fill ? " style=\"fill:" : "", fill ? fill : "", fill ? "\"" : "");
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", x + 17, y);
	esc(f, label);
	fputs("</text></g>\n", f);
}

/* The x axis of a horizontal chart: grid lines, tick labels and the axis name. */
static void x_axis(FILE *f, const axis *a, double top, double bottom, const char *suffix, const char *name, int sizes)
{
	fputs("<g class=\"axis\">\n", f);
	for (size_t i = 0; i < a->nticks; i++) {
		char lab[32];
		double x = pos(a, a->tick[i]);
		if (sizes)
			cb_fmt_bytes((size_t)a->tick[i], lab, sizeof(lab));
		else
			compact(lab, sizeof(lab), a->tick[i], suffix);
		fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>", x, x, top, bottom);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" class=\"tick\">%s</text>\n", x, bottom + 14,
			lab);
	}
	fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"axisline\"/>\n", a->p0, a->p1, bottom,
		bottom);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" class=\"axisname\">", (a->p0 + a->p1) / 2,
		bottom + 32);
	esc(f, name);
	fputs("</text>\n</g>\n", f);
}

/* ---- horizontal bars ---- */

typedef struct hbar {
	char label[200];
	double v[2];    /* the bar, or two stacked parts (v[1] 0: one) */
	double lo, hi;  /* whisker (0: none) */
	double mark;    /* a published value (0: none) */
	int noisy;
	char text[112]; /* the figure printed after the bar */
} hbar;

typedef struct hspec {
	const char *kind, *title, *desc, *xname, *suffix;
	int log;
	double base;             /* bars start at this value (1 for ratios); 0: the axis' left end */
	const char *part[2];     /* legend of the parts (part[1] NULL: one) */
	const char *whisker, *mark; /* legend of the whisker and the marker, or NULL */
	const char *noisy;          /* legend of a noisy bar, or NULL */
} hspec;

static void hbars(FILE *f, const char *id, const hspec *s, const hbar *b, size_t n)
{
	const double plot_w = 420, row_h = 24, top = 8, legend_h = 22, char_w = 6.8;
	double lo = INFINITY, hi = 0, h, label_w = 120, value_w = 80;
	axis a;

	/* room for the longest label and figure (12px text) */
	for (size_t i = 0; i < n; i++) {
		double lw = char_w * (double)strlen(b[i].label) + 16, vw = char_w * (double)strlen(b[i].text) + 30;
		label_w = lw > label_w ? lw : label_w;
		value_w = vw > value_w ? vw : value_w;
	}
	label_w = label_w < 420 ? label_w : 420;
	{
		/* the legend under the plot must fit too */
		const char *items[5] = {s->part[0], s->part[1], s->noisy, s->whisker, s->mark};
		double lw = 0;
		for (int k = 0; k < 5; k++)
			if (items[k])
				lw += 35 + 7.0 * (double)strlen(items[k]);
		if (label_w + lw + 10 > label_w + plot_w + value_w)
			value_w = lw + 10 - plot_w;
	}
	for (size_t i = 0; i < n; i++) {
		double vals[5] = {b[i].v[0] + b[i].v[1], b[i].lo, b[i].hi, b[i].mark, b[i].v[0]};
		for (int k = 0; k < 5; k++)
			if (usable(vals[k])) {
				lo = vals[k] < lo ? vals[k] : lo;
				hi = vals[k] > hi ? vals[k] : hi;
			}
	}
	if (!(hi > 0) || !(lo < INFINITY))
		return;
	if (s->base > 0) {
		lo = lo < s->base ? lo : s->base;
		hi = hi > s->base ? hi : s->base;
	}
	fit(&a, lo, hi, s->log, label_w, label_w + plot_w);
	h = top + row_h * (double)n + 40 + legend_h;
	chart_open(f, s->kind, id, s->title, s->desc, label_w + plot_w + value_w, h);
	x_axis(f, &a, top, top + row_h * (double)n, s->suffix, s->xname, 0);
	if (s->base > 0) {
		double x = pos(&a, s->base);
		fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"baseline\"/>\n", x, x, top - 4,
			top + row_h * (double)n);
	}
	for (size_t i = 0; i < n; i++) {
		double y = top + row_h * (double)i, x0 = s->base > 0 ? pos(&a, s->base) : a.p0, end = x0;
		fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\" class=\"label\">", label_w - 8, y + 16);
		esc(f, b[i].label);
		fputs("</text>\n", f);
		for (int k = 0; k < (s->part[1] ? 2 : 1); k++) {
			double from = k ? pos(&a, b[i].v[0]) : x0;
			double to = pos(&a, k ? b[i].v[0] + b[i].v[1] : b[i].v[0]);
			double x = from < to ? from : to, w = fabs(to - from);
			if (!usable(b[i].v[k]))
				continue;
			fprintf(f,
				"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" class=\"bar%s%s\" "
				"data-of=\"%s\"",
				x, y + 4, w > 1 ? w : 1, row_h - 8, b[i].noisy ? " noisy" : "", k ? " part2" : "", s->kind);
			if (s->part[1])
				fprintf(f, " data-part=\"%d\"", k + 1);
			fputs("><title>", f);
			esc(f, b[i].label);
			fputs(": ", f);
			esc(f, b[i].text);
			fputs("</title></rect>\n", f);
			end = to > end ? to : end;
		}
		if (usable(b[i].lo) && usable(b[i].hi)) {
			double x1 = pos(&a, b[i].lo), x2 = pos(&a, b[i].hi), ym = y + row_h / 2;
			fprintf(f,
				"<g class=\"whisker\" data-of=\"%s\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
				"<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/><line x1=\"%.1f\" x2=\"%.1f\" "
				"y1=\"%.1f\" y2=\"%.1f\"/></g>\n",
				s->kind, x1, x2, ym, ym, x1, x1, ym - 4, ym + 4, x2, x2, ym - 4, ym + 4);
			end = x2 > end ? x2 : end;
		}
		if (usable(b[i].mark)) {
			double x = pos(&a, b[i].mark), ym = y + row_h / 2;
			fprintf(f,
				"<path d=\"M%.1f %.1fl6 6l-6 6l-6 -6z\" class=\"marker published\" data-of=\"%s\"/>\n",
				x, ym - 6, s->kind);
			end = x + 6 > end ? x + 6 : end;
		}
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"value\">", end + 6, y + 16);
		esc(f, b[i].text);
		fputs("</text>\n", f);
	}
	{
		double ly = h - 8, lx = label_w;
		legend_item(f, lx, ly, "bar", NULL, s->part[0]);
		lx += 30 + 7.0 * (double)strlen(s->part[0]);
		if (s->noisy) {
			legend_item(f, lx, ly, "bar noisy", NULL, s->noisy);
			lx += 30 + 7.0 * (double)strlen(s->noisy);
		}
		if (s->part[1]) {
			legend_item(f, lx, ly, "bar part2", NULL, s->part[1]);
			lx += 30 + 7.0 * (double)strlen(s->part[1]);
		}
		if (s->whisker) {
			fprintf(f, "<g class=\"legend\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"ci\"/>",
				lx, lx + 14, ly - 4, ly - 4);
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", lx + 19, ly);
			esc(f, s->whisker);
			fputs("</text></g>\n", f);
			lx += 35 + 7.0 * (double)strlen(s->whisker);
		}
		if (s->mark) {
			fprintf(f, "<g class=\"legend\"><path d=\"M%.1f %.1fl6 6l-6 6l-6 -6z\" class=\"marker\"/>", lx + 6,
				ly - 10);
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", lx + 17, ly);
			esc(f, s->mark);
			fputs("</text></g>\n", f);
		}
	}
	chart_close(f);
}

/* ---- operations per second: one chart per operation, message size and thread count ---- */

static int same_group(const cb_result *a, const cb_result *b)
{
	return !strcmp(a->operation, b->operation) && a->message_bytes == b->message_bytes && a->threads == b->threads;
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

static int ops_charts(FILE *f, const cb_run *run, const char *prefix)
{
	unsigned char *done = calloc(run->nresults ? run->nresults : 1, 1);
	unsigned char *drawn = calloc(run->nresults ? run->nresults : 1, 1);
	hbar *b = calloc(run->nresults ? run->nresults : 1, sizeof(*b));
	if (!done || !drawn || !b) {
		free(done);
		free(drawn);
		free(b);
		return CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *g = &run->results[i];
		size_t n = 0;
		double lo = INFINITY, hi = 0;
		int any_noisy = 0, folded = 0;
		char title[200], desc[240], sz[32], id[80], thr[32];
		if (done[i])
			continue;
		for (size_t k = i; k < run->nresults; k++) {
			const cb_result *r = &run->results[k];
			if (done[k] || !same_group(g, r))
				continue;
			done[k] = 1;
			if (r->status != CB_STATUS_OK || !usable(r->ops_per_sec))
				continue;
			memset(&b[n], 0, sizeof(b[n]));
			snprintf(b[n].label, sizeof(b[n].label), "%s (%s%s)", r->algorithm, r->backend,
				 r->pinned ? ", pinned" : "");
			b[n].v[0] = r->ops_per_sec;
			/* the interval of the time per operation, as a rate */
			if (usable(ci_low(r)) && usable(ci_high(r)) && ci_low(r) <= ci_high(r)) {
				b[n].lo = 1e9 / ci_high(r);
				b[n].hi = 1e9 / ci_low(r);
			}
			b[n].noisy = r->noisy;
			any_noisy |= r->noisy;
			rate(b[n].text, sizeof(b[n].text), r->ops_per_sec);
			if (r->noisy)
				strcat(b[n].text, " (noisy)");
			lo = r->ops_per_sec < lo ? r->ops_per_sec : lo;
			hi = r->ops_per_sec > hi ? r->ops_per_sec : hi;
			n++;
		}
		if (!n)
			continue;
		cb_fmt_bytes(g->message_bytes, sz, sizeof(sz));
		thr[0] = 0;
		if (g->threads > 1)
			snprintf(thr, sizeof(thr), ", %u threads", g->threads);
		snprintf(title, sizeof(title), "%s%s%s%s%s: operations per second", g->operation,
			 g->message_bytes ? ", " : "", g->message_bytes ? sz : "", g->message_bytes ? " messages" : "", thr);
		snprintf(desc, sizeof(desc), "%zu bars, one per implementation, from %.4g to %.4g operations per second%s",
			 n, lo, hi, any_noisy ? "; some are noisy" : "");
		snprintf(id, sizeof(id), "%s-ops%zu", prefix, i);
		/*
		 * the operation's further sizes and thread counts fold away: the
		 * sweep and scaling charts have them side by side
		 */
		for (size_t k = 0; k < i && !folded; k++)
			if (drawn[k] && !strcmp(run->results[k].operation, g->operation)) {
				fputs("<details class=\"more\"><summary>", f);
				esc(f, title);
				fputs("</summary>\n", f);
				folded = 1;
			}
		drawn[i] = 1;
		{
			hspec s = {"ops", title, desc, "operations per second (longer is faster)", "", hi / lo > 100, 0,
				   {"the run's figure", NULL}, "95% confidence interval", NULL,
				   any_noisy ? "noisy (missed the precision target)" : NULL};
			hbars(f, id, &s, b, n);
		}
		if (folded)
			fputs("</details>\n", f);
	}
	free(done);
	free(drawn);
	free(b);
	return 0;
}

/* ---- lines: throughput over message sizes, and over threads ---- */

enum { SWEEP, THREADS };

typedef struct pt {
	double x, y;
} pt;

typedef struct series {
	const cb_result *first;
	pt p[CB_ROUNDS_MAX];
	size_t n;
} series;

static int in_lines(int kind, const cb_result *r)
{
	if (r->status != CB_STATUS_OK)
		return 0;
	if (kind == SWEEP)
		return r->threads == 1 && r->message_bytes > 0 && usable(r->ops_per_sec * (double)r->message_bytes);
	return r->threads >= 1 && usable(r->ops_per_sec);
}

static int same_lines(int kind, const cb_result *a, const cb_result *b)
{
	return !strcmp(a->operation, b->operation) && (kind == SWEEP || a->message_bytes == b->message_bytes);
}

/* MB/s over message sizes; operations per second over threads. */
static double yval(int kind, const cb_result *r)
{
	return kind == SWEEP ? r->ops_per_sec * (double)r->message_bytes / 1e6 : r->ops_per_sec;
}

/*
 * The series of the chart of g: one per algorithm, backend and pinning
 * (pinned workers are a line of their own) with at least two distinct x (sizes or thread counts), points in increasing x.
 * mark[] gets the results the chart took.  Returns how many series (*out malloc'd).
 */
static int build_lines(const cb_run *run, int kind, const cb_result *g, unsigned char *mark, series **out, size_t *ns)
{
	series *s = NULL;
	size_t n = 0;
	*out = NULL;
	*ns = 0;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		size_t k;
		double x;
		if (!in_lines(kind, r) || !same_lines(kind, g, r))
			continue;
		mark[i] = 1;
		for (k = 0; k < n; k++)
			if (!strcmp(s[k].first->algorithm, r->algorithm) && !strcmp(s[k].first->backend, r->backend) &&
			    s[k].first->pinned == r->pinned)
				break;
		if (k == n) {
			series *v = realloc(s, (n + 1) * sizeof(*v));
			if (!v) {
				free(s);
				return CB_ERR_NOMEM;
			}
			s = v;
			s[n].first = r;
			s[n].n = 0;
			n++;
		}
		x = kind == SWEEP ? (double)r->message_bytes : (double)r->threads;
		{
			series *q = &s[k];
			size_t j = 0, dup = 0;
			for (j = 0; j < q->n; j++)
				dup |= q->p[j].x == x;
			if (dup || q->n == CB_ROUNDS_MAX)
				continue;
			/* insert in order of x */
			for (j = q->n; j > 0 && q->p[j - 1].x > x; j--)
				q->p[j] = q->p[j - 1];
			q->p[j].x = x;
			q->p[j].y = yval(kind, r);
			q->n++;
		}
	}
	/* a pinned line starts from the one-thread figure (one thread is never pinned) */
	for (size_t k = 0; kind == THREADS && k < n; k++) {
		if (!s[k].first->pinned || s[k].n == CB_ROUNDS_MAX || s[k].p[0].x == 1)
			continue;
		for (size_t m = 0; m < n; m++)
			if (!s[m].first->pinned && !strcmp(s[m].first->algorithm, s[k].first->algorithm) &&
			    !strcmp(s[m].first->backend, s[k].first->backend) && s[m].p[0].x == 1) {
				memmove(&s[k].p[1], &s[k].p[0], s[k].n * sizeof(s[k].p[0]));
				s[k].p[0] = s[m].p[0];
				s[k].n++;
				break;
			}
	}
	{
		size_t w = 0;
		for (size_t k = 0; k < n; k++)
			if (s[k].n >= 2)
				s[w++] = s[k];
		n = w;
	}
	if (!n) {
		free(s);
		return 0;
	}
	*out = s;
	*ns = n;
	return 0;
}

static void series_name(const series *s, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s (%s%s)", s->first->algorithm, s->first->backend, s->first->pinned ? ", pinned" : "");
}

static void line_chart(FILE *f, int kind, const char *id, const cb_result *g, const series *s, size_t n)
{
	const double W = 820, x0 = 80, x1 = 560, top = 12, bottom = 262, H = bottom + 50;
	double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0, xs[64];
	size_t nx = 0;
	axis xa, ya;
	char title[200], desc[400], sz[32];

	for (size_t k = 0; k < n; k++)
		for (size_t j = 0; j < s[k].n; j++) {
			const pt *p = &s[k].p[j];
			size_t m;
			xlo = p->x < xlo ? p->x : xlo;
			xhi = p->x > xhi ? p->x : xhi;
			ylo = p->y < ylo ? p->y : ylo;
			yhi = p->y > yhi ? p->y : yhi;
			for (m = 0; m < nx && xs[m] != p->x; m++)
				;
			if (m == nx && nx < 64)
				xs[nx++] = p->x;
		}
	if (kind == SWEEP) {
		/* log x at the measured sizes */
		xa.log = 1;
		xa.lo = xlo;
		xa.hi = xhi > xlo ? xhi : xlo * 2;
		xa.p0 = x0;
		xa.p1 = x1;
	} else {
		xa.log = 0;
		xa.lo = 0;
		xa.hi = xhi;
		xa.p0 = x0;
		xa.p1 = x1;
	}
	xa.nticks = 0;
	for (size_t m = 0; m < nx && xa.nticks < 24; m++)
		xa.tick[xa.nticks++] = xs[m];
	/* thread scaling: each line's ideal, N times its one-thread figure, fits on the chart too */
	for (size_t k = 0; kind == THREADS && k < n; k++)
		if (s[k].p[0].x == 1 && usable(s[k].p[0].y * xhi))
			yhi = s[k].p[0].y * xhi > yhi ? s[k].p[0].y * xhi : yhi;
	fit(&ya, ylo, yhi, yhi / ylo > 30, bottom, top);
	cb_fmt_bytes(g->message_bytes, sz, sizeof(sz));
	if (kind == SWEEP)
		snprintf(title, sizeof(title), "%s: throughput over message sizes (one thread)", g->operation);
	else
		snprintf(title, sizeof(title), "%s%s%s: operations per second over threads", g->operation,
			 g->message_bytes ? ", " : "", g->message_bytes ? sz : "");
	{
		size_t o = (size_t)snprintf(desc, sizeof(desc), "%zu lines:", n);
		for (size_t k = 0; k < n && o < sizeof(desc); k++) {
			char nm[160];
			series_name(&s[k], nm, sizeof(nm));
			o += (size_t)snprintf(desc + o, sizeof(desc) - o, "%s %s", k ? "," : "", nm);
		}
	}
	chart_open(f, kind == SWEEP ? "sweep" : "threads", id, title, desc, W, H);
	/* y grid and labels */
	fputs("<g class=\"axis\">\n", f);
	for (size_t i = 0; i < ya.nticks; i++) {
		char lab[32];
		double y = pos(&ya, ya.tick[i]);
		compact(lab, sizeof(lab), ya.tick[i], "");
		fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>", x0, x1, y, y);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" class=\"tick\">%s</text>\n", x0 - 6, y + 4,
			lab);
	}
	fprintf(f,
		"<text transform=\"translate(%.1f %.1f) rotate(-90)\" text-anchor=\"middle\" class=\"axisname\">%s%s</text>\n",
		x0 - 58, (top + bottom) / 2, kind == SWEEP ? "MB/s" : "operations per second",
		ya.log ? " (log scale)" : "");
	fputs("</g>\n", f);
	x_axis(f, &xa, top, bottom, "", kind == SWEEP ? "message size (log scale)" : "threads", kind == SWEEP);
	for (size_t k = 0; kind == THREADS && k < n; k++)
		if (s[k].p[0].x == 1 && usable(s[k].p[0].y * xhi))
			fprintf(f,
				"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"ideal\" "
				"style=\"stroke:%s\"/>\n",
				pos(&xa, 1), pos(&ya, s[k].p[0].y), pos(&xa, xhi), pos(&ya, s[k].p[0].y * xhi),
				colour[k % NCOLOURS]);
	if (kind == THREADS)
		fprintf(f,
			"<g class=\"legend\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"ideal\" "
			"style=\"stroke:#57606a\"/><text x=\"%.1f\" y=\"%.1f\">ideal: threads x one thread</text></g>\n",
			x1 + 24, x1 + 42, top + 8 + 18 * (double)n, top + 8 + 18 * (double)n, x1 + 48,
			top + 12 + 18 * (double)n);
	for (size_t k = 0; k < n; k++) {
		char nm[160];
		const char *c = colour[k % NCOLOURS];
		series_name(&s[k], nm, sizeof(nm));
		fprintf(f, "<g class=\"series\" data-of=\"%s\" data-series=\"", kind == SWEEP ? "sweep" : "threads");
		esc(f, nm);
		fputs("\"><title>", f);
		esc(f, nm);
		fputs("</title>\n<polyline points=\"", f);
		for (size_t j = 0; j < s[k].n; j++)
			fprintf(f, "%s%.1f,%.1f", j ? " " : "", pos(&xa, s[k].p[j].x), pos(&ya, s[k].p[j].y));
		fprintf(f, "\" style=\"stroke:%s\"%s/>\n", c, k >= NCOLOURS ? " stroke-dasharray=\"6 3\"" : "");
		for (size_t j = 0; j < s[k].n; j++) {
			char v[48];
			compact(v, sizeof(v), s[k].p[j].y, kind == SWEEP ? " MB/s" : " ops/s");
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" class=\"point\" style=\"fill:%s\"><title>", pos(&xa, s[k].p[j].x),
				pos(&ya, s[k].p[j].y), c);
			esc(f, nm);
			if (kind == SWEEP) {
				char b[32];
				cb_fmt_bytes((size_t)s[k].p[j].x, b, sizeof(b));
				fprintf(f, ", %s: %s", b, v);
			} else {
				fprintf(f, ", %.0f threads: %s", s[k].p[j].x, v);
			}
			fputs("</title></circle>\n", f);
		}
		fputs("</g>\n", f);
		/* the legend, at the right: a stretch of the line, dashed as it is */
		{
			double lx = x1 + 24, ly = top + 12 + 18 * (double)k;
			fprintf(f,
				"<g class=\"legend\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
				"class=\"swatch\" style=\"stroke:%s;stroke-width:3\"%s/>",
				lx, lx + 18, ly - 4, ly - 4, c, k >= NCOLOURS ? " stroke-dasharray=\"6 3\"" : "");
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", lx + 24, ly);
			esc(f, nm);
			fputs("</text></g>\n", f);
		}
	}
	chart_close(f);
}

static int line_charts(FILE *f, const cb_run *run, int kind, const char *prefix, int h, int *heading)
{
	unsigned char *done = calloc(run->nresults ? run->nresults : 1, 1);
	int r = 0;
	if (!done)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < run->nresults && !r; i++) {
		series *s;
		size_t n;
		char id[80];
		if (done[i] || !in_lines(kind, &run->results[i]))
			continue;
		if ((r = build_lines(run, kind, &run->results[i], done, &s, &n)) != 0 || !n)
			continue;
		if (!*heading) {
			fprintf(f, "<h%d>%s</h%d>\n", h,
				kind == SWEEP ? "Throughput over message sizes" : "Thread scaling", h);
			*heading = 1;
		}
		snprintf(id, sizeof(id), "%s-%s%zu", prefix, kind == SWEEP ? "sweep" : "thr", i);
		line_chart(f, kind, id, &run->results[i], s, n);
		free(s);
	}
	free(done);
	return r;
}

/* ---- charts of the study tables ---- */

static const cb_xtab *find_tab(const cb_xtab *xt, size_t nx, const char *id)
{
	for (size_t i = 0; i < nx; i++)
		if (!strcmp(xt[i].id, id))
			return &xt[i];
	return NULL;
}

/*
 * One bar per row of t with the bytes of columns ci (the client's) and si
 * (the server's) stacked, labelled with the row's name (and its stack,
 * column 1, when stack is set): a row with neither count is left out.
 * b has room for every row; the bars made.
 */
static size_t byte_bars(const cb_xtab *t, int ci, int si, int stack, hbar *b)
{
	size_t n = 0;
	for (size_t i = 0; i < t->nrows; i++) {
		double c = t->rows[i].num[ci], s = t->rows[i].num[si];
		if (!usable(c) && !usable(s))
			continue;
		if (stack)
			snprintf(b[n].label, sizeof(b[n].label), "%.120s (%.40s)", t->rows[i].cell[0], t->rows[i].cell[1]);
		else
			snprintf(b[n].label, sizeof(b[n].label), "%s", t->rows[i].cell[0]);
		b[n].v[0] = usable(c) ? c : 0;
		b[n].v[1] = usable(s) ? s : 0;
		snprintf(b[n].text, sizeof(b[n].text), "%.0f + %.0f = %.0f B", b[n].v[0], b[n].v[1], b[n].v[0] + b[n].v[1]);
		n++;
	}
	return n;
}

/* The client and server shares of each key exchange, stacked. */
static int wire_chart(FILE *f, const cb_xtab *t, const char *prefix)
{
	hbar *b;
	size_t n = 0;
	char id[80], desc[160];
	if (!t || !t->nrows)
		return 0;
	if (!(b = calloc(t->nrows, sizeof(*b))))
		return CB_ERR_NOMEM;
	n = byte_bars(t, 1, 2, 0, b);
	snprintf(desc, sizeof(desc), "%zu algorithms, each a bar of its client share and its server share in bytes", n);
	snprintf(id, sizeof(id), "%s-wire", prefix);
	{
		hspec s = {"wire", "bytes on the wire per key exchange", desc, "bytes (shorter is smaller)", "", 0, 0,
			   {"client share (public key)", "server share (ciphertext or public key)"}, NULL, NULL, NULL};
		if (n)
			hbars(f, id, &s, b, n);
	}
	free(b);
	return 0;
}

/*
 * Real TLS 1.3 handshakes (the "tls" table): the server's handshakes per
 * second per core, and the bytes each side sent, one bar per handshake
 * and stack.
 */
static int tls_charts(FILE *f, const cb_xtab *t, const char *prefix)
{
	hbar *b;
	size_t n = 0;
	char id[80], desc[160];
	if (!t || !t->nrows)
		return 0;
	if (!(b = calloc(t->nrows, sizeof(*b))))
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < t->nrows; i++) {
		double v = t->rows[i].num[3];
		if (!usable(v))
			continue;
		snprintf(b[n].label, sizeof(b[n].label), "%.120s (%.40s)", t->rows[i].cell[0], t->rows[i].cell[1]);
		b[n].v[0] = v;
		snprintf(b[n].text, sizeof(b[n].text), "%.0f /s", v);
		n++;
	}
	if (n) {
		snprintf(desc, sizeof(desc), "%zu bars: each handshake's server side, handshakes per second on one core", n);
		snprintf(id, sizeof(id), "%s-tls", prefix);
		hspec s = {"tls", "TLS 1.3 handshakes: server handshakes per second per core", desc,
			   "server handshakes per second per core (longer is more)", "", 0, 0,
			   {"server handshakes/s per core", NULL}, NULL, NULL, NULL};
		hbars(f, id, &s, b, n);
	}
	memset(b, 0, t->nrows * sizeof(*b));
	if ((n = byte_bars(t, 5, 6, 1, b)) != 0) {
		snprintf(desc, sizeof(desc), "%zu bars: the bytes the client and the server sent in one handshake", n);
		snprintf(id, sizeof(id), "%s-tls-bytes", prefix);
		hspec s = {"tls-bytes", "TLS 1.3 handshakes: bytes on the wire", desc, "bytes (shorter is smaller)", "",
			   0, 0, {"client (ClientHello, Finished)", "server (its flight: key share, chain, CertificateVerify)"},
			   NULL, NULL, NULL};
		hbars(f, id, &s, b, n);
	}
	free(b);
	return 0;
}

/* Each published figure's measured / published, and each claim's measured ratio against the published one. */
static int published_charts(FILE *f, const cb_xtab *fig, const cb_xtab *cl, const char *prefix)
{
	size_t cap = (fig ? fig->nrows : 0) + (cl ? cl->nrows : 0), n = 0;
	hbar *b;
	char id[80], desc[160], name[CB_XCELL_MAX] = "", published[CB_XCELL_MAX] = "";
	if (!cap)
		return 0;
	if (!(b = calloc(cap, sizeof(*b))))
		return CB_ERR_NOMEM;
	for (size_t i = 0; fig && i < fig->nrows; i++) {
		const cb_xrow *r = &fig->rows[i];
		double v;
		size_t l;
		if (r->cell[0][0])
			snprintf(name, sizeof(name), "%s", r->cell[0]);
		if (r->cell[2][0])
			snprintf(published, sizeof(published), "%s", r->cell[2]);
		if (!usable(v = r->num[4]))
			continue;
		/* as speed: a time measured over a time published is inverted */
		l = strlen(published);
		if (l > 3 && (!strcmp(published + l - 3, " ms") || !strcmp(published + l - 3, " us")))
			v = 1 / v;
		snprintf(b[n].label, sizeof(b[n].label), "%.120s (%.40s)", name, r->cell[1]);
		b[n].v[0] = v;
		snprintf(b[n].text, sizeof(b[n].text), "%.3gx: %.30s against %.30s", v, r->cell[3], published);
		n++;
	}
	if (n) {
		snprintf(desc, sizeof(desc),
			 "%zu bars: each figure's speed here over the speed published (times inverted), log scale", n);
		snprintf(id, sizeof(id), "%s-pub", prefix);
		hspec s = {"published", "published figures: speed here over speed published", desc,
			   "speed here / speed published (log scale; right of 1: faster here)", "x", 1, 1,
			   {"speed measured / speed published", NULL}, NULL, NULL, NULL};
		hbars(f, id, &s, b, n);
	}
	n = 0;
	for (size_t i = 0; cl && i < cl->nrows; i++) {
		const cb_xrow *r = &cl->rows[i];
		double v = r->num[3], lo = r->low, hi = r->high, pub = r->num[2];
		if (r->cell[0][0])
			snprintf(name, sizeof(name), "%s", r->cell[0]);
		if (!usable(v))
			continue;
		memset(&b[n], 0, sizeof(b[n]));
		snprintf(b[n].label, sizeof(b[n].label), "%.150s (%.40s)", name, r->cell[1]);
		b[n].v[0] = v;
		if (usable(lo) && usable(hi) && lo <= hi) {
			b[n].lo = lo;
			b[n].hi = hi;
		}
		b[n].mark = usable(pub) ? pub : 0;
		if (usable(pub))
			snprintf(b[n].text, sizeof(b[n].text), "%.3gx, published %.3gx", v, pub);
		else
			snprintf(b[n].text, sizeof(b[n].text), "%.3gx", v);
		n++;
	}
	if (n) {
		snprintf(desc, sizeof(desc),
			 "%zu bars: each claim's ratio measured here, with its interval, and the published ratio as a diamond",
			 n);
		snprintf(id, sizeof(id), "%s-claims", prefix);
		hspec s = {"claims", "published claims: A over B, measured against published", desc,
			   "B's time over A's (log scale; right of 1: A is faster)", "x", 1, 1,
			   {"measured ratio", NULL}, "95% interval", "published ratio", NULL};
		hbars(f, id, &s, b, n);
	}
	free(b);
	return 0;
}

int cb_charts_html(FILE *f, const cb_run *run, const cb_xtab *xt, size_t nx, int h, const char *prefix,
		   unsigned which)
{
	int r, heading = 0;
	const cb_xtab *wire = find_tab(xt, nx, "wire"), *fig = find_tab(xt, nx, "published"),
		      *cl = find_tab(xt, nx, "claims"), *tls = find_tab(xt, nx, "tls");
	if (which & CB_CHARTS_EVIDENCE) {
		if ((r = line_charts(f, run, SWEEP, prefix, h, &heading)) != 0)
			return r;
		heading = 0;
		if ((r = line_charts(f, run, THREADS, prefix, h, &heading)) != 0)
			return r;
		fprintf(f, "<h%d>Operations per second</h%d>\n", h, h);
		if ((r = ops_charts(f, run, prefix)) != 0)
			return r;
	}
	if (!(which & CB_CHARTS_ANSWER))
		return ferror(f) ? CB_ERR_IO : 0;
	if (wire && wire->nrows) {
		fprintf(f, "<h%d>Bytes on the wire</h%d>\n", h, h);
		if ((r = wire_chart(f, wire, prefix)) != 0)
			return r;
	}
	if (tls && tls->nrows) {
		fprintf(f, "<h%d>TLS 1.3 handshakes</h%d>\n", h, h);
		if ((r = tls_charts(f, tls, prefix)) != 0)
			return r;
	}
	if ((fig && fig->nrows) || (cl && cl->nrows)) {
		fprintf(f, "<h%d>Published against measured</h%d>\n", h, h);
		if ((r = published_charts(f, fig, cl, prefix)) != 0)
			return r;
	}
	return ferror(f) ? CB_ERR_IO : 0;
}

/* ---- Markdown: the line charts as tables ---- */

static void md_cell(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|' || *s == '\\' || *s == '*' || *s == '_' || *s == '`')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
}

static int md_lines(FILE *f, const cb_run *run, int kind)
{
	unsigned char *done = calloc(run->nresults ? run->nresults : 1, 1);
	int r = 0, heading = 0;
	if (!done)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < run->nresults && !r; i++) {
		const cb_result *g = &run->results[i];
		series *s;
		size_t n, nx = 0;
		double xs[64];
		char sz[32];
		if (done[i] || !in_lines(kind, g))
			continue;
		if ((r = build_lines(run, kind, g, done, &s, &n)) != 0 || !n)
			continue;
		for (size_t k = 0; k < n; k++)
			for (size_t j = 0; j < s[k].n; j++) {
				size_t m;
				for (m = 0; m < nx && xs[m] != s[k].p[j].x; m++)
					;
				if (m == nx && nx < 64) {
					/* in order */
					for (m = nx; m > 0 && xs[m - 1] > s[k].p[j].x; m--)
						xs[m] = xs[m - 1];
					xs[m] = s[k].p[j].x;
					nx++;
				}
			}
		cb_fmt_bytes(g->message_bytes, sz, sizeof(sz));
		if (!heading++)
			fprintf(f, "\n## %s\n\n(drawn as line charts in the HTML report)\n",
				kind == SWEEP ? "Throughput over message sizes" : "Thread scaling");
		if (kind == SWEEP)
			fprintf(f, "\n### %s: throughput over message sizes, MB/s (one thread)\n\n| implementation |",
				g->operation);
		else
			fprintf(f, "\n### %s%s%s: operations per second over threads\n\n| implementation |", g->operation,
				g->message_bytes ? ", " : "", g->message_bytes ? sz : "");
		for (size_t m = 0; m < nx; m++) {
			if (kind == SWEEP) {
				char b[32];
				cb_fmt_bytes((size_t)xs[m], b, sizeof(b));
				fprintf(f, " %s |", b);
			} else {
				fprintf(f, " %.0f |", xs[m]);
			}
		}
		fputs("\n| :--- |", f);
		for (size_t m = 0; m < nx; m++)
			fputs(" ---: |", f);
		fputc('\n', f);
		for (size_t k = 0; k < n; k++) {
			char nm[160];
			series_name(&s[k], nm, sizeof(nm));
			fputs("| ", f);
			md_cell(f, nm);
			fputs(" |", f);
			for (size_t m = 0; m < nx; m++) {
				size_t j;
				char v[48] = "-";
				for (j = 0; j < s[k].n && s[k].p[j].x != xs[m]; j++)
					;
				if (j < s[k].n) {
					if (kind == SWEEP)
						snprintf(v, sizeof(v), "%.4g", s[k].p[j].y);
					else
						rate(v, sizeof(v), s[k].p[j].y);
				}
				fprintf(f, " %s |", v);
			}
			fputc('\n', f);
		}
		free(s);
	}
	free(done);
	return r;
}

int cb_charts_md(FILE *f, const cb_run *run)
{
	int r;
	if ((r = md_lines(f, run, SWEEP)) != 0 || (r = md_lines(f, run, THREADS)) != 0)
		return r;
	return ferror(f) ? CB_ERR_IO : 0;
}
