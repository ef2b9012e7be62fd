/*
 * CSV (RFC 4180): one header row, then one row per result with every scalar
 * field of the record flattened.  No context: CSV has no place for it that
 * every reader accepts, and the JSON file carries it.  Empty field = null
 * under the JSON rules (docs/SCHEMA.md).
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "report_int.h"

static const char *const csv_head[] = {
	"algorithm", "kind", "family", "backend", "implementation", "description", "operation",
	"message_bytes", "threads", "status", "error", "samples", "batch", "total_ops", "seconds",
	"ns_n", "ns_median", "ns_mean", "ns_stddev", "ns_min", "ns_max", "ns_p5", "ns_p95", "ns_p99",
	"ns_ci95_low", "ns_ci95_high", "ns_mad", "ns_outliers", "ops_per_sec", "bytes_per_sec",
	"cycles_per_op", "precision", "scaling", "noisy", "noise", "sizes_public_key",
	"sizes_secret_key", "sizes_ciphertext", "sizes_signature", "sizes_shared_secret",
	"sizes_overhead", "expansion", "notes", "security_classical", "security_quantum",
	"kat", "estimate_ns", "estimate_ci95_low", "estimate_ci95_high", "method", "random_cost", "rounds",
	"allocs_per_op", "alloc_bytes_per_op", "pinned",
};

typedef struct csv_out {
	FILE *f;
	int first;
} csv_out;

static void sep(csv_out *o)
{
	if (!o->first)
		fputc(',', o->f);
	o->first = 0;
}

static void csv_str(csv_out *o, const char *s)
{
	sep(o);
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, o->f);
		return;
	}
	fputc('"', o->f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', o->f);
		fputc(*s, o->f);
	}
	fputc('"', o->f);
}

static void csv_u64(csv_out *o, uint64_t v)
{
	sep(o);
	fprintf(o->f, "%" PRIu64, v);
}

static void csv_int(csv_out *o, long v)
{
	sep(o);
	fprintf(o->f, "%ld", v);
}

/* The same 15 significant digits as the JSON writer; "" for null. */
static void csv_real(csv_out *o, double v, int present)
{
	sep(o);
	if (present && isfinite(v))
		fprintf(o->f, "%.15g", v);
}

static void csv_size(csv_out *o, long v)
{
	sep(o);
	if (v >= 0)
		fprintf(o->f, "%ld", v);
}

static void csv_row(FILE *f, const cb_result *r, const cb_context *c)
{
	csv_out o = {f, 1};
	int ok = r->status == CB_STATUS_OK;
	int cycles = ok && strcmp(c->counter, "none") != 0 && r->cycles_per_op != 0;
	csv_str(&o, r->algorithm);
	csv_str(&o, r->kind);
	csv_str(&o, r->family);
	csv_str(&o, r->backend);
	csv_str(&o, r->implementation);
	csv_str(&o, r->description);
	csv_str(&o, r->operation);
	csv_u64(&o, r->message_bytes);
	csv_u64(&o, r->threads);
	csv_str(&o, cb_status_name(r->status));
	csv_str(&o, r->error);
	csv_u64(&o, r->samples);
	csv_u64(&o, r->batch);
	csv_u64(&o, r->total_ops);
	csv_real(&o, r->seconds, 1);
	if (ok)
		csv_u64(&o, r->ns.n);
	else
		sep(&o);
	csv_real(&o, r->ns.median, ok);
	csv_real(&o, r->ns.mean, ok);
	csv_real(&o, r->ns.stddev, ok);
	csv_real(&o, r->ns.min, ok);
	csv_real(&o, r->ns.max, ok);
	csv_real(&o, r->ns.p5, ok);
	csv_real(&o, r->ns.p95, ok);
	csv_real(&o, r->ns.p99, ok);
	csv_real(&o, r->ns.ci95_low, ok);
	csv_real(&o, r->ns.ci95_high, ok);
	csv_real(&o, r->ns.mad, ok);
	if (ok)
		csv_u64(&o, r->ns.outliers);
	else
		sep(&o);
	csv_real(&o, r->ops_per_sec, ok);
	csv_real(&o, r->bytes_per_sec, ok && r->message_bytes);
	csv_real(&o, r->cycles_per_op, cycles);
	csv_real(&o, r->precision, ok);
	csv_real(&o, r->scaling, ok && r->scaling != 0);
	csv_str(&o, r->noisy ? "true" : "false");
	csv_str(&o, r->noise);
	csv_size(&o, r->sizes.public_key);
	csv_size(&o, r->sizes.secret_key);
	csv_size(&o, r->sizes.ciphertext);
	csv_size(&o, r->sizes.signature);
	csv_size(&o, r->sizes.shared_secret);
	csv_size(&o, r->sizes.overhead);
	csv_real(&o, r->expansion, r->expansion != 0);
	csv_str(&o, r->notes);
	csv_int(&o, r->security_classical);
	csv_int(&o, r->security_quantum);
	csv_str(&o, r->kat);
	csv_real(&o, r->estimate_ns, ok && r->estimate_ns > 0);
	csv_real(&o, r->estimate_low, ok && r->estimate_ns > 0);
	csv_real(&o, r->estimate_high, ok && r->estimate_ns > 0);
	csv_str(&o, r->method);
	csv_str(&o, r->random_cost ? "true" : "false");
	if (ok)
		csv_u64(&o, r->nrounds);
	else
		sep(&o);
	csv_real(&o, r->allocs_per_op, r->allocs_per_op >= 0);
	csv_real(&o, r->alloc_bytes_per_op, r->alloc_bytes_per_op >= 0);
	csv_str(&o, r->pinned ? "true" : "false");
	/* RFC 4180 ends records with CRLF; most tools accept LF, and so do we. */
	fputc('\n', f);
}

int cb_write_csv(FILE *f, const cb_run *run)
{
	csv_out o = {f, 1};
	size_t i;
	for (i = 0; i < sizeof(csv_head) / sizeof(csv_head[0]); i++)
		csv_str(&o, csv_head[i]);
	fputc('\n', f);
	for (i = 0; i < run->nresults; i++)
		csv_row(f, &run->results[i], &run->context);
	return ferror(f) ? CB_ERR_IO : 0;
}
