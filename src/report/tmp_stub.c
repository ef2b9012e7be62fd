/* TEMPORARY stand-in until the writers land; removed at merge. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/fileio.h"
#include "cryptobench/report.h"

void cb_result_init(cb_result *r);
void cb_result_init(cb_result *r)
{
	memset(r, 0, sizeof(*r));
	r->threads = 1;
	r->sizes.public_key = r->sizes.secret_key = r->sizes.ciphertext = r->sizes.signature = r->sizes.shared_secret =
		r->sizes.overhead = -1;
}
cb_result *cb_run_add(cb_run *run)
{
	if (run->nresults == run->capacity) {
		size_t c = run->capacity ? run->capacity * 2 : 16;
		cb_result *n = realloc(run->results, c * sizeof(*n));
		if (!n)
			return NULL;
		run->results = n;
		run->capacity = c;
	}
	memset(&run->results[run->nresults], 0, sizeof(cb_result));
	return &run->results[run->nresults++];
}
void cb_run_free(cb_run *run)
{
	free(run->results);
	memset(run, 0, sizeof(*run));
}
const char *cb_status_name(cb_status s)
{
	static const char *n[] = {"ok", "failed_selfcheck", "unavailable", "unsupported", "error"};
	return (unsigned)s < 5 ? n[s] : "?";
}
int cb_format_parse(const char *name)
{
	static const char *n[] = {"table", "json", "csv", "md"};
	for (int i = 0; i < 4; i++)
		if (!strcmp(name, n[i]))
			return i;
	return -1;
}
int cb_format_from_path(const char *path)
{
	const char *d = strrchr(path, '.');
	if (!d)
		return -1;
	if (!strcmp(d, ".json"))
		return CB_FORMAT_JSON;
	if (!strcmp(d, ".csv"))
		return CB_FORMAT_CSV;
	if (!strcmp(d, ".md"))
		return CB_FORMAT_MD;
	if (!strcmp(d, ".txt"))
		return CB_FORMAT_TABLE;
	return -1;
}
int cb_report_write(FILE *f, cb_format fmt, const cb_run *run)
{
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		fprintf(f, "%-22s %-8s %-8s %7zu %2u %12.1f ops/s %10.1f ns +-%.2f%% cyc %.0f %s %s %s\n", r->algorithm,
			r->backend, r->operation, r->message_bytes, r->threads, r->ops_per_sec, r->ns.median,
			100 * r->precision, r->cycles_per_op, cb_status_name(r->status), r->error, r->noise);
	}
	return 0;
}
int cb_report_write_path(const char *path, cb_format fmt, const cb_run *run)
{
	cb_atomic_file af;
	if (cb_atomic_open(&af, path, 0644))
		return CB_ERR_IO;
	if (cb_report_write(af.f, fmt, run)) {
		cb_atomic_abort(&af);
		return CB_ERR_IO;
	}
	return cb_atomic_commit(&af);
}
