/*
 * A two-case benchmark through the library's public API (bench.h): SHA-256
 * against SM3 on 64-byte messages with OpenSSL, in quick mode, printed as
 * the table `cryptobench run` prints.
 *
 *   cc bench_two_cases.c $(pkg-config --cflags --libs --static cryptobench)
 *
 * Exit status: 0 both cases measured; 1 otherwise (the reason on stderr).
 */
#include <stdio.h>

#include <cryptobench/bench.h>
#include <cryptobench/report.h>

int main(void)
{
	static const char *const sets[][2] = {{"backend", "openssl"}, {"sizes", "64"}, {"quick", NULL},
					      {"title", "two cases"}};
	cb_bench_request req;
	cb_plan plan = {0};
	cb_run run = {0};
	char err[512] = "";
	int rc = 0, ok = 0;

	cb_bench_request_init(&req);
	if (cb_bench_request_select(&req, "sha256") || cb_bench_request_select(&req, "sm3"))
		rc = CB_ERR_NOMEM;
	for (size_t i = 0; !rc && i < sizeof(sets) / sizeof(sets[0]); i++)
		rc = cb_bench_request_set(&req, sets[i][0], sets[i][1], err, sizeof(err));
	if (!rc)
		rc = cb_bench_plan(&req, &plan, err, sizeof(err));
	if (!rc)
		rc = cb_bench_run(&req, &plan, NULL, &run, err, sizeof(err));
	if (!rc)
		rc = cb_report_write(stdout, CB_FORMAT_TABLE, &run);
	for (size_t i = 0; !rc && i < run.nresults; i++)
		ok += run.results[i].status == CB_STATUS_OK && run.results[i].ops_per_sec > 0;
	if (rc)
		fprintf(stderr, "bench_two_cases: %s\n", err[0] ? err : cb_strerror(rc));
	else if (ok != 2)
		fprintf(stderr, "bench_two_cases: %d of 2 cases measured\n", ok);
	cb_plan_free(&plan);
	cb_run_free(&run);
	cb_bench_request_free(&req);
	return !rc && ok == 2 ? 0 : 1;
}
