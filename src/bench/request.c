/*
 * The request (bench.h): the options of `cryptobench run` that say what to
 * measure and how, their grammar once, and suites parsed into a request.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_int.h"
#include "bench/suite.h"
#include "cryptobench/bench.h"

enum kind {
	K_STRING,  /* a string, at most max - 1 bytes when max > 0 */
	K_SIZES,   /* a message size list */
	K_THREADS, /* a thread count list */
	K_NUMBER,  /* a number from lo to hi (whole: whole numbers only) */
	K_FLAG,
	K_SPECIAL, /* checked by its own case in set() */
};

enum id {
	O_OPS, O_SIZES, O_PKE_SIZES, O_SIG_SIZES, O_SEAL_SIZES, O_THREADS, O_SEAL_THREADS, O_THREAD_OPS,
	O_PIN_WORKERS, O_PIN, O_TIME, O_MIN_TIME, O_PRECISION, O_ROUNDS, O_NO_INTERLEAVE, O_BASELINE, O_QUICK,
	O_BACKEND, O_SM2_ID, O_TITLE, O_QUESTION, O_SOURCE, O_PUBLISHED, O_SECURITY, O_SCENARIO, O_MEMORY, O_ALLOW_FAILED,
};

/* The request's options: the words a suite may hold besides selectors. */
static const struct ropt {
	const char *name;
	enum id id;
	enum kind kind;
	double lo, hi;
	int whole;
	size_t max;
} ropts[] = {
	{"ops", O_OPS, K_STRING, 0, 0, 0, 0},
	{"sizes", O_SIZES, K_SIZES, 0, 0, 0, 0},
	{"pke-sizes", O_PKE_SIZES, K_SIZES, 0, 0, 0, 0},
	{"sig-sizes", O_SIG_SIZES, K_SIZES, 0, 0, 0, 0},
	{"seal-sizes", O_SEAL_SIZES, K_SIZES, 0, 0, 0, 0},
	{"threads", O_THREADS, K_THREADS, 0, 0, 0, 0},
	{"seal-threads", O_SEAL_THREADS, K_THREADS, 0, 0, 0, 0},
	{"thread-ops", O_THREAD_OPS, K_STRING, 0, 0, 0, 0},
	{"pin-workers", O_PIN_WORKERS, K_SPECIAL, 0, 0, 0, 0},
	{"pin", O_PIN, K_SPECIAL, 0, 0, 0, 0},
	{"time", O_TIME, K_NUMBER, 0.001, 3600, 0, 0},
	{"min-time", O_MIN_TIME, K_NUMBER, 0, 3600, 0, 0},
	{"precision", O_PRECISION, K_NUMBER, 0.01, 100, 0, 0},
	{"rounds", O_ROUNDS, K_NUMBER, 1, CB_ROUNDS_MAX, 1, 0},
	{"no-interleave", O_NO_INTERLEAVE, K_FLAG, 0, 0, 0, 0},
	{"baseline", O_BASELINE, K_STRING, 0, 0, 0, sizeof(((cb_context *)0)->baseline)},
	{"quick", O_QUICK, K_FLAG, 0, 0, 0, 0},
	{"backend", O_BACKEND, K_STRING, 0, 0, 0, 0},
	{"sm2-id", O_SM2_ID, K_SPECIAL, 0, 0, 0, 0},
	{"title", O_TITLE, K_STRING, 0, 0, 0, sizeof(((cb_context *)0)->title)},
	{"question", O_QUESTION, K_STRING, 0, 0, 0, sizeof(((cb_context *)0)->question)},
	{"source", O_SOURCE, K_STRING, 0, 0, 0, sizeof(((cb_context *)0)->source)},
	{"published", O_PUBLISHED, K_SPECIAL, 0, 0, 0, 0},
	{"security", O_SECURITY, K_FLAG, 0, 0, 0, 0},
	{"scenario", O_SCENARIO, K_SPECIAL, 0, 0, 0, 0},
	{"memory", O_MEMORY, K_FLAG, 0, 0, 0, 0},
	{"allow-failed", O_ALLOW_FAILED, K_FLAG, 0, 0, 0, 0},
};

static const struct ropt *find(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(ropts) / sizeof(ropts[0]); i++)
		if (strlen(ropts[i].name) == len && !strncmp(ropts[i].name, name, len))
			return &ropts[i];
	return NULL;
}

