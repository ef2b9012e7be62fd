/*
 * The JSON writer and reader: documented fields and types, a full round
 * trip, rejection of files that are not version-1 runs, and atomic writes.
 */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cryptobench/fileio.h"
#include "cryptobench/report.h"
#include "test_report_fixture.h"
#include "testutil.h"

/* Doubles are written with 15 significant digits (docs/SCHEMA.md). */
static int near(double a, double b)
{
	return a == b || fabs(a - b) <= 1e-14 * fmax(fabs(a), fabs(b));
}

#define CHECK_STR(a, b) CHECK(strcmp((a), (b)) == 0)
#define CHECK_NEAR(a, b) CHECK(near((a), (b)))

static json_t *render_json(const cb_run *run)
{
	char *buf = NULL;
	size_t len = 0;
	json_error_t jerr;
	json_t *doc = NULL;
	FILE *f = open_memstream(&buf, &len);
	CHECK(f != NULL);
	if (!f)
		return NULL;
	CHECK_EQ_INT(cb_report_write(f, CB_FORMAT_JSON, run), 0);
	fclose(f);
	doc = json_loadb(buf, len, 0, &jerr);
	CHECK(doc != NULL);
	if (!doc)
		fprintf(stderr, "    json error: %s (line %d)\n", jerr.text, jerr.line);
	free(buf);
	return doc;
}

static int is_num_or_null(const json_t *v)
{
	return json_is_number(v) || json_is_null(v);
}

static void check_types(const json_t *doc, const cb_run *run)
{
	static const char *const ctx_str[] = {"tool_version", "timestamp", "hostname", "cpu_model", "cpu_flags",
					      "counter",      "kernel",    "compiler", "cflags",    "build_type",
					      "pinning"};
	static const char *const ctx_num[] = {"tsc_hz", "time_budget", "precision_target", "timer_resolution_ns",
					      "overhead_ns"};
	static const char *const res_str[] = {"algorithm", "kind", "family", "backend", "implementation",
					      "description", "operation", "status", "error", "noise", "notes"};
	static const char *const res_int[] = {"message_bytes", "threads", "samples", "batch", "total_ops",
					      "security_classical", "security_quantum"};
	static const char *const res_num[] = {"seconds", "ops_per_sec", "bytes_per_sec", "cycles_per_op",
					      "precision", "scaling", "expansion"};
	static const char *const ns_num[] = {"median", "mean", "stddev", "min", "max", "p5", "p95", "p99",
					     "ci95_low", "ci95_high", "mad"};
	static const char *const sizes[] = {"public_key", "secret_key", "ciphertext", "signature", "shared_secret",
					    "overhead"};
	const json_t *ctx, *res, *libs;
	size_t i, j;

	tu_note("json types");
	CHECK(json_is_object(doc));
	CHECK(json_integer_value(json_object_get(doc, "schema_version")) == CB_SCHEMA_VERSION);
	CHECK(CB_SCHEMA_VERSION == 2);
	CHECK_STR(json_string_value(json_object_get(doc, "tool")) ? json_string_value(json_object_get(doc, "tool")) : "",
		  "cryptobench");
	ctx = json_object_get(doc, "context");
	CHECK(json_is_object(ctx));
	for (i = 0; i < (sizeof(ctx_str) / sizeof(ctx_str[0])); i++)
		CHECK(json_is_string(json_object_get(ctx, ctx_str[i])));
	for (i = 0; i < (sizeof(ctx_num) / sizeof(ctx_num[0])); i++)
		CHECK(is_num_or_null(json_object_get(ctx, ctx_num[i])));
	CHECK(json_is_integer(json_object_get(ctx, "cores_online")));
	libs = json_object_get(ctx, "libraries");
	CHECK(json_is_array(libs) && json_array_size(libs) == run->context.nlibraries);
	for (i = 0; i < json_array_size(libs); i++) {
		CHECK(json_is_string(json_object_get(json_array_get(libs, i), "name")));
		CHECK(json_is_string(json_object_get(json_array_get(libs, i), "version")));
	}
	res = json_object_get(doc, "results");
	CHECK(json_is_array(res) && json_array_size(res) == run->nresults);
	for (i = 0; i < json_array_size(res) && i < run->nresults; i++) {
		const json_t *o = json_array_get(res, i), *ns, *z;
		const cb_result *r = &run->results[i];
		tu_note("json types, result %zu", i);
		for (j = 0; j < (sizeof(res_str) / sizeof(res_str[0])); j++)
			CHECK(json_is_string(json_object_get(o, res_str[j])));
		for (j = 0; j < (sizeof(res_int) / sizeof(res_int[0])); j++)
			CHECK(json_is_integer(json_object_get(o, res_int[j])));
		for (j = 0; j < (sizeof(res_num) / sizeof(res_num[0])); j++)
			CHECK(is_num_or_null(json_object_get(o, res_num[j])));
		CHECK(json_is_boolean(json_object_get(o, "noisy")));
		CHECK_STR(json_string_value(json_object_get(o, "status")), cb_status_name(r->status));
		ns = json_object_get(o, "ns_per_op");
		if (r->status == CB_STATUS_OK) {
			CHECK(json_is_object(ns));
			for (j = 0; j < (sizeof(ns_num) / sizeof(ns_num[0])); j++)
				CHECK(json_is_real(json_object_get(ns, ns_num[j])));
			CHECK(json_is_integer(json_object_get(ns, "n")));
			CHECK(json_is_integer(json_object_get(ns, "outliers")));
			CHECK(json_is_real(json_object_get(o, "ops_per_sec")));
			CHECK(json_is_real(json_object_get(o, "precision")));
		} else {
			/* Not measured: no figures, but still says what and why. */
			CHECK(json_is_null(ns));
			CHECK(json_is_null(json_object_get(o, "ops_per_sec")));
			CHECK(json_string_length(json_object_get(o, "error")) > 0);
		}
		/* The null rules of docs/SCHEMA.md. */
		CHECK(json_is_null(json_object_get(o, "bytes_per_sec")) == (r->message_bytes == 0 || r->status));
		CHECK(json_is_null(json_object_get(o, "scaling")) == (r->scaling == 0 || r->status));
		CHECK(json_is_null(json_object_get(o, "expansion")) == (r->expansion == 0));
		z = json_object_get(o, "sizes");
		CHECK(json_is_object(z));
		for (j = 0; j < (sizeof(sizes) / sizeof(sizes[0])); j++) {
			const json_t *v = json_object_get(z, sizes[j]);
			CHECK(json_is_integer(v) || json_is_null(v));
		}
		CHECK(json_is_null(json_object_get(z, "public_key")) == (r->sizes.public_key < 0));
		CHECK(json_integer_value(json_object_get(z, "overhead")) == (r->sizes.overhead < 0 ? 0 : r->sizes.overhead));
	}
}

