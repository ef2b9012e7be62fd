#include "bench/rounds.h"

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench/stats.h"
#include "bench/timer.h"

#define MIN_ROUNDS 6
/* Calls a mean-figure random-cost case (ML-DSA signing) takes at least, within its 5-budget cap. */
#define MEAN_MIN_CALLS 200
/* Calls above this many times the median are interruptions, left out of the mean (finish()). */
#define MEAN_CUTOFF 20.0
#define SLICE_TARGET_S 0.002
/* The reference workload's slice: enough calls for a stable median, little time. */
#define REFERENCE_SLICE_NS 2e6
/* Before each slice, untimed work of at most this share of the slice brings the case's caches back. */
#define REWARM_SHARE 0.05

struct cb_slot_priv {
	double *ns, *cyc; /* one value per sample: ns and ticks per operation */
	size_t n, cap;
	uint64_t batch;
	double per_op;   /* from the warm-up */
	double timed_ns; /* timed slice time so far */
	int active;
};

void cb_rounds_defaults(cb_rounds_opts *o)
{
	memset(o, 0, sizeof(*o));
	cb_runner_defaults(&o->r);
	o->interleave = 1;
}

unsigned cb_rounds_auto(double time_budget)
{
	double r = floor(time_budget / SLICE_TARGET_S + 0.5);
	if (r < MIN_ROUNDS)
		r = MIN_ROUNDS;
	if (r > CB_ROUNDS_MAX)
		r = CB_ROUNDS_MAX;
	return (unsigned)r;
}

/* splitmix64: the order of the rounds needs no more than this. */
static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static void shuffle(size_t *v, size_t n, uint64_t *seed)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(next_rand(seed) % i);
		size_t t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

/*
 * The reference workload: what crypto code leans on, in a fixed amount --
 * four independent lanes of 64-bit multiplies, adds and rotates (the
 * execution ports a sibling hyperthread competes for) and loads and stores
 * over a 32 KiB table (the L1 cache it shares).  Its time moves with the
 * core's speed and sharing, not with the code under test.
 */
typedef struct reference_state {
	uint64_t lane[4];
	uint64_t table[4096];
} reference_state;

static int reference_op(void *st)
{
	reference_state *rs = st;
	uint64_t a = rs->lane[0], b = rs->lane[1], c = rs->lane[2], d = rs->lane[3];
	for (int i = 0; i < 1024; i++) {
		a = (a * 0x9e3779b97f4a7c15u) + rs->table[b & 4095];
		b = ((b << 23) | (b >> 41)) ^ (c * 0xbf58476d1ce4e5b9u);
		c = c + (d ^ (a >> 17));
		d = (d * 0x94d049bb133111ebu) ^ rs->table[a & 4095];
		rs->table[c & 4095] ^= d;
	}
	rs->lane[0] = a;
	rs->lane[1] = b;
	rs->lane[2] = c;
	rs->lane[3] = d;
	return 0;
}

static int push(cb_slot_priv *p, double ns, double cyc, size_t max)
{
	if (p->n == p->cap) {
		size_t ncap = p->cap ? p->cap * 2 : 1024;
		double *a, *b;
		if (ncap > max)
			ncap = max;
		if (ncap <= p->cap)
			return -1;
		a = realloc(p->ns, ncap * sizeof(*a));
		if (!a)
			return -1;
		p->ns = a;
		b = realloc(p->cyc, ncap * sizeof(*b));
		if (!b)
			return -1;
		p->cyc = b;
		p->cap = ncap;
	}
	p->ns[p->n] = ns;
	p->cyc[p->n] = cyc;
	p->n++;
	return 0;
}

/* The median of the slice's samples p->ns[first..n) (all finite), NaN when none or out of memory. */
static double median_since(const cb_slot_priv *p, size_t first)
{
	size_t k = p->n - first;
	double *tmp, m;
	if (p->n <= first || !(tmp = malloc(k * sizeof(*tmp))))
		return NAN;
	memcpy(tmp, p->ns + first, k * sizeof(*tmp));
	m = cb_stats_median(tmp, k);
	free(tmp);
	return m;
}

