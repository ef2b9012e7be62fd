/*
 * Statistics over samples.  Computes and returns; never prints.
 */
#ifndef CB_BENCH_STATS_H
#define CB_BENCH_STATS_H

#include <stddef.h>

#include "cryptobench/result.h"

/*
 * Summarise x[0..n) (sorted in place).  The 95% confidence interval of the
 * median is distribution-free, from order statistics (the binomial
 * approximation j,k = n/2 -+ 1.96 sqrt(n)/2); with fewer than 6 samples it
 * is [min, max].  Percentiles interpolate linearly (Hyndman-Fan type 7).
 * n == 0 gives an all-zero summary.
 */
void cb_stats_summarize(double *x, size_t n, cb_summary *s);

/* Percentile q in [0,1] of sorted x[0..n). */
double cb_stats_quantile_sorted(const double *x, size_t n, double q);

/* Median of x[0..n) (sorted in place). */
double cb_stats_median(double *x, size_t n);

/* Relative half-width of the median's 95% CI: max(med-lo, hi-med) / med. */
double cb_stats_precision(const cb_summary *s);

#endif
