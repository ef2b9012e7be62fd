/* Comparing runs: pairing, significance, threshold. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/load.h"
#include "cryptobench/compare.h"
#include "result/stats.h"
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

/* ---- synthetic runs in rounds: a host whose speed drifts ---- */

static uint64_t rng = 0x1234567;


#define NCASES 8
#define NROUNDS 30

/*
 * One run as the session records it: a whole-run state of the machine
 * (sd state_sd, log scale), a drift from round to round (sd drift_sd) that
 * every case and the reference see alike, and a little noise of each
 * case's own.  slow[i] multiplies case i's true cost.
 */
static void synth_run(cb_run *run, double state_sd, double drift_sd, const double *slow)
{
	double state = exp(state_sd * tu_normal(&rng)), drift[NROUNDS];
	cb_interval iv;
	memset(run, 0, sizeof(*run));
	snprintf(run->context.cpu_model, sizeof(run->context.cpu_model), "synthetic");
	snprintf(run->context.reference_workload, sizeof(run->context.reference_workload), "ref");
	for (int r = 0; r < NROUNDS; r++)
		drift[r] = exp(drift_sd * tu_normal(&rng));
	run->context.nreference = NROUNDS;
	for (int r = 0; r < NROUNDS; r++)
		run->context.reference[r] = 4000 * state * drift[r] * exp(0.003 * tu_normal(&rng));
	{
		double tmp[NROUNDS];
		memcpy(tmp, run->context.reference, sizeof(tmp));
		run->context.reference_median_ns = cb_stats_median(tmp, NROUNDS);
		run->context.reference_spread = (cb_stats_quantile_sorted(tmp, NROUNDS, 0.9) -
						 cb_stats_quantile_sorted(tmp, NROUNDS, 0.1)) /
						run->context.reference_median_ns;
	}
	for (int i = 0; i < NCASES; i++) {
		char name[16];
		cb_result *x;
		snprintf(name, sizeof(name), "case%d", i);
		x = add(run, name, "sign", 1, 0, CB_STATUS_OK);
		x->nrounds = NROUNDS;
		for (int r = 0; r < NROUNDS; r++)
			x->rounds[r] = 1000.0 * (i + 1) * slow[i] * state * drift[r] * exp(0.01 * tu_normal(&rng));
		cb_stats_round_interval(x->rounds, NROUNDS, &iv);
		x->estimate_ns = iv.value;
		x->estimate_low = iv.low;
		x->estimate_high = iv.high;
		x->ops_per_sec = 1e9 / iv.value;
		/* What version 1 recorded: one stretch's samples, a tight interval. */
		x->ns.median = iv.value;
		x->ns.ci95_low = iv.value * 0.995;
		x->ns.ci95_high = iv.value * 1.005;
	}
}

/* Verdicts other than "~" over many pairs of runs of the same code. */
static size_t false_verdicts(int normalize, int v1_intervals, size_t pairs)
{
	static const double same[NCASES] = {1, 1, 1, 1, 1, 1, 1, 1};
	cb_compare_opts o = {0.05, normalize};
	size_t bad = 0;
	for (size_t k = 0; k < pairs; k++) {
		cb_run a, b;
		cb_change *c = NULL;
		size_t n = 0;
		synth_run(&a, 0.12, 0.06, same);
		synth_run(&b, 0.12, 0.06, same);
		for (size_t i = 0; v1_intervals && i < NCASES; i++) {
			a.results[i].estimate_ns = b.results[i].estimate_ns = 0; /* as read from version 1 */
			memset(a.context.reference, 0, sizeof(a.context.reference));
			a.context.reference_median_ns = b.context.reference_median_ns = 0;
			a.context.reference_spread = b.context.reference_spread = 0;
		}
		if (cb_compare_runs(&a, &b, &o, &c, &n) == 0)
			for (size_t i = 0; i < n; i++)
				bad += c[i].verdict == CB_FASTER || c[i].verdict == CB_SLOWER;
		free(c);
		cb_run_free(&a);
		cb_run_free(&b);
	}
	return bad;
}