static void check_summary(const cb_summary *a, const cb_summary *b)
{
	CHECK_EQ_INT(a->n, b->n);
	CHECK_NEAR(a->median, b->median);
	CHECK_NEAR(a->mean, b->mean);
	CHECK_NEAR(a->stddev, b->stddev);
	CHECK_NEAR(a->min, b->min);
	CHECK_NEAR(a->max, b->max);
	CHECK_NEAR(a->p5, b->p5);
	CHECK_NEAR(a->p95, b->p95);
	CHECK_NEAR(a->p99, b->p99);
	CHECK_NEAR(a->ci95_low, b->ci95_low);
	CHECK_NEAR(a->ci95_high, b->ci95_high);
	CHECK_NEAR(a->mad, b->mad);
	CHECK_EQ_INT(a->outliers, b->outliers);
}

static void check_same_run(const cb_run *a, const cb_run *b)
{
	const cb_context *x = &a->context, *y = &b->context;
	size_t i;
	tu_note("round trip: context");
	CHECK_EQ_INT(x->schema_version, y->schema_version);
	CHECK_STR(x->tool_version, y->tool_version);
	CHECK_STR(x->timestamp, y->timestamp);
	CHECK_STR(x->hostname, y->hostname);
	CHECK_STR(x->cpu_model, y->cpu_model);
	CHECK_STR(x->cpu_flags, y->cpu_flags);
	CHECK_EQ_INT(x->cores_online, y->cores_online);
	CHECK_STR(x->counter, y->counter);
	CHECK_NEAR(x->tsc_hz, y->tsc_hz);
	CHECK_STR(x->kernel, y->kernel);
	CHECK_STR(x->compiler, y->compiler);
	CHECK_STR(x->cflags, y->cflags);
	CHECK_STR(x->build_type, y->build_type);
	CHECK_STR(x->pinning, y->pinning);
	CHECK_NEAR(x->time_budget, y->time_budget);
	CHECK_NEAR(x->precision_target, y->precision_target);
	CHECK_NEAR(x->timer_resolution_ns, y->timer_resolution_ns);
	CHECK_NEAR(x->overhead_ns, y->overhead_ns);
	CHECK_EQ_INT(x->rounds, y->rounds);
	CHECK_EQ_INT(x->interleaved, y->interleaved);
	CHECK_NEAR(x->slice_seconds, y->slice_seconds);
	CHECK_STR(x->baseline, y->baseline);
	CHECK_EQ_INT(x->partial, y->partial);
	CHECK_STR(x->reference_workload, y->reference_workload);
	CHECK_NEAR(x->reference_median_ns, y->reference_median_ns);
	CHECK_NEAR(x->reference_spread, y->reference_spread);
	CHECK_EQ_INT(x->nreference, y->nreference);
	for (i = 0; i < x->nreference && i < y->nreference; i++)
		CHECK_NEAR(x->reference[i], y->reference[i]);
	CHECK_EQ_INT(x->nload, y->nload);
	for (i = 0; i < x->nload && i < y->nload; i++) {
		CHECK(isnan(x->load_others[i]) ? isnan(y->load_others[i]) : near(x->load_others[i], y->load_others[i]));
		CHECK_NEAR(x->load_steal[i], y->load_steal[i]);
		CHECK_EQ_INT(x->load_runnable[i], y->load_runnable[i]);
	}
	CHECK_NEAR(x->cpu_mhz, y->cpu_mhz);
	CHECK_EQ_INT(x->nlibraries, y->nlibraries);
	for (i = 0; i < x->nlibraries && i < y->nlibraries; i++) {
		CHECK_STR(x->libraries[i].name, y->libraries[i].name);
		CHECK_STR(x->libraries[i].version, y->libraries[i].version);
	}
	CHECK_EQ_INT(a->nresults, b->nresults);
	for (i = 0; i < a->nresults && i < b->nresults; i++) {
		const cb_result *r = &a->results[i], *s = &b->results[i];
		tu_note("round trip: result %zu (%s %s)", i, r->algorithm, r->operation);
		CHECK_STR(r->algorithm, s->algorithm);
		CHECK_STR(r->kind, s->kind);
		CHECK_STR(r->family, s->family);
		CHECK_STR(r->backend, s->backend);
		CHECK_STR(r->implementation, s->implementation);
		CHECK_STR(r->description, s->description);
		CHECK_STR(r->operation, s->operation);
		CHECK_EQ_INT(r->message_bytes, s->message_bytes);
		CHECK_EQ_INT(r->threads, s->threads);
		CHECK_EQ_INT(r->status, s->status);
		CHECK_STR(r->error, s->error);
		CHECK_EQ_INT(r->samples, s->samples);
		CHECK_EQ_INT(r->batch, s->batch);
		CHECK_EQ_INT(r->total_ops, s->total_ops);
		CHECK_NEAR(r->seconds, s->seconds);
		check_summary(&r->ns, &s->ns);
		CHECK_NEAR(r->ops_per_sec, s->ops_per_sec);
		CHECK_NEAR(r->bytes_per_sec, s->bytes_per_sec);
		CHECK_NEAR(r->cycles_per_op, s->cycles_per_op);
		CHECK_NEAR(r->precision, s->precision);
		CHECK_NEAR(r->scaling, s->scaling);
		CHECK_EQ_INT(r->noisy, s->noisy);
		CHECK_STR(r->noise, s->noise);
		CHECK_EQ_INT(r->sizes.public_key, s->sizes.public_key);
		CHECK_EQ_INT(r->sizes.secret_key, s->sizes.secret_key);
		CHECK_EQ_INT(r->sizes.ciphertext, s->sizes.ciphertext);
		CHECK_EQ_INT(r->sizes.signature, s->sizes.signature);
		CHECK_EQ_INT(r->sizes.shared_secret, s->sizes.shared_secret);
		CHECK_EQ_INT(r->sizes.overhead, s->sizes.overhead);
		CHECK_NEAR(r->expansion, s->expansion);
		CHECK_STR(r->notes, s->notes);
		CHECK_EQ_INT(r->security_classical, s->security_classical);
		CHECK_EQ_INT(r->security_quantum, s->security_quantum);
		if (r->status == CB_STATUS_OK) {
			CHECK_NEAR(r->estimate_ns, s->estimate_ns);
			CHECK_NEAR(r->estimate_low, s->estimate_low);
			CHECK_NEAR(r->estimate_high, s->estimate_high);
			CHECK_STR(r->method, s->method);
			CHECK_EQ_INT(r->nrounds, s->nrounds);
			for (size_t k = 0; k < r->nrounds && k < s->nrounds; k++)
				CHECK(isnan(r->rounds[k]) ? isnan(s->rounds[k]) : fabs(r->rounds[k] - s->rounds[k]) <= 1e-9 * fabs(r->rounds[k]));
		}
		CHECK_EQ_INT(r->random_cost, s->random_cost);
	}
	tu_note("%s", "");
}