int cb_bench_request_option(const char *name, int *has_arg)
{
	const struct ropt *o = find(name, strlen(name));
	if (o && has_arg)
		*has_arg = o->kind != K_FLAG;
	return o != NULL;
}

void cb_bench_request_init(cb_bench_request *req)
{
	memset(req, 0, sizeof(*req));
}

void cb_bench_request_free(cb_bench_request *req)
{
	char **strs[] = {&req->backend, &req->ops, &req->thread_ops, &req->baseline, &req->title, &req->question, &req->source,
			 &req->sm2_id, &req->pin};
	for (size_t i = 0; i < req->nselectors; i++)
		free(req->selectors[i]);
	free(req->selectors);
	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		free(*strs[i]);
	memset(req, 0, sizeof(*req));
}

int cb_bench_request_select(cb_bench_request *req, const char *selector)
{
	char *s;
	if (req->nselectors == req->selectors_cap) {
		size_t cap = req->selectors_cap ? 2 * req->selectors_cap : 16;
		char **v = realloc(req->selectors, cap * sizeof(*v));
		if (!v)
			return CB_ERR_NOMEM;
		req->selectors = v;
		req->selectors_cap = cap;
	}
	if (!(s = strdup(selector)))
		return CB_ERR_NOMEM;
	req->selectors[req->nselectors++] = s;
	return 0;
}

static int set_string(char **dst, const char *v)
{
	char *s = strdup(v);
	if (!s)
		return CB_ERR_NOMEM;
	free(*dst);
	*dst = s;
	return 0;
}

static int number(const struct ropt *o, const char *v, double *out, char *err, size_t errlen)
{
	char *end;
	double x;
	errno = 0;
	x = strtod(v, &end);
	if (end == v || *end || errno || !isfinite(x) || !(x >= o->lo && x <= o->hi)) {
		cb_say(err, errlen, "bad value '%s' for --%s (expected a number from %g to %g)", v, o->name, o->lo, o->hi);
		return CB_ERR_ARG;
	}
	if (o->whole && x != floor(x)) {
		cb_say(err, errlen, "bad value '%s' for --%s (expected a whole number from %g to %g)", v, o->name, o->lo,
		       o->hi);
		return CB_ERR_ARG;
	}
	*out = x;
	return 0;
}

