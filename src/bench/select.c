/* Selectors (bench.h): which algorithms a word picks, on which backends. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_int.h"
#include "cryptobench/bench.h"
#include "cryptobench/catalog.h"
#include "cryptobench/registry.h"
#include "hybrid/hybrid.h"

/* 1 when some registered algorithm is called exactly `sel`. */
static int is_exact_name(const char *sel)
{
	const cb_alg_info *a;
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++)
		if (!strcmp(sel, a->name))
			return 1;
	return 0;
}

int cb_selector_matches(const char *sel, const cb_alg_info *a)
{
	size_t n = strlen(sel);
	if (!strcmp(sel, "all") || !strcmp(sel, cb_alg_catalog(a)->family) || !strcmp(sel, cb_kind_name(a->kind)))
		return 1;
	if (strpbrk(sel, "*?"))
		return cb_name_match(sel, a->name);
	if (!strcmp(sel, a->name))
		return 1;
	/* A full name means that algorithm only: rsa2048-pkcs1 is not also rsa2048-pkcs1-sha256. */
	return !strncmp(sel, a->name, n) && a->name[n] == '-' && !is_exact_name(sel);
}

void cb_say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/*
 * Does one --backend entry p[0..len) pick backend `name`?  An entry is a
 * backend's name, or, as for algorithm selectors, a prefix ending at a '-'
 * that is no backend's name: "mlkem-native" picks mlkem-native-c and
 * mlkem-native-avx2.
 */
static int entry_picks(const char *p, size_t len, const char *name)
{
	char entry[64];

	if (len == strlen(name) && !strncmp(p, name, len))
		return 1;
	if (len == 0 || len >= sizeof(entry) || strncmp(p, name, len) || name[len] != '-')
		return 0;
	memcpy(entry, p, len);
	entry[len] = '\0';
	return !cb_backend_find(entry);
}

static int backend_picked(const char *list, const char *name)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (entry_picks(p, len, name))
			return 1;
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/*
 * Every entry of the --backend list names a backend of this build (or a
 * group of them by prefix; a composition's parts joined by '+' each);
 * else err names the first unknown one and lists the known.
 */
static int check_backends(const char *list, char *err, size_t errlen)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ','), *q = p;
		size_t len = e ? (size_t)(e - p) : strlen(p);
		while (q < p + len) {
			const char *plus = memchr(q, '+', (size_t)(p + len - q));
			size_t plen = plus ? (size_t)(plus - q) : (size_t)(p + len - q);
			int known = 0;
			for (size_t i = 0; i < cb_backend_count() && !known; i++)
				known = entry_picks(q, plen, cb_backend_get(i)->name);
			if (!known) {
				char names[512] = "";
				for (size_t i = 0; i < cb_backend_count(); i++) {
					size_t have = strlen(names);
					snprintf(names + have, sizeof(names) - have, "%s%s", i ? ", " : "",
						 cb_backend_get(i)->name);
				}
				cb_say(err, errlen, "unknown backend '%.*s' (this build has: %s)", (int)plen, q, names);
				return CB_ERR_ARG;
			}
			q += plen + (plus ? 1 : 0);
			if (!plus)
				break;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

static void suggest(const char *sel, char *err, size_t errlen)
{
	const cb_alg_info *a, *best[3] = {0};
	size_t bestd[3] = {(size_t)-1, (size_t)-1, (size_t)-1};
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
		size_t d = cb_edit_distance(sel, a->name);
		int dup = 0;
		for (int k = 0; k < 3; k++)
			dup |= best[k] && !strcmp(best[k]->name, a->name);
		if (dup)
			continue;
		for (int k = 0; k < 3; k++) {
			if (d < bestd[k]) {
				for (int m = 2; m > k; m--) {
					best[m] = best[m - 1];
					bestd[m] = bestd[m - 1];
				}
				best[k] = a;
				bestd[k] = d;
				break;
			}
		}
	}
	if (best[0] && bestd[0] <= 4) {
		char buf[256] = "";
		for (int k = 0; k < 3 && best[k] && bestd[k] <= 4; k++) {
			strncat(buf, k ? ", " : "", sizeof(buf) - strlen(buf) - 1);
			strncat(buf, best[k]->name, sizeof(buf) - strlen(buf) - 1);
		}
		cb_say(err, errlen, "unknown algorithm '%s'; did you mean: %s? ('cryptobench list' shows all)", sel, buf);
	} else {
		cb_say(err, errlen, "unknown algorithm '%s' ('cryptobench list' shows all)", sel);
	}
}

