/*
 * The tables a study prints besides the main one (report_int.h): the
 * figures and claims it published against this run, prepared against cold
 * operations, and the security of each algorithm.  Built once as cells, so
 * the text, Markdown and HTML writers show the same thing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/catalog.h"
#include "hybrid/hybrid.h"
#include "report/report_int.h"
#include "result/case.h"

/* ---- the tables ---- */

static cb_xtab *add_tab(cb_xtab **tabs, size_t *n, const char *id, const char *title, size_t ncols,
			const char *const *head, const int *right)
{
	cb_xtab *t, *v = realloc(*tabs, (*n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	*tabs = v;
	t = &v[(*n)++];
	memset(t, 0, sizeof(*t));
	snprintf(t->id, sizeof(t->id), "%s", id);
	snprintf(t->title, sizeof(t->title), "%s", title);
	t->ncols = ncols;
	for (size_t c = 0; c < ncols; c++) {
		t->head[c] = head[c];
		t->right[c] = right[c];
	}
	return t;
}

static char (*add_row(cb_xtab *t))[CB_XCELL_MAX]
{
	cb_xrow *v = realloc(t->rows, (t->nrows + 1) * sizeof(*v));
	if (!v)
		return NULL;
	t->rows = v;
	memset(&v[t->nrows], 0, sizeof(*v));
	for (size_t c = 0; c < CB_XCOLS; c++)
		v[t->nrows].num[c] = NAN;
	v[t->nrows].low = v[t->nrows].high = NAN;
	return v[t->nrows++].cell;
}

/* The figures of the row add_row gave last. */
static cb_xrow *last_row(cb_xtab *t)
{
	return &t->rows[t->nrows - 1];
}

static double latency(const cb_result *r)
{
	return r->estimate_ns > 0 ? r->estimate_ns : r->ns.median;
}

/* The measured figure of r in a published unit. */
static double in_unit(const cb_result *r, const char *unit)
{
	double ns = latency(r);
	if (!(ns > 0))
		return NAN;
	if (!strcmp(unit, "ops/s"))
		return 1e9 / ns;
	if (!strcmp(unit, "ms"))
		return ns / 1e6;
	if (!strcmp(unit, "us"))
		return ns / 1e3;
	if (!strcmp(unit, "MB/s"))
		return r->message_bytes ? (double)r->message_bytes * 1e3 / ns : NAN;
	return NAN;
}

static void fmt_value(double v, const char *unit, char *buf)
{
	int dec = v >= 100 ? 0 : v >= 10 ? 1 : v >= 1 ? 2 : 3;
	snprintf(buf, CB_XCELL_MAX, "%.*f %s", dec, v, unit);
}

/* Every backend's figure for each published figure. */
static int published_figures(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"published figure", "backend", "published", "measured", "measured / published"};
	static const int right[] = {0, 0, 1, 1, 1};
	const cb_context *c = &run->context;
	cb_xtab *t = NULL;
	for (size_t i = 0; i < c->npublished; i++) {
		const cb_published *p = &c->published[i];
		cb_case_key k;
		int found = 0;
		if (p->b[0] || cb_case_key_of(p->a, strlen(p->a), &k) != 0)
			continue;
		if (!t && !(t = add_tab(tabs, n, "published", "published figures against this run", 5, head, right)))
			return CB_ERR_NOMEM;
		for (size_t j = 0; j < run->nresults; j++) {
			const cb_result *r = &run->results[j];
			char (*row)[CB_XCELL_MAX];
			double m;
			if (!cb_case_key_match(&k, r, k.backend))
				continue;
			if (!(row = add_row(t)))
				return CB_ERR_NOMEM;
			m = in_unit(r, p->unit);
			snprintf(row[0], CB_XCELL_MAX, "%s", found ? "" : p->a);
			snprintf(row[1], CB_XCELL_MAX, "%s", r->backend);
			if (!found)
				fmt_value(p->value, p->unit, row[2]);
			last_row(t)->num[2] = p->value;
			if (isfinite(m)) {
				fmt_value(m, p->unit, row[3]);
				snprintf(row[4], CB_XCELL_MAX, "%.2f", m / p->value);
				last_row(t)->num[3] = m;
				last_row(t)->num[4] = m / p->value;
			} else {
				snprintf(row[3], CB_XCELL_MAX, "-");
			}
			found = 1;
		}
		if (!found) {
			char (*row)[CB_XCELL_MAX] = add_row(t);
			if (!row)
				return CB_ERR_NOMEM;
			snprintf(row[0], CB_XCELL_MAX, "%s", p->a);
			fmt_value(p->value, p->unit, row[2]);
			snprintf(row[3], CB_XCELL_MAX, "not measured in this run");
		}
	}
	if (t)
		snprintf(t->note, sizeof(t->note), "published: %s", c->source[0] ? c->source : "(no source given)");
	return 0;
}

/*
 * Each claim "A is N times as fast as B" against the paired ratio of the
 * run, on every backend that has both (a backend named in a case is kept).
 */
static int published_claims(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"published claim (A over B)", "backend", "published", "measured", "verdict"};
	static const int right[] = {0, 0, 1, 1, 0};
	const cb_context *c = &run->context;
	cb_xtab *t = NULL;
	for (size_t i = 0; i < c->npublished; i++) {
		const cb_published *p = &c->published[i];
		cb_case_key ka, kb;
		int found = 0;
		if (!p->b[0] || cb_case_key_of(p->a, strlen(p->a), &ka) != 0 || cb_case_key_of(p->b, strlen(p->b), &kb) != 0)
			continue;
		if (!t && !(t = add_tab(tabs, n, "claims", "published claims against this run", 5, head, right)))
			return CB_ERR_NOMEM;
		for (size_t j = 0; j < run->nresults; j++) {
			const cb_result *a = &run->results[j], *b = NULL;
			char (*row)[CB_XCELL_MAX];
			cb_ratio q;
			double v;
			if (!cb_case_key_match(&ka, a, ka.backend))
				continue;
			/* B on A's backend unless B names its own. */
			for (size_t m = 0; m < run->nresults && !b; m++)
				if (cb_case_key_match(&kb, &run->results[m], kb.backend[0] ? kb.backend : a->backend))
					b = &run->results[m];
			if (!b || cb_result_time_ratio(b, a, &q) != 0 || !(q.value > 0))
				continue;
			if (!(row = add_row(t)))
				return CB_ERR_NOMEM;
			v = q.value;
			if (!found)
				snprintf(row[0], CB_XCELL_MAX, "%s / %s", p->a, p->b);
			snprintf(row[1], CB_XCELL_MAX, "%s%s%s", a->backend, strcmp(a->backend, b->backend) ? " / " : "",
				 strcmp(a->backend, b->backend) ? b->backend : "");
			if (!found)
				snprintf(row[2], CB_XCELL_MAX, "%.3gx", p->value);
			last_row(t)->num[2] = p->value;
			last_row(t)->num[3] = v;
			if (q.paired && q.n > 1) {
				last_row(t)->low = q.low;
				last_row(t)->high = q.high;
			}
			if (q.paired && q.n > 1)
				snprintf(row[3], CB_XCELL_MAX, "%.2fx [%.2f, %.2f]", v, q.low, q.high);
			else
				snprintf(row[3], CB_XCELL_MAX, "%.2fx", v);
			if (q.paired && q.low > 0 && q.high / q.low > 4)
				snprintf(row[4], CB_XCELL_MAX, "inconclusive: the interval is too wide");
			else if (q.paired && q.n > 1 && q.low <= p->value && p->value <= q.high)
				snprintf(row[4], CB_XCELL_MAX, "holds (inside the interval)");
			else if (q.paired && q.n > 1 && q.low <= 1 && 1 <= q.high)
				snprintf(row[4], CB_XCELL_MAX, "no difference measured");
			else if ((p->value > 1) != (v > 1))
				snprintf(row[4], CB_XCELL_MAX, "reversed");
			else if (v / p->value < 1.25 && p->value / v < 1.25)
				snprintf(row[4], CB_XCELL_MAX, "holds (within 25%%)");
			else
				snprintf(row[4], CB_XCELL_MAX, "same side, %s by %.1fx", v > p->value ? "larger" : "smaller",
					 v > p->value ? v / p->value : p->value / v);
			found = 1;
		}
		if (!found) {
			char (*row)[CB_XCELL_MAX] = add_row(t);
			if (!row)
				return CB_ERR_NOMEM;
			snprintf(row[0], CB_XCELL_MAX, "%s / %s", p->a, p->b);
			snprintf(row[2], CB_XCELL_MAX, "%.3gx", p->value);
			snprintf(row[3], CB_XCELL_MAX, "not both measured");
		}
	}
	if (t)
		snprintf(t->note, sizeof(t->note),
			 "A over B: B's time over A's, paired round by round (95%% interval); reversed: the run says the "
			 "opposite");
	return 0;
}

