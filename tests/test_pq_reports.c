/*
 * What the reports make of post-quantum signatures, on a hand-made run
 * whose answers are known: ML-DSA signing classified as a variable-time
 * operation whose figure is the mean (ratio of means, the footer line);
 * the sizes table's three ML-DSA secret-key forms; Study C's certificate
 * chain table; plan --handshakes' ML-DSA combinations and chain bytes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/session.h"
#include "cryptobench/registry.h"
#include "cryptobench/report.h"
#include "report/handshake.h"
#include "report/report_int.h"
#include "testutil.h"

static void set_case(cb_result *r, const char *alg, const char *kind, const char *op, double ns, long pk, long sig)
{
	cb_result_init(r);
	snprintf(r->algorithm, sizeof(r->algorithm), "%s", alg);
	snprintf(r->kind, sizeof(r->kind), "%s", kind);
	snprintf(r->backend, sizeof(r->backend), "%s", "x");
	snprintf(r->operation, sizeof(r->operation), "%s", op);
	snprintf(r->method, sizeof(r->method), "%s", "rounds");
	r->message_bytes = !strcmp(kind, "sig") && strcmp(op, "keygen") ? 32 : 0;
	r->status = CB_STATUS_OK;
	r->threads = 1;
	r->estimate_ns = r->ns.median = r->ns.mean = ns;
	r->ops_per_sec = 1e9 / ns;
	r->sizes.public_key = pk;
	r->sizes.signature = sig;
	if (!strcmp(kind, "kem"))
		r->sizes.ciphertext = 1120;
}

static void classification(void)
{
	const cb_alg_info *a;

	tu_note("%s", "random cost");
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
		int want = 0;
		if (!strncmp(a->name, "mldsa", 5))
			want = CB_COST_RANDOM_MEAN;
		if (!strncmp(a->name, "rsa", 3))
			want = CB_COST_RANDOM_MEDIAN;
		tu_note("random cost %s@%s", a->name, a->backend);
		CHECK_EQ_INT(cb_op_random_cost(a, "sign"), want == CB_COST_RANDOM_MEAN ? want : 0);
		CHECK_EQ_INT(cb_op_random_cost(a, "keygen"), want == CB_COST_RANDOM_MEDIAN ? want : 0);
		CHECK_EQ_INT(cb_op_random_cost(a, "verify"), 0);
	}
}

int main(void)
{
	cb_result res[16];
	cb_run run;
	size_t k = 0, n, nx;
	cb_ratio ratio;
	char lines[CB_SUMMARY_LINES][CB_LINE_MAX];
	cb_size_tab st;
	cb_xtab *xt;
	cb_hs_row *rows;
	int found = 0;

	classification();
	memset(&run, 0, sizeof(run));
	set_case(&res[k++], "sm2-sign", "sig", "keygen", 20000, 91, 71);
	set_case(&res[k++], "sm2-sign", "sig", "sign", 30000, 91, 71);
	set_case(&res[k++], "sm2-sign", "sig", "verify", 50000, 91, 71);
	set_case(&res[k++], "mldsa44", "sig", "keygen", 15000, 1334, 2420);
	set_case(&res[k++], "mldsa44", "sig", "sign", 60000, 1334, 2420);
	set_case(&res[k++], "mldsa44", "sig", "verify", 18000, 1334, 2420);
	set_case(&res[k++], "x25519mlkem768", "kem", "keygen", 60000, 1216, -1);
	set_case(&res[k++], "x25519mlkem768", "kem", "encaps", 70000, 1216, -1);
	set_case(&res[k++], "x25519mlkem768", "kem", "decaps", 80000, 1216, -1);
	set_case(&res[k++], "x25519", "kex", "keygen", 10000, 32, -1);
	set_case(&res[k++], "x25519", "kex", "derive", 20000, 32, -1);
	set_case(&res[k++], "ecdsa-p256", "sig", "sign", 30000, 91, 72);
	set_case(&res[k++], "ecdsa-p256", "sig", "verify", 50000, 91, 72);
	/* ML-DSA signing as the run records it: a mean over signatures, the median below it */
	res[4].random_cost = 1;
	snprintf(res[4].method, sizeof(res[4].method), "%s", "mean");
	res[4].samples = 500;
	res[4].ns.median = 40000;
	res[3].sizes.secret_key = res[4].sizes.secret_key = 54;
	res[3].sizes.secret_key_expanded = 2588;
	res[3].sizes.secret_key_both = 2626;
	run.results = res;
	run.nresults = run.capacity = k;
	run.context.security_table = 1;

	tu_note("%s", "ratio of means");
	CHECK_EQ_INT(cb_result_time_ratio(&res[4], &res[1], &ratio), 0);
	CHECK(!ratio.paired && fabs(ratio.value - 2.0) < 1e-12); /* 60 us mean over 30 us */
	n = cb_tab_summary(&run, lines, CB_SUMMARY_LINES);
	for (size_t i = 0; i < n; i++)
		found |= strstr(lines[i], "MEAN of 500 signatures") != NULL;
	CHECK(found);

	tu_note("%s", "sizes");
	CHECK_EQ_INT(cb_size_tab_build(&st, &run), 0);
	found = 0;
	for (size_t i = 0; i < st.nrows; i++)
		if (!strcmp(st.rows[i].cell[CB_SCOL_ALG], "mldsa44"))
			found = !strcmp(st.rows[i].cell[CB_SCOL_SK], "54 / 2588 / 2626");
	CHECK(found);
	cb_size_tab_free(&st);

	tu_note("%s", "certificate chain");
	CHECK_EQ_INT(cb_study_tables(&run, &xt, &nx), 0);
	found = 0;
	for (size_t i = 0; i < nx; i++) {
		if (strcmp(xt[i].id, "chain"))
			continue;
		for (size_t r = 0; r < xt[i].nrows; r++) {
			const cb_xrow *row = &xt[i].rows[r];
			if (!strcmp(row->cell[0], "mldsa44")) {
				CHECK(!strcmp(row->cell[3], "7508") && !strcmp(row->cell[4], "9928"));
				/* against sm2-sign's 2 x 91 + 3 x 71 = 395 */
				CHECK(!strcmp(row->cell[5], "25.1"));
				found++;
			}
			if (!strcmp(row->cell[0], "sm2-sign"))
				found += !strcmp(row->cell[3], "324");
		}
	}
	CHECK_EQ_INT(found, 2);
	for (size_t i = 0; i < nx; i++)
		if (!strcmp(xt[i].id, "security"))
			CHECK(strstr(xt[i].note, "FIPS 204 table 1") != NULL);
	cb_study_tables_free(xt, nx);

	tu_note("%s", "handshakes");
	CHECK_EQ_INT(cb_hs_plan(&run, NULL, NULL, 1000, 50, &rows, &n), 0);
	found = 0;
	for (size_t i = 0; i < n; i++) {
		const cb_hs_row *r = &rows[i];
		if (!strcmp(r->combo->name, "x25519mlkem768+mldsa44")) {
			CHECK(r->ok);
			/* server: encaps 70 + sign 60 (the mean); client: keygen 60 + decaps 80 + verify 18 */
			CHECK(fabs(r->server_ns - 130000) < 1e-6 && fabs(r->client_ns - 158000) < 1e-6);
			CHECK(r->wire == 1216 + 1120 + 2420 && r->chain == 2 * (1334 + 2420));
			CHECK(r->against && !strcmp(r->against, "x25519+ecdsa-p256"));
			found++;
		}
		if (!strcmp(r->combo->name, "x25519+ecdsa-p256")) {
			CHECK(r->ok && r->chain == 2 * (91 + 72));
			found++;
		}
		if (!strcmp(r->combo->name, "mlkem1024+mldsa87"))
			found += !r->ok && strstr(r->why, "mlkem1024 is not in the run") != NULL;
		if (!strcmp(r->combo->name, "sm2mlkem768+mldsa65") || !strcmp(r->combo->name, "x25519mlkem768+mldsa65"))
			found += !r->ok;
	}
	CHECK_EQ_INT(found, 5);
	free(rows);
	return tu_finish();
}
