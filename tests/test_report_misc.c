/*
 * Smaller pieces of the report module: CSV quoting, format names and
 * extensions, the run record helpers, and table details the golden run
 * does not reach (units, hidden columns, no baseline, no cycle counter).
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/report.h"
#include "testutil.h"

/* Render run in fmt into a malloc'd string (NULL on failure). */
static char *render(const cb_run *run, cb_format fmt)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int r;
	if (!f)
		return NULL;
	r = cb_report_write(f, fmt, run);
	fclose(f);
	CHECK_EQ_INT(r, 0);
	if (r) {
		free(buf);
		return NULL;
	}
	return buf;
}

static cb_result *add(cb_run *run, const char *alg, const char *kind, const char *op, size_t msg, double ns)
{
	cb_result *r = cb_run_add(run);
	CHECK(r != NULL);
	if (!r)
		return NULL;
	cb_result_init(r);
	snprintf(r->algorithm, sizeof(r->algorithm), "%s", alg);
	snprintf(r->kind, sizeof(r->kind), "%s", kind);
	snprintf(r->backend, sizeof(r->backend), "openssl");
	snprintf(r->operation, sizeof(r->operation), "%s", op);
	r->message_bytes = msg;
	r->ns.median = ns;
	r->ops_per_sec = 1e9 / ns;
	r->bytes_per_sec = (double)msg * r->ops_per_sec;
	r->precision = 0.01;
	return r;
}

static void test_csv_quoting(void)
{
	cb_run run;
	cb_result *r;
	char *out;
	memset(&run, 0, sizeof(run));
	r = add(&run, "rsa2048-oaep-sha256", "pke", "decrypt", 32, 1000);
	if (!r)
		return;
	r->status = CB_STATUS_ERROR;
	snprintf(r->error, sizeof(r->error), "decrypt failed, padding \"bad\"");
	snprintf(r->notes, sizeof(r->notes), "two\nlines");
	snprintf(r->description, sizeof(r->description), "plain");
	tu_note("csv quoting");
	out = render(&run, CB_FORMAT_CSV);
	if (out) {
		char *row = strchr(out, '\n');
		CHECK(strncmp(out, "algorithm,kind,family,backend,", 30) == 0);
		CHECK(row && strncmp(row + 1, "rsa2048-oaep-sha256,pke,,openssl,,plain,decrypt,32,1,error,", 59) == 0);
		CHECK(strstr(out, ",\"decrypt failed, padding \"\"bad\"\"\",") != NULL);
		CHECK(strstr(out, ",\"two\nlines\",") != NULL);
		/* Every record has as many fields as the header: count unquoted commas. */
		{
			size_t fields = 1, header = 0, i;
			int quoted = 0, ok = 1;
			for (i = 0; out[i]; i++) {
				if (out[i] == '"')
					quoted = !quoted;
				else if (out[i] == ',' && !quoted)
					fields++;
				else if (out[i] == '\n' && !quoted) {
					if (!header)
						header = fields;
					else if (fields != header)
						ok = 0;
					fields = 1;
				}
			}
			CHECK(ok && header == 46 && !quoted); /* 46 with kat */
		}
		free(out);
	}
	cb_run_free(&run);
	CHECK(run.results == NULL && run.nresults == 0);
}

static void test_formats(void)
{
	static const struct {
		const char *s;
		int fmt;
	} names[] = {
		{"table", CB_FORMAT_TABLE}, {"json", CB_FORMAT_JSON}, {"csv", CB_FORMAT_CSV}, {"md", CB_FORMAT_MD},
		{"markdown", CB_FORMAT_MD}, {"JSON", -1}, {"", -1}, {"html", CB_FORMAT_HTML}, {"pdf", -1}, {"tab", -1},
	};
	static const struct {
		const char *path;
		int fmt;
	} paths[] = {
		{"run.json", CB_FORMAT_JSON}, {"out/run.csv", CB_FORMAT_CSV}, {"a.b/report.md", CB_FORMAT_MD},
		{"report.markdown", CB_FORMAT_MD}, {"table.txt", CB_FORMAT_TABLE}, {"RUN.JSON", CB_FORMAT_JSON},
		{"run.json.bak", -1}, {"run", -1}, {"dir.json/run", -1}, {".json", -1}, {"run.", -1},
		{"run.html", CB_FORMAT_HTML}, {"run.HTM", CB_FORMAT_HTML}, {"run.pdf", -1}, {"", -1},
	};
	size_t i;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		tu_note("format name '%s'", names[i].s);
		CHECK_EQ_INT(cb_format_parse(names[i].s), names[i].fmt);
	}
	CHECK_EQ_INT(cb_format_parse(NULL), -1);
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		tu_note("format of path '%s'", paths[i].path);
		CHECK_EQ_INT(cb_format_from_path(paths[i].path), paths[i].fmt);
	}
	tu_note("format names");
	for (i = 0; i < CB_FORMAT_COUNT; i++)
		CHECK_EQ_INT(cb_format_parse(cb_format_name((cb_format)i)), (int)i);
	CHECK(cb_format_name(CB_FORMAT_COUNT) == NULL);
	tu_note("%s", "");
}

