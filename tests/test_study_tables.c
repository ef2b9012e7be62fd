/*
 * A suite's published figures and claims against a run (study_tables.c):
 * parsing of --published, and the verdicts the writers print.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/report.h"
#include "report/report_int.h"
#include "testutil.h"

static void parse_cases(void)
{
	cb_published p;
	static const char *const bad[] = {"", "=3", "x:op", "rsa:decrypt=", "rsa:decrypt=-1ops/s", "rsa:decrypt=5parsecs",
					  "rsa:decrypt=2x", "a:op/b:op=3ms", "a:op:12Q=3ms", "noop=3ms", "a:op=infops/s"};
	tu_note("parse");
	CHECK_EQ_INT(cb_published_parse("rsa2048-pkcs1:decrypt:128=48ops/s", &p), 0);
	CHECK(!strcmp(p.a, "rsa2048-pkcs1:decrypt:128") && !p.b[0] && p.value == 48 && !strcmp(p.unit, "ops/s"));
	CHECK_EQ_INT(cb_published_parse("sm2@openssl:decrypt/rsa:decrypt:4K=32x", &p), 0);
	CHECK(!strcmp(p.a, "sm2@openssl:decrypt") && !strcmp(p.b, "rsa:decrypt:4K") && p.value == 32);
	{
		char buf[256];
		cb_published q;
		cb_published_format(&p, buf, sizeof(buf));
		CHECK_EQ_INT(cb_published_parse(buf, &q), 0);
		CHECK(!strcmp(q.a, p.a) && !strcmp(q.b, p.b) && q.value == p.value && !strcmp(q.unit, p.unit));
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		tu_note("parse '%s'", bad[i]);
		CHECK_EQ_INT(cb_published_parse(bad[i], &p), CB_ERR_ARG);
	}
}

/* One measured one-thread case whose every round took ns. */
static void set_case(cb_result *r, const char *alg, const char *op, double ns, double jitter)
{
	cb_result_init(r);
	snprintf(r->algorithm, sizeof(r->algorithm), "%s", alg);
	snprintf(r->operation, sizeof(r->operation), "%s", op);
	snprintf(r->backend, sizeof(r->backend), "openssl");
	snprintf(r->kind, sizeof(r->kind), "pke");
	r->status = CB_STATUS_OK;
	r->estimate_ns = r->ns.median = ns;
	r->ops_per_sec = 1e9 / ns;
	r->nrounds = 20;
	for (size_t i = 0; i < r->nrounds; i++)
		r->rounds[i] = ns * (1 + jitter * (double)((i * 7) % 5 - 2) / 100);
}

static char *render(const cb_run *run)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	CHECK(f != NULL);
	if (!f)
		return NULL;
	CHECK_EQ_INT(cb_report_write(f, CB_FORMAT_TABLE, run), 0);
	fclose(f);
	return out;
}

static void verdicts(void)
{
	cb_result res[4];
	cb_run run;
	char *out;
	static const char *const claims[] = {
		"a:op/b:op=2x",   /* measured 2x: holds */
		"a:op/c:op=1.2x", /* measured 1.0x: no difference */
		"a:op/d:op=3x",   /* measured 0.5x: reversed */
		"b:op/c:op=0.2x", /* measured 0.5x: larger */
	};
	memset(&run, 0, sizeof(run));
	set_case(&res[0], "a", "op", 1000, 1);
	set_case(&res[1], "b", "op", 2000, 1);
	set_case(&res[2], "c", "op", 1000, 1);
	set_case(&res[3], "d", "op", 500, 1);
	run.results = res;
	run.nresults = run.capacity = 4;
	for (size_t i = 0; i < 4; i++)
		CHECK_EQ_INT(cb_published_parse(claims[i], &run.context.published[run.context.npublished++]), 0);
	CHECK_EQ_INT(cb_published_parse("b:op=1000ops/s", &run.context.published[run.context.npublished++]), 0);
	CHECK_EQ_INT(cb_published_parse("z:op=1ms", &run.context.published[run.context.npublished++]), 0);
	run.context.security_table = 1;
	tu_note("verdicts");
	out = render(&run);
	if (!out)
		return;
	CHECK(strstr(out, "published claims against this run") != NULL);
	CHECK(strstr(out, "a:op / b:op") != NULL);
	CHECK(strstr(out, "holds (inside the interval)") != NULL);
	CHECK(strstr(out, "no difference measured") != NULL);
	CHECK(strstr(out, "reversed") != NULL);
	CHECK(strstr(out, "same side, larger by 2.5x") != NULL);
	/* b: 2000 ns, 500,000 ops/s, against 1000 published */
	CHECK(strstr(out, "published figures against this run") != NULL);
	CHECK(strstr(out, "500000 ops/s") != NULL && strstr(out, "500.00") != NULL);
	CHECK(strstr(out, "not measured in this run") != NULL);
	CHECK(strstr(out, "\nsecurity\n") != NULL);
	if (tu_failed)
		fprintf(stderr, "%s\n", out);
	free(out);

	/* the figures behind the cells, unrounded, that the charts draw */
	{
		cb_xtab *xt = NULL;
		size_t nx = 0, seen = 0;
		CHECK_EQ_INT(cb_study_tables(&run, &xt, &nx), 0);
		for (size_t i = 0; i < nx; i++) {
			const cb_xtab *t = &xt[i];
			if (!strcmp(t->id, "claims") && t->nrows == 4) {
				const cb_xrow *r = &t->rows[0]; /* a:op / b:op, measured 2x */
				CHECK(r->num[2] == 2 && fabs(r->num[3] - 2) < 0.05 && r->low <= r->num[3] &&
				      r->num[3] <= r->high);
				seen++;
			}
			if (!strcmp(t->id, "published") && t->nrows == 2) {
				const cb_xrow *b = &t->rows[0], *z = &t->rows[1];
				CHECK(b->num[2] == 1000 && fabs(b->num[3] - 500000) < 1e-6 && fabs(b->num[4] - 500) < 1e-9);
				CHECK(isnan(z->num[3]) && isnan(z->num[4]) && isnan(z->low));
				seen++;
			}
		}
		CHECK_EQ_INT(seen, 2);
		cb_study_tables_free(xt, nx);
	}
}

int main(void)
{
	parse_cases();
	verdicts();
	tu_note("%s", "");
	return tu_finish();
}