static void drift_tests(void)
{
	const size_t pairs = 200, cases = pairs * NCASES;
	size_t with_rounds = false_verdicts(1, 0, pairs), per_stretch = false_verdicts(0, 1, pairs);
	/* The same code on a drifting host: "no change" (at most 1% of cases flagged). */
	CHECK(with_rounds * 100 <= cases);
	/* The per-stretch intervals of version 1 cry wolf on the same data. */
	CHECK(per_stretch * 4 > cases);

	/* A real change on a quiet host is still found. */
	{
		static const double same[NCASES] = {1, 1, 1, 1, 1, 1, 1, 1};
		static const double slower[NCASES] = {1, 1.3, 1, 1, 1, 1, 1, 0.8};
		cb_compare_opts o = {0.05, 1};
		cb_run a, b;
		cb_change *c = NULL;
		size_t n = 0;
		synth_run(&a, 0.01, 0.005, same);
		synth_run(&b, 0.01, 0.005, slower);
		CHECK_EQ_INT(cb_compare_runs(&a, &b, &o, &c, &n), 0);
		CHECK(n == NCASES && c[1].verdict == CB_SLOWER && c[7].verdict == CB_FASTER);
		for (size_t i = 2; i < 7; i++)
			CHECK(c[i].verdict == CB_SAME);
		free(c);
		cb_run_free(&a);
		cb_run_free(&b);
	}

	/* A whole-run drift of 30% that the reference saw too: corrected, no change. */
	{
		static const double same[NCASES] = {1, 1, 1, 1, 1, 1, 1, 1};
		cb_compare_opts o = {0.05, 1};
		cb_machine_change mc;
		cb_run a, b;
		cb_change *c = NULL;
		size_t n = 0;
		synth_run(&a, 0, 0.005, same);
		synth_run(&b, 0, 0.005, same);
		for (size_t i = 0; i < NCASES; i++) {
			cb_result *x = &b.results[i];
			for (size_t r = 0; r < NROUNDS; r++)
				x->rounds[r] *= 1.3;
			x->estimate_ns *= 1.3;
			x->estimate_low *= 1.3;
			x->estimate_high *= 1.3;
			x->ops_per_sec /= 1.3;
		}
		for (size_t r = 0; r < NROUNDS; r++)
			b.context.reference[r] *= 1.3;
		b.context.reference_median_ns *= 1.3;
		cb_compare_machine(&a, &b, &o, &mc);
		CHECK(mc.used && fabs(mc.factor - 1.3) < 0.01);
		/*
		 * The machine changed between the runs: the ratios are still
		 * corrected, but no case is called "~", faster or slower within
		 * twice the reference's change.
		 */
		tu_note("why: %s, bound %.3f", mc.why, mc.bound);
		CHECK(mc.differs && strstr(mc.why, "reference workload took +") && mc.bound > 0.6 && mc.bound < 0.75);
		CHECK_EQ_INT(cb_compare_runs(&a, &b, &o, &c, &n), 0);
		for (size_t i = 0; i < n; i++)
			CHECK(c[i].verdict == CB_INCONCLUSIVE && fabs(c[i].ratio - 1) < 0.02 && c[i].raw_ratio < 0.8);
		free(c);
		/* Different CPU models: no correction. */
		snprintf(b.context.cpu_model, sizeof(b.context.cpu_model), "other");
		cb_compare_machine(&a, &b, &o, &mc);
		CHECK(!mc.used && !mc.same_cpu && mc.factor == 1 && mc.differs && isinf(mc.bound));
		cb_run_free(&a);
		cb_run_free(&b);
	}
}

/* The load readings of a synthetic run: others_cpu per round (busy: about 1 CPU, quiet: about 0.05). */
static void synth_load(cb_run *run, double busy_share)
{
	cb_context *c = &run->context;
	c->nload = NROUNDS;
	for (int r = 0; r < NROUNDS; r++) {
		int busy = (double)r < busy_share * NROUNDS;
		c->load_others[r] = busy ? 1.0 + 0.1 * tu_normal(&rng) : fabs(0.05 * tu_normal(&rng));
		c->load_steal[r] = 0;
		c->load_runnable[r] = busy ? 2 : 1;
	}
}

/*
 * The machine steps between two runs of the same code: another job starts
 * on the other core.  It slows the reference by step and each case by a
 * share of it that differs from case to case (0.2 to 1.8 of the step on
 * the log scale: measured, a loaded sibling took a quarter off SM2
 * signing, 4% off RSA-2048 and 15% off the reference).  slow[] is the
 * code's own change.  Returns the faster/slower verdicts on cases whose
 * code did not change; *found counts the changed cases called in their
 * direction, *inconclusive the cases so marked.
 */
