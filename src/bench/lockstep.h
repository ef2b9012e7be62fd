/*
 * Two runs in lockstep (`cryptobench ab`, docs/MEASUREMENT.md "A/B in one
 * run"): two processes measure the same plan -- two builds of cryptobench,
 * or one build with the two library builds or settings to compare -- and
 * take turns round by round: round r of one, then round r of the other,
 * while the first waits blocked.  Whatever the machine does reaches round
 * r of both runs alike, and compare pairs round r with round r, as it
 * pairs two cases within one run.
 *
 * On two pipes per run: the run writes 'r' when it is ready for its first
 * round; before each round it reads one byte ('g': go; end of file: the
 * conductor let go, run freely) and after each round it writes 'd'.
 * Never prints.
 */
#ifndef CB_BENCH_LOCKSTEP_H
#define CB_BENCH_LOCKSTEP_H

#include <stddef.h>

typedef struct cb_lockstep {
	int in_fd, out_fd; /* from and to the conductor */
	int free;          /* the conductor let go (or a pipe failed): no more waiting */
	int ready_sent;
} cb_lockstep;

/* The rounds hooks (cb_rounds_opts.before_round / after_round) of a run in lockstep; arg is a cb_lockstep. */
void cb_lockstep_before_round(void *arg, unsigned round);
void cb_lockstep_after_round(void *arg, unsigned round);

/*
 * The conductor: to[i] / from[i] are the write / read ends of run i's
 * pipes (i = 0, 1).  Waits until both are ready (or ended), then gives
 * run 0 a round, then run 1, and so on until both have ended (end of file
 * on from[i]); a run that ends early leaves the other to go on alone.
 * Closes to[] and from[].  *paired gets the rounds both runs took turns
 * in.  Returns 0, or CB_ERR_IO when a run never got ready (it failed
 * before its rounds; the other is let go).
 */
int cb_lockstep_conduct(const int to[2], const int from[2], unsigned *paired);

#endif