/* Each cold operation beside its prepared (warm) twin on the same backend and size. */
static int cold_warm(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"algorithm", "backend", "op", "msg", "warm", "cold", "cold / warm", "allocs warm / cold"};
	static const int right[] = {0, 0, 0, 1, 1, 1, 1, 1};
	cb_xtab *t = NULL;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *c = &run->results[i], *w = NULL;
		size_t len = strlen(c->operation);
		char (*row)[CB_XCELL_MAX];
		cb_ratio q;
		if (c->status != CB_STATUS_OK || c->threads != 1 || len < 6 || strcmp(c->operation + len - 5, "-cold"))
			continue;
		for (size_t k = 0; k < run->nresults && !w; k++) {
			const cb_result *r = &run->results[k];
			if (r->status == CB_STATUS_OK && r->threads == 1 && !strcmp(r->algorithm, c->algorithm) &&
			    !strcmp(r->backend, c->backend) && r->message_bytes == c->message_bytes &&
			    strlen(r->operation) == len - 5 && !strncmp(r->operation, c->operation, len - 5))
				w = r;
		}
		if (!w)
			continue;
		if (!t && !(t = add_tab(tabs, n, "cold", "prepared (warm) against per-call set-up (cold)", 8, head, right)))
			return CB_ERR_NOMEM;
		if (!(row = add_row(t)))
			return CB_ERR_NOMEM;
		snprintf(row[0], CB_XCELL_MAX, "%s", c->algorithm);
		snprintf(row[1], CB_XCELL_MAX, "%s", c->backend);
		snprintf(row[2], CB_XCELL_MAX, "%s", w->operation);
		cb_fmt_bytes(c->message_bytes, row[3], CB_XCELL_MAX);
		cb_fmt_latency(latency(w), row[4], CB_XCELL_MAX);
		cb_fmt_latency(latency(c), row[5], CB_XCELL_MAX);
		if (cb_result_time_ratio(c, w, &q) == 0 && q.value > 0)
			snprintf(row[6], CB_XCELL_MAX, "%.2f", q.value);
		if (w->allocs_per_op >= 0 && c->allocs_per_op >= 0)
			snprintf(row[7], CB_XCELL_MAX, "%.0f / %.0f", w->allocs_per_op, c->allocs_per_op);
		else
			snprintf(row[7], CB_XCELL_MAX, "-");
	}
	if (t)
		snprintf(t->note, sizeof(t->note),
			 "cold: the key parsed from PKCS#8 / SubjectPublicKeyInfo (X25519: its raw secret) and a fresh context on every call "
			 "(docs/MEASUREMENT.md); cold / warm paired round by round");
	return 0;
}