static size_t step_pairs(size_t pairs, double step, const double *slow, size_t *found, size_t *inconclusive)
{
	static const double same[NCASES] = {1, 1, 1, 1, 1, 1, 1, 1};
	cb_compare_opts o = {0.05, 1};
	size_t bad = 0;
	*found = *inconclusive = 0;
	for (size_t k = 0; k < pairs; k++) {
		cb_run a, b;
		cb_change *c = NULL;
		size_t n = 0;
		int up = k % 2; /* the job runs during the new run, or during the old one */
		synth_run(&a, 0.01, 0.01, same);
		synth_run(&b, 0.01, 0.01, slow);
		synth_load(&a, up ? 0 : 1);
		synth_load(&b, up ? 1 : 0);
		for (size_t i = 0; i < NCASES; i++) {
			cb_run *loaded = up ? &b : &a;
			cb_result *x = &loaded->results[i];
			double f = exp(log(step) * (0.2 + 1.6 * (double)i / (NCASES - 1)));
			for (size_t r = 0; r < NROUNDS; r++)
				x->rounds[r] *= f;
			x->estimate_ns *= f;
			x->estimate_low *= f;
			x->estimate_high *= f;
			x->ops_per_sec /= f;
		}
		{
			cb_context *lc = up ? &b.context : &a.context;
			for (size_t r = 0; r < NROUNDS; r++)
				lc->reference[r] *= step;
			lc->reference_median_ns *= step;
		}
		if (cb_compare_runs(&a, &b, &o, &c, &n) == 0)
			for (size_t i = 0; i < n; i++) {
				int changed = slow[i] != 1;
				if (c[i].verdict == CB_INCONCLUSIVE)
					(*inconclusive)++;
				if (!changed && (c[i].verdict == CB_FASTER || c[i].verdict == CB_SLOWER))
					bad++;
				if (changed && c[i].verdict == (slow[i] > 1 ? CB_SLOWER : CB_FASTER))
					(*found)++;
			}
		free(c);
		cb_run_free(&a);
		cb_run_free(&b);
	}
	return bad;
}

static void step_tests(void)
{
	static const double same[NCASES] = {1, 1, 1, 1, 1, 1, 1, 1};
	static const double regressed[NCASES] = {1, 1, 2.0, 1, 1, 1, 1, 1};
	const size_t pairs = 200;
	size_t found, inconclusive, bad;
	/* Same code, a 15% step of the machine between the runs: at most 1% false verdicts, the rest inconclusive. */
	bad = step_pairs(pairs, 1.15, same, &found, &inconclusive);
	tu_note("step 15%%: %zu false verdicts, %zu inconclusive of %zu", bad, inconclusive, pairs * NCASES);
	printf("step 15%%: %zu false verdicts, %zu inconclusive of %zu\n", bad, inconclusive, pairs * NCASES);
	CHECK(bad * 100 <= pairs * NCASES);
	CHECK(inconclusive * 2 > pairs * NCASES);
	/* A larger step (30%) neither. */
	bad = step_pairs(pairs, 1.30, same, &found, &inconclusive);
	tu_note("step 30%%: %zu false verdicts", bad);
	printf("step 30%%: %zu false verdicts\n", bad);
	CHECK(bad * 100 <= pairs * NCASES);
	/* A real regression (twice the time, as the portable ML-KEM) is still called slower beside a 15% step. */
	bad = step_pairs(pairs, 1.15, regressed, &found, &inconclusive);
	tu_note("regression beside a 15%% step: found %zu of %zu, %zu false", found, pairs, bad);
	printf("regression beside a 15%% step: found %zu of %zu, %zu false\n", found, pairs, bad);
	CHECK(found == pairs && bad * 100 <= pairs * NCASES);
	/* The machine is the same in both runs (the job runs through both): a 10% change is found, none invented. */
	{
		static const double ten[NCASES] = {1, 1, 1, 1, 1.1, 1, 1, 1};
		cb_compare_opts o = {0.05, 1};
		cb_run a, b;
		cb_change *c = NULL;
		size_t n = 0;
		cb_machine_change mc;
		synth_run(&a, 0.005, 0.005, same);
		synth_run(&b, 0.005, 0.005, ten);
		synth_load(&a, 1);
		synth_load(&b, 1);
		cb_compare_machine(&a, &b, &o, &mc);
		CHECK(!mc.differs && mc.why[0] == 0 && mc.load_old.busy_rounds == NROUNDS);
		CHECK_EQ_INT(cb_compare_runs(&a, &b, &o, &c, &n), 0);
		for (size_t i = 0; i < n; i++)
			CHECK(c[i].verdict == (i == 4 ? CB_SLOWER : CB_SAME));
		free(c);
		/* the load alone changed (the reference did not see it): the machine differs */
		synth_load(&b, 0);
		cb_compare_machine(&a, &b, &o, &mc);
		CHECK(mc.differs && strstr(mc.why, "other processes used") && mc.bound >= 0.05);
		cb_run_free(&a);
		cb_run_free(&b);
	}
}

