/* Statistics on known data. */
#include <math.h>
#include <string.h>

#include "bench/stats.h"
#include "testutil.h"

static int close_to(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

int main(void)
{
	cb_summary s;

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
