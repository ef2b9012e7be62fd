/*
 * The registry: every (algorithm, backend) pair this build knows, usable
 * here or not.
 */
#ifndef CRYPTOBENCH_REGISTRY_H
#define CRYPTOBENCH_REGISTRY_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of registered pairs, and the i-th (0 <= i < count), in a stable order. */
size_t cb_registry_count(void);
const cb_alg_info *cb_registry_get(size_t i);

/* First entry with this exact name and backend (backend NULL: any); NULL if none. */
const cb_alg_info *cb_registry_find(const char *name, const char *backend);

/* NULL when usable here, else the reason. */
const char *cb_alg_unavailable(const cb_alg_info *a);

/* The implementation that runs (never NULL). */
const char *cb_alg_implementation(const cb_alg_info *a);

/*
 * Simple wildcard match of a selector against a name: '*' matches any run
 * of characters, '?' one character; otherwise exact.  Returns 1 on match.
 */
int cb_name_match(const char *pattern, const char *name);

/*
 * Edit distance (Damerau-Levenshtein with adjacent transpositions),
 * for "did you mean" suggestions.
 */
size_t cb_edit_distance(const char *a, const char *b);

#ifdef __cplusplus
}
#endif
#endif