/* /proc/stat as the kernel writes it; the summary of the per-round readings. */
static void load_tests(void)
{
	static const char stat_a[] = "cpu  100 5 50 1000 10 1 2 3 0 0\n"
				     "cpu0 50 2 25 500 5 0 1 1 0 0\n"
				     "intr 12345 0 0\nctxt 999\nprocs_running 3\nprocs_blocked 0\n";
	static const char stat_b[] = "cpu  200 5 100 1100 10 1 2 13 0 0\nprocs_running 1\n";
	cb_load_mark a, b;
	double others, steal;
	cb_context c;
	cb_load_summary s;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	CHECK_EQ_INT(cb_load_parse_stat(stat_a, 100, &a), 0);
	/* busy: user + nice + system + irq + softirq = 158 ticks; steal 3 */
	CHECK(fabs(a.busy_s - 1.58) < 1e-9 && fabs(a.steal_s - 0.03) < 1e-9 && a.runnable == 3);
	CHECK_EQ_INT(cb_load_parse_stat(stat_b, 100, &b), 0);
	CHECK(b.runnable == 1);
	CHECK_EQ_INT(cb_load_parse_stat("intr 1\nprocs_running 2\n", 100, &b), -1);
	CHECK_EQ_INT(cb_load_parse_stat(stat_b, 100, &b), 0);
	/* 1.5 s of machine time in 1 s, 0.5 s of it ours: others used one CPU; 0.1 s stolen */
	a.ok = b.ok = 1;
	a.wall_s = 10;
	b.wall_s = 11;
	a.own_cpu_s = 2;
	b.own_cpu_s = 2.5;
	cb_load_between(&a, &b, &others, &steal);
	CHECK(fabs(others - 1.0) < 1e-9 && fabs(steal - 0.1) < 1e-9);
	/* more of our own time than the machine counted (tick rounding): 0, never negative */
	b.own_cpu_s = 5;
	cb_load_between(&a, &b, &others, &steal);
	CHECK(others == 0);
	b.ok = 0;
	cb_load_between(&a, &b, &others, &steal);
	CHECK(others == 0 && steal == 0);
	/* the summary */
	memset(&c, 0, sizeof(c));
	cb_context_load(&c, &s);
	CHECK(s.rounds == 0 && s.busy_rounds == 0 && !cb_context_round_busy(&c, 0));
	c.nload = 4;
	c.load_others[0] = 0.1;
	c.load_others[1] = 0.9;
	c.load_others[2] = NAN;
	c.load_others[3] = 1.1;
	c.load_runnable[1] = c.load_runnable[3] = 3;
	CHECK(!cb_context_round_busy(&c, 0) && cb_context_round_busy(&c, 1) && !cb_context_round_busy(&c, 2) &&
	      !cb_context_round_busy(&c, 4));
	cb_context_load(&c, &s);
	CHECK(s.rounds == 3 && s.busy_rounds == 2 && fabs(s.others_mean - 0.7) < 1e-9 && fabs(s.others_busy - 1.0) < 1e-9);
	CHECK(fabs(s.runnable_mean - 4.0 / 3) < 1e-9);
}

