#include "cryptobench/registry.h"

#include <stdio.h>
#include <string.h>

#include "core/util.h"

/*
 * The backends this build found, in src/backends/backends.list order (the
 * order `list` prints and wildcards expand in).  CMake writes
 * backend_list.inc: one CB_BACKEND(name) per backend built.
 */
#define CB_BACKEND(n) extern const cb_backend cb_backend_##n;
#include "backend_list.inc"
#undef CB_BACKEND

static const cb_backend *const backends[] = {
#define CB_BACKEND(n) &cb_backend_##n,
#include "backend_list.inc"
#undef CB_BACKEND
};

size_t cb_backend_count(void)
{
	return CB_ARRAY_LEN(backends);
}

const cb_backend *cb_backend_get(size_t i)
{
	return i < CB_ARRAY_LEN(backends) ? backends[i] : NULL;
}

const cb_backend *cb_backend_find(const char *name)
{
	for (size_t i = 0; name && i < CB_ARRAY_LEN(backends); i++)
		if (strcmp(backends[i]->name, name) == 0)
			return backends[i];
	return NULL;
}

size_t cb_registry_count(void)
{
	size_t n = 0;
	for (size_t b = 0; b < CB_ARRAY_LEN(backends); b++)
		for (size_t l = 0; backends[b]->classes[l]; l++)
			for (size_t i = 0; backends[b]->classes[l][i]; i++)
				n++;
	return n;
}

const cb_alg_info *cb_registry_get(size_t idx)
{
	for (size_t b = 0; b < CB_ARRAY_LEN(backends); b++)
		for (size_t l = 0; backends[b]->classes[l]; l++)
			for (size_t i = 0; backends[b]->classes[l][i]; i++)
				if (idx-- == 0)
					return backends[b]->classes[l][i];
	return NULL;
}

/*
 * Without a backend: the first class of that name this build can run, else
 * the first of that name (so that the caller can say why it cannot run).
 */
const cb_alg_info *cb_registry_find(const char *name, const char *backend)
{
	const cb_alg_info *a, *first = NULL;
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
		if (strcmp(a->name, name) != 0 || (backend && strcmp(a->backend, backend) != 0))
			continue;
		if (backend || !cb_alg_unavailable(a))
			return a;
		if (!first)
			first = a;
	}
	return first;
}

const char *cb_alg_unavailable(const cb_alg_info *a)
{
	return a->unavailable ? a->unavailable() : NULL;
}

int cb_alg_not_built(const cb_alg_info *a)
{
	const char *why = cb_alg_unavailable(a);
	return why && strcmp(why, CB_UNAVAILABLE_NOT_BUILT) == 0;
}

char *cb_alg_describe(const cb_alg_info *a, char *out, size_t cap)
{
	const char *notes = a->notes;
	if (cap == 0)
		return out;
	snprintf(out, cap, "%s%s%s", cb_alg_catalog(a)->description, notes ? "; " : "", notes ? notes : "");
	return out;
}

const char *cb_alg_implementation(const cb_alg_info *a)
{
	const char *s = a->implementation ? a->implementation() : NULL;
	return s ? s : a->backend;
}

int cb_name_match(const char *p, const char *s)
{
	/* Iterative glob with single-star backtracking. */
	const char *star = NULL, *resume = NULL;
	while (*s) {
		if (*p == '*') {
			star = p++;
			resume = s;
		} else if (*p == '?' || *p == *s) {
			p++;
			s++;
		} else if (star) {
			p = star + 1;
			s = ++resume;
		} else {
			return 0;
		}
	}
	while (*p == '*')
		p++;
	return *p == '\0';
}

size_t cb_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t d[64][64];
	if (la > 63)
		la = 63;
	if (lb > 63)
		lb = 63;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	}
	return d[la][lb];
}
