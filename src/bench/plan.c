/*
 * The plan (bench.h): a request's selectors, operations, message sizes,
 * thread counts and pinning turned into cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_int.h"
#include "bench/cases.h"
#include "cryptobench/bench.h"
#include "cryptobench/registry.h"
#include "hybrid/hybrid.h"

#define MAX_ALGS 512

/* Every operation named in --ops must exist for at least one selected algorithm. */
static int check_ops(const char *list, const cb_alg_info **algs, size_t nalgs, char *err, size_t errlen)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		int found = 0;
		char known[256] = "";
		for (size_t i = 0; i < nalgs; i++) {
			const char *const *ops = cb_kind_ops(algs[i]->kind);
			for (size_t k = 0; ops[k]; k++) {
				if (strlen(ops[k]) == len && !strncmp(ops[k], p, len))
					found = 1;
				if (!strstr(known, ops[k])) {
					strncat(known, known[0] ? ", " : "", sizeof(known) - strlen(known) - 1);
					strncat(known, ops[k], sizeof(known) - strlen(known) - 1);
				}
			}
		}
		if (!found) {
			cb_say(err, errlen, "unknown operation '%.*s' for the selected algorithms (they have: %s)", (int)len, p,
			       known);
			return CB_ERR_ARG;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/*
 * Whether --thread-ops names this case: an item is OP, ALG:OP or
 * ALG@BACKEND:OP (sign, sm2-sign:sign, sm2-sign@gmssl:sign).
 */
static int thread_op(const char *list, const cb_alg_info *alg, const char *op)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		const char *colon = memchr(p, ':', len), *o = colon ? colon + 1 : p;
		size_t olen = len - (size_t)(o - p);
		if (olen == strlen(op) && !strncmp(o, op, olen)) {
			if (!colon)
				return 1;
			const char *at = memchr(p, '@', (size_t)(colon - p));
			size_t alen = (size_t)((at ? at : colon) - p), blen = at ? (size_t)(colon - at - 1) : 0;
			if (alen == strlen(alg->name) && !strncmp(p, alg->name, alen) &&
			    (!at || (blen == strlen(alg->backend) && !strncmp(at + 1, alg->backend, blen))))
				return 1;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/* Every item of --thread-ops names an operation some selected algorithm has. */
static int check_thread_ops(const char *list, const cb_alg_info **algs, size_t nalgs, char *err, size_t errlen)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		int len = (int)(e ? (size_t)(e - p) : strlen(p)), found = 0;
		for (size_t i = 0; i < nalgs && !found; i++) {
			const char *const *ops = cb_kind_ops(algs[i]->kind);
			char one[160];
			snprintf(one, sizeof(one), "%.*s", len, p);
			for (size_t k = 0; ops[k] && !found; k++)
				found = thread_op(one, algs[i], ops[k]);
		}
		if (!found) {
			cb_say(err, errlen,
			       "--thread-ops: '%.*s' names no operation of the selected algorithms (OP, ALG:OP or "
			       "ALG@BACKEND:OP)",
			       len, p);
			return CB_ERR_ARG;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/* Message sizes: one list for every class, optionally overridden for pke, sig and envelope. */
static const size_t *sizes_for(const cb_bench_request *r, cb_kind kind, size_t *n)
{
	if (kind == CB_KIND_PKE && r->npke_sizes) {
		*n = r->npke_sizes;
		return r->pke_sizes;
	}
	if (kind == CB_KIND_SIG && r->nsig_sizes) {
		*n = r->nsig_sizes;
		return r->sig_sizes;
	}
	if (kind == CB_KIND_ENVELOPE && r->nseal_sizes) {
		*n = r->nseal_sizes;
		return r->seal_sizes;
	}
	*n = r->nsizes;
	return r->sizes;
}

static int add_case(cb_plan *p, size_t *cap, cb_plan_case c)
{
	if (p->n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 64;
		cb_plan_case *q = realloc(p->cases, ncap * sizeof(*q));
		if (!q)
			return CB_ERR_NOMEM;
		p->cases = q;
		*cap = ncap;
	}
	p->cases[p->n++] = c;
	return 0;
}

/* The cases of one algorithm: operations x sizes x thread counts x pinning. */
static int plan_alg(const cb_bench_request *r, const cb_alg_info *alg, const cb_alg_info **algs, size_t nalgs,
		    const cb_opts *opts, cb_plan *p, size_t *cap)
{
	static const unsigned one = 1;
	const char *const *ops = cb_kind_ops(alg->kind);
	int env = alg->kind == CB_KIND_ENVELOPE && r->nseal_threads;
	const unsigned *threads = env ? r->seal_threads : r->nthreads ? r->threads : &one;
	size_t nthreads = env ? r->nseal_threads : r->nthreads ? r->nthreads : 1;
	int rc = 0;

	if (cb_alg_unavailable(alg))
		return add_case(p, cap, (cb_plan_case){alg, NULL, 0, 1, 0, ""});
	for (size_t k = 0; ops[k] && !rc; k++) {
		/* a hybrid's part: also what the hybrid's breakdown counts (keygen-cold, derive-cold) */
		if ((r->ops ? !cb_in_list(r->ops, ops[k]) : !cb_op_is_default(alg, ops[k])) &&
		    !cb_hybrid_needs_op(alg, ops[k], algs, nalgs, r->ops))
			continue;
		int takes = cb_op_takes_message(alg->kind, ops[k]);
		size_t nsizes;
		const size_t *sizes = sizes_for(r, alg->kind, &nsizes);
		size_t def = cb_default_message(alg->kind);
		size_t ns = takes && nsizes ? nsizes : 1;
		/* Outside --thread-ops an operation runs on one thread only. */
		int multi = !r->thread_ops || thread_op(r->thread_ops, alg, ops[k]);
		const unsigned *tl = multi ? threads : &one;
		size_t ntl = multi ? nthreads : 1;
		for (size_t s = 0; s < ns && !rc; s++)
			for (size_t t = 0; t < ntl && !rc; t++) {
				unsigned nt = tl[t];
				/* Multi-thread cases: unpinned, pinned, or both (--pin-workers). */
				for (int pin = 0; pin < 2 && !rc; pin++) {
					if (nt > 1 ? (pin ? r->pin_workers == 0 : r->pin_workers == 1) : pin)
						continue;
					cb_plan_case c = {alg, ops[k], takes ? (nsizes ? sizes[s] : def) : 0, nt, pin, ""};
					/* a case that cannot exist is left out, with its reason (one place: cb_case_possible) */
					if (!cb_case_possible(alg, ops[k], c.msg, opts, c.left_out, sizeof(c.left_out)) &&
					    !c.left_out[0])
						snprintf(c.left_out, sizeof(c.left_out), "cannot run this case");
					rc = add_case(p, cap, c);
				}
			}
	}
	return rc;
}

int cb_bench_plan(const cb_bench_request *r, cb_plan *p, char *err, size_t errlen)
{
	const cb_alg_info **algs = calloc(MAX_ALGS, sizeof(*algs));
	size_t nalgs = 0, cap = 0;
	int rc;

	memset(p, 0, sizeof(*p));
	if (!algs)
		return CB_ERR_NOMEM;
	if (r->nselectors == 0) {
		cb_say(err, errlen, "nothing selected: give a selector (a name, a prefix, a family, a class or all)");
		rc = CB_ERR_ARG;
	} else {
		rc = cb_select((const char *const *)r->selectors, r->nselectors, r->backend, algs, MAX_ALGS, &nalgs, err,
			       errlen);
	}
	if (!rc && r->ops)
		rc = check_ops(r->ops, algs, nalgs, err, errlen);
	if (!rc && r->thread_ops)
		rc = check_thread_ops(r->thread_ops, algs, nalgs, err, errlen);
	{
		/* the options a case is prepared with, for cb_case_possible (the SM2 ID) */
		cb_opts opts = {0};
		if (r->sm2_id) {
			opts.sm2_id = (const uint8_t *)r->sm2_id;
			opts.sm2_id_len = strlen(r->sm2_id);
		}
		for (size_t i = 0; i < nalgs && !rc; i++)
			rc = plan_alg(r, algs[i], algs, nalgs, &opts, p, &cap);
	}
	if (!rc && p->n == 0) {
		cb_say(err, errlen, "nothing to measure: the selected algorithms have none of the operations '%s'",
		       r->ops ? r->ops : "");
		rc = CB_ERR_ARG;
	}
	free(algs);
	if (rc)
		cb_plan_free(p);
	return rc;
}

void cb_plan_free(cb_plan *p)
{
	free(p->cases);
	p->cases = NULL;
	p->n = 0;
}
