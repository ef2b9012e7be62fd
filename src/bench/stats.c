#include "bench/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double cb_stats_quantile_sorted(const double *x, size_t n, double q)
{
	if (n == 0)
		return 0.0;
	if (q <= 0)
		return x[0];
	if (q >= 1)
		return x[n - 1];
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)floor(h);
	double frac = h - (double)lo;
	return lo + 1 < n ? x[lo] + frac * (x[lo + 1] - x[lo]) : x[lo];
}

double cb_stats_median(double *x, size_t n)
{
	qsort(x, n, sizeof(*x), cmp_double);
	return cb_stats_quantile_sorted(x, n, 0.5);
}

void cb_stats_summarize(double *x, size_t n, cb_summary *s)
{
	memset(s, 0, sizeof(*s));
	if (n == 0)
		return;
	qsort(x, n, sizeof(*x), cmp_double);
	s->n = n;
	s->min = x[0];
	s->max = x[n - 1];
	s->median = cb_stats_quantile_sorted(x, n, 0.5);
	s->p5 = cb_stats_quantile_sorted(x, n, 0.05);
	s->p95 = cb_stats_quantile_sorted(x, n, 0.95);
	s->p99 = cb_stats_quantile_sorted(x, n, 0.99);

	/* Welford's update: stable for large, close values. */
	double mean = 0, m2 = 0;
	for (size_t i = 0; i < n; i++) {
		double d = x[i] - mean;
		mean += d / (double)(i + 1);
		m2 += d * (x[i] - mean);
	}
	s->mean = mean;
	s->stddev = n > 1 ? sqrt(m2 / (double)(n - 1)) : 0.0;

	if (n < 6) {
		s->ci95_low = s->min;
		s->ci95_high = s->max;
	} else {
		double half = 1.959964 * sqrt((double)n) / 2.0;
		/* 1-based ranks j = floor(n/2 - half), k = ceil(n/2 + half) + 1 */
		double j = floor((double)n / 2.0 - half);
		double k = ceil((double)n / 2.0 + half) + 1.0;
		if (j < 1)
			j = 1;
		if (k > (double)n)
			k = (double)n;
		s->ci95_low = x[(size_t)j - 1];
		s->ci95_high = x[(size_t)k - 1];
	}

	/* MAD needs its own sorted copy of deviations; small and bounded by n. */
	double *dev = malloc(n * sizeof(*dev));
	if (dev) {
		for (size_t i = 0; i < n; i++)
			dev[i] = fabs(x[i] - s->median);
		s->mad = cb_stats_median(dev, n);
		free(dev);
	}

	double q1 = cb_stats_quantile_sorted(x, n, 0.25), q3 = cb_stats_quantile_sorted(x, n, 0.75);
	double iqr = q3 - q1, lo = q1 - 1.5 * iqr, hi = q3 + 1.5 * iqr;
	for (size_t i = 0; i < n; i++)
		s->outliers += x[i] < lo || x[i] > hi;
}

double cb_stats_precision(const cb_summary *s)
{
	if (s->median <= 0)
		return 0.0;
	double a = s->median - s->ci95_low, b = s->ci95_high - s->median;
	return (a > b ? a : b) / s->median;
}
