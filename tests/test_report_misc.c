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
			CHECK(ok && header == 55 && !quoted); /* 55 with the estimate, rounds, heap counts and pinning */
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
		/* No algorithm on two backends, no baseline: no ratio column at all. */
		CHECK(strstr(out, "ratio") == NULL);
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

/* A row's ratio cell: the last word of the line that starts with "alg  backend  op". */
static const char *ratio_cell(const char *table, const char *alg, const char *backend, const char *op, char *buf,
			      size_t len)
{
	const char *p = table;
	buf[0] = 0;
	while (p && *p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char line[512], a[64], b[64], o[64];
		snprintf(line, sizeof(line), "%.*s", (int)n, p);
		if (sscanf(line, "%63s %63s %63s", a, b, o) == 3 && !strcmp(a, alg) && !strcmp(b, backend) &&
		    !strcmp(o, op)) {
			const char *last = strrchr(line, ' ');
			snprintf(buf, len, "%.63s", last ? last + 1 : line);
			return buf;
		}
		p = e ? e + 1 : NULL;
	}
	return buf;
}

static cb_result *add_rounds(cb_run *run, const char *alg, const char *kind, const char *backend, const char *op,
			     double ns, const double *drift)
{
	cb_result *r = add(run, alg, kind, op, 0, ns);
	if (!r)
		return NULL;
	snprintf(r->backend, sizeof(r->backend), "%s", backend);
	r->estimate_ns = r->estimate_low = r->estimate_high = ns;
	r->nrounds = 8;
	for (size_t i = 0; i < 8; i++)
		r->rounds[i] = ns * drift[i];
	return r;
}

/*
 * The ratio column pairs only comparable cases: the same operation and
 * size, by default the same algorithm on the first backend; with a
 * baseline, that algorithm's same operation.  Never keygen over sign.
 */
/*
 * The sizes table merges every backend of an algorithm: ranges where the
 * sizes differ, one encoding when they agree and "?" when they do not, RSA's
 * longest message instead of an overhead, and the definitions of the
 * columns it shows.
 */
static void test_sizes_merge(void)
{
	cb_run run;
	cb_result *r[6];
	char *out;
	memset(&run, 0, sizeof(run));
	r[0] = add(&run, "ecdsa-p256", "sig", "sign", 32, 20000);
	r[1] = add(&run, "ecdsa-p256", "sig", "sign", 32, 30000);
	r[2] = add(&run, "rsa2048-oaep-sha256", "pke", "encrypt", 32, 30000);
	r[3] = add(&run, "x25519", "kex", "derive", 0, 30000);
	/* every column shown: a note for each, and the ranges' */
	r[4] = add(&run, "aes-128-gcm", "cipher", "encrypt", 1024, 3000);
	r[5] = add(&run, "aes-128-gcm", "cipher", "encrypt", 16384, 30000); /* another size: not merged into its row */
	if (run.nresults != 6) {
		cb_run_free(&run);
		return;
	}
	snprintf(r[1]->backend, sizeof(r[1]->backend), "gcrypt");
	for (int i = 0; i < 2; i++) {
		r[i]->sizes.public_key = 91;
		r[i]->sizes.secret_key = r[i]->sizes.secret_key_max = 67;
		r[i]->sizes.key_bits = 256;
		memcpy(r[i]->sizes.public_encoding, "SPKI", 5);
		memcpy(r[i]->sizes.secret_encoding, "PKCS#8", 7);
	}
	r[0]->sizes.signature = 71, r[0]->sizes.signature_max = 72;
	r[1]->sizes.signature = 70, r[1]->sizes.signature_max = 71;
	r[2]->sizes.public_key = 294;
	r[2]->sizes.ciphertext = r[2]->sizes.ciphertext_max = 256;
	r[2]->sizes.max_message = 190;
	r[2]->sizes.key_bits = 2048;
	r[3]->sizes.public_key = r[3]->sizes.secret_key = r[3]->sizes.shared_secret = 32;
	memcpy(r[3]->sizes.public_encoding, "raw", 4);
	memcpy(r[3]->sizes.secret_encoding, "PKCS#8", 7);
	r[4]->sizes.ciphertext = r[4]->sizes.ciphertext_max = 1040;
	r[4]->sizes.overhead = 16;
	r[4]->expansion = 1040.0 / 1024;
	r[5]->sizes.ciphertext = r[5]->sizes.ciphertext_max = 16400;
	r[5]->sizes.overhead = 16;

	tu_note("sizes merge");
	out = render(&run, CB_FORMAT_TABLE);
	if (out) {
		const char *t = strstr(out, "sizes in bytes");
		CHECK(t != NULL);
		if (t) {
			CHECK(strstr(t, "key bits") != NULL && strstr(t, "max message") != NULL);
			const char *head = strchr(t, '\n') + 1, *eol = strchr(head, '\n');
			CHECK(eol && memmem(head, (size_t)(eol - head), "overhead", 8)); /* the cipher's */
			CHECK(strstr(t, "  1040  ") != NULL && strstr(t, "16400") == NULL); /* one message size per row */
			CHECK(strstr(t, "\nmessage: ") != NULL && strstr(t, "\nexpansion: ") != NULL);
			CHECK(strstr(t, "70-72") != NULL);     /* over both backends */
			CHECK(strstr(t, "SPKI / PKCS#8") != NULL);
			CHECK(strstr(t, "raw / PKCS#8") != NULL);
			CHECK(strstr(t, "  190  ") != NULL);
			CHECK(strstr(t, "\nkey bits: the RSA modulus") != NULL);
			CHECK(strstr(t, "\na-b: the smallest and largest") != NULL);
			CHECK(strstr(t, "\nmax message: ") != NULL);
			CHECK(strstr(t, "\noverhead: ") != NULL);
		}
		/* one row for the two backends */
		if (t) {
			const char *row = strstr(t, "\necdsa-p256 ");
			CHECK(row != NULL && strstr(row + 1, "\necdsa-p256 ") == NULL);
		}
		free(out);
	}
	/* the backends disagree on an encoding: the table says so */
	memcpy(r[1]->sizes.public_encoding, "raw", 4);
	out = render(&run, CB_FORMAT_MD);
	if (out) {
		CHECK(strstr(out, "| ? / PKCS#8 |") != NULL);
		CHECK(strstr(out, "| 70-72 |") != NULL);
		CHECK(strstr(out, "- key bits: ") != NULL);
		free(out);
	}
	tu_note("%s", "");
	cb_run_free(&run);
}