/* The number of entries in dir other than "." and ".."; -1 if it cannot be read. */
static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void write_text(const char *path, const char *text)
{
	CHECK_EQ_INT(cb_write_file_atomic(path, text, strlen(text), 0644), 0);
}

static void check_rejects(const char *dir)
{
	static const struct {
		const char *what, *text;
		int err;
	} bad[] = {
		{"not json", "schema_version: 1\n", CB_ERR_FORMAT},
		{"empty", "", CB_ERR_FORMAT},
		{"an array", "[1, 2]", CB_ERR_FORMAT},
		{"another tool's json", "{\"a\": 1}", CB_ERR_FORMAT},
		{"no tool", "{\"schema_version\": 1, \"context\": {}, \"results\": []}", CB_ERR_FORMAT},
		{"other tool", "{\"schema_version\": 1, \"tool\": \"other\", \"context\": {}, \"results\": []}",
		 CB_ERR_FORMAT},
		{"version 3", "{\"schema_version\": 3, \"tool\": \"cryptobench\", \"context\": {}, \"results\": []}",
		 CB_ERR_FORMAT},
		{"rounds not numbers",
		 "{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {}, \"results\": "
		 "[{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"ok\", \"rounds\": [1, \"2\"]}]}",
		 CB_ERR_FORMAT},
		{"negative load",
		 "{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {\"load\": {\"others_cpu\": [0.5, -1], "
		 "\"steal_cpu\": [0, 0]}}, \"results\": []}",
		 CB_ERR_FORMAT},
		{"load series of different lengths",
		 "{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {\"load\": {\"others_cpu\": [0.5], "
		 "\"steal_cpu\": [0, 0]}}, \"results\": []}",
		 CB_ERR_FORMAT},
		{"version 0", "{\"schema_version\": 0, \"tool\": \"cryptobench\", \"context\": {}, \"results\": []}",
		 CB_ERR_FORMAT},
		{"version as text",
		 "{\"schema_version\": \"1\", \"tool\": \"cryptobench\", \"context\": {}, \"results\": []}", CB_ERR_FORMAT},
		{"no results", "{\"schema_version\": 1, \"tool\": \"cryptobench\", \"context\": {}}", CB_ERR_FORMAT},
		{"unknown status",
		 "{\"schema_version\": 1, \"tool\": \"cryptobench\", \"context\": {}, \"results\": "
		 "[{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"great\"}]}",
		 CB_ERR_FORMAT},
		{"wrong type",
		 "{\"schema_version\": 1, \"tool\": \"cryptobench\", \"context\": {}, \"results\": "
		 "[{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"ok\", \"threads\": \"two\"}]}",
		 CB_ERR_FORMAT},
		{"negative size",
		 "{\"schema_version\": 1, \"tool\": \"cryptobench\", \"context\": {}, \"results\": "
		 "[{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"ok\", \"sizes\": {\"signature\": -5}}]}",
		 CB_ERR_FORMAT},
		{"minimal run", "{\"schema_version\": 1, \"tool\": \"cryptobench\", \"context\": {}, \"results\": "
				"[{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"ok\", \"future\": [1]}]}",
		 0},
	};
	char path[4096];
	size_t i;
	cb_run run;
	snprintf(path, sizeof(path), "%s/bad.json", dir);
	for (i = 0; i < (sizeof(bad) / sizeof(bad[0])); i++) {
		tu_note("reading %s", bad[i].what);
		write_text(path, bad[i].text);
		CHECK_EQ_INT(cb_run_read_json(path, &run), bad[i].err);
		if (bad[i].err == 0) {
			/* Missing members take their defaults; unknown ones are ignored. */
			CHECK_EQ_INT(run.nresults, 1);
			CHECK(run.nresults == 1 && run.results[0].sizes.signature == -1 && run.results[0].threads == 1);
		} else {
			CHECK(run.results == NULL && run.nresults == 0);
		}
		cb_run_free(&run);
	}
	unlink(path);
	tu_note("reading a missing file");
	snprintf(path, sizeof(path), "%s/missing.json", dir);
	CHECK_EQ_INT(cb_run_read_json(path, &run), CB_ERR_IO);
	CHECK(errno == ENOENT);
	tu_note("%s", "");
}

