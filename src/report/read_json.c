/*
 * Read back a run written by write_json.c.  Unknown members are ignored and
 * missing optional members keep their defaults, so files from newer tools
 * with additive changes still read (docs/SCHEMA.md, versioning).
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "core/util.h"
#include "report_int.h"

/*
 * The first member found wrong, for the error message: the helpers name it
 * here, the callers add where it was (thread-local: readers may run in
 * several threads at once).
 */
static _Thread_local const char *bad_member;

static int bad(const char *k)
{
	if (!bad_member)
		bad_member = k;
	return CB_ERR_FORMAT;
}

/*
 * The get_* helpers leave *dst as it is (the record's default) when the
 * member is absent or null, except where said.
 */

/*
 * Copy a string member; null is not a string.  Too long: truncated at the
 * last whole UTF-8 character that fits (jansson has checked the encoding).
 */
static int get_str(const json_t *o, const char *k, char *dst, size_t cap)
{
	const json_t *v = json_object_get(o, k);
	if (!v)
		return 0;
	if (!json_is_string(v))
		return bad(k);
	cb_utf8_copy(dst, cap, json_string_value(v));
	return 0;
}

/* A number member; absent or null reads as dflt. */
static int get_real(const json_t *o, const char *k, double *dst, double dflt)
{
	const json_t *v = json_object_get(o, k);
	if (!v || json_is_null(v)) {
		*dst = dflt;
		return 0;
	}
	if (!json_is_number(v))
		return bad(k);
	*dst = json_number_value(v);
	return 0;
}

/* A non-negative integer member: 1 when present, 0 when absent, or an error. */
static int get_uint_present(const json_t *o, const char *k, uint64_t *dst)
{
	const json_t *v = json_object_get(o, k);
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return bad(k);
	*dst = (uint64_t)json_integer_value(v);
	return 1;
}

static int get_uint(const json_t *o, const char *k, uint64_t *dst)
{
	int r = get_uint_present(o, k, dst);
	return r < 0 ? r : 0;
}

static int get_size(const json_t *o, const char *k, size_t *dst)
{
	uint64_t u;
	int r = get_uint_present(o, k, &u);
	if (r <= 0)
		return r;
	if (u > SIZE_MAX)
		return bad(k);
	*dst = (size_t)u;
	return 0;
}

static int get_unsigned(const json_t *o, const char *k, unsigned *dst)
{
	uint64_t u;
	int r = get_uint_present(o, k, &u);
	if (r <= 0)
		return r;
	if (u > UINT32_MAX)
		return bad(k);
	*dst = (unsigned)u;
	return 0;
}

static int get_int(const json_t *o, const char *k, int *dst)
{
	const json_t *v = json_object_get(o, k);
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN || json_integer_value(v) > INT32_MAX)
		return bad(k);
	*dst = (int)json_integer_value(v);
	return 0;
}

/* A size in bytes: null or absent is -1 (not applicable). */
static int get_sizeval(const json_t *o, const char *k, long *dst)
{
	const json_t *v = json_object_get(o, k);
	*dst = -1;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > INT32_MAX)
		return bad(k);
	*dst = (long)json_integer_value(v);
	return 0;
}

/* An optional object member: absent or null gives NULL and 0. */
static int get_obj(const json_t *o, const char *k, const json_t **dst)
{
	const json_t *v = json_object_get(o, k);
	*dst = NULL;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_object(v))
		return bad(k);
	*dst = v;
	return 0;
}

static int parse_status(const json_t *o, cb_status *st)
{
	const json_t *v = json_object_get(o, "status");
	static const cb_status all[] = {CB_STATUS_OK, CB_STATUS_FAILED_SELFCHECK, CB_STATUS_UNAVAILABLE,
					CB_STATUS_UNSUPPORTED, CB_STATUS_ERROR};
	size_t i;
	if (!json_is_string(v))
		return bad("status");
	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		if (strcmp(json_string_value(v), cb_status_name(all[i])) == 0) {
			*st = all[i];
			return 0;
		}
	}
	return bad("status");
}

