/*
 * Comparing two runs: which operations got faster or slower, and whether
 * the change stands out from the measurement noise.
 */
#ifndef CB_BENCH_COMPARE_H
#define CB_BENCH_COMPARE_H

#include <stddef.h>

#include "cryptobench/result.h"

typedef enum cb_verdict {
	CB_SAME = 0,   /* no change beyond the noise or the threshold */
	CB_FASTER,
	CB_SLOWER,
	CB_ONLY_OLD,   /* the case is missing from the new run */
	CB_ONLY_NEW,
	CB_NOT_MEASURED /* present in both, but not ok in one of them */
} cb_verdict;

/* "~", "faster", "slower", "only in old", "only in new", "not measured" */
const char *cb_verdict_name(cb_verdict v);

typedef struct cb_change {
	const cb_result *old_r, *new_r; /* either may be NULL (only in one run) */
	double ratio;  /* new ops/s over old ops/s; 0 when not both measured */
	double z;      /* (old median - new median) / combined standard error, in ns */
	cb_verdict verdict;
} cb_change;

/*
 * Pair the cases of two runs (same algorithm, backend, operation, message
 * size and threads) and judge each: faster or slower when the medians'
 * difference is significant at the 95% level (|z| > 1.96, standard errors
 * from each median's confidence interval) AND larger than `threshold`
 * (relative, e.g. 0.05) -- on shared machines, drift between runs easily
 * exceeds what one run's own confidence interval shows.  *out is malloc'd
 * (old-run order, then cases only in the new run); 0 or CB_ERR_NOMEM.
 */
int cb_compare_runs(const cb_run *old_run, const cb_run *new_run, double threshold, cb_change **out, size_t *n);

#endif