/* Mann-Whitney U: shifted samples differ, identical ones do not; ties, NaN, too few. */
static void mann_whitney_tests(void)
{
	double a[20], b[20], u = -1, p, q;
	for (int i = 0; i < 10; i++) {
		a[i] = 1 + i;  /* 1..10 */
		b[i] = 11 + i; /* 11..20: every value above a's */
	}
	p = cb_mann_whitney(a, 10, b, 10, &u);
	/* U = 0; z = (50 - 0.5) / sqrt(100 * 21 / 12) = 3.742, p = 0.00018 */
	CHECK(u == 0);
	CHECK(p > 0.00015 && p < 0.00021);
	/* symmetric: the same p, and U of b is na * nb - U of a */
	q = cb_mann_whitney(b, 10, a, 10, &u);
	CHECK(u == 100 && fabs(p - q) < 1e-12);
	/* the same samples: nothing to see */
	p = cb_mann_whitney(a, 10, a, 10, &u);
	CHECK(u == 50 && p > 0.99);
	/* interleaved samples (1, 3, 5, ... against 2, 4, 6, ...): not significant */
	for (int i = 0; i < 20; i++)
		(i % 2 ? b : a)[i / 2] = i;
	CHECK(cb_mann_whitney(a, 10, b, 10, NULL) > 0.5);
	/* every value equal: p = 1 */
	for (int i = 0; i < 10; i++)
		a[i] = b[i] = 7;
	CHECK(cb_mann_whitney(a, 10, b, 10, &u) == 1 && u == 50);
	/* a small shift seen with many rounds is significant; with ties on the way */
	for (int i = 0; i < 20; i++) {
		a[i] = 100 + i % 5;
		b[i] = 102 + i % 5;
	}
	CHECK(cb_mann_whitney(a, 20, b, 20, NULL) < 0.01);
	/* NaN rounds are left out; below CB_MW_MIN_ROUNDS values: -1 */
	a[0] = NAN;
	CHECK(cb_mann_whitney(a, CB_MW_MIN_ROUNDS, b, 20, NULL) == -1);
	CHECK(cb_mann_whitney(a, CB_MW_MIN_ROUNDS + 1, b, 20, NULL) >= 0);
	CHECK(cb_mann_whitney(a, 0, b, 0, NULL) == -1);
}

/*
 * In compare: a case whose intervals say "changed" but whose rounds
 * overlap entirely stays "~"; rounds that moved as a whole count; a run
 * without rounds leaves the decision to the interval test (mw_p -1).
 */
static void compare_rounds_tests(void)
{
	cb_compare_opts o = {0.05, 0};
	cb_run a = {0}, b = {0};
	cb_change *c = NULL;
	size_t n = 0;
	cb_result *x;
	const cb_change *y;
	x = add(&a, "overlap", "sign", 1000, 1, CB_STATUS_OK);
	add(&b, "overlap", "sign", 800, 1, CB_STATUS_OK); /* tight intervals: 25% faster by them */
	for (size_t r = 0; x && r < 20; r++)
		x->rounds[r] = 700 + 30 * (double)r;
	if (x)
		x->nrounds = 20;
	x = &b.results[0];
	memcpy(x->rounds, a.results[0].rounds, sizeof(x->rounds));
	x->nrounds = 20;
	x = add(&a, "moved", "sign", 1000, 1, CB_STATUS_OK);
	add(&b, "moved", "sign", 800, 1, CB_STATUS_OK);
	for (size_t r = 0; x && r < 20; r++) {
		x->rounds[r] = 1000 + (double)(r % 4);
		b.results[1].rounds[r] = 800 + (double)(r % 4);
	}
	if (x)
		x->nrounds = b.results[1].nrounds = 20;
	add(&a, "norounds", "sign", 1000, 1, CB_STATUS_OK);
	add(&b, "norounds", "sign", 800, 1, CB_STATUS_OK);
	CHECK_EQ_INT(cb_compare_runs(&a, &b, &o, &c, &n), 0);
	CHECK((y = find(c, n, "overlap", "sign")) && y->z > 1.96 && y->mw_p > 0.9 && y->verdict == CB_SAME &&
	      y->mw_n_old == 20 && y->mw_n_new == 20);
	CHECK((y = find(c, n, "moved", "sign")) && y->mw_p >= 0 && y->mw_p < 0.001 && y->verdict == CB_FASTER);
	CHECK((y = find(c, n, "norounds", "sign")) && y->mw_p == -1 && y->verdict == CB_FASTER);
	free(c);
	cb_run_free(&a);
	cb_run_free(&b);
}

