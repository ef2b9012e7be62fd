/*
 * The figures of the human table, as text cells, shared by the text and
 * Markdown writers.  Units: latency in ns/µs/ms/s with 3-4 significant
 * digits; MB/s is 10^6 bytes per second; cycles with k/M/G suffixes.
 * Latency is the median; for threads > 1 it is the median per sample as the
 * record defines it (result.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report_int.h"

size_t cb_utf8_width(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

void cb_fmt_bytes(size_t n, char *buf, size_t len)
{
	if (n == 0)
		snprintf(buf, len, "-");
	else if (n >= 1048576 && n % 1048576 == 0)
		snprintf(buf, len, "%zu MiB", n / 1048576);
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, len, "%zu KiB", n / 1024);
	else
		snprintf(buf, len, "%zu B", n);
}

/* v with `decimals` decimals and a comma every three integer digits. */
static void fmt_grouped(double v, int decimals, char *buf, size_t len)
{
	char tmp[64], *dot;
	size_t ndig, i, o = 0;
	snprintf(tmp, sizeof(tmp), "%.*f", decimals, v);
	dot = strchr(tmp, '.');
	ndig = dot ? (size_t)(dot - tmp) : strlen(tmp);
	for (i = 0; tmp[i] && o + 2 < len; i++) {
		if (i < ndig && i > 0 && tmp[i - 1] != '-' && (ndig - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = tmp[i];
	}
	buf[o] = 0;
}

static void fmt_ops(double v, char *buf, size_t len)
{
	if (v < 10)
		snprintf(buf, len, "%.2f", v);
	else if (v < 100)
		snprintf(buf, len, "%.1f", v);
	else
		fmt_grouped(v, 0, buf, len);
}

/* 3-4 significant digits in the largest unit that keeps the figure >= 1. */
void cb_fmt_latency(double ns, char *buf, size_t len)
{
	static const char *const unit[] = {"ns", "µs", "ms", "s"};
	size_t u = 0;
	/* Rounding decides the unit: 999.96 ns is shown as 1.00 µs. */
	while (u + 1 < sizeof(unit) / sizeof(unit[0]) && ns >= 999.95) {
		ns /= 1000;
		u++;
	}
	if (ns < 9.995)
		snprintf(buf, len, "%.2f %s", ns, unit[u]);
	else
		snprintf(buf, len, "%.1f %s", ns, unit[u]);
}

static void fmt_cycles(double c, char *buf, size_t len)
{
	if (c < 999.5)
		snprintf(buf, len, "%.0f", c);
	else if (c < 999.95e3)
		snprintf(buf, len, "%.1fk", c / 1e3);
	else if (c < 999.995e6)
		snprintf(buf, len, "%.2fM", c / 1e6);
	else
		snprintf(buf, len, "%.2fG", c / 1e9);
}

static const char *status_label(cb_status s)
{
	switch (s) {
	case CB_STATUS_OK: return "ok";
	case CB_STATUS_FAILED_SELFCHECK: return "FAILED self-check";
	case CB_STATUS_UNAVAILABLE: return "unavailable";
	case CB_STATUS_UNSUPPORTED: return "unsupported";
	case CB_STATUS_ERROR: return "ERROR";
	}
	return "ERROR";
}

/*
 * The measured cases sorted by algorithm, operation, message size, threads
 * and then place in the run, so that a baseline is found by binary search:
 * a results file can hold many thousands of cases.
 */
struct base_index {
	const cb_result **v;
	size_t n;
};

/* What a baseline is looked up by: an algorithm name (not NUL-terminated) and r's case. */
struct base_key {
	const char *alg;
	size_t alglen;
	const cb_result *r;
};

static int key_cmp(const struct base_key *k, const cb_result *b)
{
	int c = strncmp(k->alg, b->algorithm, k->alglen);
	if (c)
		return c;
	if (b->algorithm[k->alglen])
		return -1;
	c = strcmp(k->r->operation, b->operation);
	if (c)
		return c;
	if (k->r->message_bytes != b->message_bytes)
		return k->r->message_bytes < b->message_bytes ? -1 : 1;
	if (k->r->threads != b->threads)
		return k->r->threads < b->threads ? -1 : 1;
	if (k->r->pinned != b->pinned)
		return k->r->pinned < b->pinned ? -1 : 1;
	return 0;
}

static int index_cmp(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	struct base_key k = {a->algorithm, strlen(a->algorithm), a};
	int c = key_cmp(&k, b);
	return c ? c : (a > b) - (a < b);
}

static int index_build(struct base_index *x, const cb_run *run)
{
	x->n = 0;
	x->v = malloc((run->nresults ? run->nresults : 1) * sizeof(*x->v));
	if (!x->v)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < run->nresults; i++)
		if (run->results[i].status == CB_STATUS_OK)
			x->v[x->n++] = &run->results[i];
	qsort(x->v, x->n, sizeof(*x->v), index_cmp);
	return 0;
}

/* The entries comparable with k->r of algorithm k->alg, in the run's order: [*first, *first + return). */
static size_t index_range(const struct base_index *x, const struct base_key *k, size_t *first)
{
	size_t lo = 0, hi = x->n, end;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (key_cmp(k, x->v[mid]) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (end = lo; end < x->n && key_cmp(k, x->v[end]) == 0; end++)
		;
	*first = lo;
	return end - lo;
}

/*
 * The declared baseline for r: for each "NAME[@BACKEND]" of the comma list
 * in turn, the case of algorithm NAME comparable with r (same operation,
 * message size and threads: ML-KEM keygen against SM2 keygen), on BACKEND if given, else on r's
 * backend if NAME has one there, else the first.  NULL if none.
 */
static const cb_result *declared_baseline(const struct base_index *x, const cb_result *r, const char *list)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ','), *at;
		size_t len = e ? (size_t)(e - p) : strlen(p), first, n;
		at = memchr(p, '@', len);
		struct base_key k = {p, at ? (size_t)(at - p) : len, r};
		n = index_range(x, &k, &first);
		for (size_t i = first; i < first + n; i++) {
			const cb_result *b = x->v[i];
			if (at) {
				size_t blen = len - k.alglen - 1;
				if (strlen(b->backend) == blen && !strncmp(b->backend, at + 1, blen))
					return b;
				continue;
			}
			if (!strcmp(b->backend, r->backend))
				return b;
		}
		if (!at && n)
			return x->v[first];
		p = e ? e + 1 : NULL;
	}
	return NULL;
}

