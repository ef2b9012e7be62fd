/*
 * The scenario syntax of the decision guide (run --scenario, result.h):
 * parsed into a cb_scenario and written back.  Plain data, no output.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

static void say(char *err, size_t errlen, const char *what)
{
	if (err && errlen)
		snprintf(err, errlen, "%s", what);
}

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
	if (*end || v == 0 || v > (1ull << 40))
		return -1;
	*out = (size_t)v;
	return 0;
}

/* A name or list of names: lower-case letters, digits, '-', '@' and the separator sep (0: none). */
static int names_ok(const char *s, char sep)
{
	if (!*s || *s == sep)
		return 0;
	for (const char *p = s; *p; p++) {
		int name_char = (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_';
		if (*p == sep && (p[1] == sep || !p[1]))
			return 0;
		if (!name_char && *p != sep)
			return 0;
	}
	return 1;
}

/* The next word of *p (separated by spaces), copied to w (wlen bytes): 0, or -1 at the end or when too long. */
static int next_word(const char **p, char *w, size_t wlen)
{
	const char *s = *p, *e;
	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return -1;
	for (e = s; *e && *e != ' ' && *e != '\t'; e++)
		;
	if ((size_t)(e - s) >= wlen)
		return -1;
	memcpy(w, s, (size_t)(e - s));
	w[e - s] = 0;
	*p = e;
	return 0;
}

int cb_scenario_parse(const char *text, cb_scenario *out, char *err, size_t errlen)
{
	static const char *const units[] = {"ops/s", "MB/s", "ms", "us", NULL};
	const char *colon = strchr(text, ':'), *p;
	char w[256], *end;
	size_t llen;

	memset(out, 0, sizeof(*out));
	say(err, errlen, "");
	if (!colon) {
		say(err, errlen, "expected 'LABEL: OPS >= VALUE UNIT among ALG,...'");
		return CB_ERR_ARG;
	}
	for (llen = (size_t)(colon - text); llen && text[llen - 1] == ' '; llen--)
		;
	if (!llen || llen >= sizeof(out->label)) {
		say(err, errlen, llen ? "the label is too long" : "the label before ':' is empty");
		return CB_ERR_ARG;
	}
	memcpy(out->label, text, llen);
	p = colon + 1;
	if (next_word(&p, out->ops, sizeof(out->ops)) != 0 || !names_ok(out->ops, '+')) {
		say(err, errlen, "expected the operations after ':' (e.g. sign, or keygen+encaps+decaps)");
		return CB_ERR_ARG;
	}
	if (next_word(&p, w, sizeof(w)) != 0 || (strcmp(w, ">=") && strcmp(w, "<="))) {
		say(err, errlen, "expected '>=' (a rate) or '<=' (a latency) after the operations");
		return CB_ERR_ARG;
	}
	out->at_most = w[0] == '<';
	if (next_word(&p, w, sizeof(w)) != 0) {
		say(err, errlen, "expected a target value");
		return CB_ERR_ARG;
	}
	out->value = strtod(w, &end);
	if (end == w || !isfinite(out->value) || out->value <= 0) {
		say(err, errlen, "the target must be a positive number");
		return CB_ERR_ARG;
	}
	if (!*end && next_word(&p, w, sizeof(w)) == 0)
		end = w; /* "20000 ops/s" as well as "20000ops/s" */
	for (size_t i = 0; units[i]; i++)
		if (!strcmp(end, units[i]))
			snprintf(out->unit, sizeof(out->unit), "%s", units[i]);
	if (!out->unit[0]) {
		say(err, errlen, "the unit must be ops/s, MB/s, ms or us");
		return CB_ERR_ARG;
	}
	if (out->at_most != (!strcmp(out->unit, "ms") || !strcmp(out->unit, "us"))) {
		say(err, errlen, out->at_most ? "'<=' takes a latency (ms or us)" : "'>=' takes a rate (ops/s or MB/s)");
		return CB_ERR_ARG;
	}
	if (next_word(&p, w, sizeof(w)) == 0 && !strcmp(w, "at")) {
		if (next_word(&p, w, sizeof(w)) != 0 || parse_size(w, &out->msg) != 0) {
			say(err, errlen, "expected a message size after 'at' (128, 4K, 1M)");
			return CB_ERR_ARG;
		}
		out->has_size = 1;
		if (next_word(&p, w, sizeof(w)) != 0)
			w[0] = 0;
	}
	if (strcmp(w, "among") != 0) {
		say(err, errlen, "expected 'among ALG[,ALG...]' after the target");
		return CB_ERR_ARG;
	}
	if (next_word(&p, out->among, sizeof(out->among)) != 0 || !names_ok(out->among, ',')) {
		say(err, errlen, "expected the candidates after 'among', separated by commas");
		return CB_ERR_ARG;
	}
	if (next_word(&p, w, sizeof(w)) == 0) {
		if (strcmp(w, "against") != 0 || next_word(&p, out->against, sizeof(out->against)) != 0 ||
		    !names_ok(out->against, 0)) {
			say(err, errlen, "expected 'against ALG' or nothing after the candidates");
			return CB_ERR_ARG;
		}
		if (next_word(&p, w, sizeof(w)) == 0) {
			say(err, errlen, "unexpected words after 'against ALG'");
			return CB_ERR_ARG;
		}
	}
	return 0;
}

void cb_scenario_format(const cb_scenario *s, char *buf, size_t len)
{
	char at[32] = "", against[CB_NAME_MAX + 16] = "";
	if (s->has_size)
		snprintf(at, sizeof(at), " at %zu", s->msg);
	if (s->against[0])
		snprintf(against, sizeof(against), " against %s", s->against);
	snprintf(buf, len, "%s: %s %s %.15g %s%s among %s%s", s->label, s->ops, s->at_most ? "<=" : ">=", s->value, s->unit,
		 at, s->among, against);
}