/* Where a results file goes wrong is said: line and column, or the member. */
static void check_error_positions(void)
{
	static const struct {
		const char *text;
		int line, column;
		const char *says;
	} cases[] = {
		{"{\"tool\": \"cryptobench\",\n  \"results\": [1,]\n}", 2, 17, NULL},
		{"\n\n   @", 3, 4, NULL},
		{"{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {}, \"results\": "
		 "[{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"ok\"}, "
		 "{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"ok\", \"threads\": \"two\"}]}",
		 0, 0, "result 2: member 'threads'"},
		{"{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {\"hostname\": 5}, \"results\": []}", 0, 0,
		 "'context': member 'hostname'"},
		{"{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {}, \"results\": [{\"operation\": \"sign\"}]}", 0, 0,
		 "result 1: member 'algorithm'"},
		{"{\"schema_version\": 99, \"tool\": \"cryptobench\", \"results\": []}", 0, 0, "'schema_version'"},
		{"[]", 0, 0, "not an object: not a results document"},
		{"{\"schema_version\": 2, \"tool\": \"cryptobench\", \"results\": []}", 0, 0, "member 'context' is missing or not an object"},
	};
	cb_read_error e;
	cb_run run;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		tu_note("error position in '%s'", cases[i].text);
		CHECK_EQ_INT(cb_run_parse_json(cases[i].text, strlen(cases[i].text), &run, &e), CB_ERR_FORMAT);
		CHECK_EQ_INT(e.line, cases[i].line);
		CHECK_EQ_INT(e.column, cases[i].column);
		CHECK(e.text[0] != 0);
		if (cases[i].says && !strstr(e.text, cases[i].says)) {
			tu_note("said '%s', not '%s'", e.text, cases[i].says);
			CHECK(0);
		}
		CHECK(run.nresults == 0);
	}
	tu_note("%s", "");
}