int cb_bench_request_set(cb_bench_request *req, const char *name, const char *value, char *err, size_t errlen)
{
	const struct ropt *o = find(name, strlen(name));
	double x;
	int rc;

	if (!o) {
		cb_say(err, errlen, "'--%s' is not an option of a run", name);
		return CB_ERR_ARG;
	}
	if (o->kind == K_FLAG ? value != NULL : value == NULL) {
		cb_say(err, errlen, value ? "option '--%s' takes no value" : "option '--%s' needs a value", name);
		return CB_ERR_ARG;
	}
	if (o->kind == K_STRING && o->max && strlen(value) >= o->max) {
		cb_say(err, errlen, "--%s is too long", name);
		return CB_ERR_ARG;
	}
	switch (o->id) {
	case O_OPS: return set_string(&req->ops, value);
	case O_THREAD_OPS: return set_string(&req->thread_ops, value);
	case O_BASELINE: return set_string(&req->baseline, value);
	case O_BACKEND: return set_string(&req->backend, value);
	case O_TITLE: return set_string(&req->title, value);
	case O_QUESTION: return set_string(&req->question, value);
	case O_SOURCE: return set_string(&req->source, value);
	case O_SIZES: return cb_parse_sizes(value, req->sizes, CB_BENCH_MAX_SIZES, &req->nsizes, err, errlen);
	case O_PKE_SIZES: return cb_parse_sizes(value, req->pke_sizes, CB_BENCH_MAX_SIZES, &req->npke_sizes, err, errlen);
	case O_SIG_SIZES: return cb_parse_sizes(value, req->sig_sizes, CB_BENCH_MAX_SIZES, &req->nsig_sizes, err, errlen);
	case O_SEAL_SIZES:
		return cb_parse_sizes(value, req->seal_sizes, CB_BENCH_MAX_SIZES, &req->nseal_sizes, err, errlen);
	case O_THREADS: return cb_parse_threads(value, req->threads, CB_BENCH_MAX_THREADS, &req->nthreads, err, errlen);
	case O_SEAL_THREADS: {
		char why[256];
		rc = cb_parse_threads(value, req->seal_threads, CB_BENCH_MAX_THREADS, &req->nseal_threads, why, sizeof(why));
		if (rc)
			cb_say(err, errlen, "--seal-threads: %s", why);
		return rc;
	}
	case O_PIN_WORKERS:
		if (!strcmp(value, "off") || !strcmp(value, "on") || !strcmp(value, "both")) {
			req->pin_workers = value[1] == 'f' ? 0 : value[1] == 'n' ? 1 : 2;
			return 0;
		}
		cb_say(err, errlen, "--pin-workers takes off, on or both, not '%s'", value);
		return CB_ERR_ARG;
	case O_PIN: {
		cpu_set_t set;
		if ((rc = cb_parse_cpus(value, &set, err, errlen)) != 0)
			return rc;
		return set_string(&req->pin, value);
	}
	case O_TIME:
	case O_MIN_TIME:
	case O_PRECISION:
	case O_ROUNDS:
		if ((rc = number(o, value, &x, err, errlen)) != 0)
			return rc;
		if (o->id == O_TIME)
			req->time = x;
		else if (o->id == O_MIN_TIME)
			req->min_time = x;
		else if (o->id == O_PRECISION)
			req->precision = x;
		else
			req->rounds = (unsigned)x;
		return 0;
	case O_NO_INTERLEAVE: req->no_interleave = 1; return 0;
	case O_SECURITY: req->security = 1; return 0;
	case O_MEMORY: req->memory = 1; return 0;
	case O_ALLOW_FAILED: req->allow_failed = 1; return 0;
	case O_QUICK:
		/* After a suite's --time and --precision, --quick wins; a later --time still does. */
		req->quick = 1;
		req->time = req->precision = req->min_time = 0;
		return 0;
	case O_SM2_ID:
		if (strlen(value) > CB_SM2_ID_MAX) {
			cb_say(err, errlen,
			       "--sm2-id is %zu bytes; an SM2 ID has at most %d (GM/T 0003.2: its length in bits fits 16 bits)",
			       strlen(value), CB_SM2_ID_MAX);
			return CB_ERR_ARG;
		}
		return set_string(&req->sm2_id, value);
	case O_PUBLISHED:
		if (req->npublished == CB_PUBLISHED_MAX) {
			cb_say(err, errlen, "too many --published figures (at most %d)", CB_PUBLISHED_MAX);
			return CB_ERR_ARG;
		}
		if (cb_published_parse(value, &req->published[req->npublished]) != 0) {
			cb_say(err, errlen,
			       "--published '%s': expected CASE=VALUE with unit ops/s, ms, us or MB/s, or A/B=Nx "
			       "(CASE: ALG[@BACKEND]:OP[:SIZE])",
			       value);
			return CB_ERR_ARG;
		}
		req->npublished++;
		return 0;
	case O_SCENARIO: {
		char why[128];
		if (req->nscenarios == CB_SCENARIO_MAX) {
			cb_say(err, errlen, "too many --scenario lines (at most %d)", CB_SCENARIO_MAX);
			return CB_ERR_ARG;
		}
		if (cb_scenario_parse(value, &req->scenarios[req->nscenarios], why, sizeof(why)) != 0) {
			cb_say(err, errlen, "--scenario '%s': %s", value, why);
			return CB_ERR_ARG;
		}
		req->nscenarios++;
		return 0;
	}
	}
	return CB_ERR_ARG;
}

/* ---- CPU lists (--pin) ---- */

int cb_parse_cpus(const char *s, cpu_set_t *set, char *err, size_t errlen)
{
	const char *p = s;
	CPU_ZERO(set);
	while (1) {
		char *end;
		long a, b;
		if (!isdigit((unsigned char)*p))
			goto bad;
		errno = 0;
		a = strtol(p, &end, 10);
		if (errno || a >= CPU_SETSIZE)
			goto bad;
		b = a;
		if (*end == '-') {
			const char *q = end + 1;
			if (!isdigit((unsigned char)*q))
				goto bad;
			b = strtol(q, &end, 10);
			if (errno || b < a || b >= CPU_SETSIZE)
				goto bad;
		}
		for (long c = a; c <= b; c++)
			CPU_SET((int)c, set);
		if (!*end)
			return 0;
		if (*end != ',')
			goto bad;
		p = end + 1;
	}
bad:
	cb_say(err, errlen, "bad CPU list '%s' (use e.g. 0-3,6 as taskset -c does; CPUs below %d)", s, CPU_SETSIZE);
	return CB_ERR_ARG;
}

