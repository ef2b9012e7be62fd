/*
 * The library runs a benchmark (bench.h): the request grammar, suites
 * parsed into a request (data only), selectors and backends, the plan,
 * and a short run of two cases.
 */
#include <stdio.h>
#include <string.h>

#include "cryptobench/bench.h"
#include "cryptobench/registry.h"
#include "testutil.h"

static void request_grammar(void)
{
	cb_bench_request r;
	char err[512];

	tu_note("request options");
	cb_bench_request_init(&r);
	CHECK_EQ_INT(cb_bench_request_set(&r, "time", "0.5", err, sizeof(err)), 0);
	CHECK(r.time == 0.5);
	CHECK_EQ_INT(cb_bench_request_set(&r, "quick", NULL, err, sizeof(err)), 0);
	CHECK(r.quick && r.time == 0); /* --quick resets an earlier --time */
	CHECK_EQ_INT(cb_bench_request_set(&r, "time", "-1", err, sizeof(err)), CB_ERR_ARG);
	CHECK(strstr(err, "bad value '-1' for --time") != NULL);
	CHECK_EQ_INT(cb_bench_request_set(&r, "rounds", "2.5", err, sizeof(err)), CB_ERR_ARG);
	CHECK(strstr(err, "whole number") != NULL);
	CHECK_EQ_INT(cb_bench_request_set(&r, "sizes", "16,1K", err, sizeof(err)), 0);
	CHECK(r.nsizes == 2 && r.sizes[1] == 1024);
	CHECK_EQ_INT(cb_bench_request_set(&r, "sizes", "16,16", err, sizeof(err)), CB_ERR_ARG);
	CHECK_EQ_INT(cb_bench_request_set(&r, "pin-workers", "sometimes", err, sizeof(err)), CB_ERR_ARG);
	CHECK_EQ_INT(cb_bench_request_set(&r, "output", "x.json", err, sizeof(err)), CB_ERR_ARG);
	CHECK_EQ_INT(cb_bench_request_set(&r, "quick", "1", err, sizeof(err)), CB_ERR_ARG);
	CHECK_EQ_INT(cb_bench_request_set(&r, "sizes", NULL, err, sizeof(err)), CB_ERR_ARG);
	CHECK(cb_bench_request_option("scenario", NULL) && !cb_bench_request_option("output", NULL));
	cb_bench_request_free(&r);
}

static void suites(void)
{
	static const char *const refused[] = {"sha256 -o /tmp/x.json", "sha256 --output=/tmp/x.json",
					      "sha256 -o/tmp/x.json", "sha256 --suite other", "sha256 --format json",
					      "sha256 --verbose", "sha256 --progress", "sha256 --sizes"};
	cb_bench_request r;
	char err[512];

	tu_note("suites");
	cb_bench_request_init(&r);
	CHECK_EQ_INT(cb_bench_request_suite(&r, "# a study\nsha256 sm3 --title \"A: x # y\" --time=0.2 --quick\n", err,
					    sizeof(err)),
		     0);
	CHECK(r.nselectors == 2 && !strcmp(r.selectors[1], "sm3") && !strcmp(r.title, "A: x # y") && r.quick &&
	      r.time == 0);
	cb_bench_request_free(&r);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		cb_bench_request_init(&r);
		err[0] = 0;
		CHECK_EQ_INT(cb_bench_request_suite(&r, refused[i], err, sizeof(err)), CB_ERR_ARG);
		CHECK(err[0] != 0);
		cb_bench_request_free(&r);
	}
	cb_bench_request_init(&r);
	CHECK_EQ_INT(cb_bench_request_suite(&r, "  # nothing\n\n", err, sizeof(err)), CB_ERR_ARG);
	CHECK(strstr(err, "empty or only comments") != NULL);
	CHECK_EQ_INT(cb_bench_request_suite(&r, "sha256 \"open", err, sizeof(err)), CB_ERR_FORMAT);
	cb_bench_request_free(&r);
}

static void selecting(void)
{
	const char *sels[] = {"sha256"};
	const cb_alg_info *out[16];
	size_t n;
	char err[1024];

	tu_note("select");
	CHECK_EQ_INT(cb_select(sels, 1, "openssl", out, 16, &n, err, sizeof(err)), 0);
	CHECK(n == 1 && !strcmp(out[0]->name, "sha256") && !strcmp(out[0]->backend, "openssl"));
	CHECK_EQ_INT(cb_select(sels, 1, "openssl,nosuch", out, 16, &n, err, sizeof(err)), CB_ERR_ARG);
	CHECK(strstr(err, "unknown backend 'nosuch'") && strstr(err, "openssl"));
	sels[0] = "sha265";
	CHECK_EQ_INT(cb_select(sels, 1, NULL, out, 16, &n, err, sizeof(err)), CB_ERR_ARG);
	CHECK(strstr(err, "did you mean: sha256") != NULL);
}

static void planning_and_running(void)
{
	cb_bench_request r;
	cb_plan p;
	cb_run run = {0};
	char err[512];

	tu_note("plan");
	cb_bench_request_init(&r);
	CHECK_EQ_INT(cb_bench_plan(&r, &p, err, sizeof(err)), CB_ERR_ARG); /* nothing selected */
	CHECK_EQ_INT(cb_bench_request_suite(&r, "sha256 sm3 --backend openssl --sizes 16,64 --threads 1,2 "
						"--thread-ops sha256@openssl:digest --pin-workers both",
					    err, sizeof(err)),
		     0);
	CHECK_EQ_INT(cb_bench_plan(&r, &p, err, sizeof(err)), 0);
	/* sha256: 2 sizes x (1 thread, 2 unpinned, 2 pinned); sm3: 2 sizes x 1 thread */
	CHECK_EQ_INT((int)p.n, 8);
	for (size_t i = 0; i < p.n; i++)
		CHECK(p.cases[i].threads == 1 || !strcmp(p.cases[i].alg->name, "sha256"));
	cb_plan_free(&p);
	CHECK_EQ_INT(cb_bench_request_set(&r, "ops", "sign", err, sizeof(err)), 0);
	CHECK_EQ_INT(cb_bench_plan(&r, &p, err, sizeof(err)), CB_ERR_ARG);
	CHECK(strstr(err, "unknown operation 'sign'") != NULL);
	cb_bench_request_free(&r);

	tu_note("run two cases");
	cb_bench_request_init(&r);
	CHECK_EQ_INT(cb_bench_request_suite(&r, "sha256 sm3 --backend openssl --sizes 64 --quick --title two", err,
					    sizeof(err)),
		     0);
	CHECK_EQ_INT(cb_bench_plan(&r, &p, err, sizeof(err)), 0);
	CHECK_EQ_INT((int)p.n, 2);
	CHECK_EQ_INT(cb_bench_run(&r, &p, NULL, &run, err, sizeof(err)), 0);
	CHECK_EQ_INT((int)run.nresults, 2);
	for (size_t i = 0; i < run.nresults; i++)
		CHECK(run.results[i].status == CB_STATUS_OK && run.results[i].ops_per_sec > 0 &&
		      run.results[i].message_bytes == 64);
	CHECK(!strcmp(run.context.title, "two") && run.context.rounds > 0);
	cb_plan_free(&p);
	cb_run_free(&run);
	cb_bench_request_free(&r);
}

int main(void)
{
	request_grammar();
	suites();
	selecting();
	planning_and_running();
	return tu_finish();
}
