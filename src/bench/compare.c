#include "bench/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/common.h"

const char *cb_verdict_name(cb_verdict v)
{
	switch (v) {
	case CB_SAME: return "~";
	case CB_FASTER: return "faster";
	case CB_SLOWER: return "slower";
	case CB_ONLY_OLD: return "only in old";
	case CB_ONLY_NEW: return "only in new";
	case CB_NOT_MEASURED: return "not measured";
	}
	return "?";
}

static int same_case(const cb_result *a, const cb_result *b)
{
	return !strcmp(a->algorithm, b->algorithm) && !strcmp(a->backend, b->backend) &&
	       !strcmp(a->operation, b->operation) && a->message_bytes == b->message_bytes && a->threads == b->threads;
}

/* Standard error of a median from its 95% confidence interval. */
static double se_of(const cb_result *r)
{
	return (r->ns.ci95_high - r->ns.ci95_low) / (2 * 1.959964);
}

static void judge(cb_change *c, double threshold)
{
	const cb_result *o = c->old_r, *n = c->new_r;
	if (o->status != CB_STATUS_OK || n->status != CB_STATUS_OK || o->ops_per_sec <= 0 || n->ops_per_sec <= 0) {
		c->verdict = CB_NOT_MEASURED;
		return;
	}
	c->ratio = n->ops_per_sec / o->ops_per_sec;
	double se = sqrt(se_of(o) * se_of(o) + se_of(n) * se_of(n));
	double diff = o->ns.median - n->ns.median; /* positive: new is faster */
	c->z = se > 0 ? diff / se : (diff > 0 ? INFINITY : diff < 0 ? -INFINITY : 0);
	if (fabs(c->z) > 1.959964 && fabs(c->ratio - 1) > threshold)
		c->verdict = c->ratio > 1 ? CB_FASTER : CB_SLOWER;
	else
		c->verdict = CB_SAME;
}

int cb_compare_runs(const cb_run *old_run, const cb_run *new_run, double threshold, cb_change **out, size_t *n)
{
	size_t cap = old_run->nresults + new_run->nresults, k = 0;
	cb_change *c = calloc(cap ? cap : 1, sizeof(*c));
	if (!c)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < old_run->nresults; i++) {
		const cb_result *o = &old_run->results[i];
		c[k].old_r = o;
		for (size_t j = 0; j < new_run->nresults; j++)
			if (same_case(o, &new_run->results[j])) {
				c[k].new_r = &new_run->results[j];
				break;
			}
		if (c[k].new_r)
			judge(&c[k], threshold);
		else
			c[k].verdict = CB_ONLY_OLD;
		k++;
	}
	for (size_t j = 0; j < new_run->nresults; j++) {
		int found = 0;
		for (size_t i = 0; i < old_run->nresults && !found; i++)
			found = same_case(&old_run->results[i], &new_run->results[j]);
		if (!found) {
			c[k].new_r = &new_run->results[j];
			c[k].verdict = CB_ONLY_NEW;
			k++;
		}
	}
	*out = c;
	*n = k;
	return 0;
}
