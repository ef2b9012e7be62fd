/* Statistics on known data. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result/stats.h"
#include "testutil.h"

static int close_to(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

static uint64_t rng = 0x9e3779b97f4a7c15u;


#define SIMS 1000
#define ROUNDS 30
#define PER_ROUND 50

/*
 * Coverage on a host that drifts: each round sees the machine at a speed
 * drawn around the true cost (sd 8% on the log scale), with 1% noise of
 * the samples within it.  The interval over the rounds must cover the true
 * cost about 95% of the time; the interval of one contiguous stretch of
 * samples (what version 1 reported) describes that stretch only.
 */
static size_t slow_drift_coverage(size_t *naive);

static void coverage(void)
{
	const double truth = 1000;
	size_t covered = 0, stretch_covered = 0;
	for (int sim = 0; sim < SIMS; sim++) {
		double rounds[ROUNDS], stretch[ROUNDS * PER_ROUND], tmp[PER_ROUND];
		cb_interval iv;
		cb_summary st;
		for (int r = 0; r < ROUNDS; r++) {
			double speed = exp(0.08 * tu_normal(&rng));
			for (int k = 0; k < PER_ROUND; k++)
				tmp[k] = truth * speed * exp(0.01 * tu_normal(&rng));
			rounds[r] = cb_stats_median(tmp, PER_ROUND);
		}
		/* The old way: all samples in one go, one machine state for the stretch. */
		{
			double speed = exp(0.08 * tu_normal(&rng));
			for (int k = 0; k < ROUNDS * PER_ROUND; k++)
				stretch[k] = truth * speed * exp(0.01 * tu_normal(&rng));
		}
		CHECK_EQ_INT(cb_stats_round_interval(rounds, ROUNDS, &iv), 0);
		covered += iv.low <= truth && truth <= iv.high;
		cb_stats_summarize(stretch, ROUNDS * PER_ROUND, &st);
		stretch_covered += st.ci95_low <= truth && truth <= st.ci95_high;
	}
	tu_note("coverage: rounds %zu/%d, one stretch %zu/%d", covered, SIMS, stretch_covered, SIMS);
	if (getenv("CB_TEST_VERBOSE"))
		fprintf(stderr, "coverage: rounds %zu/%d, one stretch %zu/%d\n", covered, SIMS, stretch_covered, SIMS);
	CHECK(covered >= SIMS * 92 / 100 && covered <= SIMS * 99 / 100);
	CHECK(stretch_covered < SIMS / 4);
	{
		size_t naive, slow = slow_drift_coverage(&naive);
		tu_note("slow drift coverage: rounds %zu/%d, independent-rounds interval %zu/%d", slow, SIMS, naive, SIMS);
		if (getenv("CB_TEST_VERBOSE"))
			fprintf(stderr, "slow drift coverage: rounds %zu/%d, independent-rounds %zu/%d\n", slow, SIMS, naive, SIMS);
		CHECK(slow >= SIMS * 90 / 100);
		CHECK(naive < SIMS * 88 / 100);
	}
	tu_note("%s", "");
}

/*
 * A machine that drifts slowly: its speed is an AR(1) process over the
 * rounds (each round 70% like the last), so consecutive rounds are alike
 * and an interval that takes them as independent is too narrow.  The batch
 * means keep the coverage.
 */
static size_t slow_drift_coverage(size_t *naive)
{
	const double truth = 1000, rho = 0.7, sd = 0.08;
	size_t covered = 0;
	*naive = 0;
	for (int sim = 0; sim < SIMS; sim++) {
		double rounds[100], lr[100], state = sd * tu_normal(&rng), mean = 0, var = 0;
		cb_interval iv;
		for (int r = 0; r < 100; r++) {
			state = rho * state + sqrt(1 - rho * rho) * sd * tu_normal(&rng);
			rounds[r] = truth * exp(state) * exp(0.005 * tu_normal(&rng));
			lr[r] = log(rounds[r]);
			mean += lr[r] / 100;
		}
		for (int r = 0; r < 100; r++)
			var += (lr[r] - mean) * (lr[r] - mean) / 99;
		CHECK_EQ_INT(cb_stats_round_interval(rounds, 100, &iv), 0);
		covered += iv.low <= truth && truth <= iv.high;
		/* The independent-rounds interval of the mean, for comparison. */
		*naive += fabs(mean - log(truth)) <= 1.984 * sqrt(var / 100);
	}
	return covered;
}

/* The paired ratio cancels a drift both sides saw in each round. */
static void paired(void)
{
	double a[ROUNDS], b[ROUNDS];
	cb_interval iv, ia;
	for (int r = 0; r < ROUNDS; r++) {
		double speed = exp(0.3 * tu_normal(&rng)); /* a wildly drifting host */
		b[r] = 1000 * speed * exp(0.005 * tu_normal(&rng));
		a[r] = 2500 * speed * exp(0.005 * tu_normal(&rng));
	}
	a[3] = NAN; /* a round the case missed: skipped, not paired */
	CHECK_EQ_INT(cb_stats_paired_ratio(a, b, ROUNDS, &iv), 0);
	CHECK_EQ_INT(iv.n, ROUNDS - 1);
	CHECK(iv.low <= 2.5 && 2.5 <= iv.high && iv.high / iv.low < 1.01);
	/* Unpaired, the same figures are far less certain. */
	CHECK_EQ_INT(cb_stats_round_interval(a, ROUNDS, &ia), 0);
	CHECK(ia.high / ia.low > 1.1);
	/* Nothing in common: no ratio. */
	for (int r = 0; r < ROUNDS; r++)
		b[r] = NAN;
	CHECK_EQ_INT(cb_stats_paired_ratio(a, b, ROUNDS, &iv), 0);
	CHECK_EQ_INT(iv.n, 0);
}

