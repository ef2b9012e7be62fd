#include "cryptobench/result.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench/stats.h"
#include "cryptobench/common.h"

const char *cb_status_name(cb_status s)
{
	switch (s) {
	case CB_STATUS_OK: return "ok";
	case CB_STATUS_FAILED_SELFCHECK: return "failed_selfcheck";
	case CB_STATUS_UNAVAILABLE: return "unavailable";
	case CB_STATUS_UNSUPPORTED: return "unsupported";
	case CB_STATUS_ERROR: return "error";
	}
	return "error";
}

void cb_sizes_init(cb_sizes *z)
{
	memset(z, 0, sizeof(*z));
	z->public_key = z->secret_key = z->ciphertext = z->signature = z->shared_secret = z->overhead = -1;
	z->secret_key_max = z->ciphertext_max = z->signature_max = -1;
	z->samples = z->keys = z->max_message = z->key_bits = -1;
	z->secret_key_expanded = z->secret_key_both = -1;
}

void cb_result_init(cb_result *r)
{
	memset(r, 0, sizeof(*r));
	r->threads = 1;
	cb_sizes_init(&r->sizes);
	r->allocs_per_op = -1;
	r->alloc_bytes_per_op = -1;
	r->rss_growth_bytes = -1;
}

cb_result *cb_run_add(cb_run *run)
{
	cb_result *r;
	if (!run)
		return NULL;
	if (run->nresults == run->capacity) {
		size_t ncap = run->capacity ? run->capacity * 2 : 16;
		cb_result *nr;
		if (ncap > SIZE_MAX / sizeof(*nr))
			return NULL;
		nr = realloc(run->results, ncap * sizeof(*nr));
		if (!nr)
			return NULL;
		run->results = nr;
		run->capacity = ncap;
	}
	r = &run->results[run->nresults++];
	memset(r, 0, sizeof(*r));
	return r;
}

void cb_run_free(cb_run *run)
{
	if (!run)
		return;
	free(run->results);
	memset(run, 0, sizeof(*run));
}

int cb_result_time_ratio(const cb_result *num, const cb_result *den, cb_ratio *out)
{
	cb_interval iv;
	size_t n;
	memset(out, 0, sizeof(*out));
	if (!num || !den || num->status != CB_STATUS_OK || den->status != CB_STATUS_OK || !(num->estimate_ns > 0) ||
	    !(den->estimate_ns > 0))
		return CB_ERR_ARG;
	n = num->nrounds < den->nrounds ? num->nrounds : den->nrounds;
	if (n > CB_ROUNDS_MAX)
		n = CB_ROUNDS_MAX;
	/* A random-cost operation's rounds hold a key or two each: no pairing there. */
	if (!num->random_cost && !den->random_cost && n && cb_stats_paired_ratio(num->rounds, den->rounds, n, &iv) == 0 &&
	    iv.n) {
		out->value = iv.value;
		out->low = iv.low;
		out->high = iv.high;
		out->n = iv.n;
		out->paired = 1;
		return 0;
	}
	out->value = out->low = out->high = num->estimate_ns / den->estimate_ns;
	out->n = 1;
	return 0;
}
