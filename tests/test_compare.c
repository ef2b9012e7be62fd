/* Comparing runs: pairing, significance, threshold. */
#include <string.h>

#include "bench/compare.h"
#include "testutil.h"

static cb_result *add(cb_run *run, const char *alg, const char *op, double median, double half_ci, cb_status st)
{
	cb_result *r = cb_run_add(run);
	if (!r)
		return NULL;
	cb_result_init(r);
	snprintf(r->algorithm, sizeof(r->algorithm), "%s", alg);
	snprintf(r->backend, sizeof(r->backend), "openssl");
	snprintf(r->operation, sizeof(r->operation), "%s", op);
	r->status = st;
	r->ns.median = median;
	r->ns.ci95_low = median - half_ci;
	r->ns.ci95_high = median + half_ci;
	r->ops_per_sec = st == CB_STATUS_OK ? 1e9 / median : 0;
	return r;
}

static const cb_change *find(const cb_change *c, size_t n, const char *alg, const char *op)
{
	for (size_t i = 0; i < n; i++) {
		const cb_result *r = c[i].old_r ? c[i].old_r : c[i].new_r;
		if (!strcmp(r->algorithm, alg) && !strcmp(r->operation, op))
			return &c[i];
	}
	return NULL;
}

int main(void)
{
	cb_run a = {0}, b = {0};
	cb_change *c = NULL;
	size_t n = 0;
	const cb_change *x;

	add(&a, "fast", "sign", 1000, 5, CB_STATUS_OK);    /* 20% faster, tight CIs */
	add(&b, "fast", "sign", 800, 5, CB_STATUS_OK);
	add(&a, "slow", "sign", 1000, 5, CB_STATUS_OK);    /* 25% slower */
	add(&b, "slow", "sign", 1333.3, 5, CB_STATUS_OK);
	add(&a, "noisy", "sign", 1000, 300, CB_STATUS_OK); /* 20% faster but within the noise */
	add(&b, "noisy", "sign", 800, 300, CB_STATUS_OK);
	add(&a, "small", "sign", 1000, 1, CB_STATUS_OK);   /* 3% faster: significant, below the threshold */
	add(&b, "small", "sign", 970, 1, CB_STATUS_OK);
	add(&a, "gone", "verify", 1000, 5, CB_STATUS_OK);
	add(&b, "new", "verify", 1000, 5, CB_STATUS_OK);
	add(&a, "broken", "decrypt", 1000, 5, CB_STATUS_OK);
	add(&b, "broken", "decrypt", 0, 0, CB_STATUS_FAILED_SELFCHECK);
	add(&a, "fast", "verify", 1000, 0, CB_STATUS_OK);  /* zero-width CIs: any change is significant */
	add(&b, "fast", "verify", 500, 0, CB_STATUS_OK);

	CHECK_EQ_INT(cb_compare_runs(&a, &b, 0.05, &c, &n), 0);
	CHECK_EQ_INT(n, 8);
	CHECK((x = find(c, n, "fast", "sign")) && x->verdict == CB_FASTER && x->ratio > 1.24 && x->ratio < 1.26);
	CHECK((x = find(c, n, "slow", "sign")) && x->verdict == CB_SLOWER && x->z < -1.96);
	CHECK((x = find(c, n, "noisy", "sign")) && x->verdict == CB_SAME);
	CHECK((x = find(c, n, "small", "sign")) && x->verdict == CB_SAME && x->z > 1.96);
	CHECK((x = find(c, n, "gone", "verify")) && x->verdict == CB_ONLY_OLD && x->new_r == NULL);
	CHECK((x = find(c, n, "new", "verify")) && x->verdict == CB_ONLY_NEW && x->old_r == NULL);
	CHECK((x = find(c, n, "broken", "decrypt")) && x->verdict == CB_NOT_MEASURED && x->ratio == 0);
	CHECK((x = find(c, n, "fast", "verify")) && x->verdict == CB_FASTER);
	free(c);

	/* A lower threshold lets the small but significant change count. */
	CHECK_EQ_INT(cb_compare_runs(&a, &b, 0.01, &c, &n), 0);
	CHECK((x = find(c, n, "small", "sign")) && x->verdict == CB_FASTER);
	free(c);

	/* Identical runs: nothing changes. */
	CHECK_EQ_INT(cb_compare_runs(&a, &a, 0.05, &c, &n), 0);
	for (size_t i = 0; i < n; i++)
		CHECK(c[i].verdict == CB_SAME || c[i].verdict == CB_NOT_MEASURED);
	free(c);

	CHECK(!strcmp(cb_verdict_name(CB_SLOWER), "slower"));
	cb_run_free(&a);
	cb_run_free(&b);
	return tu_finish();
}
