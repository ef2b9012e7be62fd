/*
 * The JSON run file (docs/SCHEMA.md).  Numbers that have no meaning, and
 * any NaN or infinity, are written as null: JSON has no NaN.
 */
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "report_int.h"

/*
 * 15 significant digits: every figure written with at most 15 digits reads
 * back as the same double, and measured values are never that precise, so
 * nothing is lost while 0.1 stays "0.1" rather than "0.10000000000000001".
 */
#define CB_JSON_DIGITS 15

static json_t *real_or_null(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* null when v is 0 (the record's "not measured / not applicable"). */
static json_t *real_nz(double v)
{
	return v != 0 ? real_or_null(v) : json_null();
}

static json_t *size_or_null(long v)
{
	return v >= 0 ? json_integer(v) : json_null();
}

/* json_object_set_new with a NULL check on v: any failure is remembered. */
static void put(json_t *o, const char *k, json_t *v, int *err)
{
	if (!v || json_object_set_new(o, k, v) != 0)
		*err = 1;
}

static json_t *summary_json(const cb_summary *s)
{
	json_t *o = json_object();
	int err = 0;
	if (!o)
		return NULL;
	put(o, "median", real_or_null(s->median), &err);
	put(o, "mean", real_or_null(s->mean), &err);
	put(o, "stddev", real_or_null(s->stddev), &err);
	put(o, "min", real_or_null(s->min), &err);
	put(o, "max", real_or_null(s->max), &err);
	put(o, "p5", real_or_null(s->p5), &err);
	put(o, "p95", real_or_null(s->p95), &err);
	put(o, "p99", real_or_null(s->p99), &err);
	put(o, "ci95_low", real_or_null(s->ci95_low), &err);
	put(o, "ci95_high", real_or_null(s->ci95_high), &err);
	put(o, "mad", real_or_null(s->mad), &err);
	put(o, "n", json_integer((json_int_t)s->n), &err);
	put(o, "outliers", json_integer((json_int_t)s->outliers), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* A series of per-round values; NaN (no slice that round) is null. */
static json_t *series_json(const double *v, size_t n)
{
	json_t *a = json_array();
	if (!a)
		return NULL;
	for (size_t i = 0; i < n && i < CB_ROUNDS_MAX; i++)
		if (json_array_append_new(a, real_or_null(v[i])) != 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

static json_t *estimate_json(const cb_result *r)
{
	json_t *o = json_object();
	int err = 0;
	if (!o)
		return NULL;
	put(o, "ns_per_op", real_nz(r->estimate_ns), &err);
	put(o, "ci95_low", real_nz(r->estimate_low), &err);
	put(o, "ci95_high", real_nz(r->estimate_high), &err);
	put(o, "method", json_string(r->method), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *sizes_json(const cb_sizes *z)
{
	json_t *o = json_object();
	int err = 0;
	if (!o)
		return NULL;
	put(o, "public_key", size_or_null(z->public_key), &err);
	put(o, "secret_key", size_or_null(z->secret_key), &err);
	put(o, "ciphertext", size_or_null(z->ciphertext), &err);
	put(o, "signature", size_or_null(z->signature), &err);
	put(o, "shared_secret", size_or_null(z->shared_secret), &err);
	put(o, "overhead", size_or_null(z->overhead), &err);
	put(o, "secret_key_max", size_or_null(z->secret_key_max), &err);
	put(o, "ciphertext_max", size_or_null(z->ciphertext_max), &err);
	put(o, "signature_max", size_or_null(z->signature_max), &err);
	put(o, "samples", size_or_null(z->samples), &err);
	put(o, "keys", size_or_null(z->keys), &err);
	put(o, "max_message", size_or_null(z->max_message), &err);
	put(o, "key_bits", size_or_null(z->key_bits), &err);
	/* written only for TLS handshakes, so that older readers' files stay as they were */
	if (z->handshake_client >= 0)
		put(o, "handshake_client", json_integer(z->handshake_client), &err);
	if (z->handshake_server >= 0)
		put(o, "handshake_server", json_integer(z->handshake_server), &err);
	if (z->client_hello >= 0)
		put(o, "client_hello", json_integer(z->client_hello), &err);
	if (z->secret_key_expanded >= 0)
		put(o, "secret_key_expanded", size_or_null(z->secret_key_expanded), &err);
	if (z->secret_key_both >= 0)
		put(o, "secret_key_both", size_or_null(z->secret_key_both), &err);
	if (z->public_encoding[0])
		put(o, "public_key_encoding", json_string(z->public_encoding), &err);
	if (z->secret_encoding[0])
		put(o, "secret_key_encoding", json_string(z->secret_encoding), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* "hybrid": the combiner's cost against the hybrid's parts (docs/SCHEMA.md), or null. */
static json_t *hybrid_json(const cb_run *run, const cb_result *r)
{
	const cb_result *parts[8];
	size_t n;
	double sum, comb;
	json_t *o, *a;
	int err = 0;

	if (!run || !cb_hybrid_breakdown(run, r, parts, 8, &n, &sum, &comb))
		return json_null();
	o = json_object();
	a = json_array();
	if (!o || !a) {
		json_decref(o);
		json_decref(a);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		json_t *p = json_object();
		if (!p || json_array_append_new(a, p) != 0) {
			json_decref(p);
			err = 1;
			break;
		}
		put(p, "algorithm", json_string(parts[i]->algorithm), &err);
		put(p, "operation", json_string(parts[i]->operation), &err);
		put(p, "backend", json_string(parts[i]->backend), &err);
		put(p, "ns", json_real(parts[i]->estimate_ns > 0 ? parts[i]->estimate_ns : parts[i]->ns.median), &err);
	}
	put(o, "parts", a, &err);
	put(o, "parts_ns", json_real(sum), &err);
	put(o, "combiner_ns", json_real(comb), &err);
	put(o, "combiner_share", json_real(comb / (sum + comb)), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* "wire": a KEM's or key agreement's bytes on the wire, or null. */
static json_t *wire_json(const cb_result *r)
{
	long client, server;
	json_t *o;
	int err = 0;
	if (!cb_wire_bytes(r, &client, &server))
		return json_null();
	if (!(o = json_object()))
		return NULL;
	put(o, "client_share", json_integer((json_int_t)client), &err);
	put(o, "server_share", json_integer((json_int_t)server), &err);
	put(o, "total", json_integer((json_int_t)(client + server)), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *result_json(const cb_result *r, const cb_context *c, const cb_run *run)
{
	json_t *o = json_object();
	int ok = r->status == CB_STATUS_OK;
	int err = 0;
	if (!o)
		return NULL;
	put(o, "algorithm", json_string(r->algorithm), &err);
	put(o, "kind", json_string(r->kind), &err);
	put(o, "family", json_string(r->family), &err);
	put(o, "backend", json_string(r->backend), &err);
	put(o, "implementation", json_string(r->implementation), &err);
	put(o, "description", json_string(r->description), &err);
	put(o, "operation", json_string(r->operation), &err);
	put(o, "message_bytes", json_integer((json_int_t)r->message_bytes), &err);
	put(o, "threads", json_integer((json_int_t)r->threads), &err);
	put(o, "pinned", json_boolean(r->pinned), &err);
	put(o, "status", json_string(cb_status_name(r->status)), &err);
	put(o, "left_out", json_boolean(r->left_out), &err);
	put(o, "error", json_string(r->error), &err);
	put(o, "kat", r->kat[0] ? json_string(r->kat) : json_null(), &err);
	put(o, "samples", json_integer((json_int_t)r->samples), &err);
	put(o, "batch", json_integer((json_int_t)r->batch), &err);
	put(o, "total_ops", json_integer((json_int_t)r->total_ops), &err);
	put(o, "seconds", real_or_null(r->seconds), &err);
	put(o, "estimate", ok ? estimate_json(r) : json_null(), &err);
	put(o, "random_cost", json_boolean(r->random_cost), &err);
	put(o, "rounds", ok ? series_json(r->rounds, r->nrounds) : json_array(), &err);
	put(o, "ns_per_op", ok ? summary_json(&r->ns) : json_null(), &err);
	/* 0 is "not recorded" (an absent member): written as null, so that it reads back */
	put(o, "ops_per_sec", ok && r->ops_per_sec > 0 ? real_or_null(r->ops_per_sec) : json_null(), &err);
	put(o, "bytes_per_sec", ok && r->message_bytes ? real_or_null(r->bytes_per_sec) : json_null(), &err);
	put(o, "cycles_per_op",
	    ok && strcmp(c->counter, "none") != 0 ? real_nz(r->cycles_per_op) : json_null(), &err);
	put(o, "precision", ok ? real_or_null(r->precision) : json_null(), &err);
	put(o, "scaling", ok ? real_nz(r->scaling) : json_null(), &err);
	put(o, "noisy", json_boolean(r->noisy), &err);
	put(o, "noise", json_string(r->noise), &err);
	put(o, "sizes", sizes_json(&r->sizes), &err);
	put(o, "expansion", real_nz(r->expansion), &err);
	put(o, "notes", json_string(r->notes), &err);
	put(o, "security_classical", json_integer(r->security_classical), &err);
	put(o, "security_quantum", json_integer(r->security_quantum), &err);
	put(o, "allocs_per_op", r->allocs_per_op >= 0 ? json_real(r->allocs_per_op) : json_null(), &err);
	put(o, "alloc_bytes_per_op", r->alloc_bytes_per_op >= 0 ? json_real(r->alloc_bytes_per_op) : json_null(), &err);
	put(o, "rss_growth_bytes", r->rss_growth_bytes >= 0 ? json_real(r->rss_growth_bytes) : json_null(), &err);
	put(o, "hybrid", hybrid_json(run, r), &err);
	put(o, "wire", wire_json(r), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *schedule_json(const cb_context *c)
{
	json_t *o = json_object();
	int err = 0;
	if (!o)
		return NULL;
	put(o, "rounds", json_integer(c->rounds), &err);
	put(o, "interleaved", json_boolean(c->interleaved), &err);
	put(o, "slice_seconds", real_or_null(c->slice_seconds), &err);
	put(o, "baseline", json_string(c->baseline), &err);
	put(o, "partial", json_boolean(c->partial), &err);
	put(o, "mode", c->mode[0] ? json_string(c->mode) : json_null(), &err);
	if (c->lockstep[0])
		put(o, "lockstep", json_string(c->lockstep), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/*
 * What else the machine did, per round (omitted when the run has no
 * readings): CPUs used by other processes and stolen, runnable tasks, and
 * whether the round counts as disturbed (cb_context_round_busy).
 */
static json_t *load_json(const cb_context *c)
{
	json_t *o = json_object(), *runq = json_array(), *busy = json_array();
	cb_load_summary s;
	int err = 0;
	if (!o || !runq || !busy) {
		json_decref(o);
		json_decref(runq);
		json_decref(busy);
		return NULL;
	}
	cb_context_load(c, &s);
	for (size_t r = 0; r < c->nload && r < CB_ROUNDS_MAX; r++) {
		err |= json_array_append_new(runq, json_integer(c->load_runnable[r])) != 0;
		err |= json_array_append_new(busy, json_boolean(cb_context_round_busy(c, r))) != 0;
	}
	put(o, "others_cpu", series_json(c->load_others, c->nload), &err);
	put(o, "steal_cpu", series_json(c->load_steal, c->nload), &err);
	put(o, "runnable", runq, &err);
	put(o, "busy", busy, &err);
	put(o, "busy_threshold_cpu", json_real(CB_LOAD_BUSY_CPU), &err);
	put(o, "busy_rounds", json_integer((json_int_t)s.busy_rounds), &err);
	put(o, "others_cpu_mean", json_real(s.others_mean), &err);
	put(o, "steal_cpu_mean", json_real(s.steal_mean), &err);
	put(o, "cpu_mhz", real_nz(c->cpu_mhz), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *reference_json(const cb_context *c)
{
	json_t *o = json_object();
	int err = 0;
	if (!o)
		return NULL;
	put(o, "workload", json_string(c->reference_workload), &err);
	put(o, "median_ns", real_nz(c->reference_median_ns), &err);
	put(o, "spread", real_or_null(c->reference_spread), &err);
	put(o, "rounds", series_json(c->reference, c->nreference), &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* What the suite says of itself: null when it said nothing. */
static json_t *suite_json(const cb_context *c)
{
	json_t *o, *pub, *sc;
	int err = 0;
	if (!c->title[0] && !c->question[0] && !c->source[0] && !c->npublished && !c->security_table && !c->nscenarios)
		return json_null();
	o = json_object();
	pub = json_array();
	sc = json_array();
	if (!o || !pub || !sc) {
		json_decref(o);
		json_decref(pub);
		json_decref(sc);
		return NULL;
	}
	for (size_t i = 0; i < c->nscenarios && i < CB_SCENARIO_MAX; i++) {
		char buf[CB_SCENARIO_TEXT_MAX];
		cb_scenario_format(&c->scenarios[i], buf, sizeof(buf));
		if (json_array_append_new(sc, json_string(buf)) != 0)
			err = 1;
	}
	for (size_t i = 0; i < c->npublished && i < CB_PUBLISHED_MAX; i++) {
		char buf[256];
		cb_published_format(&c->published[i], buf, sizeof(buf));
		if (json_array_append_new(pub, json_string(buf)) != 0)
			err = 1;
	}
	put(o, "title", json_string(c->title), &err);
	put(o, "question", json_string(c->question), &err);
	put(o, "source", json_string(c->source), &err);
	put(o, "published", pub, &err);
	put(o, "security_table", json_boolean(c->security_table), &err);
	put(o, "scenarios", sc, &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *context_json(const cb_context *c)
{
	json_t *o = json_object(), *libs = json_array();
	size_t i, nlib = c->nlibraries;
	int err = 0;
	if (!o || !libs) {
		json_decref(o);
		json_decref(libs);
		return NULL;
	}
	if (nlib > sizeof(c->libraries) / sizeof(c->libraries[0]))
		nlib = sizeof(c->libraries) / sizeof(c->libraries[0]);
	put(o, "tool_version", json_string(c->tool_version), &err);
	put(o, "timestamp", json_string(c->timestamp), &err);
	put(o, "hostname", json_string(c->hostname), &err);
	put(o, "cpu_model", json_string(c->cpu_model), &err);
	put(o, "cpu_flags", json_string(c->cpu_flags), &err);
	put(o, "cores_online", json_integer(c->cores_online), &err);
	put(o, "counter", json_string(c->counter), &err);
	put(o, "tsc_hz", real_nz(c->tsc_hz), &err);
	put(o, "kernel", json_string(c->kernel), &err);
	put(o, "compiler", json_string(c->compiler), &err);
	put(o, "cflags", json_string(c->cflags), &err);
	put(o, "build_type", json_string(c->build_type), &err);
	put(o, "pinning", json_string(c->pinning), &err);
	put(o, "time_budget", real_or_null(c->time_budget), &err);
	put(o, "precision_target", real_or_null(c->precision_target), &err);
	put(o, "timer_resolution_ns", real_or_null(c->timer_resolution_ns), &err);
	put(o, "overhead_ns", real_or_null(c->overhead_ns), &err);
	put(o, "peak_rss_bytes", real_nz(c->peak_rss_bytes), &err);
	put(o, "schedule", schedule_json(c), &err);
	put(o, "reference", reference_json(c), &err);
	if (c->nload)
		put(o, "load", load_json(c), &err);
	put(o, "suite", suite_json(c), &err);
	for (i = 0; i < nlib; i++) {
		json_t *l = json_object();
		if (!l) {
			err = 1;
			break;
		}
		put(l, "name", json_string(c->libraries[i].name), &err);
		put(l, "version", json_string(c->libraries[i].version), &err);
		if (json_array_append_new(libs, l) != 0)
			err = 1;
	}
	put(o, "libraries", libs, &err);
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int cb_write_json(FILE *f, const cb_run *run)
{
	json_t *doc = json_object(), *results = json_array();
	size_t i;
	int err = 0, r = 0;
	if (!doc || !results) {
		json_decref(doc);
		json_decref(results);
		return CB_ERR_NOMEM;
	}
	put(doc, "schema_version", json_integer(CB_SCHEMA_VERSION), &err);
	put(doc, "tool", json_string("cryptobench"), &err);
	put(doc, "context", context_json(&run->context), &err);
	for (i = 0; i < run->nresults && !err; i++) {
		json_t *o = result_json(&run->results[i], &run->context, run);
		if (!o || json_array_append_new(results, o) != 0)
			err = 1;
	}
	put(doc, "results", results, &err);
	/* json_string() gives NULL for text that is not UTF-8, too; call it a format error. */
	if (err)
		r = CB_ERR_FORMAT;
	else if (json_dumpf(doc, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(CB_JSON_DIGITS)) != 0 ||
		 fputc('\n', f) == EOF)
		r = CB_ERR_IO;
	json_decref(doc);
	return r;
}