/* Each pinned multi-thread case beside its unpinned twin (same algorithm, backend, op, size and threads). */
static int pinning(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"algorithm", "backend", "op", "msg", "threads", "unpinned ops/s",
					   "pinned ops/s", "pinned / unpinned"};
	static const int right[] = {0, 0, 0, 1, 1, 1, 1, 1};
	cb_xtab *t = NULL;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *p = &run->results[i], *u = NULL;
		char (*row)[CB_XCELL_MAX];
		cb_ratio q;
		if (p->status != CB_STATUS_OK || !p->pinned)
			continue;
		for (size_t k = 0; k < run->nresults && !u; k++) {
			const cb_result *r = &run->results[k];
			if (r->status == CB_STATUS_OK && !r->pinned && r->threads == p->threads &&
			    !strcmp(r->algorithm, p->algorithm) && !strcmp(r->backend, p->backend) &&
			    !strcmp(r->operation, p->operation) && r->message_bytes == p->message_bytes)
				u = r;
		}
		if (!u)
			continue;
		if (!t && !(t = add_tab(tabs, n, "pinning", "workers pinned to CPUs against placed by the scheduler", 8, head, right)))
			return CB_ERR_NOMEM;
		if (!(row = add_row(t)))
			return CB_ERR_NOMEM;
		snprintf(row[0], CB_XCELL_MAX, "%s", p->algorithm);
		snprintf(row[1], CB_XCELL_MAX, "%s", p->backend);
		snprintf(row[2], CB_XCELL_MAX, "%s", p->operation);
		cb_fmt_bytes(p->message_bytes, row[3], CB_XCELL_MAX);
		snprintf(row[4], CB_XCELL_MAX, "%u", p->threads);
		snprintf(row[5], CB_XCELL_MAX, "%.0f", u->ops_per_sec);
		snprintf(row[6], CB_XCELL_MAX, "%.0f", p->ops_per_sec);
		/* throughput ratio = the unpinned case's time over the pinned one's */
		if (cb_result_time_ratio(u, p, &q) == 0 && q.value > 0) {
			if (q.paired && q.n > 1)
				snprintf(row[7], CB_XCELL_MAX, "%.2f (%.2f-%.2f)", q.value, q.low, q.high);
			else
				snprintf(row[7], CB_XCELL_MAX, "%.2f", q.value);
		} else {
			snprintf(row[7], CB_XCELL_MAX, "-");
		}
	}
	if (t)
		snprintf(t->note, sizeof(t->note),
			 "pinned: worker i on the i-th CPU the run may use (run --pin-workers both); pinned / unpinned: "
			 "throughput ratio paired round by round, with its 95%% interval; above 1: pinning helps");
	return 0;
}