/* Untimed calls before a slice: the other cases have had the caches. */
static int rewarm(const cb_slot_priv *p, cb_op_fn op, void *st, double slice_ns)
{
	if (p->per_op * (double)p->batch > REWARM_SHARE * slice_ns)
		return 0;
	for (uint64_t i = 0; i < p->batch; i++) {
		int r = op(st);
		if (r)
			return r;
	}
	return 0;
}

/* One slice on one thread; the round's value is the median of its samples. */
static double slice_one(cb_slot *s, double slice_ns, size_t max)
{
	cb_slot_priv *p = s->priv;
	void *st = s->states[0];
	size_t first = p->n;
	uint64_t start, t1;
	int r = rewarm(p, s->op, st, slice_ns);
	if (r) {
		s->m.error = r;
		return NAN;
	}
	start = cb_now_ns();
	do {
		uint64_t t0 = cb_now_ns(), c0 = cb_ticks();
		for (uint64_t i = 0; i < p->batch; i++) {
			r = s->op(st);
			if (r) {
				s->m.error = r;
				return NAN;
			}
		}
		uint64_t c1 = cb_ticks();
		t1 = cb_now_ns();
		if (push(p, (double)(t1 - t0) / (double)p->batch, (double)(c1 - c0) / (double)p->batch, max) != 0) {
			p->active = 0; /* the sample store is full: this case has had its share */
			break;
		}
		s->m.total_ops += p->batch; /* counted once kept: total_ops is batch x samples */
	} while ((double)(t1 - start) < slice_ns);
	p->timed_ns += (double)(t1 - start);
	return median_since(p, first);
}

/* ---- one slice on several threads ---- */

typedef struct gate {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned ready;
	int go;
} gate;

typedef struct worker {
	pthread_t thread;
	cb_op_fn op;
	void *state;
	const cb_slot_priv *p;
	gate *g;
	const int *stop;
	unsigned *batches; /* batches completed by all workers of the slice */
	unsigned *alive;   /* workers not yet finished */
	double *ns, *cyc;
	size_t n, cap;
	uint64_t ops, begin, end;
	double slice_ns;
	int cpu; /* -1: not pinned */
	int error;
} worker;

static void *work(void *arg)
{
	worker *w = arg;
	if (w->cpu >= 0) {
		cpu_set_t one;
		CPU_ZERO(&one);
		CPU_SET(w->cpu, &one);
		/* Before the warm-up, so that the timed part starts on its CPU. */
		w->error = pthread_setaffinity_np(pthread_self(), sizeof(one), &one) ? CB_ERR_BACKEND : 0;
	}
	if (!w->error)
		w->error = rewarm(w->p, w->op, w->state, w->slice_ns);
	pthread_mutex_lock(&w->g->mu);
	w->g->ready++;
	pthread_cond_broadcast(&w->g->cv);
	while (!w->g->go)
		pthread_cond_wait(&w->g->cv, &w->g->mu);
	pthread_mutex_unlock(&w->g->mu);
	w->begin = cb_now_ns();
	while (!w->error && !__atomic_load_n(w->stop, __ATOMIC_RELAXED)) {
		uint64_t t0 = cb_now_ns(), c0 = cb_ticks();
		for (uint64_t i = 0; i < w->p->batch; i++) {
			int r = w->op(w->state);
			if (r) {
				w->error = r;
				break;
			}
		}
		uint64_t c1 = cb_ticks(), t1 = cb_now_ns();
		if (w->error)
			break;
		w->ops += w->p->batch;
		__atomic_add_fetch(w->batches, 1, __ATOMIC_RELAXED);
		if (w->n < w->cap) {
			w->ns[w->n] = (double)(t1 - t0) / (double)w->p->batch;
			w->cyc[w->n] = (double)(c1 - c0) / (double)w->p->batch;
			w->n++;
		}
	}
	w->end = cb_now_ns();
	__atomic_sub_fetch(w->alive, 1, __ATOMIC_RELAXED);
	return NULL;
}