/* A name longer than the record's field is cut before a UTF-8 character, never inside one. */
static void check_utf8_cut(void)
{
	char text[1024], name[CB_NAME_MAX + 8];
	size_t k = 0;
	cb_run run;
	cb_read_error e;

	/* "a" and then two-byte characters: the field's last byte would fall inside one */
	name[k++] = 'a';
	while (k + 2 < sizeof(name)) {
		name[k++] = (char)0xc3;
		name[k++] = (char)0xa9;
	}
	name[k] = 0;
	snprintf(text, sizeof(text),
		 "{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {}, \"results\": "
		 "[{\"algorithm\": \"%s\", \"operation\": \"sign\", \"status\": \"ok\"}]}",
		 name);
	tu_note("a long UTF-8 name");
	CHECK_EQ_INT(cb_run_parse_json(text, strlen(text), &run, &e), 0);
	if (run.nresults == 0)
		tu_note("%s", e.text);
	if (run.nresults == 1) {
		size_t n = strlen(run.results[0].algorithm);
		CHECK(n > 0 && n < CB_NAME_MAX);
		CHECK(n % 2 == 1); /* "a" and whole characters only */
		CHECK(((unsigned char)run.results[0].algorithm[n - 1] & 0xc0) == 0x80);
	}
	/* and what was read writes again as JSON */
	FILE *f = tmpfile();
	CHECK(f != NULL);
	if (f) {
		CHECK_EQ_INT(cb_report_write(f, CB_FORMAT_JSON, &run), 0);
		fclose(f);
	}
	cb_run_free(&run);
}