/* One row per algorithm of the run: its security in bits and NIST category, with the source. */
static int security(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"algorithm", "family", "classical bits", "quantum bits", "NIST category", "source"};
	static const int right[] = {0, 0, 1, 1, 1, 0};
	cb_xtab *t;
	int pqsig = 0;
	if (!run->context.security_table)
		return 0;
	if (!(t = add_tab(tabs, n, "security", "security", 6, head, right)))
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		const cb_catalog_entry *e = cb_catalog_find(r->algorithm);
		char (*row)[CB_XCELL_MAX];
		int seen = 0;
		for (size_t k = 0; k < t->nrows && !seen; k++)
			seen = !strcmp(t->rows[k].cell[0], r->algorithm);
		if (seen)
			continue;
		if (!(row = add_row(t)))
			return CB_ERR_NOMEM;
		snprintf(row[0], CB_XCELL_MAX, "%s", r->algorithm);
		snprintf(row[1], CB_XCELL_MAX, "%s", r->family);
		pqsig |= !strcmp(r->kind, "sig") && e && e->nist_category;
		snprintf(row[2], CB_XCELL_MAX, "%d", r->security_classical);
		snprintf(row[3], CB_XCELL_MAX, "%d", r->security_quantum);
		if (e && e->nist_category)
			snprintf(row[4], CB_XCELL_MAX, "%d", e->nist_category);
		else
			snprintf(row[4], CB_XCELL_MAX, "-");
		snprintf(row[5], CB_XCELL_MAX, "%s", e ? cb_catalog_security_source(e) : "");
	}
	snprintf(t->note, sizeof(t->note),
		 "quantum 0: Shor's algorithm breaks it; ML-KEM categories 1/3/5 are at least as hard as AES-128/192/256 "
		 "key search (FIPS 203 section 8)%s",
		 pqsig ? "; ML-DSA-44/65/87 categories 2/3/5 (FIPS 204 table 1; 2: SHA-256 collision search), "
			 "SLH-DSA-128s/f category 1 (FIPS 205 table 2)"
		       : "");
	return 0;
}

/*
 * The part's one-thread result.  A composed hybrid's part is the class it
 * calls (cb_hybrid_part_backend: "oqs+sodium" takes mlkem768 from oqs and
 * x25519 from sodium, the default "builtin" builtin's ML-KEM and
 * OpenSSL's key agreement), that one only; for the others the hybrid's
 * own backend first, then OpenSSL (whose classes they call), then any.
 */
static const cb_result *find_part(const cb_run *run, const char *alg, const char *op, const cb_result *h)
{
	const cb_result *any = NULL, *ossl = NULL;
	char buf[32];
	const char *exact = cb_hybrid_part_backend(h->algorithm, h->backend, alg, buf, sizeof(buf));
	const char *backend = exact ? exact : h->backend;

	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status != CB_STATUS_OK || r->threads > 1 || strcmp(r->algorithm, alg) ||
		    strcmp(r->operation, op) || !(latency(r) > 0))
			continue;
		if (!strcmp(r->backend, backend))
			return r;
		if (exact)
			continue;
		if (!strcmp(r->backend, "openssl") && !ossl)
			ossl = r;
		if (!any)
			any = r;
	}
	return ossl ? ossl : any;
}

int cb_hybrid_breakdown(const cb_run *run, const cb_result *h, const cb_result **parts, size_t max, size_t *nparts,
			double *parts_ns, double *combiner_ns)
{
	const cb_hybrid_term *terms = h ? cb_hybrid_terms(h->algorithm, h->backend, h->operation) : NULL;
	double sum = 0;
	size_t j;

	*nparts = 0;
	if (!terms || h->status != CB_STATUS_OK || h->threads > 1 || strcmp(h->kind, "kem") || !(latency(h) > 0))
		return 0;
	for (j = 0; terms[j].alg; j++) {
		const cb_result *p = find_part(run, terms[j].alg, terms[j].op, h);
		if (!p || j >= max)
			return 0;
		parts[j] = p;
		sum += latency(p);
	}
	*nparts = j;
	*parts_ns = sum;
	*combiner_ns = latency(h) - sum;
	return 1;
}