static int parse_summary(const json_t *o, cb_summary *s)
{
	int e = 0;
	memset(s, 0, sizeof(*s));
	if (!o)
		return 0;
	e |= get_real(o, "median", &s->median, 0);
	e |= get_real(o, "mean", &s->mean, 0);
	e |= get_real(o, "stddev", &s->stddev, 0);
	e |= get_real(o, "min", &s->min, 0);
	e |= get_real(o, "max", &s->max, 0);
	e |= get_real(o, "p5", &s->p5, 0);
	e |= get_real(o, "p95", &s->p95, 0);
	e |= get_real(o, "p99", &s->p99, 0);
	e |= get_real(o, "ci95_low", &s->ci95_low, 0);
	e |= get_real(o, "ci95_high", &s->ci95_high, 0);
	e |= get_real(o, "mad", &s->mad, 0);
	e |= get_size(o, "n", &s->n);
	e |= get_size(o, "outliers", &s->outliers);
	return e ? CB_ERR_FORMAT : 0;
}

static int parse_sizes(const json_t *o, cb_sizes *z)
{
	int e = 0;
	e |= get_sizeval(o, "public_key", &z->public_key);
	e |= get_sizeval(o, "secret_key", &z->secret_key);
	e |= get_sizeval(o, "ciphertext", &z->ciphertext);
	e |= get_sizeval(o, "signature", &z->signature);
	e |= get_sizeval(o, "shared_secret", &z->shared_secret);
	e |= get_sizeval(o, "overhead", &z->overhead);
	e |= get_sizeval(o, "secret_key_max", &z->secret_key_max);
	e |= get_sizeval(o, "ciphertext_max", &z->ciphertext_max);
	e |= get_sizeval(o, "signature_max", &z->signature_max);
	e |= get_sizeval(o, "samples", &z->samples);
	e |= get_sizeval(o, "keys", &z->keys);
	e |= get_sizeval(o, "max_message", &z->max_message);
	e |= get_sizeval(o, "key_bits", &z->key_bits);
	e |= get_sizeval(o, "secret_key_expanded", &z->secret_key_expanded);
	e |= get_sizeval(o, "secret_key_both", &z->secret_key_both);
	e |= get_str(o, "public_key_encoding", z->public_encoding, sizeof(z->public_encoding));
	e |= get_str(o, "secret_key_encoding", z->secret_encoding, sizeof(z->secret_encoding));
	return e ? CB_ERR_FORMAT : 0;
}

/* A series of numbers or nulls (NaN); at most CB_ROUNDS_MAX are kept. */
static int get_series(const json_t *o, const char *k, double *dst, size_t *n)
{
	const json_t *a = json_object_get(o, k);
	*n = 0;
	if (!a || json_is_null(a))
		return 0;
	if (!json_is_array(a) || json_array_size(a) > CB_ROUNDS_MAX)
		return bad(k);
	for (size_t i = 0; i < json_array_size(a); i++) {
		const json_t *v = json_array_get(a, i);
		if (json_is_null(v))
			dst[i] = NAN;
		else if (json_is_number(v))
			dst[i] = json_number_value(v);
		else
			return bad(k);
	}
	*n = json_array_size(a);
	return 0;
}

static int get_bool(const json_t *o, const char *k, int *dst)
{
	const json_t *v = json_object_get(o, k);
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_boolean(v))
		return bad(k);
	*dst = json_is_true(v);
	return 0;
}

/*
 * Version 1 files have no estimate: the median over the samples, with its
 * interval, stands for it (threads > 1: from the throughput, the interval's
 * relative width carried over).
 */
static void estimate_from_v1(cb_result *r)
{
	if (r->status != CB_STATUS_OK)
		return;
	snprintf(r->method, sizeof(r->method), "samples");
	if (r->threads <= 1 || r->ops_per_sec <= 0) {
		r->estimate_ns = r->ns.median;
		r->estimate_low = r->ns.ci95_low;
		r->estimate_high = r->ns.ci95_high;
		return;
	}
	r->estimate_ns = 1e9 / r->ops_per_sec;
	if (r->ns.median > 0) {
		r->estimate_low = r->estimate_ns * r->ns.ci95_low / r->ns.median;
		r->estimate_high = r->estimate_ns * r->ns.ci95_high / r->ns.median;
	}
}