static void check_atomic(const char *dir, const cb_run *run)
{
	char path[4200], sub[4096];
	uint8_t *data = NULL;
	size_t len = 0;
	struct stat st;
	cb_run back;

	tu_note("write into a missing folder");
	snprintf(sub, sizeof(sub), "%s/no-such-dir", dir);
	snprintf(path, sizeof(path), "%s/run.json", sub);
	CHECK(cb_report_write_path(path, CB_FORMAT_JSON, run) == CB_ERR_IO);
	CHECK(errno == ENOENT);
	CHECK(stat(sub, &st) != 0);
	CHECK_EQ_INT(count_entries(dir), 0);

	tu_note("write over an existing file");
	snprintf(path, sizeof(path), "%s/run.json", dir);
	write_text(path, "old contents\n");
	CHECK_EQ_INT(cb_report_write_path(path, CB_FORMAT_JSON, run), 0);
	CHECK_EQ_INT(cb_read_file(path, &data, &len, 1 << 20), 0);
	CHECK(len > 0 && data && data[0] == '{' && data[len - 1] == '\n');
	free(data);
	CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644);
	CHECK_EQ_INT(count_entries(dir), 1); /* no temporary file left */

	tu_note("read back");
	CHECK_EQ_INT(cb_run_read_json(path, &back), 0);
	check_same_run(run, &back);
	cb_run_free(&back);

	tu_note("bad format number");
	CHECK_EQ_INT(cb_report_write_path(path, (cb_format)CB_FORMAT_COUNT, run), CB_ERR_ARG);
	unlink(path);
	CHECK_EQ_INT(count_entries(dir), 0);
	tu_note("%s", "");
}

/* Values that need all 15 digits, NaN and infinity (written as null). */
static void check_awkward_numbers(const char *dir)
{
	char path[4096];
	cb_run run, back;
	cb_result *r;
	json_t *doc;
	memset(&run, 0, sizeof(run));
	snprintf(run.context.counter, sizeof(run.context.counter), "none");
	run.context.schema_version = CB_SCHEMA_VERSION;
	run.context.tsc_hz = 3.0e9; /* not meaningful with counter none, but kept */
	r = cb_run_add(&run);
	CHECK(r != NULL);
	if (!r)
		return;
	cb_result_init(r);
	snprintf(r->algorithm, sizeof(r->algorithm), "x");
	snprintf(r->operation, sizeof(r->operation), "digest");
	snprintf(r->kind, sizeof(r->kind), "hash");
	snprintf(r->error, sizeof(r->error), "µ and \"quotes\"\nand a line break");
	r->message_bytes = 1;
	r->ns.median = 1.0 / 3.0;
	r->ns.mean = 2.0 / 3.0 * 1e-300;
	r->ns.max = 1e300 / 7;
	r->ns.stddev = NAN;
	r->ns.p99 = INFINITY;
	r->ops_per_sec = 3e9;
	r->bytes_per_sec = 3e9;
	r->cycles_per_op = 123; /* counter none: written as null */
	r->precision = 0.1 + 0.2;

	doc = render_json(&run);
	if (doc) {
		const json_t *res = json_array_get(json_object_get(doc, "results"), 0);
		const json_t *ns = json_object_get(res, "ns_per_op");
		tu_note("awkward numbers in json");
		CHECK(json_is_null(json_object_get(ns, "stddev")));
		CHECK(json_is_null(json_object_get(ns, "p99")));
		CHECK(json_is_null(json_object_get(res, "cycles_per_op")));
		CHECK(json_is_null(json_object_get(json_object_get(doc, "context"), "tsc_hz")) == 0);
		CHECK_NEAR(json_real_value(json_object_get(ns, "median")), 1.0 / 3.0);
		json_decref(doc);
	}
	snprintf(path, sizeof(path), "%s/awkward.json", dir);
	CHECK_EQ_INT(cb_report_write_path(path, CB_FORMAT_JSON, &run), 0);
	CHECK_EQ_INT(cb_run_read_json(path, &back), 0);
	if (back.nresults == 1) {
		const cb_result *s = &back.results[0];
		tu_note("awkward numbers read back");
		CHECK_NEAR(s->ns.median, r->ns.median);
		CHECK_NEAR(s->ns.mean, r->ns.mean);
		CHECK_NEAR(s->ns.max, r->ns.max);
		CHECK(s->ns.stddev == 0 && s->ns.p99 == 0); /* null reads as 0 */
		CHECK(s->cycles_per_op == 0);
		CHECK_NEAR(s->precision, r->precision);
		CHECK_STR(s->error, r->error);
	}
	CHECK_EQ_INT(back.nresults, 1);
	cb_run_free(&back);
	unlink(path);
	cb_run_free(&run);
	tu_note("%s", "");
}