int cb_wire_bytes(const cb_result *r, long *client, long *server)
{
	int kem = !strcmp(r->kind, "kem"), kex = !strcmp(r->kind, "kex");
	if (!strcmp(r->kind, "tls")) {
		*client = r->sizes.handshake_client;
		*server = r->sizes.handshake_server;
		return *client >= 0 && *server >= 0;
	}
	*client = r->sizes.public_key;
	*server = kem ? r->sizes.ciphertext : r->sizes.public_key;
	return (kem || kex) && *client >= 0 && *server >= 0;
}

/*
 * Each hybrid KEM operation against the sum of the operations of its parts
 * that it performs (cb_hybrid_terms), the difference being the combiner's
 * own cost.
 */
static int hybrid_breakdown(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"algorithm", "op", "hybrid", "parts", "combiner", "parts timed"};
	static const int right[] = {0, 0, 1, 1, 1, 0};
	cb_xtab *t = NULL;
	int negative = 0;
	char missing[200] = "";

	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *h = &run->results[i];
		const cb_hybrid_term *terms = cb_hybrid_terms(h->algorithm, h->backend, h->operation);
		char parts[CB_XCELL_MAX] = "", (*row)[CB_XCELL_MAX];
		double sum = 0, d;
		int complete = 1;

		if (!terms || h->status != CB_STATUS_OK || h->threads > 1 || strcmp(h->kind, "kem"))
			continue;
		for (size_t j = 0; terms[j].alg; j++) {
			const cb_result *p = find_part(run, terms[j].alg, terms[j].op, h);
			size_t k = strlen(parts);
			snprintf(parts + k, sizeof(parts) - k, "%s%s %s%s%s%s", j ? " + " : "", terms[j].alg, terms[j].op,
				 p ? " (" : "", p ? p->backend : "", p ? ")" : "");
			if (!p) {
				complete = 0;
				if (!strstr(missing, terms[j].alg)) {
					k = strlen(missing);
					snprintf(missing + k, sizeof(missing) - k, "%s%s", k ? " " : "", terms[j].alg);
				}
				continue;
			}
			sum += latency(p);
		}
		if (!complete)
			continue;
		if (!t && !(t = add_tab(tabs, n, "hybrid", "hybrids beside their parts (one thread)", 6, head, right)))
			return CB_ERR_NOMEM;
		if (!(row = add_row(t)))
			return CB_ERR_NOMEM;
		d = latency(h) - sum;
		negative |= d < 0;
		/* the composition's name: the hybrid and its parts' backends */
		snprintf(row[0], CB_XCELL_MAX, "%s@%s", h->algorithm, h->backend);
		snprintf(row[1], CB_XCELL_MAX, "%s", h->operation);
		cb_fmt_latency(latency(h), row[2], CB_XCELL_MAX);
		cb_fmt_latency(sum, row[3], CB_XCELL_MAX);
		{
			char mag[32];
			cb_fmt_latency(fabs(d), mag, sizeof(mag));
			snprintf(row[4], CB_XCELL_MAX, "%s%s (%+.0f%%)%s", d < 0 ? "-" : "", mag, 100.0 * d / latency(h),
				 d < 0 ? " noise" : "");
		}
		snprintf(row[5], CB_XCELL_MAX, "%s", parts);
	}
	if (t)
		snprintf(t->note, sizeof(t->note),
			 "combiner = hybrid - the sum of its parts' operations, each part timed through the class the "
			 "hybrid calls (ALG@KEM+KEX: the parts' backends; @builtin: builtin's ML-KEM, OpenSSL's key "
			 "agreement), its key agreement cold (a handle made from the secret's bytes per call, as the "
			 "hybrid must)%s%s%s",
			 negative ? "; a negative combiner is noise: the hybrid does at least what its parts do" : "",
			 missing[0] ? "; for every hybrid's breakdown add its parts: " : "", missing);
	return 0;
}

/*
 * What each key exchange puts on the wire: a KEM's public key (the client
 * share) and ciphertext (the server share), a key agreement's public key
 * each way; against the first algorithm of the baseline, else the first.
 */
