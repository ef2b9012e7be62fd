/*
 * Clocks for the harness: CLOCK_MONOTONIC for time, the TSC for cycles
 * where the CPU says it is invariant (constant rate, runs in all states).
 * On many VMs the TSC ticks at a fixed reference rate, not the core's
 * clock: figures from it are "TSC ticks", labelled as such.
 */
#ifndef CB_BENCH_TIMER_H
#define CB_BENCH_TIMER_H

#include <stdint.h>
#include <time.h>

static inline uint64_t cb_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t cb_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
	uint32_t lo, hi;
	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
#else
	return 0;
#endif
}

/* Keep a value alive and opaque to the optimiser (Google Benchmark's DoNotOptimize). */
static inline void cb_do_not_optimize(const void *p)
{
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

typedef struct cb_tick_info {
	int invariant;     /* 1 when cycles can be reported */
	double hz;         /* measured rate, 0 if not invariant */
	const char *label; /* "tsc" or "none" */
} cb_tick_info;

/* Detect and calibrate once (about 50 ms the first time); thread-safe after the first call. */
const cb_tick_info *cb_tick_info_get(void);

/* Smallest observed nonzero step of cb_now_ns(), in ns. */
double cb_timer_resolution_ns(void);

#endif
