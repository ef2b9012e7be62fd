/*
 * Comparing two runs: which operations got faster or slower, and whether
 * the change stands out from the measurement noise.
 */
#ifndef CRYPTOBENCH_COMPARE_H
#define CRYPTOBENCH_COMPARE_H

#include <stddef.h>

#include "cryptobench/result.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cb_verdict {
	CB_SAME = 0,   /* no change beyond the noise or the threshold */
	CB_FASTER,
	CB_SLOWER,
	CB_ONLY_OLD,   /* the case is missing from the new run */
	CB_ONLY_NEW,
	CB_NOT_MEASURED, /* present in both, but not ok in one of them */
	/*
	 * The machine changed between the runs (cb_machine_change.differs) and
	 * this change is within what the machine's change can explain: neither
	 * "faster", "slower" nor "~" can be said.
	 */
	CB_INCONCLUSIVE
} cb_verdict;

/* "~", "faster", "slower", "only in old", "only in new", "not measured", "inconclusive" */
const char *cb_verdict_name(cb_verdict v);

typedef struct cb_change {
	const cb_result *old_r, *new_r; /* either may be NULL (only in one run) */
	double ratio;     /* new ops/s over old ops/s, corrected for the machine; 0 when not both measured */
	double raw_ratio; /* the same without the correction */
	double z;         /* log(ratio) / its standard error: > 0 faster */
	/*
	 * Mann-Whitney U on the per-round figures: the old run's rounds
	 * against the new run's, corrected for the machine (divided by the
	 * reference's factor).  Two-sided p, -1 when either run has fewer than
	 * CB_MW_MIN_ROUNDS rounds of the case (version 1 files, random-cost
	 * cases: the interval test alone decides).
	 */
	double mw_p;
	size_t mw_n_old, mw_n_new;
	cb_verdict verdict;
} cb_change;

#define CB_MW_MIN_ROUNDS 5

/*
 * Mann-Whitney U test that a[0..na) and b[0..nb) come from one
 * distribution: the two-sided p of the normal approximation with the tie
 * correction and a continuity correction (non-finite values are left out).
 * *u (may be NULL) gets U of a: the pairs in which a's value is the larger,
 * ties counting one half.  Returns -1 when fewer than CB_MW_MIN_ROUNDS
 * values are left on either side, or out of memory.
 */
double cb_mann_whitney(const double *a, size_t na, const double *b, size_t nb, double *u);

/*
 * What differs between the runs' builds: the tool version, the compiler,
 * its flags and build type, and each library's version (or a library in
 * one run only), as "openssl 3.0.19 / 3.0.20, compiler 'GNU 12.2.0' / 'GNU
 * 13.1.0'" in buf.  Returns how many things differ (0: buf is "").
 */
size_t cb_compare_build_diff(const cb_context *a, const cb_context *b, char *buf, size_t len);

typedef struct cb_compare_opts {
	double threshold; /* smallest change that counts, relative (0.05) */
	int normalize;    /* correct by the reference workload when both runs have one */
} cb_compare_opts;

/* The machine between the runs: the reference workload's time, new over old. */
typedef struct cb_machine_change {
	int used;      /* 1: the ratios are corrected by factor */
	double factor; /* new reference ns / old reference ns; 1 when unknown */
	double se;     /* standard error of log(factor) */
	/*
	 * The machine's instability: how far a whole run may sit from another
	 * on this machine, from the spread of each run's reference over its
	 * rounds (a run can stay in one state of a drifting host throughout,
	 * which no interval within it shows).  A standard deviation of log
	 * time, both runs' together; 0 without references.
	 */
	double instability;
	int same_cpu;  /* the runs name the same CPU model */
	/*
	 * The machine's state in each run (cb_context_load) and whether the
	 * two differ beyond what the runs' own rounds explain: the reference
	 * workload moved by more than its intervals and the runs' instability
	 * allow (and at least CB_MACHINE_REF_STEP), other processes' CPU use
	 * or the share of disturbed rounds changed by more than a quarter (of
	 * a CPU; of the rounds), or steal by more than a tenth of a CPU.  A
	 * machine in another state does not slow every operation alike (a
	 * loaded sibling core took a quarter off SM2 signing and 4% off RSA
	 * while the reference lost 15%), so no correction makes the figures
	 * comparable: a change then counts only beyond bound, twice the
	 * reference's change (log scale) or 0.3 per CPU of changed load,
	 * whichever is larger (at least the threshold); below it the verdict
	 * is CB_INCONCLUSIVE.  why says what differed, "" when nothing did.
	 */
	cb_load_summary load_old, load_new;
	/*
	 * The runs were measured in lockstep (`cryptobench ab`: the same id,
	 * the two sides): their round r ran back to back, so each case's
	 * change is the paired ratio of its rounds, which the machine's changes
	 * reach alike; differs is then 0 and no correction is made.
	 */
	int lockstep;
	int differs;
	double bound; /* relative: 0.35 is 35%; 0 when !differs */
	char why[256];
} cb_machine_change;

/* Beyond this change of the reference workload (relative) the machine counts as changed. */
#define CB_MACHINE_REF_STEP 0.03

/*
 * How the machine changed between the runs, from their reference
 * workloads (schema 2) and their load readings.  The factor is not used
 * (1) when either run lacks a reference, the CPU models differ, or
 * o->normalize is 0; differs and bound are set whenever the readings
 * allow (different CPU models always differ).
 */
void cb_compare_machine(const cb_run *old_run, const cb_run *new_run, const cb_compare_opts *o, cb_machine_change *mc);

/*
 * Pair the cases of two runs (same algorithm, backend, operation, message
 * size and threads) and judge each.  When the machine differs between the
 * runs (cb_machine_change), a change within its bound is CB_INCONCLUSIVE
 * and one beyond it must pass the tests below too.  Otherwise: faster or slower when the change of
 * the estimate, corrected for the machine (cb_compare_machine), is
 * significant at the 95% level (|z| > 1.96 on the log scale; standard
 * errors from each estimate's interval over its rounds -- the machine's
 * variation within each run --, the reference's, and the machine's
 * instability between runs) AND larger than
 * o->threshold, AND, when both runs have the case's rounds, the
 * Mann-Whitney U test of the rounds is significant (p < 0.05).  *out is malloc'd (old-run order, then cases only in the
 * new run); 0 or CB_ERR_NOMEM.
 */
int cb_compare_runs(const cb_run *old_run, const cb_run *new_run, const cb_compare_opts *o, cb_change **out,
		    size_t *n);

#ifdef __cplusplus
}
#endif
#endif