static int wire_bytes(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"algorithm", "client share", "server share", "total", "x reference"};
	static const int right[] = {0, 1, 1, 1, 1};
	cb_xtab *t = NULL;
	char base[CB_NAME_MAX] = "";
	double ref = 0;
	size_t bl = strcspn(run->context.baseline, ",@");

	if (bl < sizeof(base)) {
		memcpy(base, run->context.baseline, bl);
		base[bl] = 0;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < run->nresults; i++) {
			const cb_result *r = &run->results[i];
			int kem = !strcmp(r->kind, "kem"), kex = !strcmp(r->kind, "kex"), seen = 0;
			long client = r->sizes.public_key, server = kem ? r->sizes.ciphertext : r->sizes.public_key;
			char (*row)[CB_XCELL_MAX];
			if ((!kem && !kex) || client < 0 || server < 0)
				continue;
			if (pass == 0) { /* the reference: the baseline's, else the first */
				int is_base = base[0] && !strcmp(r->algorithm, base);
				if (ref == 0 || is_base)
					ref = (double)(client + server);
				if (is_base)
					break;
				continue;
			}
			for (size_t k = 0; t && k < t->nrows && !seen; k++)
				seen = !strcmp(t->rows[k].cell[0], r->algorithm);
			if (seen)
				continue;
			if (!t && !(t = add_tab(tabs, n, "wire", "bytes on the wire", 5, head, right)))
				return CB_ERR_NOMEM;
			if (!(row = add_row(t)))
				return CB_ERR_NOMEM;
			snprintf(row[0], CB_XCELL_MAX, "%s", r->algorithm);
			snprintf(row[1], CB_XCELL_MAX, "%ld", client);
			snprintf(row[2], CB_XCELL_MAX, "%ld", server);
			snprintf(row[3], CB_XCELL_MAX, "%ld", client + server);
			last_row(t)->num[1] = (double)client;
			last_row(t)->num[2] = (double)server;
			last_row(t)->num[3] = (double)(client + server);
			snprintf(row[4], CB_XCELL_MAX, "%.3g", ref > 0 ? (double)(client + server) / ref : 0);
		}
	if (t)
		snprintf(t->note, sizeof(t->note),
			 "read from the keys and ciphertexts made in the run; KEM: public key + ciphertext, key "
			 "agreement: a public key each way; x reference: total over the %s's",
			 base[0] ? "baseline" : "first row");
	return 0;
}

/*
 * The certificate chain a TLS server sends for each signature of the run
 * (shown when the run has a post-quantum signature: a migration's
 * certificate cost): a leaf and an intermediate certificate, each
 * carrying its subject's public key (SPKI, as keys are counted) and its
 * issuer's signature, plus the server's CertificateVerify signature; the
 * sizes as `plan --handshakes` reads them, from the real keys and
 * signatures of the run.  Names, extensions and validity are the same
 * whatever the algorithm and are left out.
 */
static int cert_chain(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"signature",	"public key",		"signature bytes",
					   "chain (2 keys + 2 signatures)", "with CertificateVerify", "x reference"};
	static const int right[] = {0, 1, 1, 1, 1, 1};
	cb_xtab *t = NULL;
	int pq = 0;
	double ref = 0;
	char base[CB_NAME_MAX] = "";
	size_t bl = strcspn(run->context.baseline, ",@");

	for (size_t i = 0; i < run->nresults && !pq; i++) {
		const cb_catalog_entry *e = cb_catalog_find(run->results[i].algorithm);
		pq = !strcmp(run->results[i].kind, "sig") && e && e->nist_category > 0;
	}
	if (!pq)
		return 0;
	if (bl < sizeof(base)) {
		memcpy(base, run->context.baseline, bl);
		base[bl] = 0;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < run->nresults; i++) {
			const cb_result *r = &run->results[i];
			long pk = r->sizes.public_key, sig = r->sizes.signature;
			char (*row)[CB_XCELL_MAX];
			int seen = 0;
			if (strcmp(r->kind, "sig") || pk < 0 || sig < 0)
				continue;
			if (pass == 0) { /* the reference: sm2-sign (the study's baseline signature), the baseline, else the first */
				int is_ref = !strcmp(r->algorithm, "sm2-sign") || (base[0] && !strcmp(r->algorithm, base));
				if (ref == 0 || is_ref)
					ref = (double)(2 * pk + 3 * sig);
				if (is_ref)
					break;
				continue;
			}
			for (size_t k = 0; t && k < t->nrows && !seen; k++)
				seen = !strcmp(t->rows[k].cell[0], r->algorithm);
			if (seen)
				continue;
			if (!t && !(t = add_tab(tabs, n, "chain", "certificate chain bytes (leaf + intermediate)", 6, head,
						right)))
				return CB_ERR_NOMEM;
			if (!(row = add_row(t)))
				return CB_ERR_NOMEM;
			snprintf(row[0], CB_XCELL_MAX, "%s", r->algorithm);
			snprintf(row[1], CB_XCELL_MAX, "%ld", pk);
			snprintf(row[2], CB_XCELL_MAX, "%ld", sig);
			snprintf(row[3], CB_XCELL_MAX, "%ld", 2 * pk + 2 * sig);
			snprintf(row[4], CB_XCELL_MAX, "%ld", 2 * pk + 3 * sig);
			last_row(t)->num[1] = (double)pk;
			last_row(t)->num[2] = (double)sig;
			last_row(t)->num[3] = (double)(2 * pk + 2 * sig);
			last_row(t)->num[4] = (double)(2 * pk + 3 * sig);
			snprintf(row[5], CB_XCELL_MAX, "%.3g", ref > 0 ? (double)(2 * pk + 3 * sig) / ref : 0);
		}
	if (t)
		snprintf(t->note, sizeof(t->note),
			 "per handshake the server sends its leaf certificate (its public key, the intermediate's "
			 "signature) and the intermediate's (its key, the root's signature), then signs the transcript "
			 "(CertificateVerify); public keys as SPKI and signatures as the run made them; names, "
			 "extensions and validity, the same for every algorithm, left out; x reference: against "
			 "sm2-sign's (else the baseline's or the first row's)");
	return 0;
}

