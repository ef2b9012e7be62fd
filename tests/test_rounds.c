/*
 * The rounds scheduler: every case gets a slice in every round, in an
 * order that varies, the reference runs each round too, a failing case
 * stops taking part, --no-interleave keeps each case's rounds together,
 * and a stop request ends the run early.  Behaviour only: no timing is
 * asserted.
 */
#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "bench/rounds.h"
#include "testutil.h"

#define NCASES 4
#define MAXLOG 4096

typedef struct slice_log {
	unsigned round[MAXLOG];
	size_t slot[MAXLOG];
	size_t n;
} slice_log;

static void on_slice(void *arg, unsigned round, size_t slot)
{
	slice_log *l = arg;
	if (l->n < MAXLOG) {
		l->round[l->n] = round;
		l->slot[l->n] = slot;
		l->n++;
	}
}

static int busy_op(void *st)
{
	volatile unsigned *x = st;
	for (int i = 0; i < 200; i++)
		*x = *x * 1664525u + 1013904223u;
	return 0;
}

static int fail_after = 0;

static int failing_op(void *st)
{
	(void)st;
	return --fail_after < 0 ? CB_ERR_BACKEND : 0;
}

static void quick_opts(cb_rounds_opts *o, unsigned rounds)
{
	cb_rounds_defaults(o);
	o->r.time_budget = 0.004 * rounds; /* 4 ms slices */
	o->r.warmup = 0.001;
	o->r.min_time = 1; /* never precise enough to stop early */
	o->rounds = rounds;
	o->seed = 42;
}

static void interleaved(void)
{
	static slice_log log;
	unsigned states[NCASES] = {1, 2, 3, 4};
	void *st[NCASES] = {&states[0], &states[1], &states[2], &states[3]};
	cb_slot slots[NCASES];
	cb_rounds_opts o;
	cb_rounds_info info;
	int orders_differ = 0;
	const unsigned R = 8;

	memset(slots, 0, sizeof(slots));
	memset(&log, 0, sizeof(log));
	for (int i = 0; i < NCASES; i++) {
		slots[i].op = busy_op;
		slots[i].states = &st[i];
		slots[i].nthreads = 1;
	}
	quick_opts(&o, R);
	o.on_slice = on_slice;
	o.arg = &log;
	CHECK_EQ_INT(cb_rounds_run(slots, NCASES, &o, &info), 0);
	CHECK_EQ_INT(info.rounds, R);
	CHECK(info.interleaved && !info.interrupted);
	CHECK_EQ_INT(log.n, R * (NCASES + 1));
	/* Every case and the reference once in every round, rounds in sequence. */
	for (unsigned r = 0; r < R; r++) {
		int seen[NCASES + 1] = {0};
		for (size_t k = 0; k < NCASES + 1; k++) {
			size_t e = r * (NCASES + 1) + k;
			CHECK_EQ_INT(log.round[e], r);
			if (log.slot[e] <= NCASES)
				seen[log.slot[e]]++;
		}
		for (size_t i = 0; i <= NCASES; i++)
			CHECK_EQ_INT(seen[i], 1);
		if (r && memcmp(&log.slot[r * (NCASES + 1)], &log.slot[(r - 1) * (NCASES + 1)],
				(NCASES + 1) * sizeof(size_t)) != 0)
			orders_differ = 1;
	}
	CHECK(orders_differ);
	/* Each case has a value for every round, and an estimate from them. */
	for (int i = 0; i < NCASES; i++) {
		CHECK_EQ_INT(slots[i].nrounds, R);
		for (unsigned r = 0; r < R; r++)
			CHECK(isfinite(slots[i].rounds[r]) && slots[i].rounds[r] > 0);
		CHECK(slots[i].by_rounds);
		CHECK(slots[i].estimate_low <= slots[i].estimate_ns && slots[i].estimate_ns <= slots[i].estimate_high);
		CHECK(slots[i].m.ops_per_sec > 0 && slots[i].m.error == 0 && slots[i].m.samples >= R);
	}
	CHECK_EQ_INT(info.nreference, R);
	CHECK(info.reference_median_ns > 0 && info.reference_spread >= 0);

	/* Another seed, another order. */
	{
		static slice_log log2;
		memset(&log2, 0, sizeof(log2));
		o.seed = 43;
		o.arg = &log2;
		CHECK_EQ_INT(cb_rounds_run(slots, NCASES, &o, &info), 0);
		CHECK(log2.n == log.n && memcmp(log2.slot, log.slot, log.n * sizeof(size_t)) != 0);
	}
}