static void add_once(const cb_alg_info *a, const cb_alg_info **out, size_t cap, size_t *n)
{
	for (size_t k = 0; k < *n; k++)
		if (out[k] == a)
			return;
	if (*n < cap)
		out[(*n)++] = a;
}

/*
 * The compositions the KEM+KEX entries of the backend list name
 * ("oqs+sodium", docs/HYBRID.md) of every hybrid selector `sel` picks,
 * each followed by its parts (so that `run` times it beside them).  A
 * plain entry naming a backend that has no class of the hybrid stands for
 * that backend's own parts ("boringssl": boringssl+boringssl), left out
 * when it lacks one.  1 when some were added, 0 when none, -1 (err says
 * why) when a hybrid named exactly with a KEM+KEX entry cannot be made so
 * (one a family or a wildcard picks is left out).
 */
static int add_compositions(const char *sel, const char *backends, const cb_alg_info **out, size_t cap, size_t *n,
			    char *err, size_t errlen)
{
	const cb_alg_info *a;
	int added = 0;

	for (size_t i = 0; backends && (a = cb_registry_get(i)) != NULL; i++) {
		const char *p = backends;
		if (!cb_hybrid_composable(a->name) || strcmp(a->backend, "builtin") || !cb_selector_matches(sel, a))
			continue;
		while (p && *p) {
			const char *e = strchr(p, ',');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			char entry[64], why[200];
			const cb_alg_info *c;
			const cb_hy_slot *sl;

			int own = 0;

			if (len < sizeof(entry) / 2 && !memchr(p, '+', len)) {
				/* a backend's own parts, when it has no class of the hybrid */
				memcpy(entry, p, len);
				entry[len] = '\0';
				own = strcmp(entry, "builtin") && cb_backend_find(entry) && !cb_registry_find(a->name, entry);
				if (own)
					snprintf(entry, sizeof(entry), "%.*s+%.*s", (int)len, p, (int)len, p);
			}
			if (own || (len < sizeof(entry) && memchr(p, '+', len))) {
				if (!own) {
					memcpy(entry, p, len);
					entry[len] = '\0';
				}
				if (cb_hybrid_compose(a->name, entry, &c, why, sizeof(why)) != CB_OK) {
					/* named: an error; picked by a family or a wildcard, or a backend's own: left out */
					if (!own && !strcmp(sel, a->name)) {
						cb_say(err, errlen, "cannot compose %s@%s: %s", a->name, entry, why);
						return -1;
					}
					p = e ? e + 1 : NULL;
					continue;
				}
				add_once(c, out, cap, n);
				if ((sl = cb_hy_parts_of(cb_as_kem(c))) != NULL) {
					add_once(&sl->parts.kem->info, out, cap, n);
					add_once(&sl->parts.kex->info, out, cap, n);
				}
				added = 1;
			}
			p = e ? e + 1 : NULL;
		}
	}
	return added;
}