static void test_ratios(void)
{
	static const double drift[8] = {1, 1.5, 0.8, 1.2, 1, 1.7, 0.9, 1.1}; /* a wild host, seen by all */
	cb_run run;
	char cell[64], *out;
	memset(&run, 0, sizeof(run));
	snprintf(run.context.counter, sizeof(run.context.counter), "none");
	run.context.rounds = 8;
	run.context.interleaved = 1;
	add_rounds(&run, "x25519", "kex", "openssl", "derive", 40000, drift);
	add_rounds(&run, "x25519", "kex", "sodium", "derive", 50000, drift);
	add_rounds(&run, "ecdsa-p256", "sig", "openssl", "keygen", 20000, drift);
	add_rounds(&run, "ecdsa-p256", "sig", "openssl", "sign", 30000, drift);
	add_rounds(&run, "ecdsa-p256", "sig", "openssl", "verify", 60000, drift);
	add_rounds(&run, "rsa2048-pkcs1-sha256", "sig", "openssl", "keygen", 80000000, drift);
	add_rounds(&run, "rsa2048-pkcs1-sha256", "sig", "openssl", "sign", 600000, drift);
	if (run.nresults != 7) {
		cb_run_free(&run);
		return;
	}
	run.results[5].random_cost = 1;
	out = render(&run, CB_FORMAT_TABLE);
	if (out) {
		/* Library comparison: sodium against openssl, paired, the drift cancelled. */
		CHECK(!strcmp(ratio_cell(out, "x25519", "openssl", "derive", cell, sizeof(cell)), "1"));
		CHECK(!strcmp(ratio_cell(out, "x25519", "sodium", "derive", cell, sizeof(cell)), "0.80±0.0%"));
		/* ECDSA keygen is not divided by RSA keygen, nor sign by anything. */
		CHECK(!strcmp(ratio_cell(out, "ecdsa-p256", "openssl", "keygen", cell, sizeof(cell)), "-"));
		CHECK(!strcmp(ratio_cell(out, "ecdsa-p256", "openssl", "sign", cell, sizeof(cell)), "-"));
		free(out);
	}
	/* A declared baseline: each operation against RSA's same operation. */
	snprintf(run.context.baseline, sizeof(run.context.baseline), "rsa2048-pkcs1-sha256");
	out = render(&run, CB_FORMAT_TABLE);
	if (out) {
		CHECK(!strcmp(ratio_cell(out, "ecdsa-p256", "openssl", "sign", cell, sizeof(cell)), "20.0±0.0%"));
		/* keygen against RSA's keygen: a random cost, so one unpaired ratio. */
		CHECK(!strcmp(ratio_cell(out, "ecdsa-p256", "openssl", "keygen", cell, sizeof(cell)), "4000"));
		/* RSA has no verify here: no ratio rather than one of unrelated work. */
		CHECK(!strcmp(ratio_cell(out, "ecdsa-p256", "openssl", "verify", cell, sizeof(cell)), "-"));
		/* x25519 is another class: nothing to compare with. */
		CHECK(!strcmp(ratio_cell(out, "x25519", "sodium", "derive", cell, sizeof(cell)), "-"));
		CHECK(!strcmp(ratio_cell(out, "rsa2048-pkcs1-sha256", "openssl", "sign", cell, sizeof(cell)), "1"));
		free(out);
	}
	/* NAME@BACKEND and a list: the first that has a comparable case. */
	snprintf(run.context.baseline, sizeof(run.context.baseline), "nosuch,x25519@sodium");
	out = render(&run, CB_FORMAT_TABLE);
	if (out) {
		CHECK(!strcmp(ratio_cell(out, "x25519", "openssl", "derive", cell, sizeof(cell)), "1.25±0.0%"));
		CHECK(!strcmp(ratio_cell(out, "x25519", "sodium", "derive", cell, sizeof(cell)), "1"));
		free(out);
	}
	cb_run_free(&run);
}

int main(void)
{
	test_sizes_merge();
	test_ratios();
	test_csv_quoting();
	test_formats();
	test_record();
	test_table_details();
	return tu_finish();
}
