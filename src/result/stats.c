#include "result/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/common.h"

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

	cb_stats_median_ci(x, n, &s->ci95_low, &s->ci95_high);

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

/*
 * P(B <= k) for B ~ Binomial(n, 1/2), summed in logs so that large n does
 * not overflow; exact enough for choosing ranks.
 */
static double binom_half_cdf(size_t n, size_t k)
{
	double sum = 0, lg_n1 = lgamma((double)n + 1), half = (double)n * log(0.5);
	for (size_t i = 0; i <= k; i++)
		sum += exp(lg_n1 - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) + half);
	return sum;
}

void cb_stats_median_ci_ranks(size_t n, size_t *lo, size_t *hi)
{
	size_t j = 0;
	if (n == 0) {
		*lo = *hi = 0;
		return;
	}
	if (n > 2000) {
		/* The normal approximation is exact to a rank here. */
		double half = 1.959964 * sqrt((double)n) / 2.0;
		double jj = floor((double)n / 2.0 - half);
		j = jj < 1 ? 1 : (size_t)jj;
	} else {
		/*
		 * The largest j with P(B < j) <= 2.5%: then [x(j), x(n+1-j)] covers
		 * the median with probability 1 - 2 P(B <= j-1) >= 95%.  When even
		 * j = 1 does not reach that (n < 6), the interval is the range.
		 */
		while (j + 1 <= n / 2 && binom_half_cdf(n, j) <= 0.025)
			j++;
		if (j < 1)
			j = 1;
	}
	*lo = j;
	*hi = n + 1 - j;
}

void cb_stats_median_ci(const double *sorted, size_t n, double *lo, double *hi)
{
	size_t j, k;
	if (n == 0) {
		*lo = *hi = 0;
		return;
	}
	cb_stats_median_ci_ranks(n, &j, &k);
	*lo = sorted[j - 1];
	*hi = sorted[k - 1];
}

size_t cb_stats_finite(const double *x, size_t n, double *out)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]))
			out[k++] = x[i];
	return k;
}

int cb_stats_interval(const double *x, size_t n, cb_interval *iv)
{
	double *tmp;
	memset(iv, 0, sizeof(*iv));
	if (n == 0)
		return 0;
	tmp = malloc(n * sizeof(*tmp));
	if (!tmp)
		return CB_ERR_NOMEM;
	iv->n = cb_stats_finite(x, n, tmp);
	if (iv->n) {
		iv->value = cb_stats_median(tmp, iv->n);
		cb_stats_median_ci(tmp, iv->n, &iv->low, &iv->high);
	}
	free(tmp);
	return 0;
}

/* The 97.5% quantile of Student's t with df degrees of freedom. */
static double t975(size_t df)
{
	static const double table[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
				       2.201, 2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086};
	double z = 1.959964, d = (double)df;
	if (df == 0)
		return INFINITY;
	if (df < sizeof(table) / sizeof(table[0]))
		return table[df];
	/* Cornish-Fisher expansion: within 0.001 from 20 degrees of freedom. */
	return z + (z * z * z + z) / (4 * d) + (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * d * d);
}

/* The 20%-trimmed mean of sorted v[0..k). */
static double trimmed_mean_sorted(const double *v, size_t k)
{
	size_t g = (size_t)floor(CB_TRIM * (double)k), h = k - 2 * g;
	double tm = 0;
	for (size_t i = g; i < k - g; i++)
		tm += v[i];
	return tm / (double)h;
}

/*
 * Half-width of the batch-means interval of the values in time order:
 * CB_BATCHES consecutive batches, each summarised by its trimmed mean,
 * Student's t over the batches.  0 when there are too few values.
 */
static double batch_half_width(const double *inorder, size_t k)
{
	double bm[CB_BATCHES], mean = 0, var = 0, tmp[CB_ROUNDS_MAX];
	size_t per = k / CB_BATCHES;
	if (per < 2 || per > CB_ROUNDS_MAX)
		return 0;
	for (size_t b = 0; b < CB_BATCHES; b++) {
		memcpy(tmp, inorder + b * per, per * sizeof(*tmp));
		qsort(tmp, per, sizeof(*tmp), cmp_double);
		bm[b] = trimmed_mean_sorted(tmp, per);
		mean += bm[b];
	}
	mean /= CB_BATCHES;
	for (size_t b = 0; b < CB_BATCHES; b++)
		var += (bm[b] - mean) * (bm[b] - mean);
	return t975(CB_BATCHES - 1) * sqrt(var / (CB_BATCHES - 1)) / sqrt((double)CB_BATCHES);
}

int cb_stats_round_interval(const double *x, size_t n, cb_interval *iv)
{
	double *v, *inorder;
	size_t k = 0;
	memset(iv, 0, sizeof(*iv));
	if (n == 0)
		return 0;
	v = malloc(2 * n * sizeof(*v));
	if (!v)
		return CB_ERR_NOMEM;
	inorder = v + n;
	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]) && x[i] > 0)
			inorder[k] = v[k] = log(x[i]), k++;
	iv->n = k;
	if (k) {
		size_t g = (size_t)floor(CB_TRIM * (double)k), h = k - 2 * g;
		double tm, wm = 0, wv = 0;
		qsort(v, k, sizeof(*v), cmp_double);
		tm = trimmed_mean_sorted(v, k);
		/* Winsorised: the g lowest set to the (g+1)-th, the g highest to the (k-g)-th. */
		for (size_t i = 0; i < k; i++)
			wm += v[i < g ? g : i >= k - g ? k - g - 1 : i];
		wm /= (double)k;
		for (size_t i = 0; i < k; i++) {
			double d = v[i < g ? g : i >= k - g ? k - g - 1 : i] - wm;
			wv += d * d;
		}
		iv->value = exp(tm);
		if (h < 2) {
			iv->low = exp(v[0]);
			iv->high = exp(v[k - 1]);
		} else {
			double se = sqrt(wv / (double)(k - 1)) / ((1 - 2 * CB_TRIM) * sqrt((double)k));
			double half = t975(h - 1) * se, bh = batch_half_width(inorder, k);
			if (bh > half)
				half = bh;
			iv->low = exp(tm - half);
			iv->high = exp(tm + half);
		}
	}
	free(v);
	return 0;
}

int cb_stats_paired_ratio(const double *num, const double *den, size_t n, cb_interval *iv)
{
	double *r;
	size_t k = 0;
	int rc;
	memset(iv, 0, sizeof(*iv));
	if (n == 0)
		return 0;
	r = malloc(n * sizeof(*r));
	if (!r)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < n; i++)
		if (isfinite(num[i]) && isfinite(den[i]) && num[i] > 0 && den[i] > 0)
			r[k++] = num[i] / den[i];
	rc = cb_stats_round_interval(r, k, iv);
	free(r);
	return rc;
}