/* A file from schema version 1 still reads; its samples' median stands for the estimate. */
static void check_v1(const char *dir)
{
	static const char v1[] =
		"{\"schema_version\": 1, \"tool\": \"cryptobench\", \"context\": {\"cpu_model\": \"x\"}, \"results\": ["
		"{\"algorithm\": \"x25519\", \"operation\": \"derive\", \"status\": \"ok\", \"threads\": 1,"
		" \"ns_per_op\": {\"median\": 1000, \"ci95_low\": 990, \"ci95_high\": 1020}, \"ops_per_sec\": 1000000},"
		"{\"algorithm\": \"x25519\", \"operation\": \"derive\", \"status\": \"ok\", \"threads\": 2,"
		" \"ns_per_op\": {\"median\": 1000, \"ci95_low\": 990, \"ci95_high\": 1020}, \"ops_per_sec\": 4000000}]}";
	char path[4096];
	cb_run run;
	tu_note("reading schema version 1");
	snprintf(path, sizeof(path), "%s/v1.json", dir);
	write_text(path, v1);
	CHECK_EQ_INT(cb_run_read_json(path, &run), 0);
	CHECK_EQ_INT(run.context.schema_version, 1);
	CHECK_EQ_INT(run.nresults, 2);
	if (run.nresults == 2) {
		const cb_result *a = &run.results[0], *b = &run.results[1];
		CHECK(a->estimate_ns == 1000 && a->estimate_low == 990 && a->estimate_high == 1020);
		CHECK(!strcmp(a->method, "samples") && a->nrounds == 0 && run.context.rounds == 0);
		CHECK(near(b->estimate_ns, 250) && near(b->estimate_low, 247.5) && near(b->estimate_high, 255));
	}
	cb_run_free(&run);
	unlink(path);
	tu_note("%s", "");
}

/*
 * Values no run can produce are refused, naming the member (issue 26 item
 * 14): each case is a measured result with one member set to what a
 * damaged or forged file holds.
 */
static void check_impossible_values(void)
{
	static const struct {
		const char *members, *says;
	} cases[] = {
		{"\"ops_per_sec\": -1000", "member 'ops_per_sec' is -1000: it must be positive"},
		{"\"ops_per_sec\": 0", "member 'ops_per_sec' is 0: it must be positive"},
		{"\"ops_per_sec\": 1e308", "member 'ops_per_sec' is 1e+308: too large"},
		{"\"threads\": 0", "member 'threads' is 0"},
		{"\"bytes_per_sec\": -5", "member 'bytes_per_sec' is -5"},
		{"\"precision\": -0.5", "member 'precision' is -0.5"},
		{"\"estimate\": {\"ns_per_op\": 1e80}", "member 'estimate.ns_per_op' is 1e+80: too large"},
		{"\"estimate\": {\"ns_per_op\": -3}", "member 'estimate.ns_per_op' is -3"},
		{"\"estimate\": {\"ns_per_op\": 100, \"ci95_low\": 120, \"ci95_high\": 90}",
		 "member 'estimate.ci95_low' is 120, above the interval's upper end: the interval is inverted"},
		{"\"estimate\": {\"ns_per_op\": 100, \"ci95_low\": 110, \"ci95_high\": 120}",
		 "the interval does not hold its estimate"},
		{"\"ns_per_op\": {\"median\": -1}", "member 'ns_per_op.median' is -1"},
		{"\"ns_per_op\": {\"ci95_low\": 9, \"ci95_high\": 3}", "member 'ns_per_op.ci95_low' is 9"},
		{"\"rounds\": [100, -2, null]", "member 'rounds' is -2"},
	};
	char text[1024];
	cb_read_error e;
	cb_run run;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(text, sizeof(text),
			 "{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {}, \"results\": ["
			 "{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"ok\", \"ops_per_sec\": 1000},"
			 "{\"algorithm\": \"x\", \"operation\": \"verify\", \"status\": \"ok\", %s}]}",
			 cases[i].members);
		tu_note("impossible value %s", cases[i].members);
		CHECK_EQ_INT(cb_run_parse_json(text, strlen(text), &run, &e), CB_ERR_FORMAT);
		CHECK(run.nresults == 0);
		if (!strstr(e.text, "result 2: ") || !strstr(e.text, cases[i].says)) {
			tu_note("said '%s', not '%s'", e.text, cases[i].says);
			CHECK(0);
		}
	}
	/* What a run writes stays readable: a rate, its interval around the estimate, an unmeasured case. */
	snprintf(text, sizeof(text),
		 "{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {}, \"results\": ["
		 "{\"algorithm\": \"x\", \"operation\": \"sign\", \"status\": \"ok\", \"threads\": 2, "
		 "\"ops_per_sec\": 1000, \"estimate\": {\"ns_per_op\": 100, \"ci95_low\": 90, \"ci95_high\": 120}},"
		 "{\"algorithm\": \"x\", \"operation\": \"verify\", \"status\": \"error\", \"ops_per_sec\": 0}]}");
	tu_note("possible values");
	CHECK_EQ_INT(cb_run_parse_json(text, strlen(text), &run, &e), 0);
	CHECK_EQ_INT(run.nresults, 2);
	cb_run_free(&run);
	tu_note("%s", "");
}