/* The one-thread, unpinned result of ALG on BACKEND for OP (size 0), or NULL. */
static const cb_result *op_of(const cb_run *run, const cb_result *like, const char *op)
{
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status == CB_STATUS_OK && r->threads == 1 && !r->pinned && !strcmp(r->operation, op) &&
		    !strcmp(r->algorithm, like->algorithm) && !strcmp(r->backend, like->backend) && latency(r) > 0)
			return r;
	}
	return NULL;
}

/*
 * One key exchange per KEM or key agreement and backend: a KEM's keygen +
 * encaps + decaps (client, server, client); a key agreement's two keygens
 * and two derives (each side), from the operations' medians and means.
 */
static int key_exchanges(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"algorithm", "backend",       "operations",       "median",
					   "mean",      "exchanges/s", "x reference"};
	static const int right[] = {0, 0, 0, 1, 1, 1, 1};
	cb_xtab *t = NULL;
	char base[CB_NAME_MAX] = "";
	double ref = 0;
	size_t bl = strcspn(run->context.baseline, ",@");

	if (bl < sizeof(base)) {
		memcpy(base, run->context.baseline, bl);
		base[bl] = 0;
	}
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < run->nresults; i++) {
			const cb_result *k = &run->results[i], *a, *b;
			int kem = !strcmp(k->kind, "kem");
			double med, mean;
			char (*row)[CB_XCELL_MAX];
			if ((!kem && strcmp(k->kind, "kex")) || k->status != CB_STATUS_OK || k->threads != 1 ||
			    strcmp(k->operation, "keygen") || op_of(run, k, "keygen") != k)
				continue;
			a = op_of(run, k, kem ? "encaps" : "derive");
			b = kem ? op_of(run, k, "decaps") : a;
			if (!a || !b)
				continue;
			med = kem ? latency(k) + latency(a) + latency(b) : 2 * (latency(k) + latency(a));
			mean = kem ? k->ns.mean + a->ns.mean + b->ns.mean : 2 * (k->ns.mean + a->ns.mean);
			if (pass == 0) { /* the reference: the baseline's, else the first */
				if (ref == 0 || (base[0] && !strcmp(k->algorithm, base)))
					ref = med;
				if (base[0] && !strcmp(k->algorithm, base))
					break;
				continue;
			}
			if (!t && !(t = add_tab(tabs, n, "exchanges", "key exchanges (one thread)", 7, head, right)))
				return CB_ERR_NOMEM;
			if (!(row = add_row(t)))
				return CB_ERR_NOMEM;
			snprintf(row[0], CB_XCELL_MAX, "%s", k->algorithm);
			snprintf(row[1], CB_XCELL_MAX, "%s", k->backend);
			snprintf(row[2], CB_XCELL_MAX, "%s", kem ? "keygen + encaps + decaps" : "2 x (keygen + derive)");
			cb_fmt_latency(med, row[3], CB_XCELL_MAX);
			if (mean > 0 && isfinite(mean))
				cb_fmt_latency(mean, row[4], CB_XCELL_MAX);
			else
				snprintf(row[4], CB_XCELL_MAX, "-");
			snprintf(row[5], CB_XCELL_MAX, "%.0f", 1e9 / med);
			snprintf(row[6], CB_XCELL_MAX, "%.3g", ref > 0 ? med / ref : 0);
		}
	if (t)
		snprintf(t->note, sizeof(t->note),
			 "one exchange: a KEM's key generation (client), encapsulation (server) and decapsulation "
			 "(client); a key agreement's key generation and derivation on each side; median: the sum of "
			 "the operations' estimates, mean: of their means (what the study published); x reference: "
			 "time over the %s's",
			 base[0] ? "baseline" : "first row");
	return 0;
}