static void sleep_until(uint64_t t)
{
	uint64_t now;
	while ((now = cb_now_ns()) < t) {
		uint64_t d = t - now;
		struct timespec ts = {(time_t)(d / 1000000000u), (long)(d % 1000000000u)};
		nanosleep(&ts, NULL);
	}
}

/*
 * One slice on s->nthreads workers, started together on a gate; the
 * round's value is the wall time over all their operations (ns per
 * operation of the whole: 1e9 / throughput).
 */
static double slice_threads(cb_slot *s, double slice_ns, size_t max)
{
	cb_slot_priv *p = s->priv;
	unsigned nt = s->nthreads, started;
	gate g = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
	worker *w = calloc(nt, sizeof(*w));
	int stop = 0;
	unsigned batches = 0, alive = nt;
	uint64_t first = 0;
	uint64_t start, end = 0, ops = 0;
	/* Room for every sample the slice can take: batches last >= sample_target. */
	size_t cap = (size_t)(slice_ns / (p->per_op * (double)p->batch > 1 ? p->per_op * (double)p->batch : 1)) * 2 + 64;
	double value = NAN;

	if (cap > 1u << 20)
		cap = 1u << 20;
	if (!w) {
		s->m.error = CB_ERR_NOMEM;
		return NAN;
	}
	int cpus[CPU_SETSIZE], ncpus = 0;
	if (s->pinned) {
		cpu_set_t allowed;
		if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0)
			for (int c = 0; c < CPU_SETSIZE; c++)
				if (CPU_ISSET(c, &allowed))
					cpus[ncpus++] = c;
		if (!ncpus)
			s->m.error = CB_ERR_BACKEND;
	}
	for (unsigned i = 0; i < nt; i++) {
		w[i] = (worker){.op = s->op, .state = s->states[i], .p = p, .g = &g, .stop = &stop, .cap = cap, .slice_ns = slice_ns,
				  .batches = &batches, .alive = &alive, .cpu = ncpus ? cpus[i % (unsigned)ncpus] : -1};
		w[i].ns = malloc(cap * sizeof(double));
		w[i].cyc = malloc(cap * sizeof(double));
		if (!w[i].ns || !w[i].cyc)
			s->m.error = CB_ERR_NOMEM;
	}
	started = 0;
	if (!s->m.error)
		for (; started < nt; started++)
			if (pthread_create(&w[started].thread, NULL, work, &w[started]) != 0) {
				s->m.error = CB_ERR_NOMEM;
				break;
			}
	pthread_mutex_lock(&g.mu);
	while (g.ready < started)
		pthread_cond_wait(&g.cv, &g.mu);
	if (s->m.error)
		__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	start = cb_now_ns();
	g.go = 1;
	pthread_cond_broadcast(&g.cv);
	pthread_mutex_unlock(&g.mu);
	if (!s->m.error) {
		sleep_until(start + (uint64_t)slice_ns);
		/* A loaded machine may not have run the workers yet: a slice holds at least one batch. */
		while (!__atomic_load_n(&batches, __ATOMIC_RELAXED) && __atomic_load_n(&alive, __ATOMIC_RELAXED))
			sleep_until(cb_now_ns() + 100000);
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (unsigned i = 0; i < started; i++) {
		pthread_join(w[i].thread, NULL);
		if (w[i].end > end)
			end = w[i].end;
		/* From the first worker to wake, not from the broadcast: waking takes a while. */
		if (w[i].begin && w[i].begin > start && (i == 0 || w[i].begin < first))
			first = w[i].begin;
		ops += w[i].ops;
		if (!s->m.error)
			s->m.error = w[i].error;
	}
	if (!s->m.error && ops) {
		for (unsigned i = 0; i < nt; i++)
			for (size_t k = 0; k < w[i].n; k++)
				if (push(p, w[i].ns[k], w[i].cyc[k], max) != 0)
					p->active = 0;
		if (first && first < end)
			start = first;
		s->m.total_ops += ops;
		p->timed_ns += (double)(end - start);
		value = (double)(end - start) / (double)ops;
	}
	for (unsigned i = 0; i < nt; i++) {
		free(w[i].ns);
		free(w[i].cyc);
	}
	free(w);
	return value;
}

