/*
 * The registry: every (algorithm, backend) pair this build knows, usable
 * here or not.
 */
#ifndef CRYPTOBENCH_REGISTRY_H
#define CRYPTOBENCH_REGISTRY_H

#include "cryptobench/catalog.h"
#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A backend: one library (or the project's own code) and the classes it
 * provides.  Each backend folder defines one (src/backends/<name>/); the
 * build lists those it found in src/backends/backends.list order.
 */
typedef struct cb_backend {
	const char *name;    /* the backend name its classes carry: "gcrypt" */
	const char *library; /* the library as the run context names it: "libgcrypt" */
	/* Its version at run time ("1.10.1"); never NULL. */
	const char *(*version)(void);
	/* NULL-terminated arrays of its classes, the list itself NULL-terminated. */
	const cb_alg_info *const *const *classes;
} cb_backend;

/* Number of backends in this build, and the i-th, in registry order. */
size_t cb_backend_count(void);
const cb_backend *cb_backend_get(size_t i);
/* The backend of this name; NULL if this build has none. */
const cb_backend *cb_backend_find(const char *name);

/* Number of registered pairs, and the i-th (0 <= i < count), in a stable order. */
size_t cb_registry_count(void);
const cb_alg_info *cb_registry_get(size_t i);

/* The entry with this exact name and backend; backend NULL: the first this
 * build can run, else the first of that name (its cb_alg_unavailable says
 * why).  NULL if none. */
const cb_alg_info *cb_registry_find(const char *name, const char *backend);

/* NULL when usable here, else the reason. */
const char *cb_alg_unavailable(const cb_alg_info *a);

/*
 * The reason of a comparison backend's class whose pinned sources were not
 * built (`make anchors`).  `list` shows such classes; `run` and `verify`
 * leave them out unless their backend is named with --backend.
 */
#define CB_UNAVAILABLE_NOT_BUILT "not built (make anchors)"
int cb_alg_not_built(const cb_alg_info *a);

/*
 * The catalog's description of a's algorithm followed by what this backend
 * adds (its notes), "; "-separated, truncated to fit cap bytes; out is
 * always terminated when cap > 0.  Returns out.
 */
char *cb_alg_describe(const cb_alg_info *a, char *out, size_t cap);

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
