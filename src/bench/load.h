/*
 * What else the machine did while a run measured: CPU time used by other
 * processes (the whole machine's busy time in /proc/stat less this
 * process's own, from getrusage), steal time (a hypervisor running other
 * guests on our CPUs), the run queue and, where the kernel exposes it, the
 * CPU frequency.  The rounds scheduler reads a mark before and after each
 * round; the difference says how much of a CPU the others took meanwhile.
 *
 * /proc/stat counts in clock ticks (USER_HZ, 10 ms): over a round of a few
 * tens of milliseconds one reading is coarse, which is why a round counts
 * as busy only beyond half a CPU and the run's summary is over all its
 * rounds.  Never prints; a machine without /proc gives marks with ok = 0.
 */
#ifndef CB_BENCH_LOAD_H
#define CB_BENCH_LOAD_H

#include <stddef.h>

typedef struct cb_load_mark {
	int ok;           /* 0: /proc/stat could not be read */
	double wall_s;    /* CLOCK_MONOTONIC */
	double own_cpu_s; /* this process: user + system, every thread */
	double busy_s;    /* the machine: user, nice, system, irq, softirq (guest is in user) */
	double steal_s;
	unsigned runnable; /* procs_running: runnable tasks, ourselves included */
} cb_load_mark;

/* Read the machine's counters now. */
void cb_load_read(cb_load_mark *m);

/*
 * Parse the text of /proc/stat (the "cpu" line and "procs_running") into
 * m's busy_s, steal_s and runnable, with hz ticks per second; 0, or -1 when
 * the text has no aggregate "cpu" line.  (cb_load_read uses it; the tests
 * feed it text.)
 */
int cb_load_parse_stat(const char *text, double hz, cb_load_mark *m);

/*
 * Between two marks: the CPUs (1.0 = one CPU busy throughout) that other
 * processes used and that the hypervisor stole.  0 and 0 when either mark
 * is not ok or no time passed.
 */
void cb_load_between(const cb_load_mark *a, const cb_load_mark *b, double *others_cpu, double *steal_cpu);

/* The mean current frequency of the online CPUs in MHz (cpufreq's scaling_cur_freq); 0 when not exposed. */
double cb_load_cpu_mhz(void);

#endif
