/*
 * A case named ALG[@BACKEND]:OP[:SIZE] (--published, --baseline, the study
 * tables): parsed once, matched against results.  Internal to the results
 * module and the writers.
 */
#ifndef CB_RESULT_CASE_H
#define CB_RESULT_CASE_H

#include <stddef.h>

#include "cryptobench/result.h"

/* A case as a result filter (no backend: any; no size: any). */
typedef struct cb_case_key {
	char alg[CB_NAME_MAX], op[16], backend[32];
	size_t msg;
	int has_size;
} cb_case_key;

/* spec[0..len) -> *k: 0, or -1 when it is not ALG[@BACKEND]:OP[:SIZE]. */
int cb_case_key_of(const char *spec, size_t len, cb_case_key *k);

/* 1 when r is an ok one-thread result of k (on `backend` when not ""). */
int cb_case_key_match(const cb_case_key *k, const cb_result *r, const char *backend);

#endif