static double run_slice(cb_slot *s, double slice_ns, size_t max)
{
	double v = s->nthreads > 1 ? slice_threads(s, slice_ns, max) : slice_one(s, slice_ns, max);
	if (s->m.error)
		s->priv->active = 0;
	return v;
}

/* The warm-up, untimed: caches, branch predictors, lazy initialisation; sets the batch. */
static void warm_up(cb_slot *s, const cb_runner_opts *o)
{
	cb_slot_priv *p = s->priv;
	unsigned nt = s->nthreads ? s->nthreads : 1;
	double per_op = 0;
	for (unsigned i = 0; i < nt && !s->m.error; i++) {
		double t = cb_runner_warm(s->op, s->states[i], i ? o->warmup / nt : o->warmup, &s->m.error);
		if (i == 0)
			per_op = t;
	}
	if (s->m.error) {
		p->active = 0;
		return;
	}
	p->per_op = per_op;
	p->batch = s->random_cost ? 1 : cb_runner_batch(per_op, o);
	p->active = 1;
}

static double rel_half_width(double v, double lo, double hi)
{
	double a = v - lo, b = hi - v;
	return v > 0 ? (a > b ? a : b) / v : 0;
}

/* Has every case timed by rounds (of those still taking part) reached the precision target? */
static int all_precise(const cb_slot *slots, size_t n, const cb_runner_opts *o, unsigned done)
{
	for (size_t i = 0; i < n; i++) {
		const cb_slot *s = &slots[i];
		cb_interval iv;
		if (s->random_cost || !s->priv->active)
			continue;
		if (s->priv->timed_ns < o->min_time * 1e9)
			return 0;
		if (cb_stats_round_interval(s->rounds, done, &iv) != 0 || iv.n < MIN_ROUNDS ||
		    rel_half_width(iv.value, iv.low, iv.high) > o->precision)
			return 0;
	}
	return 1;
}

static int any_active(const cb_slot *slots, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (slots[i].priv->active)
			return 1;
	return 0;
}

static void finish(cb_slot *s, const cb_runner_opts *o, unsigned done)
{
	const cb_tick_info *ti = cb_tick_info_get();
	cb_slot_priv *p = s->priv;
	cb_measurement *m = &s->m;
	cb_interval iv = {0};

	s->nrounds = done;
	m->samples = p->n;
	m->batch = p->batch;
	m->seconds = p->timed_ns / 1e9;
	if (m->error || !p->n)
		return;
	m->cycles_median = ti->invariant ? cb_stats_median(p->cyc, p->n) : 0;
	cb_stats_summarize(p->ns, p->n, &m->ns);
	if (!s->random_cost && cb_stats_round_interval(s->rounds, done, &iv) == 0 && iv.n) {
		s->estimate_ns = iv.value;
		s->estimate_low = iv.low;
		s->estimate_high = iv.high;
		s->by_rounds = 1;
	} else if (s->random_cost == 2) {
		/*
		 * The mean with its normal-theory 95% interval (n is hundreds of
		 * calls or more), over the calls within MEAN_CUTOFF times the
		 * median: a call beyond that was interrupted (preempted, an
		 * interrupt), not a long rejection loop, which would need some
		 * 80 iterations for ML-DSA's median of 3 to 5 (probability below
		 * 1e-7).  How many were left out is s->mean_dropped.
		 */
		double cut = MEAN_CUTOFF * m->ns.median, sum = 0, sq = 0, mean, h;
		size_t k = 0;
		for (size_t i = 0; i < p->n; i++)
			if (p->ns[i] <= cut) {
				sum += p->ns[i];
				k++;
			}
		mean = k ? sum / (double)k : m->ns.mean;
		for (size_t i = 0; i < p->n; i++)
			if (p->ns[i] <= cut)
				sq += (p->ns[i] - mean) * (p->ns[i] - mean);
		h = k > 1 ? 1.96 * sqrt(sq / (double)(k - 1)) / sqrt((double)k) : 0;
		s->mean_dropped = p->n - k;
		s->estimate_ns = mean;
		s->estimate_low = mean - h;
		s->estimate_high = mean + h;
		s->by_mean = 1;
	} else {
		s->estimate_ns = m->ns.median;
		s->estimate_low = m->ns.ci95_low;
		s->estimate_high = m->ns.ci95_high;
	}
	m->ops_per_sec = s->estimate_ns > 0 ? 1e9 / s->estimate_ns : 0;
	m->precision = rel_half_width(s->estimate_ns, s->estimate_low, s->estimate_high);
	/* A random cost is the operation's nature, not the machine's noise. */
	if (!s->random_cost && m->precision > o->precision) {
		m->noisy = 1;
		snprintf(m->noise, sizeof(m->noise), "95%% CI +-%.1f%% over %zu rounds did not reach the %.1f%% target",
			 100 * m->precision, iv.n, 100 * o->precision);
	}
}

