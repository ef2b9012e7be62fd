/*
 * Statistics over samples.  Computes and returns; never prints.
 */
#ifndef CB_RESULT_STATS_H
#define CB_RESULT_STATS_H

#include <stddef.h>

#include "cryptobench/result.h"

/*
 * Summarise x[0..n) (sorted in place).  The 95% confidence interval of the
 * median is distribution-free, from order statistics (cb_stats_median_ci);
 * with fewer than 6 samples it is [min, max].  Percentiles interpolate linearly (Hyndman-Fan type 7).
 * n == 0 gives an all-zero summary.
 */
void cb_stats_summarize(double *x, size_t n, cb_summary *s);

/* Percentile q in [0,1] of sorted x[0..n). */
double cb_stats_quantile_sorted(const double *x, size_t n, double q);

/* Median of x[0..n) (sorted in place). */
double cb_stats_median(double *x, size_t n);

/* Relative half-width of the median's 95% CI: max(med-lo, hi-med) / med. */
double cb_stats_precision(const cb_summary *s);

/*
 * Ranks (1-based) of the distribution-free 95% confidence interval of a
 * median of n independent draws: [x(lo), x(hi)], hi = n + 1 - lo, with lo
 * the largest rank whose binomial tail P(Bin(n, 1/2) < lo) stays within
 * 2.5% (exact up to n = 2000, the normal approximation above).  With n < 6
 * no rank reaches 95% and the interval is the range [1, n].
 */
void cb_stats_median_ci_ranks(size_t n, size_t *lo, size_t *hi);
/* That interval from sorted[0..n); n == 0 gives [0, 0]. */
void cb_stats_median_ci(const double *sorted, size_t n, double *lo, double *hi);

/* Copy the finite values of x[0..n) to out (may not alias x); returns how many. */
size_t cb_stats_finite(const double *x, size_t n, double *out);

/* A median and its 95% interval over n values (n 0: nothing known). */
typedef struct cb_interval {
	double value, low, high;
	size_t n;
} cb_interval;

/*
 * The median of the finite values of x[0..n) (NaN marks a missing value)
 * and its distribution-free 95% interval.  x is not modified.  0 or
 * CB_ERR_NOMEM.
 */
int cb_stats_interval(const double *x, size_t n, cb_interval *iv);

/* The share trimmed from each end by cb_stats_round_interval, and its batches. */
#define CB_TRIM 0.2
#define CB_BATCHES 10

/*
 * The figure of a series of round values (in time order) and its 95%
 * interval: the 20% trimmed mean of their logarithms (a geometric trimmed
 * mean), with the wider of two intervals: Tukey-McLaughlin (winsorised
 * variance, Student's t on h - 1 degrees of freedom, h the values kept),
 * which treats rounds as independent draws of the machine, and batch
 * means (CB_BATCHES consecutive batches of at least 2 rounds, Student's t
 * over their trimmed means), which holds when the machine drifts slowly
 * and consecutive rounds are alike.  Trimming keeps a few disturbed rounds
 * out, and a mean, unlike a median, does not jump between the two levels
 * of a machine that alternates.  Non-finite and non-positive values are
 * skipped; fewer than 2 kept after trimming gives the range.  0 or
 * CB_ERR_NOMEM.
 */
int cb_stats_round_interval(const double *x, size_t n, cb_interval *iv);

/*
 * Paired ratio: over the i where both num[i] and den[i] are finite and
 * positive, cb_stats_round_interval of num[i] / den[i].  Pairs are the
 * rounds of one run, so that a drift of the machine moves both sides of
 * each ratio alike.  0 or CB_ERR_NOMEM.
 */
int cb_stats_paired_ratio(const double *num, const double *den, size_t n, cb_interval *iv);

#endif
