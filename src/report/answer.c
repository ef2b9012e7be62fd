/*
 * A study's answer (answer.h): lines of text filled from the run's study
 * and decision tables, never written in advance.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/answer.h"
#include "report/decision.h"

/* snprintf where cutting a long line short is the intent. */
static void put(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

/* Append to buf (len bytes), truncating. */
static void cat(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void cat(char *buf, size_t len, const char *fmt, ...)
{
	size_t have = strlen(buf);
	va_list ap;
	if (have + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + have, len - have, fmt, ap);
	va_end(ap);
}

const char *cb_answer_heading(cb_answer_kind k)
{
	switch (k) {
	case CB_ANS_HOW: return "how it was measured";
	case CB_ANS_VERDICT: return "published claims against this run";
	case CB_ANS_CHOICE: return "decision guide";
	case CB_ANS_NUMBER: return "the figures that matter most";
	default: return "";
	}
}

int cb_answer_is_study(const cb_run *run)
{
	const cb_context *c = &run->context;
	return c->title[0] || c->question[0] || c->npublished || c->nscenarios;
}

static char *add(cb_answer *a, cb_answer_kind kind)
{
	cb_answer_line *v = realloc(a->lines, (a->n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	a->lines = v;
	v[a->n].kind = kind;
	v[a->n].text[0] = 0;
	return v[a->n++].text;
}

/* 12345.6 -> "12,346" */
static void grouped(double v, char *buf, size_t len)
{
	char tmp[48];
	size_t n, o = 0;
	snprintf(tmp, sizeof(tmp), "%.0f", v);
	n = strlen(tmp);
	for (size_t i = 0; i < n && o + 2 < len; i++) {
		if (i && tmp[i - 1] != '-' && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = tmp[i];
	}
	buf[o] = 0;
}

/* Mode, rounds and the machine's stability, in one line. */
static int how(const cb_run *run, cb_answer *a)
{
	const cb_context *c = &run->context;
	size_t ok = 0, noisy = 0;
	char *t;
	if (!c->mode[0] && !c->rounds && !c->nreference)
		return 0;
	if (!(t = add(a, CB_ANS_HOW)))
		return CB_ERR_NOMEM;
	if (!strcmp(c->mode, "quick"))
		put(t, CB_ANSWER_LINE_MAX, "quick mode (run --quick: figures for orientation, not for quoting)");
	else if (c->mode[0])
		put(t, CB_ANSWER_LINE_MAX, "%s mode", c->mode);
	if (c->rounds)
		cat(t, CB_ANSWER_LINE_MAX, "%s%u rounds%s, %.3g ms per case in each, precision target ±%.1f%%",
		    t[0] ? ": " : "", c->rounds, c->interleaved ? " in random order" : "", c->slice_seconds * 1e3,
		    100 * c->precision_target);
	if (c->nreference && c->reference_spread > CB_DRIFT_WARN)
		cat(t, CB_ANSWER_LINE_MAX,
		    "; ! the machine drifted: a fixed reference workload varied by %.0f%% (p10-p90) over the rounds, "
		    "which absolute figures carry and paired ratios much less",
		    100 * c->reference_spread);
	else if (c->nreference)
		cat(t, CB_ANSWER_LINE_MAX, "; the machine was steady: a fixed reference workload varied by %.1f%% (p10-p90)",
		    100 * c->reference_spread);
	if (c->partial)
		cat(t, CB_ANSWER_LINE_MAX, "; ! interrupted: a partial run");
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status != CB_STATUS_OK)
			continue;
		ok++;
		noisy += r->noisy && !r->random_cost;
	}
	if (noisy)
		cat(t, CB_ANSWER_LINE_MAX, "; %zu of %zu cases missed the precision target (marked !)", noisy, ok);
	return 0;
}

/* One line per claim: each backend's paired ratio, interval and verdict. */
static int verdicts(const cb_xtab *t, cb_answer *a)
{
	char *line = NULL;
	int nb = 0;
	if (!t)
		return 0;
	for (size_t i = 0; i < t->nrows; i++) {
		const cb_xrow *r = &t->rows[i];
		if (r->cell[0][0]) {
			const char *sep = strstr(r->cell[0], " / ");
			if (!(line = add(a, CB_ANS_VERDICT)))
				return CB_ERR_NOMEM;
			if (sep)
				put(line, CB_ANSWER_LINE_MAX, "\"%.*s is %s as fast as %s\":", (int)(sep - r->cell[0]),
				    r->cell[0], r->cell[2], sep + 3);
			else
				put(line, CB_ANSWER_LINE_MAX, "%s, published %s:", r->cell[0], r->cell[2]);
			nb = 0;
		}
		if (!line)
			continue;
		if (!r->cell[1][0]) {
			cat(line, CB_ANSWER_LINE_MAX, " %s in this run", r->cell[3]);
			continue;
		}
		cat(line, CB_ANSWER_LINE_MAX, "%s %s on %s, measured %s", nb++ ? ";" : "", r->cell[4], r->cell[1],
		    r->cell[3]);
	}
	return 0;
}

/* Each scenario's answer, the sentence the decision table carries as its note. */
static int choices(const cb_run *run, cb_answer *a)
{
	cb_xtab *dt;
	size_t nd;
	int r = cb_decision_tables(run, &dt, &nd);
	if (r)
		return r;
	for (size_t i = 0; i < nd && !r; i++) {
		char *line = add(a, CB_ANS_CHOICE);
		if (!line)
			r = CB_ERR_NOMEM;
		else
			put(line, CB_ANSWER_LINE_MAX, "%s", dt[i].note);
	}
	cb_study_tables_free(dt, nd);
	return r;
}

/*
 * Key exchanges per second per core, each algorithm on its fastest
 * backend, with its bytes on the wire; algorithms with only the wire
 * figure after them.
 */
static int numbers(const cb_xtab *ex, const cb_xtab *wire, cb_answer *a)
{
	size_t nex = ex ? ex->nrows : 0, nw = wire ? wire->nrows : 0;
	for (size_t i = 0; i < nex + nw; i++) {
		const cb_xrow *r = i < nex ? &ex->rows[i] : &wire->rows[i - nex];
		const char *alg = r->cell[0];
		const cb_xrow *best = NULL, *w = NULL;
		char *line, v[48];
		int seen = 0;
		/* once per algorithm */
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(k < nex ? ex->rows[k].cell[0] : wire->rows[k - nex].cell[0], alg);
		if (seen)
			continue;
		for (size_t k = 0; k < nex; k++)
			if (!strcmp(ex->rows[k].cell[0], alg) && (!best || atof(ex->rows[k].cell[5]) > atof(best->cell[5])))
				best = &ex->rows[k];
		for (size_t k = 0; k < nw && !w; k++)
			if (!strcmp(wire->rows[k].cell[0], alg))
				w = &wire->rows[k];
		if (!(line = add(a, CB_ANS_NUMBER)))
			return CB_ERR_NOMEM;
		put(line, CB_ANSWER_LINE_MAX, "%s:", alg);
		if (best) {
			grouped(atof(best->cell[5]), v, sizeof(v));
			cat(line, CB_ANSWER_LINE_MAX, " %s key exchanges/s per core (%s, %s per exchange: %s)", v,
			    best->cell[1], best->cell[3], best->cell[2]);
		}
		if (w) {
			char c[32], s[32], t[32];
			grouped(atof(w->cell[1]), c, sizeof(c));
			grouped(atof(w->cell[2]), s, sizeof(s));
			grouped(atof(w->cell[3]), t, sizeof(t));
			cat(line, CB_ANSWER_LINE_MAX, "%s %s B on the wire (%s + %s)", best ? ";" : "", t, c, s);
		}
	}
	return 0;
}

/*
 * Real TLS 1.3 handshakes (the "tls" table): each one's server side per
 * core, and against its own stack's classical handshake
 * (tls13-x25519-ecdsa-p256, else tls13-p256-ecdsa-p256) the server cores the same rate needs, with
 * the bytes each side sent: the measured answer to "how much more
 * hardware".
 */
static int handshakes(const cb_xtab *t, cb_answer *a)
{
	/* the classical handshake of the same stack: X25519, else P-256 (GmSSL has no X25519) */
	static const char *const base_names[] = {"tls13-x25519-ecdsa-p256", "tls13-p256-ecdsa-p256"};
	for (size_t i = 0; t && i < t->nrows; i++) {
		const cb_xrow *r = &t->rows[i], *base = NULL;
		char *line, v[48], c[32], s[32];
		if (!(r->num[3] > 0))
			continue;
		for (size_t b = 0; b < 2 && !base; b++)
			for (size_t k = 0; k < t->nrows && !base; k++)
				if (!strcmp(t->rows[k].cell[0], base_names[b]) && !strcmp(t->rows[k].cell[1], r->cell[1]) &&
				    t->rows[k].num[3] > 0)
					base = &t->rows[k];
		if (!(line = add(a, CB_ANS_NUMBER)))
			return CB_ERR_NOMEM;
		grouped(r->num[3], v, sizeof(v));
		grouped(r->num[5], c, sizeof(c));
		grouped(r->num[6], s, sizeof(s));
		put(line, CB_ANSWER_LINE_MAX, "%s through %s: %s server handshakes/s per core", r->cell[0], r->cell[1], v);
		if (base && base != r)
			cat(line, CB_ANSWER_LINE_MAX, ", %.2fx the server cores of %s", base->num[3] / r->num[3],
			    base->cell[0]);
		cat(line, CB_ANSWER_LINE_MAX, "; %s B from the client, %s B from the server", c, s);
	}
	return 0;
}

static const cb_xtab *find_tab(const cb_xtab *xt, size_t nx, const char *id)
{
	for (size_t i = 0; i < nx; i++)
		if (!strcmp(xt[i].id, id))
			return &xt[i];
	return NULL;
}

int cb_answer_build(const cb_run *run, cb_answer *a)
{
	cb_xtab *xt = NULL;
	size_t nx = 0;
	int r;
	memset(a, 0, sizeof(*a));
	put(a->question, sizeof(a->question), "%s", run->context.question);
	if ((r = cb_study_tables(run, &xt, &nx)) != 0)
		return r;
	if ((r = how(run, a)) == 0 && (r = verdicts(find_tab(xt, nx, "claims"), a)) == 0 &&
	    (r = choices(run, a)) == 0)
		r = numbers(find_tab(xt, nx, "exchanges"), find_tab(xt, nx, "wire"), a);
	if (r == 0)
		r = handshakes(find_tab(xt, nx, "tls"), a);
	cb_study_tables_free(xt, nx);
	if (r)
		cb_answer_free(a);
	return r;
}

void cb_answer_free(cb_answer *a)
{
	free(a->lines);
	memset(a, 0, sizeof(*a));
}

/* ---- the cases left out ---- */

/* Whether r's message size is part of the case (not a keygen's or a KEM's placeholder). */
static int has_message(const cb_result *r)
{
	return r->message_bytes && strcmp(r->operation, "keygen") && strcmp(r->kind, "kem") && strcmp(r->kind, "kex");
}

static int cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return (a > b) - (a < b);
}

/* Append word to a ", "-separated list in buf unless it is there. */
static void add_word(char *buf, size_t len, const char *word)
{
	size_t wl = strlen(word);
	for (const char *p = buf; *p;) {
		size_t l = strcspn(p, ",");
		if (l == wl && !strncmp(p, word, wl))
			return;
		p += l;
		while (*p == ',' || *p == ' ')
			p++;
	}
	cat(buf, len, "%s%s", buf[0] ? ", " : "", word);
}

int cb_left_out_lines(const cb_run *run, char (**lines)[CB_ANSWER_LINE_MAX], size_t *n)
{
	unsigned char *done = calloc(run->nresults ? run->nresults : 1, 1);
	size_t *sizes = malloc((run->nresults ? run->nresults : 1) * sizeof(*sizes));
	char (*v)[CB_ANSWER_LINE_MAX] = NULL;
	*lines = NULL;
	*n = 0;
	if (!done || !sizes) {
		free(done);
		free(sizes);
		return CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *g = &run->results[i];
		char backends[256] = "", ops[256] = "", *line;
		size_t ns = 0;
		if (done[i] || cb_tab_shows(g))
			continue;
		for (size_t k = i; k < run->nresults; k++) {
			const cb_result *r = &run->results[k];
			if (done[k] || cb_tab_shows(r) || strcmp(r->algorithm, g->algorithm) || strcmp(r->error, g->error) ||
			    r->left_out != g->left_out)
				continue;
			done[k] = 1;
			add_word(backends, sizeof(backends), r->backend);
			add_word(ops, sizeof(ops), r->operation);
			if (has_message(r)) {
				size_t m;
				for (m = 0; m < ns && sizes[m] != r->message_bytes; m++)
					;
				if (m == ns)
					sizes[ns++] = r->message_bytes;
			}
		}
		{
			char (*w)[CB_ANSWER_LINE_MAX] = realloc(v, (*n + 1) * sizeof(*v));
			if (!w) {
				free(v);
				free(done);
				free(sizes);
				return CB_ERR_NOMEM;
			}
			v = w;
		}
		line = v[(*n)++];
		if (g->left_out)
			put(line, CB_ANSWER_LINE_MAX, "%s (%s) %s", g->algorithm, backends, g->error);
		else
			put(line, CB_ANSWER_LINE_MAX, "%s (%s): %s", g->algorithm, backends,
			    g->error[0] ? g->error : "unsupported");
		qsort(sizes, ns, sizeof(*sizes), cmp_size);
		if (ns) {
			cat(line, CB_ANSWER_LINE_MAX, ": the ");
			for (size_t m = 0; m < ns; m++) {
				char b[32];
				cb_fmt_bytes(sizes[m], b, sizeof(b));
				cat(line, CB_ANSWER_LINE_MAX, "%s%s", m == 0 ? "" : m + 1 == ns ? " and " : ", ", b);
			}
			cat(line, CB_ANSWER_LINE_MAX, " size%s %s %s (%s)", ns > 1 ? "s" : "", ns > 1 ? "were" : "was",
			    g->left_out ? "left out" : "not measured", ops);
		} else {
			cat(line, CB_ANSWER_LINE_MAX, ": %s %s", ops, g->left_out ? "left out" : "not measured");
		}
	}
	free(done);
	free(sizes);
	*lines = v;
	return 0;
}