static void ranks(void)
{
	size_t lo, hi;
	cb_stats_median_ci_ranks(10, &lo, &hi); /* P(B <= 1) = 1.1%, P(B <= 2) = 5.5% */
	CHECK(lo == 2 && hi == 9);
	cb_stats_median_ci_ranks(100, &lo, &hi);
	CHECK(lo == 40 && hi == 61);
	cb_stats_median_ci_ranks(5, &lo, &hi); /* no rank reaches 95%: the range */
	CHECK(lo == 1 && hi == 5);
	cb_stats_median_ci_ranks(6, &lo, &hi); /* P(B = 0) = 1.6% */
	CHECK(lo == 1 && hi == 6);
	cb_stats_median_ci_ranks(5000, &lo, &hi);
	CHECK(lo == 2430 && hi == 2571);
}

int main(void)
{
	cb_summary s;

	coverage();
	paired();
	ranks();

	/* 1..100 shuffled: known order statistics. */
	double x[100];
	for (int i = 0; i < 100; i++)
		x[i] = (double)((i * 37) % 100 + 1);
	cb_stats_summarize(x, 100, &s);
	CHECK_EQ_INT(s.n, 100);
	CHECK(close_to(s.median, 50.5, 1e-12));
	CHECK(close_to(s.mean, 50.5, 1e-12));
	CHECK(close_to(s.stddev, sqrt(841.6666666666666), 1e-9)); /* var of 1..100, n-1 */
	CHECK(close_to(s.min, 1, 0) && close_to(s.max, 100, 0));
	CHECK(close_to(s.p5, 5.95, 1e-9));   /* type 7: 1 + 0.05*99 */
	CHECK(close_to(s.p95, 95.05, 1e-9));
	CHECK(close_to(s.p99, 99.01, 1e-9));
	/* CI ranks for n=100: j = floor(50 - 9.8) = 40, k = ceil(50 + 9.8) + 1 = 61. */
	CHECK(close_to(s.ci95_low, 40, 0));
	CHECK(close_to(s.ci95_high, 61, 0));
	CHECK(close_to(s.mad, 25, 1e-12));
	CHECK_EQ_INT(s.outliers, 0);
	CHECK(close_to(cb_stats_precision(&s), (61 - 50.5) / 50.5, 1e-12));

	/* Odd count, one outlier. */
	double y[] = {10, 11, 9, 10, 10, 1000, 10, 11, 9};
	cb_stats_summarize(y, 9, &s);
	CHECK(close_to(s.median, 10, 0));
	CHECK_EQ_INT(s.outliers, 1);
	CHECK(s.mean > 100);

	/* Fewer than 6 samples: the CI is the range. */
	double z[] = {3, 1, 2};
	cb_stats_summarize(z, 3, &s);
	CHECK(close_to(s.median, 2, 0));
	CHECK(close_to(s.ci95_low, 1, 0) && close_to(s.ci95_high, 3, 0));

	/* One sample; empty input. */
	double one[] = {42};
	cb_stats_summarize(one, 1, &s);
	CHECK(close_to(s.median, 42, 0) && s.stddev == 0 && close_to(s.p99, 42, 0));
	cb_stats_summarize(NULL, 0, &s);
	CHECK_EQ_INT(s.n, 0);
	CHECK(s.median == 0 && cb_stats_precision(&s) == 0);

	/* Constant data: zero spread, zero precision. */
	double c[50];
	for (int i = 0; i < 50; i++)
		c[i] = 7.5;
	cb_stats_summarize(c, 50, &s);
	CHECK(s.stddev == 0 && s.mad == 0 && cb_stats_precision(&s) == 0);

	/* Numerical stability: large offset. */
	double big[4] = {1e12 + 1, 1e12 + 2, 1e12 + 3, 1e12 + 4};
	cb_stats_summarize(big, 4, &s);
	CHECK(close_to(s.stddev, sqrt(5.0 / 3.0), 1e-6));

	/* Quantile of sorted data. */
	double q[] = {1, 2, 3, 4};
	CHECK(close_to(cb_stats_quantile_sorted(q, 4, 0.5), 2.5, 1e-12));
	CHECK(close_to(cb_stats_quantile_sorted(q, 4, 0.25), 1.75, 1e-12));
	CHECK(close_to(cb_stats_quantile_sorted(q, 4, 0), 1, 0));
	CHECK(close_to(cb_stats_quantile_sorted(q, 4, 1), 4, 0));
	return tu_finish();
}