int cb_select(const char *const *sels, size_t nsels, const char *backends, const cb_alg_info **out, size_t cap,
	      size_t *n, char *err, size_t errlen)
{
	const cb_alg_info *a;
	*n = 0;
	if (backends && check_backends(backends, err, errlen) != 0)
		return CB_ERR_ARG;
	for (size_t s = 0; s < nsels; s++) {
		int picked = 0, exists = 0;
		for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
			int dup = 0;
			if (!cb_selector_matches(sels[s], a))
				continue;
			exists = 1;
			if (backends && !backend_picked(backends, a->backend))
				continue;
			/* a comparison backend not built is noise unless asked for by name */
			if (!backends && cb_alg_not_built(a)) {
				picked = 1;
				continue;
			}
			picked = 1;
			for (size_t k = 0; k < *n; k++)
				dup |= out[k] == a;
			if (!dup && *n < cap)
				out[(*n)++] = a;
		}
		if (!exists) {
			suggest(sels[s], err, errlen);
			return CB_ERR_ARG;
		}
		switch (add_compositions(sels[s], backends, out, cap, n, err, errlen)) {
		case -1: return CB_ERR_ARG;
		case 1: picked = 1; break;
		default: break;
		}
		if (!picked) {
			cb_say(err, errlen, "'%s' is not provided by the selected backends ('%s')", sels[s], backends);
			return CB_ERR_ARG;
		}
	}
	return 0;
}

/* Parse an unsigned decimal with optional K/M/G (powers of 1024) suffix. */
static int parse_size(const char *s, size_t len, size_t *out)
{
	unsigned long long v = 0, mul = 1;
	size_t i = 0;
	if (len == 0 || !isdigit((unsigned char)s[0]))
		return -1;
	for (; i < len && isdigit((unsigned char)s[i]); i++) {
		v = v * 10 + (unsigned long long)(s[i] - '0');
		if (v > (1ull << 40))
			return -1;
	}
	if (i < len) {
		switch (toupper((unsigned char)s[i])) {
		case 'K': mul = 1024; break;
		case 'M': mul = 1024 * 1024; break;
		case 'G': mul = 1024ull * 1024 * 1024; break;
		default: return -1;
		}
		i++;
		if (i < len && (s[i] == 'i' || s[i] == 'I'))
			i++;
		if (i < len && (s[i] == 'b' || s[i] == 'B'))
			i++;
	}
	if (i != len || v * mul > (1ull << 30))
		return -1;
	*out = (size_t)(v * mul);
	return 0;
}

int cb_parse_sizes(const char *s, size_t *out, size_t cap, size_t *n, char *err, size_t errlen)
{
	const char *p = s;
	*n = 0;
	while (1) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p), v;
		if (parse_size(p, len, &v) != 0) {
			cb_say(err, errlen, "bad message size '%.*s' in '%s' (use bytes with an optional K or M suffix, up to 1G, e.g. 16,1K,16K,1M)",
				 (int)len, p, s);
			return CB_ERR_ARG;
		}
		if (*n == cap) {
			cb_say(err, errlen, "too many message sizes in '%s' (at most %zu)", s, cap);
			return CB_ERR_ARG;
		}
		for (size_t k = 0; k < *n; k++)
			if (out[k] == v) {
				cb_say(err, errlen, "message size %zu bytes is given twice in '%s'", v, s);
				return CB_ERR_ARG;
			}
		out[(*n)++] = v;
		if (!e)
			return 0;
		p = e + 1;
	}
}

int cb_parse_threads(const char *s, unsigned *out, size_t cap, size_t *n, char *err, size_t errlen)
{
	const char *p = s;
	*n = 0;
	while (1) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (end == p || errno || v < 1 || v > 1024 || (*end && *end != ',')) {
			cb_say(err, errlen, "bad thread count in '%s' (use a list of numbers from 1 to 1024, e.g. 1,2,4)", s);
			return CB_ERR_ARG;
		}
		if (*n == cap) {
			cb_say(err, errlen, "too many thread counts in '%s' (at most %zu)", s, cap);
			return CB_ERR_ARG;
		}
		for (size_t k = 0; k < *n; k++)
			if (out[k] == (unsigned)v) {
				cb_say(err, errlen, "thread count %ld is given twice in '%s'", v, s);
				return CB_ERR_ARG;
			}
		out[(*n)++] = (unsigned)v;
		if (!*end)
			return 0;
		p = end + 1;
	}
}

