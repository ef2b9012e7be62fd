#include "bench/slowdown.h"

#include <stdlib.h>
#include <string.h>

#include "bench/timer.h"

double cb_test_slowdown(const cb_alg_info *alg, const char *op)
{
	const char *v = getenv("CRYPTOBENCH_TEST_SLOWDOWN"), *colon, *eq, *at;
	size_t nlen;
	double pct;
	char *end;
	if (!v || !*v || !alg || !op)
		return 0;
	colon = strrchr(v, ':');
	eq = colon ? strchr(colon, '=') : NULL;
	if (!colon || !eq)
		return 0;
	at = memchr(v, '@', (size_t)(colon - v));
	nlen = (size_t)((at ? at : colon) - v);
	if (strlen(alg->name) != nlen || strncmp(alg->name, v, nlen) != 0)
		return 0;
	if (at && (strlen(alg->backend) != (size_t)(colon - at - 1) || strncmp(alg->backend, at + 1, (size_t)(colon - at - 1))))
		return 0;
	if (strlen(op) != (size_t)(eq - colon - 1) || strncmp(op, colon + 1, (size_t)(eq - colon - 1)) != 0)
		return 0;
	pct = strtod(eq + 1, &end);
	return end != eq + 1 && !*end && pct > 0 && pct <= 1000 ? pct / 100 : 0;
}

int cb_slowed_op(void *slowed)
{
	cb_slowed *s = slowed;
	uint64_t t0 = cb_now_ns(), t1, until;
	int rc = s->op(s->st);
	t1 = cb_now_ns();
	until = t1 + (uint64_t)((double)(t1 - t0) * s->share);
	while (cb_now_ns() < until)
		;
	return rc;
}