static int parse_result(const json_t *o, cb_result *r, int version)
{
	const json_t *ns, *sizes, *noisy, *est;
	int e = 0;
	cb_result_init(r);
	if (!json_is_object(o))
		return bad("");
	if (!json_is_string(json_object_get(o, "algorithm")))
		return bad("algorithm");
	if (!json_is_string(json_object_get(o, "operation")))
		return bad("operation");
	e |= get_str(o, "algorithm", r->algorithm, sizeof(r->algorithm));
	e |= get_str(o, "kind", r->kind, sizeof(r->kind));
	e |= get_str(o, "family", r->family, sizeof(r->family));
	e |= get_str(o, "backend", r->backend, sizeof(r->backend));
	e |= get_str(o, "implementation", r->implementation, sizeof(r->implementation));
	e |= get_str(o, "description", r->description, sizeof(r->description));
	e |= get_str(o, "operation", r->operation, sizeof(r->operation));
	e |= get_size(o, "message_bytes", &r->message_bytes);
	e |= get_unsigned(o, "threads", &r->threads);
	e |= get_bool(o, "pinned", &r->pinned);
	e |= parse_status(o, &r->status);
	e |= get_str(o, "error", r->error, sizeof(r->error));
	if (!json_is_null(json_object_get(o, "kat")))
		e |= get_str(o, "kat", r->kat, sizeof(r->kat));
	e |= get_size(o, "samples", &r->samples);
	e |= get_uint(o, "batch", &r->batch);
	e |= get_uint(o, "total_ops", &r->total_ops);
	e |= get_real(o, "seconds", &r->seconds, 0);
	e |= get_obj(o, "ns_per_op", &ns);
	e |= parse_summary(ns, &r->ns);
	e |= get_real(o, "ops_per_sec", &r->ops_per_sec, 0);
	e |= get_real(o, "bytes_per_sec", &r->bytes_per_sec, 0);
	e |= get_real(o, "cycles_per_op", &r->cycles_per_op, 0);
	e |= get_real(o, "precision", &r->precision, 0);
	e |= get_real(o, "scaling", &r->scaling, 0);
	noisy = json_object_get(o, "noisy");
	if (noisy && !json_is_boolean(noisy))
		e |= bad("noisy");
	r->noisy = json_is_true(noisy);
	e |= get_str(o, "noise", r->noise, sizeof(r->noise));
	e |= get_obj(o, "sizes", &sizes);
	if (sizes)
		e |= parse_sizes(sizes, &r->sizes);
	e |= get_real(o, "expansion", &r->expansion, 0);
	e |= get_str(o, "notes", r->notes, sizeof(r->notes));
	e |= get_int(o, "security_classical", &r->security_classical);
	e |= get_int(o, "security_quantum", &r->security_quantum);
	e |= get_real(o, "allocs_per_op", &r->allocs_per_op, -1);
	e |= get_real(o, "alloc_bytes_per_op", &r->alloc_bytes_per_op, -1);
	e |= get_real(o, "rss_growth_bytes", &r->rss_growth_bytes, -1);
	if (version < 2) {
		estimate_from_v1(r);
		return e ? CB_ERR_FORMAT : 0;
	}
	e |= get_obj(o, "estimate", &est);
	if (est) {
		e |= get_real(est, "ns_per_op", &r->estimate_ns, 0);
		e |= get_real(est, "ci95_low", &r->estimate_low, 0);
		e |= get_real(est, "ci95_high", &r->estimate_high, 0);
		e |= get_str(est, "method", r->method, sizeof(r->method));
	}
	e |= get_bool(o, "random_cost", &r->random_cost);
	e |= get_series(o, "rounds", r->rounds, &r->nrounds);
	return e ? CB_ERR_FORMAT : 0;
}