static void test_record(void)
{
	static const char *const names[] = {"ok", "failed_selfcheck", "unavailable", "unsupported", "error"};
	cb_run run;
	cb_result init;
	size_t i;
	int zero = 1;
	for (i = 0; i < 5; i++)
		CHECK(strcmp(cb_status_name((cb_status)i), names[i]) == 0);
	cb_result_init(&init);
	CHECK(init.threads == 1 && init.sizes.public_key == -1 && init.sizes.secret_key == -1 &&
	      init.sizes.ciphertext == -1 && init.sizes.signature == -1 && init.sizes.shared_secret == -1 &&
	      init.sizes.overhead == -1 && init.status == CB_STATUS_OK && init.algorithm[0] == 0);
	/* Growth keeps earlier entries and hands out zeroed ones. */
	memset(&run, 0, sizeof(run));
	for (i = 0; i < 100; i++) {
		cb_result *r = cb_run_add(&run);
		const unsigned char *b = (const unsigned char *)r;
		size_t j;
		CHECK(r != NULL);
		if (!r)
			break;
		for (j = 0; j < sizeof(*r); j++)
			if (b[j])
				zero = 0;
		r->threads = (unsigned)i + 1;
	}
	CHECK(zero);
	CHECK_EQ_INT(run.nresults, 100);
	CHECK(run.capacity >= 100);
	for (i = 0; i < run.nresults; i++)
		CHECK_EQ_INT(run.results[i].threads, i + 1);
	cb_run_free(&run);
	CHECK(run.results == NULL && run.nresults == 0 && run.capacity == 0);
	CHECK(cb_run_add(NULL) == NULL);
	cb_run_free(NULL);
}

static void test_table_details(void)
{
	cb_run run;
	char *out;
	memset(&run, 0, sizeof(run));
	snprintf(run.context.counter, sizeof(run.context.counter), "none");
	snprintf(run.context.tool_version, sizeof(run.context.tool_version), "0.1.0");
	run.context.cores_online = 1;
	add(&run, "sha3-256", "hash", "digest", 1048576, 2.5e9);     /* 2.50 s, 0.40 ops/s */
	add(&run, "rsa4096-oaep-sha256", "pke", "keygen", 0, 999.96); /* rounds up to the next unit */
	add(&run, "aes-128-gcm", "cipher", "encrypt", 1500, 1234567);
	add(&run, "aes-256-gcm", "cipher", "encrypt", 1500, 2469134); /* half the rate of aes-128-gcm */
	if (run.nresults != 4) {
		cb_run_free(&run);
		return;
	}
	run.results[2].cycles_per_op = 5000; /* no counter: must not be shown */

	tu_note("table details");
	out = render(&run, CB_FORMAT_TABLE);
	if (out) {
		CHECK(strstr(out, "cryptobench 0.1.0 | unknown CPU (1 core) | counter: none\n") == out);
		CHECK(strstr(out, "scale") == NULL);   /* no threads > 1 */
		CHECK(strstr(out, "2.50 s ") != NULL); /* seconds, 3 digits */
		CHECK(strstr(out, "0.40 ") != NULL);   /* ops/s below 10 */
		CHECK(strstr(out, "1.00 µs") != NULL); /* 999.96 ns */
		CHECK(strstr(out, "1.23 ms") != NULL);
		CHECK(strstr(out, "1 MiB") != NULL && strstr(out, "1500 B") != NULL);
		CHECK(strstr(out, "  0.4  ") != NULL); /* 1 MiB / 2.5 s = 0.42 MB/s */
		CHECK(strstr(out, "5.0k") == NULL);
		CHECK(strstr(out, "!") == NULL);       /* nothing noisy */
		CHECK(strstr(out, "sizes") == NULL);   /* no sizes known */
		/*
		 * Each operation is compared with the first algorithm that has it:
		 * sha3-256, rsa4096 and aes-128-gcm are their own baselines,
		 * aes-256-gcm is compared with aes-128-gcm.
		 */
		CHECK(strstr(out, "1.00\n") != NULL);
		CHECK(strstr(out, "0.50\n") != NULL);
		CHECK(strstr(out, "  -\n") == NULL);
		free(out);
	}
	out = render(&run, CB_FORMAT_MD);
	if (out) {
		CHECK(strstr(out, "- cycle counter: none (no cycle counts)\n") != NULL);
		CHECK(strstr(out, "| sha3-256 | openssl | digest | 1 MiB | 1 | 0.40 | 2.50 s |") != NULL);
		CHECK(strstr(out, "Sizes") == NULL);
		free(out);
	}
	cb_run_free(&run);

	/* An empty run still gives a header (and valid JSON, CSV). */
	tu_note("empty run");
	out = render(&run, CB_FORMAT_TABLE);
	CHECK(out && strstr(out, "algorithm  backend") != NULL);
	free(out);
	out = render(&run, CB_FORMAT_CSV);
	CHECK(out && strchr(out, '\n') == out + strlen(out) - 1);
	free(out);
	out = render(&run, CB_FORMAT_JSON);
	CHECK(out && strstr(out, "\"results\": []") != NULL);
	free(out);
	CHECK_EQ_INT(cb_report_write(stdout, (cb_format)-1, &run), CB_ERR_ARG);
	tu_note("%s", "");
}

int main(void)
{
	test_csv_quoting();
	test_formats();
	test_record();
	test_table_details();
	return tu_finish();
}