static void sequential_and_threads(void)
{
	static slice_log log;
	unsigned states[3] = {1, 2, 3};
	void *st1[1] = {&states[0]}, *st2[2] = {&states[1], &states[2]};
	cb_slot slots[2];
	cb_rounds_opts o;
	cb_rounds_info info;
	const unsigned R = 6;

	memset(slots, 0, sizeof(slots));
	memset(&log, 0, sizeof(log));
	slots[0] = (cb_slot){.op = busy_op, .states = st1, .nthreads = 1};
	slots[1] = (cb_slot){.op = busy_op, .states = st2, .nthreads = 2}; /* two workers per slice */
	quick_opts(&o, R);
	o.interleave = 0;
	o.on_slice = on_slice;
	o.arg = &log;
	CHECK_EQ_INT(cb_rounds_run(slots, 2, &o, &info), 0);
	CHECK(!info.interleaved);
	/* Reference, then case 0's rounds together, then reference, case 1's. */
	CHECK_EQ_INT(log.n, 2 * (R + 1));
	for (size_t k = 0; k < log.n; k++) {
		size_t expect = k == 0 || k == R + 1 ? 2 : k <= R ? 0 : 1;
		CHECK_EQ_INT(log.slot[k], expect);
	}
	CHECK(slots[1].m.ops_per_sec > 0 && slots[1].nrounds == R && isfinite(slots[1].rounds[R - 1]));
}

static void failures_and_stop(void)
{
	unsigned a = 1;
	int dummy = 0;
	void *sa[1] = {&a}, *sf[1] = {&dummy};
	cb_slot slots[2];
	cb_rounds_opts o;
	cb_rounds_info info;
	volatile sig_atomic_t stop = 1;

	memset(slots, 0, sizeof(slots));
	slots[0] = (cb_slot){.op = busy_op, .states = sa, .nthreads = 1};
	slots[1] = (cb_slot){.op = failing_op, .states = sf, .nthreads = 1};
	fail_after = 100000000; /* survives the warm-up, fails in a slice */
	quick_opts(&o, 6);
	o.r.warmup = 0;
	{
		/* Fails during the slices: reported, and the rest still measured. */
		fail_after = 5;
		CHECK_EQ_INT(cb_rounds_run(slots, 2, &o, &info), 0);
		CHECK_EQ_INT(slots[1].m.error, CB_ERR_BACKEND);
		CHECK(slots[0].m.error == 0 && slots[0].m.ops_per_sec > 0);
	}
	/* A stop request before the first round: nothing measured, marked interrupted. */
	o.stop = &stop;
	fail_after = 100000000;
	CHECK_EQ_INT(cb_rounds_run(slots, 2, &o, &info), 0);
	CHECK(info.interrupted && info.rounds == 0 && slots[0].m.samples == 0);
}

/* Each worker records the CPUs it ran on (a bit per CPU, below 64). */
typedef struct where {
	unsigned long long cpus;
	unsigned x;
} where;

static int where_op(void *st)
{
	where *w = st;
	int c = sched_getcpu();
	if (c >= 0 && c < 64)
		__atomic_or_fetch(&w->cpus, 1ull << c, __ATOMIC_RELAXED);
	return busy_op(&w->x);
}

/* Before each slice: forget where the warm-up (on the calling thread) ran. */
static void forget_cpus(void *arg, unsigned round, size_t slot)
{
	where *w = arg;
	(void)round;
	if (slot == 0)
		for (int i = 0; i < 3; i++)
			w[i].cpus = 0;
}

/* A pinned slot's worker i runs on the i-th CPU the process may use, and only there. */
static void pinned_workers(void)
{
	cpu_set_t allowed;
	int cpus[64], n = 0;
	where w[3];
	void *st[3] = {&w[0], &w[1], &w[2]};
	cb_slot slot;
	cb_rounds_opts o;
	cb_rounds_info info;

	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0)
		return;
	for (int c = 0; c < 64; c++)
		if (CPU_ISSET(c, &allowed))
			cpus[n++] = c;
	if (n == 0)
		return;
	memset(w, 0, sizeof(w));
	memset(&slot, 0, sizeof(slot));
	slot = (cb_slot){.op = where_op, .states = st, .nthreads = 3, .pinned = 1};
	quick_opts(&o, 6);
	o.on_slice = forget_cpus;
	o.arg = w;
	CHECK_EQ_INT(cb_rounds_run(&slot, 1, &o, &info), 0);
	CHECK_EQ_INT(slot.m.error, 0);
	for (int i = 0; i < 3; i++) {
		tu_note("worker %d", i);
		CHECK(w[i].cpus == 1ull << cpus[i % n]); /* round robin past the last CPU */
	}
	tu_note("%s", "");
	/* the main thread keeps its own affinity */
	cpu_set_t after;
	CHECK_EQ_INT(sched_getaffinity(0, sizeof(after), &after), 0);
	CHECK(CPU_EQUAL(&after, &allowed));
}

int main(void)
{
	pinned_workers();
	interleaved();
	sequential_and_threads();
	failures_and_stop();
	return tu_finish();
}