/*
 * The baseline for r: the declared one (the context's baseline), else the
 * same algorithm's comparable case on the first backend that measured it
 * (a library comparison).  Never a case of another operation or size;
 * NULL when there is none, or when r is the only one of its kind.
 */
static const cb_result *baseline_for(const struct base_index *x, const cb_run *run, const cb_result *r)
{
	struct base_key k = {r->algorithm, strlen(r->algorithm), r};
	size_t first, n;
	if (run->context.baseline[0])
		return declared_baseline(x, r, run->context.baseline);
	n = index_range(x, &k, &first);
	return n > 1 ? x->v[first] : NULL;
}

/* The figure of the latency column: the run's estimate for one thread. */
/* A variable-time operation whose figure is the mean (ML-DSA signing), not the median (RSA keygen). */
static int mean_cost(const cb_result *r)
{
	return r->random_cost && !strcmp(r->method, "mean");
}

static double latency_of(const cb_result *r)
{
	return r->threads <= 1 && r->estimate_ns > 0 ? r->estimate_ns : r->ns.median;
}

/*
 * MB/s only where the message is the work (ciphers, hashes, envelopes); a signature's
 * 32-byte digest input is not a throughput.  An unknown kind shows it.
 */
static int is_bulk(const cb_result *r)
{
	return r->message_bytes && r->bytes_per_sec > 0 &&
	       (strcmp(r->kind, "cipher") == 0 || strcmp(r->kind, "hash") == 0 || strcmp(r->kind, "envelope") == 0 ||
		r->kind[0] == 0);
}

#define CELL(row, col, ...) snprintf((row)->cell[col], CB_CELL_MAX, __VA_ARGS__)

/*
 * "2.31±1.2%": the baseline's time over r's (ops/s relative to it), with
 * the larger side of its 95% interval; unpaired ratios have no interval.
 */
static void fmt_ratio(const cb_ratio *q, char *buf, size_t len)
{
	double half = q->paired && q->value > 0
			      ? fmax(q->value - q->low, q->high - q->value) / q->value
			      : 0;
	int dec = q->value < 10 ? 2 : q->value < 100 ? 1 : 0;
	if (q->paired && q->n > 1)
		snprintf(buf, len, "%.*f±%.1f%%", dec, q->value, 100 * half);
	else
		snprintf(buf, len, "%.*f", dec, q->value);
}