/* What differs between two runs' builds is named. */
static void build_diff_tests(void)
{
	cb_context a, b;
	char buf[512];
	memset(&a, 0, sizeof(a));
	snprintf(a.tool_version, sizeof(a.tool_version), "0.1.0");
	snprintf(a.compiler, sizeof(a.compiler), "GNU 12.2.0");
	a.nlibraries = 2;
	snprintf(a.libraries[0].name, sizeof(a.libraries[0].name), "openssl");
	snprintf(a.libraries[0].version, sizeof(a.libraries[0].version), "3.0.19");
	snprintf(a.libraries[1].name, sizeof(a.libraries[1].name), "nettle");
	snprintf(a.libraries[1].version, sizeof(a.libraries[1].version), "3.8");
	b = a;
	CHECK(cb_compare_build_diff(&a, &b, buf, sizeof(buf)) == 0 && buf[0] == 0);
	snprintf(b.libraries[0].version, sizeof(b.libraries[0].version), "3.0.20");
	snprintf(b.libraries[1].name, sizeof(b.libraries[1].name), "botan");
	snprintf(b.compiler, sizeof(b.compiler), "GNU 13.1.0");
	CHECK(cb_compare_build_diff(&a, &b, buf, sizeof(buf)) == 4);
	CHECK(strstr(buf, "openssl 3.0.19 / 3.0.20") != NULL);
	CHECK(strstr(buf, "compiler 'GNU 12.2.0' / 'GNU 13.1.0'") != NULL);
	CHECK(strstr(buf, "nettle 3.8 / none") != NULL && strstr(buf, "botan none / 3.8") != NULL);
	/* a short buffer is cut, never overrun */
	CHECK(cb_compare_build_diff(&a, &b, buf, 10) == 4 && strlen(buf) < 10);
}

int main(void)
{
	cb_compare_opts o5 = {0.05, 1}, o1 = {0.01, 1};
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

	CHECK_EQ_INT(cb_compare_runs(&a, &b, &o5, &c, &n), 0);
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
	CHECK_EQ_INT(cb_compare_runs(&a, &b, &o1, &c, &n), 0);
	CHECK((x = find(c, n, "small", "sign")) && x->verdict == CB_FASTER);
	free(c);

	/* Identical runs: nothing changes. */
	CHECK_EQ_INT(cb_compare_runs(&a, &a, &o5, &c, &n), 0);
	for (size_t i = 0; i < n; i++)
		CHECK(c[i].verdict == CB_SAME || c[i].verdict == CB_NOT_MEASURED);
	free(c);

	/*
	 * Pairing by case, whatever the order: the old run's order is kept, a
	 * case given twice pairs with its first entry, threads tell cases apart.
	 */
	{
		cb_run p = {0}, q = {0};
		cb_result *t;
		add(&p, "zeta", "sign", 1000, 5, CB_STATUS_OK);
		add(&p, "alpha", "sign", 1000, 5, CB_STATUS_OK);
		t = add(&p, "alpha", "sign", 500, 5, CB_STATUS_OK);
		if (t)
			t->threads = 2;
		t = add(&q, "alpha", "sign", 250, 5, CB_STATUS_OK);
		if (t)
			t->threads = 2;
		add(&q, "alpha", "sign", 2000, 5, CB_STATUS_OK); /* the first 1-thread entry: this one pairs */
		add(&q, "alpha", "sign", 100, 5, CB_STATUS_OK);
		add(&q, "zeta", "sign", 1000, 5, CB_STATUS_OK);
		CHECK_EQ_INT(cb_compare_runs(&p, &q, &o5, &c, &n), 0);
		CHECK_EQ_INT(n, 3);
		if (n == 3) {
			CHECK(c[0].old_r == &p.results[0] && c[0].new_r == &q.results[3] && c[0].verdict == CB_SAME);
			CHECK(c[1].old_r == &p.results[1] && c[1].new_r == &q.results[1] && c[1].verdict == CB_SLOWER);
			CHECK(c[2].old_r == &p.results[2] && c[2].new_r == &q.results[0] && c[2].verdict == CB_FASTER);
		}
		free(c);
		cb_run_free(&p);
		cb_run_free(&q);
	}

	CHECK(!strcmp(cb_verdict_name(CB_SLOWER), "slower"));
	cb_run_free(&a);
	cb_run_free(&b);
	drift_tests();
	step_tests();
	load_tests();
	mann_whitney_tests();
	compare_rounds_tests();
	build_diff_tests();
	return tu_finish();
}