static int parse_context(const json_t *o, cb_context *c)
{
	const json_t *libs, *sched, *ref, *suite;
	int e = 0;
	if (!json_is_object(o))
		return bad("");
	e |= get_str(o, "tool_version", c->tool_version, sizeof(c->tool_version));
	e |= get_str(o, "timestamp", c->timestamp, sizeof(c->timestamp));
	e |= get_str(o, "hostname", c->hostname, sizeof(c->hostname));
	e |= get_str(o, "cpu_model", c->cpu_model, sizeof(c->cpu_model));
	e |= get_str(o, "cpu_flags", c->cpu_flags, sizeof(c->cpu_flags));
	e |= get_unsigned(o, "cores_online", &c->cores_online);
	e |= get_str(o, "counter", c->counter, sizeof(c->counter));
	e |= get_real(o, "tsc_hz", &c->tsc_hz, 0);
	e |= get_str(o, "kernel", c->kernel, sizeof(c->kernel));
	e |= get_str(o, "compiler", c->compiler, sizeof(c->compiler));
	e |= get_str(o, "cflags", c->cflags, sizeof(c->cflags));
	e |= get_str(o, "build_type", c->build_type, sizeof(c->build_type));
	e |= get_str(o, "pinning", c->pinning, sizeof(c->pinning));
	e |= get_real(o, "time_budget", &c->time_budget, 0);
	e |= get_real(o, "precision_target", &c->precision_target, 0);
	e |= get_real(o, "timer_resolution_ns", &c->timer_resolution_ns, 0);
	e |= get_real(o, "overhead_ns", &c->overhead_ns, 0);
	e |= get_real(o, "peak_rss_bytes", &c->peak_rss_bytes, 0);
	e |= get_obj(o, "schedule", &sched);
	if (sched) {
		e |= get_unsigned(sched, "rounds", &c->rounds);
		e |= get_bool(sched, "interleaved", &c->interleaved);
		e |= get_real(sched, "slice_seconds", &c->slice_seconds, 0);
		e |= get_str(sched, "baseline", c->baseline, sizeof(c->baseline));
		e |= get_bool(sched, "partial", &c->partial);
	}
	e |= get_obj(o, "reference", &ref);
	if (ref) {
		e |= get_str(ref, "workload", c->reference_workload, sizeof(c->reference_workload));
		e |= get_real(ref, "median_ns", &c->reference_median_ns, 0);
		e |= get_real(ref, "spread", &c->reference_spread, 0);
		e |= get_series(ref, "rounds", c->reference, &c->nreference);
	}
	suite = json_object_get(o, "suite");
	if (suite && !json_is_null(suite)) {
		const json_t *pub;
		if (!json_is_object(suite))
			return bad("suite");
		e |= get_str(suite, "title", c->title, sizeof(c->title));
		e |= get_str(suite, "source", c->source, sizeof(c->source));
		e |= get_bool(suite, "security_table", &c->security_table);
		pub = json_object_get(suite, "published");
		if (pub && !json_is_array(pub))
			return bad("suite.published");
		for (size_t i = 0; pub && i < json_array_size(pub); i++) {
			const char *t = json_string_value(json_array_get(pub, i));
			if (!t || i >= CB_PUBLISHED_MAX || cb_published_parse(t, &c->published[i]) != 0)
				return bad("suite.published");
			c->npublished = i + 1;
		}
		pub = json_object_get(suite, "scenarios");
		if (pub && !json_is_array(pub))
			return bad("suite.scenarios");
		for (size_t i = 0; pub && i < json_array_size(pub); i++) {
			const char *t = json_string_value(json_array_get(pub, i));
			if (!t || i >= CB_SCENARIO_MAX || cb_scenario_parse(t, &c->scenarios[i], NULL, 0) != 0)
				return bad("suite.scenarios");
			c->nscenarios = i + 1;
		}
	}
	libs = json_object_get(o, "libraries");
	if (libs) {
		size_t i, max = sizeof(c->libraries) / sizeof(c->libraries[0]);
		if (!json_is_array(libs))
			return bad("libraries");
		/* More libraries than the record holds: the first ones are kept. */
		for (i = 0; i < json_array_size(libs) && i < max; i++) {
			const json_t *l = json_array_get(libs, i);
			if (!json_is_object(l))
				return bad("libraries");
			e |= get_str(l, "name", c->libraries[i].name, sizeof(c->libraries[i].name));
			e |= get_str(l, "version", c->libraries[i].version, sizeof(c->libraries[i].version));
			c->nlibraries = i + 1;
		}
	}
	return e ? CB_ERR_FORMAT : 0;
}

static void say(cb_read_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(cb_read_error *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err->text, sizeof(err->text), fmt, ap);
	va_end(ap);
}

/* "'threads' of result 4": the member bad_member names, in `where`. */
static void say_member(cb_read_error *err, const char *where)
{
	if (bad_member && *bad_member)
		say(err, "%s: member '%s' has the wrong type or value", where, bad_member);
	else
		say(err, "%s is not an object", where);
}