/*
 * Memory running out while a valid file is parsed is CB_ERR_NOMEM, never
 * "not a results file" (issue 26 item 17): a child process parses a large
 * valid document under an address-space limit a little above what it uses
 * before the parse.
 */
#if defined(__SANITIZE_ADDRESS__)
#define CB_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CB_TEST_ASAN 1
#endif
#endif

static void check_out_of_memory(void)
{
	pid_t pid;
	int status = 0;

#ifdef CB_TEST_ASAN
	/* AddressSanitizer's allocator aborts on failure and reserves terabytes: not under a limit */
	return;
#endif

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		const size_t n = 20000;
		size_t cap = n * 160 + 256, len = 0;
		char *text = malloc(cap);
		unsigned long pages = 0;
		struct rlimit rl;
		cb_read_error e;
		cb_run run;
		FILE *f;
		int r;
		if (!text)
			_exit(10);
		len += (size_t)snprintf(text + len, cap - len,
					"{\"schema_version\": 2, \"tool\": \"cryptobench\", \"context\": {}, \"results\": [");
		for (size_t i = 0; i < n; i++)
			len += (size_t)snprintf(text + len, cap - len,
						"%s{\"algorithm\": \"x%zu\", \"operation\": \"sign\", \"status\": \"ok\", "
						"\"ops_per_sec\": 1000, \"rounds\": [1, 2, 3, 4]}",
						i ? "," : "", i);
		len += (size_t)snprintf(text + len, cap - len, "]}");
		f = fopen("/proc/self/statm", "r");
		if (!f || fscanf(f, "%lu", &pages) != 1)
			_exit(11);
		fclose(f);
		rl.rlim_cur = rl.rlim_max = pages * (rlim_t)sysconf(_SC_PAGESIZE) + (8u << 20);
		if (setrlimit(RLIMIT_AS, &rl) != 0)
			_exit(12);
		r = cb_run_parse_json(text, len, &run, &e);
		_exit(r == CB_ERR_NOMEM ? 0 : r == 0 ? 13 : r == CB_ERR_FORMAT ? 14 : 15);
	}
	tu_note("out of memory while parsing (exit 13: it fit, 14: called a bad file)");
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status));
	CHECK_EQ_INT(WEXITSTATUS(status), 0);
	tu_note("%s", "");
}

int main(void)
{
	char dir[] = "/tmp/cb-test-report-XXXXXX";
	cb_run run;
	json_t *doc;

	if (fx_build(&run) != 0) {
		CHECK(0);
		return tu_finish();
	}
	if (!mkdtemp(dir)) {
		CHECK(0);
		cb_run_free(&run);
		return tu_finish();
	}
	doc = render_json(&run);
	if (doc)
		check_types(doc, &run);
	json_decref(doc);
	check_atomic(dir, &run);
	/* the load readings (a run's context has them since schema 2's "load" member; a round without one is null) */
	run.context.nload = 3;
	run.context.load_others[0] = 0.25;
	run.context.load_others[1] = 1.5;
	run.context.load_others[2] = NAN;
	run.context.load_steal[0] = run.context.load_steal[1] = run.context.load_steal[2] = 0.125;
	run.context.load_runnable[1] = 4;
	run.context.cpu_mhz = 2100;
	check_atomic(dir, &run);
	run.context.nload = 0;
	check_rejects(dir);
	check_awkward_numbers(dir);
	check_v1(dir);
	check_error_positions();
	check_utf8_cut();
	check_impossible_values();
	check_out_of_memory();
	CHECK_EQ_INT(count_entries(dir), 0);
	CHECK(rmdir(dir) == 0);
	cb_run_free(&run);
	return tu_finish();
}