static void build_row(cb_tab_row *row, const cb_run *run, const struct base_index *x, const cb_result *r)
{
	const cb_result *b;
	cb_ratio ratio;
	int counter = run->context.counter[0] && strcmp(run->context.counter, "none") != 0;
	CELL(row, CB_COL_ALG, "%s", r->algorithm);
	CELL(row, CB_COL_BACKEND, "%s", r->backend);
	CELL(row, CB_COL_OP, "%s", r->operation);
	cb_fmt_bytes(r->message_bytes, row->cell[CB_COL_MSG], CB_CELL_MAX);
	CELL(row, CB_COL_THR, "%u%s", r->threads, r->pinned ? "p" : "");
	if (r->status != CB_STATUS_OK) {
		snprintf(row->status, sizeof(row->status), "%s%s%s", status_label(r->status), r->error[0] ? ": " : "",
			 r->error);
		return;
	}
	fmt_ops(r->ops_per_sec, row->cell[CB_COL_OPS], CB_CELL_MAX);
	cb_fmt_latency(latency_of(r), row->cell[CB_COL_LAT], CB_CELL_MAX);
	if (mean_cost(r))
		CELL(row, CB_COL_CI, "%zu sigs*", r->samples);
	else if (r->random_cost)
		CELL(row, CB_COL_CI, "%zu keys*", r->samples);
	else if (!isfinite(r->precision) || (r->precision == 0 && r->estimate_low == 0 && r->estimate_high == 0 &&
					     !strcmp(r->method, "rounds")))
		CELL(row, CB_COL_CI, "none!"); /* one round: no interval (its note says so) */
	else
		CELL(row, CB_COL_CI, "%.1f%%%s", r->precision * 100, r->noisy ? "!" : "");
	if (is_bulk(r))
		fmt_grouped(r->bytes_per_sec / 1e6, 1, row->cell[CB_COL_MBS], CB_CELL_MAX);
	else
		CELL(row, CB_COL_MBS, "-");
	if (counter && r->cycles_per_op > 0)
		fmt_cycles(r->cycles_per_op, row->cell[CB_COL_CYC], CB_CELL_MAX);
	else
		CELL(row, CB_COL_CYC, "-");
	b = baseline_for(x, run, r);
	if (b == r)
		CELL(row, CB_COL_RATIO, "1");
	else if (b && cb_result_time_ratio(b, r, &ratio) == 0 && ratio.value > 0)
		fmt_ratio(&ratio, row->cell[CB_COL_RATIO], CB_CELL_MAX);
	else
		CELL(row, CB_COL_RATIO, "-");
	if (r->threads > 1 && r->scaling > 0)
		CELL(row, CB_COL_SCALE, "%.0f%%", r->scaling * 100);
	else
		CELL(row, CB_COL_SCALE, "-");
	if (r->allocs_per_op >= 0) {
		CELL(row, CB_COL_ALLOCS, "%.*f", r->allocs_per_op < 10 && r->allocs_per_op != floor(r->allocs_per_op) ? 1 : 0,
		     r->allocs_per_op);
		fmt_grouped(r->alloc_bytes_per_op, 0, row->cell[CB_COL_HEAP], CB_CELL_MAX);
	} else {
		CELL(row, CB_COL_ALLOCS, "-");
		CELL(row, CB_COL_HEAP, "-");
	}
}

int cb_tab_shows(const cb_result *r)
{
	return r->status != CB_STATUS_UNSUPPORTED;
}

