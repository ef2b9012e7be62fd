/*
 * The vector driver: the published test-vector files (Wycheproof, NIST
 * ACVP, the GM/T examples; ../shared/vectors, scripts/fetch-vectors.sh)
 * run over one class instance of any backend, through the class interface
 * only, giving counts.  `cryptobench verify --vectors` and the vector
 * tests use it; nothing here prints.
 *
 * A vector set is one file read for one algorithm name (the same file may
 * serve several names: aes_gcm_test.json for aes-128-gcm and aes-256-gcm).
 * Every case of the file is counted once, in exactly one of:
 *
 *   passed   the outcome the file expects (Wycheproof "valid": accepted
 *            with the expected output; "invalid": rejected; "acceptable":
 *            either, but an accepted case gives the expected output)
 *   failed   anything else; first_failure says which case and how
 *   skipped  not run on this class: a group for another key size, tag
 *            size or parameter set, or an input the class interface has no
 *            way to pass (an OAEP label); skip_reason gives the first reason
 *   known    a known, declared deviation: a check the class says it leaves
 *            out (cb_kem_class.skipped_checks) or a documented library gap
 *            (nettle's ECDSA PointDuplication case); known_reason says which
 */
#ifndef CRYPTOBENCH_VECTORS_H
#define CRYPTOBENCH_VECTORS_H

#include <stddef.h>

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_vec_counts {
	unsigned long passed, failed, skipped, known;
	char skip_reason[160];
	char known_reason[160];
	char first_failure[240];
} cb_vec_counts;

typedef struct cb_vec_driver cb_vec_driver;

typedef struct cb_vec_set {
	const char *file;   /* relative to the vectors folder */
	const char *alg;    /* the algorithm name it is run for */
	const char *source; /* "Wycheproof", "NIST ACVP", "GM/T" */
	/*
	 * NULL for files of test groups (Wycheproof, ACVP: every case of the
	 * file is counted); for a flat list of vectors (the GM/T file), the
	 * value of the vectors' "algorithm" that this set takes (only those
	 * are counted).
	 */
	const char *select;
	const cb_vec_driver *driver;
} cb_vec_set;

/*
 * NULL, or a second file of the set's folder that holds its expected
 * results (ACVP's expectedResults.json beside a prompt.json): cb_vec_run
 * merges its tests into the file's by tgId and tcId; its sum is checked
 * like the file's.
 */
const char *cb_vec_set_expected(const cb_vec_set *set);

/* The sets the driver knows, in a fixed order; NULL past the end. */
size_t cb_vec_set_count(void);
const cb_vec_set *cb_vec_set_get(size_t i);

/*
 * Run set's file (under dir) over cls, whose name must be set->alg.  *out
 * is zeroed first.  Returns 0 when the file was read (out holds the
 * counts, failures included); CB_ERR_IO when the file cannot be read,
 * CB_ERR_FORMAT when it is not the JSON the set expects (err says which
 * and why), CB_ERR_ARG for a class of another name or kind,
 * CB_ERR_UNSUPPORTED when the class is unavailable here or lacks a
 * function the set needs (err says which).  err (errlen bytes) always
 * receives a NUL-terminated message, "" on success.
 */
int cb_vec_run(const char *dir, const cb_vec_set *set, const cb_alg_info *cls, cb_vec_counts *out, char *err,
	       size_t errlen) CB_WARN_UNUSED;

/*
 * Check file (a path under dir, as in SHA256SUMS) against dir/SHA256SUMS
 * with the first usable "sha256" class of the registry.  0: it matches;
 * CB_ERR_VERIFY: it does not; CB_ERR_IO: the file or SHA256SUMS cannot be
 * read; CB_ERR_FORMAT: SHA256SUMS has no line for it; CB_ERR_UNSUPPORTED:
 * no SHA-256 in this build.  err as for cb_vec_run.
 */
int cb_vec_check_sum(const char *dir, const char *file, char *err, size_t errlen) CB_WARN_UNUSED;

#ifdef __cplusplus
}
#endif
#endif
