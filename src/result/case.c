/*
 * Cases and published figures (result.h): "ALG[@BACKEND]:OP[:SIZE]" keys,
 * found in a run, and the --published syntax.  Plain data, no output.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/common.h"
#include "result/case.h"

/* "128", "4K", "1M" (K = 1024): 0, or -1. */
static int parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtoull(s, &end, 10);
	if (*end == 'K' || *end == 'k')
		v <<= 10, end++;
	else if (*end == 'M' || *end == 'm')
		v <<= 20, end++;
	if (*end || v > (1ull << 40))
		return -1;
	*out = (size_t)v;
	return 0;
}

/* A case ALG[@BACKEND]:OP[:SIZE] as a result filter (no backend: any). */
int cb_case_key_of(const char *spec, size_t len, cb_case_key *k)
{
	char buf[128], *op, *size, *be;
	memset(k, 0, sizeof(*k));
	if (len >= sizeof(buf))
		return -1;
	memcpy(buf, spec, len);
	buf[len] = 0;
	if (!(op = strchr(buf, ':')) || op == buf || !op[1])
		return -1;
	*op++ = 0;
	if ((size = strchr(op, ':')) != NULL) {
		*size++ = 0;
		if (parse_size(size, &k->msg) != 0)
			return -1;
		k->has_size = 1;
	}
	if ((be = strchr(buf, '@')) != NULL) {
		*be++ = 0;
		snprintf(k->backend, sizeof(k->backend), "%s", be);
	}
	if (strlen(buf) >= sizeof(k->alg) || strlen(op) >= sizeof(k->op))
		return -1;
	memcpy(k->alg, buf, strlen(buf) + 1);
	memcpy(k->op, op, strlen(op) + 1);
	return 0;
}

int cb_case_key_match(const cb_case_key *k, const cb_result *r, const char *backend)
{
	return r->status == CB_STATUS_OK && r->threads == 1 && !strcmp(r->algorithm, k->alg) &&
	       !strcmp(r->operation, k->op) && (!k->has_size || r->message_bytes == k->msg) &&
	       (!backend[0] || !strcmp(r->backend, backend));
}

const cb_result *cb_run_find_case(const cb_run *run, const char *spec, size_t len)
{
	cb_case_key k;
	if (cb_case_key_of(spec, len, &k) != 0)
		return NULL;
	for (size_t i = 0; i < run->nresults; i++)
		if (cb_case_key_match(&k, &run->results[i], k.backend))
			return &run->results[i];
	return NULL;
}

int cb_published_parse(const char *text, cb_published *out)
{
	static const char *const units[] = {"ops/s", "ms", "us", "MB/s", "x", NULL};
	const char *eq = strrchr(text, '='), *slash;
	char *end;
	double v;
	size_t alen;
	cb_case_key k;
	memset(out, 0, sizeof(*out));
	if (!eq || eq == text)
		return CB_ERR_ARG;
	v = strtod(eq + 1, &end);
	if (end == eq + 1 || !isfinite(v) || v <= 0)
		return CB_ERR_ARG;
	for (size_t i = 0; units[i]; i++)
		if (!strcmp(end, units[i]))
			snprintf(out->unit, sizeof(out->unit), "%s", units[i]);
	if (!out->unit[0])
		return CB_ERR_ARG;
	out->value = v;
	slash = memchr(text, '/', (size_t)(eq - text));
	alen = slash ? (size_t)(slash - text) : (size_t)(eq - text);
	if (alen >= sizeof(out->a) || cb_case_key_of(text, alen, &k) != 0)
		return CB_ERR_ARG;
	memcpy(out->a, text, alen);
	if (slash) {
		size_t blen = (size_t)(eq - slash - 1);
		if (strcmp(out->unit, "x") != 0 || blen >= sizeof(out->b) || cb_case_key_of(slash + 1, blen, &k) != 0)
			return CB_ERR_ARG;
		memcpy(out->b, slash + 1, blen);
	} else if (!strcmp(out->unit, "x")) {
		return CB_ERR_ARG; /* a ratio needs two cases */
	}
	return 0;
}

void cb_published_format(const cb_published *p, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s=%.15g%s", p->a, p->b[0] ? "/" : "", p->b, p->value, p->unit);
}

int cb_in_list(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;
	while (p && *p) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && !strncmp(p, word, n))
			return 1;
		p = e ? e + 1 : NULL;
	}
	return 0;
}
