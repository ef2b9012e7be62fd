/*
 * A small test harness for cryptobench's C tests.
 *
 *   CHECK(cond)            record a failure (file:line and the condition), go on
 *   CHECK_EQ_INT(a, b)     same, printing both values
 *   CHECK_MEM(a, b, n)     compare n bytes, printing the first difference
 *   tu_skip("why")         mark the whole test as skipped (exit 77 if nothing failed)
 *   return tu_finish();    print "N passed, N failed" and give ctest its exit code
 *
 * Vectors are found in $CRYPTOBENCH_VECTORS, else ../shared/vectors beside
 * the source tree (DEVELOPERS.md).  tu_load_json() returns NULL and records
 * a skip, with a hint how to get them, when a file is missing.
 */
#ifndef CB_TESTUTIL_H
#define CB_TESTUTIL_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

extern unsigned long tu_passed, tu_failed;

void tu_check(int ok, const char *expr, const char *file, int line);
#define CHECK(c) tu_check(!!(c), #c, __FILE__, __LINE__)
#define CHECK_EQ_INT(a, b)                                                                         \
	do {                                                                                       \
		long long tu_a_ = (long long)(a), tu_b_ = (long long)(b);                           \
		tu_check(tu_a_ == tu_b_, #a " == " #b, __FILE__, __LINE__);                         \
		if (tu_a_ != tu_b_)                                                                \
			fprintf(stderr, "    %lld != %lld\n", tu_a_, tu_b_);                          \
	} while (0)
int tu_check_mem(const void *a, const void *b, size_t n, const char *what, const char *file, int line);
#define CHECK_MEM(a, b, n) tu_check_mem((a), (b), (n), #a " == " #b, __FILE__, __LINE__)

/* Print a note for context of the next failures (e.g. the test case id). */
void tu_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void tu_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int tu_finish(void);

/* Deterministic random numbers for simulations: uniform in (0, 1), and standard normal (Box-Muller). */
double tu_uniform(uint64_t *state);
double tu_normal(uint64_t *state);

/* The vectors folder (never NULL). */
const char *tu_vectors_dir(void);
/* Load vectors/<relpath> as JSON; NULL (and a recorded skip) if missing. */
json_t *tu_load_json(const char *relpath);

/* Hex to bytes; *out is malloc'd (non-NULL even for ""), caller frees. 0 on success. */
int tu_unhex(const char *hex, uint8_t **out, size_t *len);
/* Same from a JSON object member (missing member: -1). */
int tu_json_hex(const json_t *obj, const char *key, uint8_t **out, size_t *len);
/* Parse hex into a fixed buffer; returns the length or -1 (bad hex or too long). */
long tu_unhex_buf(const char *hex, uint8_t *out, size_t cap);
/* String member or "" */
const char *tu_json_str(const json_t *obj, const char *key);
/* 1 if the Wycheproof test's "flags" array contains flag. */
int tu_has_flag(const json_t *test, const char *flag);

/* Deterministic pseudo-random bytes for tests (xorshift; not cryptographic). */
void tu_fill(uint8_t *buf, size_t n, uint64_t seed);

#endif