/*
 * Real TLS 1.3 handshakes (kind tls): per stack and combination, full
 * handshakes per second in one thread (both sides), the server's side per
 * core (the server op), the server's share of a handshake, and the bytes
 * each side sent.
 */
static int tls_handshakes(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	static const char *const head[] = {"handshake", "stack", "handshakes/s", "server/s per core", "server share",
					   "client bytes", "server bytes", "ClientHello"};
	static const int right[] = {0, 0, 1, 1, 1, 1, 1, 1};
	cb_xtab *t = NULL;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *h = &run->results[i], *sv;
		char (*row)[CB_XCELL_MAX];
		if (strcmp(h->kind, "tls") || strcmp(h->operation, "handshake") || h->status != CB_STATUS_OK ||
		    h->threads != 1 || h->pinned || !(latency(h) > 0))
			continue;
		sv = op_of(run, h, "server");
		if (!t && !(t = add_tab(tabs, n, "tls", "TLS 1.3 handshakes", 8, head, right)))
			return CB_ERR_NOMEM;
		if (!(row = add_row(t)))
			return CB_ERR_NOMEM;
		snprintf(row[0], CB_XCELL_MAX, "%s", h->algorithm);
		snprintf(row[1], CB_XCELL_MAX, "%s", h->backend);
		snprintf(row[2], CB_XCELL_MAX, "%.0f", 1e9 / latency(h));
		last_row(t)->num[2] = 1e9 / latency(h);
		if (sv) {
			snprintf(row[3], CB_XCELL_MAX, "%.0f", 1e9 / latency(sv));
			last_row(t)->num[3] = 1e9 / latency(sv);
			snprintf(row[4], CB_XCELL_MAX, "%.0f%%", 100 * latency(sv) / latency(h));
		} else {
			snprintf(row[3], CB_XCELL_MAX, "-");
			snprintf(row[4], CB_XCELL_MAX, "-");
		}
		snprintf(row[5], CB_XCELL_MAX, "%ld", h->sizes.handshake_client);
		snprintf(row[6], CB_XCELL_MAX, "%ld", h->sizes.handshake_server);
		snprintf(row[7], CB_XCELL_MAX, "%ld", h->sizes.client_hello);
		last_row(t)->num[5] = (double)h->sizes.handshake_client;
		last_row(t)->num[6] = (double)h->sizes.handshake_server;
	}
	if (t)
		snprintf(t->note, sizeof(t->note),
			 "one full handshake (no resumption) between a fresh client and server over memory in one "
			 "thread; server: the server's side alone, answering a recorded ClientHello (all but checking "
			 "the client's Finished); bytes: the records each side sent, read in the run");
	return 0;
}

int cb_study_tables(const cb_run *run, cb_xtab **tabs, size_t *n)
{
	int r;
	*tabs = NULL;
	*n = 0;
	if ((r = hybrid_breakdown(run, tabs, n)) != 0 || (r = key_exchanges(run, tabs, n)) != 0 ||
	    (r = tls_handshakes(run, tabs, n)) != 0 ||
	    (r = wire_bytes(run, tabs, n)) != 0 || (r = cert_chain(run, tabs, n)) != 0 ||
	    (r = published_figures(run, tabs, n)) != 0 || (r = published_claims(run, tabs, n)) != 0 ||
	    (r = cold_warm(run, tabs, n)) != 0 || (r = pinning(run, tabs, n)) != 0 ||
	    (r = security(run, tabs, n)) != 0) {
		cb_study_tables_free(*tabs, *n);
		*tabs = NULL;
		*n = 0;
	}
	return r;
}

void cb_study_tables_free(cb_xtab *tabs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(tabs[i].rows);
	free(tabs);
}