static int stopped(const cb_rounds_opts *o)
{
	return o->stop && *o->stop;
}

int cb_rounds_run(cb_slot *slots, size_t n, const cb_rounds_opts *o, cb_rounds_info *info)
{
	const cb_runner_opts *ro = &o->r;
	unsigned planned = o->rounds ? o->rounds : cb_rounds_auto(ro->time_budget), done = 0;
	double slice_ns, budget_ns = ro->time_budget * 1e9;
	uint64_t seed = o->seed;
	reference_state *ref_state = calloc(1, sizeof(*ref_state));
	void *ref_states[1] = {ref_state};
	cb_slot ref = {.op = reference_op, .states = ref_states, .nthreads = 1};
	cb_slot_priv *priv;
	size_t *order, total = n + 1;
	int rc = 0;

	memset(info, 0, sizeof(*info));
	if (planned > CB_ROUNDS_MAX)
		planned = CB_ROUNDS_MAX;
	slice_ns = budget_ns / planned;
	priv = calloc(total, sizeof(*priv));
	order = malloc(total * sizeof(*order));
	if (!priv || !order || !ref_state) {
		free(priv);
		free(order);
		free(ref_state);
		return CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < 4096; i++)
		ref_state->table[i] = i * 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < 4; i++)
		ref_state->lane[i] = i + 1;
	if (!seed)
		seed = cb_now_ns() ^ ((uint64_t)getpid() << 32);
	for (size_t i = 0; i < total; i++) {
		cb_slot *s = i < n ? &slots[i] : &ref;
		memset(&s->m, 0, sizeof(s->m));
		s->priv = &priv[i];
		s->estimate_ns = s->estimate_low = s->estimate_high = 0;
		s->by_rounds = 0;
		s->nrounds = 0;
		for (size_t r = 0; r < CB_ROUNDS_MAX; r++)
			s->rounds[r] = NAN;
		order[i] = i;
	}
	for (size_t i = 0; i < total && !stopped(o); i++)
		warm_up(i < n ? &slots[i] : &ref, ro);

	if (o->interleave) {
		for (unsigned r = 0; r < planned && !stopped(o); r++) {
			shuffle(order, total, &seed);
			for (size_t k = 0; k < total && !stopped(o); k++) {
				size_t i = order[k];
				cb_slot *s = i < n ? &slots[i] : &ref;
				if (!s->priv->active)
					continue;
				if (o->on_slice)
					o->on_slice(o->arg, r, i);
				s->rounds[r] = run_slice(s, i < n || slice_ns < REFERENCE_SLICE_NS ? slice_ns : REFERENCE_SLICE_NS,
							 ro->max_samples);
			}
			done = r + 1;
			if (o->on_round)
				o->on_round(o->arg, done, planned);
			/*
			 * A case stops taking slices once it is precise enough, or when
			 * calls longer than the slice have given it twice its time; the
			 * others go on.  Paired ratios use the rounds both took part in.
			 */
			for (size_t i = 0; i < n && done >= MIN_ROUNDS; i++)
				if (slots[i].priv->active &&
				    ((slots[i].priv->timed_ns >= 2 * budget_ns &&
				      slots[i].priv->per_op * (double)slots[i].priv->batch > slice_ns) ||
				     (!slots[i].random_cost && done >= planned / 4 && all_precise(&slots[i], 1, ro, done))))
					slots[i].priv->active = 0;
			if (!any_active(slots, n))
				break;
		}
	} else {
		/* The old order: each case runs its rounds in turn; the reference runs before each case. */
		for (size_t i = 0; i < n && !stopped(o); i++) {
			cb_slot *s = &slots[i];
			unsigned cnt = 0;
			if (i < CB_ROUNDS_MAX && ref.priv->active) {
				if (o->on_slice)
					o->on_slice(o->arg, 0, n);
				ref.rounds[i] = run_slice(&ref, REFERENCE_SLICE_NS, ro->max_samples);
			}
			for (unsigned r = 0; r < planned && s->priv->active && !stopped(o); r++) {
				if (o->on_slice)
					o->on_slice(o->arg, r, i);
				s->rounds[r] = run_slice(s, slice_ns, ro->max_samples);
				cnt++;
				if (cnt >= MIN_ROUNDS && (all_precise(s, 1, ro, cnt) ||
							  (s->priv->timed_ns >= 2 * budget_ns &&
							   s->priv->per_op * (double)s->priv->batch > slice_ns)))
					break;
			}
			if (cnt > done)
				done = cnt;
			if (o->on_round)
				o->on_round(o->arg, (unsigned)(i + 1), (unsigned)n);
		}
	}
	/*
	 * Random-cost cases: enough calls for a stable median (a mean: at
	 * least MEAN_MIN_CALLS, its interval shrinks with the square root),
	 * within 5 budgets.
	 */
	for (size_t i = 0; i < n; i++) {
		cb_slot *s = &slots[i];
		size_t want = s->random_cost == 2 && ro->min_samples < MEAN_MIN_CALLS ? MEAN_MIN_CALLS : ro->min_samples;
		while (s->random_cost && s->priv->active && s->priv->n < want &&
		       s->priv->timed_ns < 5 * budget_ns && !stopped(o))
			run_slice(s, slice_ns, ro->max_samples);
	}

	for (size_t i = 0; i < n; i++)
		finish(&slots[i], ro, done);
	finish(&ref, ro, o->interleave ? done : (unsigned)(n < CB_ROUNDS_MAX ? n : CB_ROUNDS_MAX));
	info->rounds = done;
	info->slice_seconds = slice_ns / 1e9;
	info->interleaved = o->interleave;
	info->interrupted = stopped(o);
	info->reference_workload = "4-lane multiply-rotate, 32 KiB table, 1024 steps";
	info->nreference = ref.nrounds;
	memcpy(info->reference, ref.rounds, sizeof(info->reference));
	{
		double tmp[CB_ROUNDS_MAX];
		size_t k = cb_stats_finite(ref.rounds, ref.nrounds, tmp);
		if (k) {
			double med = cb_stats_median(tmp, k);
			info->reference_median_ns = med;
			info->reference_spread = med > 0 ? (cb_stats_quantile_sorted(tmp, k, 0.9) -
							    cb_stats_quantile_sorted(tmp, k, 0.1)) / med
							 : 0;
		}
	}
	for (size_t i = 0; i < total; i++) {
		free(priv[i].ns);
		free(priv[i].cyc);
	}
	for (size_t i = 0; i < n; i++)
		slots[i].priv = NULL;
	free(priv);
	free(order);
	free(ref_state);
	return rc;
}