static int parse_run(const json_t *doc, cb_run *run, cb_read_error *err)
{
	const json_t *sv, *tool, *results;
	size_t i;
	int r;
	if (!json_is_object(doc)) {
		say(err, "the document is %s, not an object: not a results document",
		    json_is_array(doc) ? "an array" : "a single value");
		return CB_ERR_FORMAT;
	}
	sv = json_object_get(doc, "schema_version");
	tool = json_object_get(doc, "tool");
	results = json_object_get(doc, "results");
	if (!json_is_string(tool) || strcmp(json_string_value(tool), "cryptobench") != 0) {
		say(err, "member 'tool' is %s: not a results document", tool ? "not \"cryptobench\"" : "missing");
		return CB_ERR_FORMAT;
	}
	if (!json_is_integer(sv)) {
		say(err, "member 'schema_version' is %s (this reader knows %d to %d)",
		    sv ? "not an integer" : "missing", CB_SCHEMA_VERSION_MIN, CB_SCHEMA_VERSION);
		return CB_ERR_FORMAT;
	}
	if (json_integer_value(sv) < CB_SCHEMA_VERSION_MIN || json_integer_value(sv) > CB_SCHEMA_VERSION) {
		say(err, "member 'schema_version' is %lld, not a version this reader knows (%d to %d)%s",
		    (long long)json_integer_value(sv), CB_SCHEMA_VERSION_MIN, CB_SCHEMA_VERSION,
		    json_integer_value(sv) > CB_SCHEMA_VERSION ? ": written by a newer cryptobench?" : "");
		return CB_ERR_FORMAT;
	}
	if (!json_is_array(results)) {
		say(err, "member 'results' is not an array");
		return CB_ERR_FORMAT;
	}
	run->context.schema_version = (int)json_integer_value(sv);
	bad_member = NULL;
	r = parse_context(json_object_get(doc, "context"), &run->context);
	if (r) {
		if (bad_member && *bad_member)
			say_member(err, "'context'");
		else
			say(err, "member 'context' is missing or not an object");
		return r;
	}
	for (i = 0; i < json_array_size(results); i++) {
		char where[48];
		cb_result *res = cb_run_add(run);
		if (!res)
			return CB_ERR_NOMEM;
		r = parse_result(json_array_get(results, i), res, run->context.schema_version);
		if (r) {
			snprintf(where, sizeof(where), "result %zu", i + 1);
			say_member(err, where);
			return r;
		}
	}
	return 0;
}

static int read_doc(json_t *doc, const json_error_t *jerr, cb_run *run, cb_read_error *err)
{
	int r;

	if (!doc) {
		if (err) {
			err->line = jerr->line > 0 ? jerr->line : 0;
			err->column = jerr->column > 0 ? jerr->column : 0;
		}
		/* jansson's words, with what they mean for a results file and the byte where it stopped */
		if (jerr->position <= 0 && strstr(jerr->text, "end of file"))
			say(err, "the file is empty: no JSON document in it");
		else if (!strncmp(jerr->text, "premature end of input", 22) || strstr(jerr->text, "near end of file"))
			say(err, "truncated: the document stops at byte %d before it is complete (%s)", jerr->position,
			    jerr->text);
		else
			say(err, "%s (byte %d)", jerr->text, jerr->position);
		return CB_ERR_FORMAT;
	}
	r = parse_run(doc, run, err);
	json_decref(doc);
	if (r)
		cb_run_free(run);
	return r;
}

int cb_run_parse_json(const char *text, size_t len, cb_run *run, cb_read_error *err)
{
	json_error_t jerr;

	if (!text || !run)
		return CB_ERR_ARG;
	memset(run, 0, sizeof(*run));
	if (err)
		memset(err, 0, sizeof(*err));
	return read_doc(json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr), &jerr, run, err);
}

int cb_run_read_json_err(const char *path, cb_run *run, cb_read_error *err)
{
	json_error_t jerr;
	json_t *doc;
	FILE *f;
	if (!path || !run)
		return CB_ERR_ARG;
	memset(run, 0, sizeof(*run));
	if (err)
		memset(err, 0, sizeof(*err));
	f = fopen(path, "rb");
	if (!f)
		return CB_ERR_IO;
	doc = json_loadf(f, JSON_REJECT_DUPLICATES, &jerr);
	if (!doc && ferror(f)) {
		int e = errno;
		fclose(f);
		errno = e;
		return CB_ERR_IO;
	}
	fclose(f);
	return read_doc(doc, &jerr, run, err);
}

int cb_run_read_json(const char *path, cb_run *run)
{
	return cb_run_read_json_err(path, run, NULL);
}