int cb_tab_build(cb_tab *t, const cb_run *run)
{
	static const char *const head[CB_NCOLS] = {"algorithm", "backend", "op",      "msg",
						   "thr",       "ops/s",   "latency", "±CI",
						   "MB/s",      "cycles",  "ratio",   "scale",
						   "allocs",    "heap B"};
	static const int right[CB_NCOLS] = {0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
	struct base_index x;
	size_t i;
	memset(t, 0, sizeof(*t));
	memcpy(t->head, head, sizeof(head));
	memcpy(t->right, right, sizeof(right));
	for (i = 0; i < CB_NCOLS; i++)
		t->show[i] = 1;
	t->show[CB_COL_SCALE] = 0;
	t->show[CB_COL_RATIO] = 0;
	t->show[CB_COL_ALLOCS] = t->show[CB_COL_HEAP] = 0;
	if (run->nresults == 0)
		return 0;
	x.v = NULL;
	t->rows = calloc(run->nresults, sizeof(*t->rows));
	if (!t->rows || index_build(&x, run) != 0) {
		free(x.v);
		free(t->rows);
		t->rows = NULL;
		return CB_ERR_NOMEM;
	}
	for (i = 0; i < run->nresults; i++) {
		cb_tab_row *row = &t->rows[t->nrows];
		if (!cb_tab_shows(&run->results[i]))
			continue;
		t->nrows++;
		build_row(row, run, &x, &run->results[i]);
		row->res = &run->results[i];
		if (run->results[i].threads > 1)
			t->show[CB_COL_SCALE] = 1;
		if (!row->status[0] && strcmp(row->cell[CB_COL_RATIO], "-") != 0)
			t->show[CB_COL_RATIO] = 1;
		if (run->results[i].allocs_per_op >= 0)
			t->show[CB_COL_ALLOCS] = t->show[CB_COL_HEAP] = 1;
	}
	free(x.v);
	return 0;
}

void cb_tab_free(cb_tab *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

/* One algorithm's sizes over all its results: ranges, and the encodings seen. */
typedef struct size_acc {
	long lo[CB_NSCOLS], hi[CB_NSCOLS];
	double expansion;
	long msg;       /* the message size the ciphertext figures are for: the first result's; -1 none yet */
	char enc[2][24]; /* public, secret; "?" when results disagree */
	long sk_expanded, sk_both; /* ML-DSA: the other PKCS#8 forms of the secret key, or -1 */
	size_t first;   /* the first result's index: rows keep the run's order */
} size_acc;

static void acc_range(size_acc *a, int col, long lo, long hi)
{
	if (lo < 0)
		return;
	if (hi < lo)
		hi = lo;
	if (a->lo[col] < 0 || lo < a->lo[col])
		a->lo[col] = lo;
	if (a->hi[col] < 0 || hi > a->hi[col])
		a->hi[col] = hi;
}

static void acc_enc(char *dst, const char *enc)
{
	if (!enc[0] || !strcmp(dst, enc))
		return;
	snprintf(dst, sizeof(((size_acc *)0)->enc[0]), "%s", dst[0] ? "?" : enc);
}

static void acc_add(size_acc *a, const cb_result *r)
{
	const cb_sizes *z = &r->sizes;
	int kem = !strcmp(r->kind, "kem");
	acc_range(a, CB_SCOL_BITS, z->key_bits, z->key_bits);
	acc_range(a, CB_SCOL_PK, z->public_key, z->public_key);
	acc_range(a, CB_SCOL_SK, z->secret_key, z->secret_key_max);
	acc_range(a, CB_SCOL_SIG, z->signature, z->signature_max);
	acc_range(a, CB_SCOL_SS, z->shared_secret, z->shared_secret);
	acc_range(a, CB_SCOL_MAXMSG, z->max_message, z->max_message);
	acc_enc(a->enc[0], z->public_encoding);
	acc_enc(a->enc[1], z->secret_encoding);
	if (z->secret_key_expanded >= 0 && a->sk_expanded < 0)
		a->sk_expanded = z->secret_key_expanded;
	if (z->secret_key_both >= 0 && a->sk_both < 0)
		a->sk_both = z->secret_key_both;
	/* An encryption's ciphertext grows with the message: the figures of one message size (the first seen). */
	if (z->ciphertext < 0)
		return;
	if (!kem && a->msg < 0)
		a->msg = (long)r->message_bytes;
	if (!kem && a->msg != (long)r->message_bytes)
		return;
	if (!kem)
		a->lo[CB_SCOL_MSG] = a->hi[CB_SCOL_MSG] = a->msg;
	acc_range(a, CB_SCOL_CT, z->ciphertext, z->ciphertext_max);
	acc_range(a, CB_SCOL_OVERHEAD, z->overhead, z->overhead);
	if (a->expansion <= 0 && r->expansion > 0 && isfinite(r->expansion))
		a->expansion = r->expansion;
}

static void range_cell(char *cell, long lo, long hi)
{
	if (lo < 0)
		snprintf(cell, CB_CELL_MAX, "-");
	else if (hi > lo)
		snprintf(cell, CB_CELL_MAX, "%ld-%ld", lo, hi);
	else
		snprintf(cell, CB_CELL_MAX, "%ld", lo);
}

/* Results by algorithm name, then in the run's order. */
static int by_alg(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	int c = strcmp(a->algorithm, b->algorithm);
	return c ? c : (a > b) - (a < b);
}

static int by_first(const void *pa, const void *pb)
{
	const size_acc *a = pa, *b = pb;
	return (a->first > b->first) - (a->first < b->first);
}

/* When some size is a range. */
static const char range_note[] = "a-b: the smallest and largest seen over every backend, the keys made and up to 16 "
				 "signatures or ciphertexts per case (DER lengths vary)";

/* When an ML-DSA secret key shows its three forms. */
static const char forms_note[] = "a / b / c (ML-DSA secret key): RFC 9881's PKCS#8 seed form, which 'cryptobench keygen' "
				 "writes / the expanded form / both, each encoded from the real key";

/* What each column counts (docs/SCHEMA.md, sizes). */
static const char *const size_note[CB_NSCOLS] = {
	[CB_SCOL_BITS] = "key bits: the RSA modulus, or one coordinate of the EC point, read from the public key",
	[CB_SCOL_ENC] = "keys counted as encoded: SPKI = DER SubjectPublicKeyInfo, PKCS#8 = DER PrivateKeyInfo as "
			"'cryptobench keygen' writes it (EC: RFC 5915 without the optional public key; a library's own "
			"export may be longer), X9.62 = the uncompressed point, raw = the bytes as sent (X25519, ML-KEM "
			"and hybrid wire encodings)",
	[CB_SCOL_MAXMSG] = "max message: the padding's longest message (RSA: the ciphertext is the modulus size "
			   "whatever the message)",
	[CB_SCOL_MSG] = "message: the plaintext the ciphertext, overhead and expansion are for (the first size "
			"the run measured)",
	[CB_SCOL_OVERHEAD] = "overhead: ciphertext minus plaintext (the schemes whose ciphertext grows with the "
			     "message)",
	[CB_SCOL_EXPANSION] = "expansion: ciphertext / plaintext",
};

int cb_size_tab_build(cb_size_tab *t, const cb_run *run)
{
	static const char *const head[CB_NSCOLS] = {"algorithm",  "key bits",      "public key",  "secret key",
						    "message",    "ciphertext",    "signature",   "shared secret",
						    "max message", "overhead",     "expansion",   "key encodings"};
	const cb_result **idx;
	size_t i, j, n = 0;
	size_acc *acc;
	int ranged = 0, forms = 0;

	memset(t, 0, sizeof(*t));
	memcpy(t->head, head, sizeof(head));
	t->show[CB_SCOL_ALG] = t->left[CB_SCOL_ALG] = t->left[CB_SCOL_ENC] = 1;
	if (run->nresults == 0)
		return 0;
	idx = malloc(run->nresults * sizeof(*idx));
	acc = calloc(run->nresults, sizeof(*acc));
	if (!idx || !acc) {
		free(idx);
		free(acc);
		return CB_ERR_NOMEM;
	}
	for (i = 0; i < run->nresults; i++)
		idx[i] = &run->results[i];
	qsort(idx, run->nresults, sizeof(*idx), by_alg);
	for (i = 0; i < run->nresults; i = j) {
		size_acc *a = &acc[n++];
		for (int c = 0; c < CB_NSCOLS; c++)
			a->lo[c] = a->hi[c] = -1;
		a->first = (size_t)(idx[i] - run->results);
		a->msg = -1;
		a->sk_expanded = a->sk_both = -1;
		for (j = i; j < run->nresults && !strcmp(idx[j]->algorithm, idx[i]->algorithm); j++)
			acc_add(a, idx[j]);
	}
	qsort(acc, n, sizeof(*acc), by_first);
	free(idx);

	t->rows = calloc(n, sizeof(*t->rows));
	if (!t->rows) {
		free(acc);
		return CB_ERR_NOMEM;
	}
	for (i = 0; i < n; i++) {
		const size_acc *a = &acc[i];
		cb_size_row *row = &t->rows[t->nrows];
		int any = 0;
		for (int c = CB_SCOL_BITS; c <= CB_SCOL_OVERHEAD; c++) {
			if (c == CB_SCOL_MSG) {
				if (a->lo[c] >= 0)
					cb_fmt_bytes((size_t)a->lo[c], row->cell[c], CB_CELL_MAX);
				else
					snprintf(row->cell[c], CB_CELL_MAX, "-");
				continue;
			}
			range_cell(row->cell[c], a->lo[c], a->hi[c]);
			any |= a->lo[c] >= 0 && c != CB_SCOL_BITS;
			ranged |= a->hi[c] > a->lo[c];
		}
		if (a->sk_expanded >= 0 && a->sk_both >= 0 && a->lo[CB_SCOL_SK] >= 0) {
			/* seed form (exported) / expanded / both */
			size_t l = strlen(row->cell[CB_SCOL_SK]);
			snprintf(row->cell[CB_SCOL_SK] + l, CB_CELL_MAX - l, " / %ld / %ld", a->sk_expanded, a->sk_both);
			forms = 1;
		}
		if (a->expansion > 0)
			snprintf(row->cell[CB_SCOL_EXPANSION], CB_CELL_MAX, "%.3f", a->expansion);
		else
			snprintf(row->cell[CB_SCOL_EXPANSION], CB_CELL_MAX, "-");
		if (!a->enc[0][0] && !a->enc[1][0])
			snprintf(row->cell[CB_SCOL_ENC], CB_CELL_MAX, "-");
		else if (!strcmp(a->enc[0], a->enc[1]))
			snprintf(row->cell[CB_SCOL_ENC], CB_CELL_MAX, "%s", a->enc[0]);
		else
			snprintf(row->cell[CB_SCOL_ENC], CB_CELL_MAX, "%s / %s", a->enc[0][0] ? a->enc[0] : "-",
				 a->enc[1][0] ? a->enc[1] : "-");
		/* An algorithm with no size known gets no row. */
		if (!any)
			continue;
		snprintf(row->cell[CB_SCOL_ALG], CB_CELL_MAX, "%s", run->results[a->first].algorithm);
		t->nrows++;
	}
	free(acc);
	/* Show only the columns some algorithm has a value in, and say what they count. */
	for (i = 0; i < t->nrows; i++)
		for (j = 1; j < CB_NSCOLS; j++)
			if (strcmp(t->rows[i].cell[j], "-") != 0)
				t->show[j] = 1;
	for (j = 1; j < CB_NSCOLS; j++) {
		if (size_note[j] && t->show[j] && t->nnotes < CB_SIZE_NOTES)
			t->note[t->nnotes++] = size_note[j];
		if (j == CB_SCOL_ENC - 1 && ranged && t->nnotes < CB_SIZE_NOTES)
			t->note[t->nnotes++] = range_note;
	}
	if (forms && t->nnotes < CB_SIZE_NOTES)
		t->note[t->nnotes++] = forms_note;
	return 0;
}

void cb_size_tab_free(cb_size_tab *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

void cb_tab_headline(const cb_context *c, char *buf, size_t len)
{
	size_t i, o;
	o = (size_t)snprintf(buf, len, "cryptobench %s | %s (%u core%s)", c->tool_version[0] ? c->tool_version : "?",
			     c->cpu_model[0] ? c->cpu_model : "unknown CPU", c->cores_online,
			     c->cores_online == 1 ? "" : "s");
	for (i = 0; i < c->nlibraries && i < sizeof(c->libraries) / sizeof(c->libraries[0]) && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s-%s", i ? ", " : " | ", c->libraries[i].name,
				      c->libraries[i].version);
	if (o >= len)
		return;
	if (c->counter[0] && strcmp(c->counter, "none") != 0 && c->tsc_hz > 0)
		snprintf(buf + o, len - o, " | counter: %s %.2f GHz", c->counter, c->tsc_hz / 1e9);
	else
		snprintf(buf + o, len - o, " | counter: %s", c->counter[0] ? c->counter : "none");
}

/*
 * The known-answer line, from the first entry of each implementation
 * (algorithm and backend) that ran its known answers.  The entries are
 * grouped by sorting (a results file can be large): by algorithm, then
 * backend, then place in the run.
 */
struct kat_index {
	const cb_result **v; /* first entries of implementations, by algorithm then place */
	size_t n;
	size_t *grp;         /* per entry of v: the index in v where its algorithm's group starts */
	size_t *grp_n;       /* per entry of v: the group's size (backends that measured it) */
};

/* TLS handshakes have no known answers: their gate is what they negotiated (cb_tab_kat_line counts them apart). */
static int kat_eligible(const cb_result *r)
{
	return r->kat[0] && r->status != CB_STATUS_UNAVAILABLE && strcmp(r->kind, "tls") != 0;
}

/* Handshake classes (algorithm and stack) timed, i.e. that negotiated what their names say. */
static size_t tls_gated(const cb_run *run)
{
	size_t n = 0;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		int seen = 0;
		if (strcmp(r->kind, "tls") || r->status != CB_STATUS_OK)
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(run->results[j].kind, "tls") && run->results[j].status == CB_STATUS_OK &&
			       !strcmp(run->results[j].algorithm, r->algorithm) &&
			       !strcmp(run->results[j].backend, r->backend);
		n += !seen;
	}
	return n;
}

static int by_alg_backend_place(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	int c = strcmp(a->algorithm, b->algorithm);
	if (!c)
		c = strcmp(a->backend, b->backend);
	return c ? c : (a > b) - (a < b);
}

static int by_alg_place(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	int c = strcmp(a->algorithm, b->algorithm);
	return c ? c : (a > b) - (a < b);
}

static int by_place(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	return (a > b) - (a < b);
}

static void kat_index_free(struct kat_index *x)
{
	free(x->v);
	free(x->grp);
	free(x->grp_n);
	memset(x, 0, sizeof(*x));
}

static int kat_index_build(struct kat_index *x, const cb_run *run)
{
	size_t n = 0, k = 0, cap = run->nresults ? run->nresults : 1;
	memset(x, 0, sizeof(*x));
	x->v = malloc(cap * sizeof(*x->v));
	x->grp = malloc(cap * sizeof(*x->grp));
	x->grp_n = malloc(cap * sizeof(*x->grp_n));
	if (!x->v || !x->grp || !x->grp_n) {
		kat_index_free(x);
		return CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < run->nresults; i++)
		if (kat_eligible(&run->results[i]))
			x->v[n++] = &run->results[i];
	/* keep the first entry of each implementation */
	qsort(x->v, n, sizeof(*x->v), by_alg_backend_place);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || strcmp(x->v[i]->algorithm, x->v[k - 1]->algorithm) ||
		    strcmp(x->v[i]->backend, x->v[k - 1]->backend))
			x->v[k++] = x->v[i];
	qsort(x->v, k, sizeof(*x->v), by_alg_place);
	for (size_t g = 0; g < k;) {
		size_t e = g + 1;
		while (e < k && !strcmp(x->v[e]->algorithm, x->v[g]->algorithm))
			e++;
		for (size_t i = g; i < e; i++) {
			x->grp[i] = g;
			x->grp_n[i] = e - g;
		}
		g = e;
	}
	x->n = k;
	return 0;
}

/*
 * Append "<lead>name, name (backend, backend), ..." for the implementations
 * with this kat, in the order of the run, each name once; the backends are
 * named when several measured it.
 */
static size_t kat_names(const struct kat_index *x, const char *kat, const char *lead, const char *tail, char *buf,
			size_t len, size_t o)
{
	const cb_result **order;
	size_t m = 0;
	int n = 0;
	/* the algorithms' first entries with this kat, in the run's order */
	order = malloc((x->n ? x->n : 1) * sizeof(*order));
	if (!order)
		return o;
	for (size_t i = 0; i < x->n; i++) {
		int seen = 0;
		if (strcmp(x->v[i]->kat, kat) != 0)
			continue;
		for (size_t j = x->grp[i]; j < i && !seen; j++)
			seen = !strcmp(x->v[j]->kat, kat);
		if (!seen)
			order[m++] = x->v[i];
	}
	qsort(order, m, sizeof(*order), by_place);
	for (size_t a = 0; a < m && o < len; a++) {
		const cb_result *r = order[a];
		size_t i = 0, lo = 0, hi = x->n, nb = 0;
		o += (size_t)snprintf(buf + o, len - o, "%s%s", n++ ? ", " : lead, r->algorithm);
		/* r's place in v: binary search by algorithm then place */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (by_alg_place(&x->v[mid], &r) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		i = lo;
		if (x->grp_n[i] < 2)
			continue;
		for (size_t j = i; j < x->grp[i] + x->grp_n[i] && o < len; j++)
			if (!strcmp(x->v[j]->kat, kat))
				o += (size_t)snprintf(buf + o, len - o, "%s%s", nb++ ? ", " : " (", x->v[j]->backend);
		if (o < len)
			o += (size_t)snprintf(buf + o, len - o, ")");
	}
	free(order);
	if (n && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%s", tail);
	return o;
}

void cb_tab_kat_line(const cb_run *run, char *buf, size_t len)
{
	struct kat_index x;
	size_t npass = 0, o;
	if (!len)
		return;
	buf[0] = 0;
	if (kat_index_build(&x, run) != 0)
		return;
	size_t ntls = tls_gated(run);
	for (size_t i = 0; i < x.n; i++)
		npass += strcmp(x.v[i]->kat, "pass") == 0;
	o = 0;
	if (x.n) {
		o = (size_t)snprintf(buf, len, "known answers: %zu implementation%s passed", npass,
				     npass == 1 ? "" : "s");
		if (o < len)
			o = kat_names(&x, "none", "; none for: ", " (round-trip self-check only)", buf, len, o);
		if (o < len)
			o = kat_names(&x, "fail", "; FAILED: ", "", buf, len, o);
	}
	if (ntls && o < len)
		snprintf(buf + o, len - o, "%sTLS handshakes: %zu negotiated what their names say (version, group, "
			 "signature scheme)", o ? "; " : "", ntls);
	kat_index_free(&x);
}

size_t cb_tab_summary(const cb_run *run, char lines[][CB_LINE_MAX], size_t max)
{
	const cb_context *c = &run->context;
	size_t k = 0, noisy = 0, ok = 0, random = 0, keys_min = 0, keys_max = 0, pinned = 0, heap = 0;
	size_t means = 0, sigs_min = 0, sigs_max = 0;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status != CB_STATUS_OK)
			continue;
		ok++;
		pinned += r->pinned;
		heap += r->allocs_per_op >= 0;
		noisy += r->noisy && !r->random_cost;
		if (mean_cost(r)) {
			if (!means || r->samples < sigs_min)
				sigs_min = r->samples;
			if (r->samples > sigs_max)
				sigs_max = r->samples;
			means++;
		} else if (r->random_cost) {
			if (!random || r->samples < keys_min)
				keys_min = r->samples;
			if (r->samples > keys_max)
				keys_max = r->samples;
			random++;
		}
	}
	if (k < max && c->rounds)
		snprintf(lines[k++], CB_LINE_MAX,
			 "%s%s%u rounds%s, %.3g ms per case each; ±CI: 95%% interval over the rounds; ratio: ops/s over %.128s%s, "
			 "trimmed mean of per-round ratios",
			 !strcmp(c->mode, "quick") ? "quick mode (figures for orientation): " : c->mode,
			 c->mode[0] && strcmp(c->mode, "quick") ? " mode: " : "", c->rounds, c->interleaved ? " in random order" : " (not interleaved)", c->slice_seconds * 1e3,
			 c->baseline[0] ? c->baseline : "the same algorithm on the first backend", c->baseline[0] ? "'s" : "");
	if (k < max && c->partial)
		snprintf(lines[k++], CB_LINE_MAX, "! interrupted: a partial run, the cases have fewer rounds than planned");
	if (k < max && c->nreference && c->reference_spread > CB_DRIFT_WARN)
		snprintf(lines[k++], CB_LINE_MAX,
			 "! the machine drifted: a fixed reference workload varied by %.0f%% (p10-p90) over the rounds; "
			 "absolute figures carry that, paired ratios much less",
			 100 * c->reference_spread);
	{
		cb_load_summary ls;
		cb_context_load(c, &ls);
		/* It mattered: at least a tenth of the rounds disturbed, or steal beyond a twentieth of a CPU. */
		char steal[64] = "";
		if (ls.steal_mean > 0.05)
			snprintf(steal, sizeof(steal), "; the hypervisor stole %.2f of a CPU", ls.steal_mean);
		if (k < max && ls.rounds && ls.busy_rounds * 10 >= ls.rounds)
			snprintf(lines[k++], CB_LINE_MAX,
				 "! other processes used %.1f of a CPU during %.0f%% of the rounds%s: figures from such "
				 "rounds carry it, paired ratios less (per-round flags in the JSON)",
				 ls.others_busy, 100.0 * (double)ls.busy_rounds / (double)ls.rounds, steal);
		else if (k < max && steal[0])
			snprintf(lines[k++], CB_LINE_MAX, "! %s over the run: absolute figures carry it", steal + 2);
	}
	if (k < max && noisy)
		snprintf(lines[k++], CB_LINE_MAX, "! %zu of %zu cases missed the ±%.1f%% target (marked !; reasons with --verbose and in the JSON)",
			 noisy, ok, 100 * c->precision_target);
	if (k < max && random) {
		char keys[48];
		if (keys_min == keys_max)
			snprintf(keys, sizeof(keys), "%zu", keys_min);
		else
			snprintf(keys, sizeof(keys), "%zu-%zu", keys_min, keys_max);
		snprintf(lines[k++], CB_LINE_MAX,
			 "* RSA key generation costs a random amount by nature (the prime search): the median of %s keys, "
			 "not marked as noise; p5-p95 with --verbose and in the JSON",
			 keys);
	}
	if (k < max && means) {
		char sigs[48];
		if (sigs_min == sigs_max)
			snprintf(sigs, sizeof(sigs), "%zu", sigs_min);
		else
			snprintf(sigs, sizeof(sigs), "%zu-%zu", sigs_min, sigs_max);
		snprintf(lines[k++], CB_LINE_MAX,
			 "* ML-DSA signing repeats a rejection loop (a random cost by design): its ops/s, latency and "
			 "ratio are the MEAN of %s signatures (what a server pays; a ratio of means), not noise; median, "
			 "p5/p95/p99 with --verbose and in the JSON",
			 sigs);
	}
	if (k < max && c->peak_rss_bytes > 0 && heap)
		snprintf(lines[k++], CB_LINE_MAX,
			 "peak resident set of the whole run: %.1f MiB (every library loaded and every case prepared); "
			 "heap and RSS growth per case in the JSON",
			 c->peak_rss_bytes / 1048576);
	if (k < max && pinned)
		snprintf(lines[k++], CB_LINE_MAX,
			 "thr Np: N workers, worker i pinned to the i-th CPU the run may use (--pin-workers); N alone: "
			 "the scheduler places them");
	return k;
}