/* "0-1,4" for the CPUs in set, cut short (with "...") when cap is too small. */
static void format_cpus(const cpu_set_t *set, char *buf, size_t cap)
{
	size_t len = 0;
	buf[0] = 0;
	for (int c = 0; c < CPU_SETSIZE; c++) {
		int e = c;
		if (!CPU_ISSET(c, set))
			continue;
		while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, set))
			e++;
		int w = e > c ? snprintf(buf + len, cap - len, "%s%d-%d", len ? "," : "", c, e)
			      : snprintf(buf + len, cap - len, "%s%d", len ? "," : "", c);
		if (w < 0 || (size_t)w >= cap - len) {
			snprintf(buf + (cap > 4 ? cap - 4 : 0), cap > 4 ? 4 : cap, "...");
			return;
		}
		len += (size_t)w;
		c = e;
	}
}

int cb_apply_pin(const char *s, char *err, size_t errlen)
{
	cpu_set_t set, allowed;
	char have[128];
	if (cb_parse_cpus(s, &set, err, errlen) != 0)
		return CB_ERR_ARG;
	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) {
		cb_say(err, errlen, "cannot pin to CPUs '%s': %s", s, strerror(errno));
		return CB_ERR_ARG;
	}
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set) && !CPU_ISSET(c, &allowed)) {
			format_cpus(&allowed, have, sizeof(have));
			cb_say(err, errlen, "cannot pin to CPUs '%s': CPU %d is not available (this process may use %s)", s,
				 c, have);
			return CB_ERR_ARG;
		}
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		cb_say(err, errlen, "cannot pin to CPUs '%s': %s", s, strerror(errno));
		return CB_ERR_ARG;
	}
	return 0;
}

/* Options that name an output or read or write another file: never in a suite. */
static int names_a_file(const char *word)
{
	static const char *const files[] = {"-o", "--output", "--suite", "--format", NULL};
	for (size_t i = 0; files[i]; i++) {
		size_t n = strlen(files[i]);
		if (!strncmp(word, files[i], n) && (word[n] == 0 || word[n] == '=' || (n == 2 && word[n])))
			return 1;
	}
	return 0;
}

int cb_bench_request_suite(cb_bench_request *req, const char *text, char *err, size_t errlen)
{
	char *copy = strdup(text), **words = NULL;
	size_t n = 0;
	int rc;

	if (!copy)
		return CB_ERR_NOMEM;
	rc = cb_suite_split(copy, &words, &n);
	if (rc == CB_ERR_FORMAT)
		cb_say(err, errlen, "a double quote is not closed on its line");
	if (!rc && n == 0) {
		cb_say(err, errlen, "it holds no selector and no option (it is empty or only comments)");
		rc = CB_ERR_ARG;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		const char *w = words[i], *eq;
		const struct ropt *o;
		int has_arg;

		if (w[0] != '-' || !w[1]) {
			rc = cb_bench_request_select(req, w);
			continue;
		}
		if (names_a_file(w)) {
			cb_say(err, errlen,
			       "'%s' is not allowed in a suite: a suite is data and may not name outputs or other files "
			       "(give it on the command line)",
			       w);
			rc = CB_ERR_ARG;
			break;
		}
		eq = strchr(w, '=');
		o = w[1] == '-' ? find(w + 2, eq ? (size_t)(eq - w - 2) : strlen(w + 2)) : NULL;
		if (!o) {
			cb_say(err, errlen, "'%.*s' is not an option a suite may give (see 'cryptobench run --help')",
			       (int)(eq ? (size_t)(eq - w) : strlen(w)), w);
			rc = CB_ERR_ARG;
			break;
		}
		has_arg = o->kind != K_FLAG;
		if (has_arg && !eq && i + 1 == n) {
			cb_say(err, errlen, "option '--%s' needs a value", o->name);
			rc = CB_ERR_ARG;
			break;
		}
		rc = cb_bench_request_set(req, o->name, eq ? eq + 1 : has_arg ? words[++i] : NULL, err, errlen);
	}
	free(words);
	free(copy);
	return rc;
}
