/*
 * The plain-data record of a run: context plus one result per case.
 * Produced by the runner (bench.h), consumed by the writers (report.h).
 * The JSON form is documented in docs/SCHEMA.md; bump CB_SCHEMA_VERSION on
 * any change a reader could notice.
 */
#ifndef CRYPTOBENCH_RESULT_H
#define CRYPTOBENCH_RESULT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CB_SCHEMA_VERSION 1

typedef enum cb_status {
	CB_STATUS_OK = 0,
	CB_STATUS_FAILED_SELFCHECK, /* round trip or known answer failed: not timed */
	CB_STATUS_UNAVAILABLE,      /* backend or CPU lacks it here */
	CB_STATUS_UNSUPPORTED,      /* this operation/size does not apply (RSA on 4 KiB, ...) */
	CB_STATUS_ERROR             /* an operation failed while measuring */
} cb_status;

/* "ok", "failed_selfcheck", "unavailable", "unsupported", "error". */
const char *cb_status_name(cb_status s);

/* Summary statistics of per-operation samples (nanoseconds per operation). */
typedef struct cb_summary {
	size_t n;
	double median, mean, stddev, min, max;
	double p5, p95, p99;
	double ci95_low, ci95_high; /* distribution-free 95% CI of the median */
	double mad;                 /* median absolute deviation */
	size_t outliers;            /* beyond Tukey's fences (1.5 IQR) */
} cb_summary;

/* Sizes in bytes read from real outputs; -1 where not applicable. */
typedef struct cb_sizes {
	long public_key, secret_key, ciphertext, signature, shared_secret;
	long overhead; /* ciphertext - plaintext (pke/cipher), or -1 */
} cb_sizes;

#define CB_NAME_MAX 64
#define CB_TEXT_MAX 256

typedef struct cb_result {
	char algorithm[CB_NAME_MAX];      /* "rsa2048-oaep-sha256" */
	char kind[16];                    /* "pke" */
	char family[16];                  /* "classical" */
	char backend[32];                 /* "openssl" */
	char implementation[CB_NAME_MAX]; /* "openssl-3.0.19", "builtin-c" */
	char description[128];
	char operation[16]; /* "keygen", "encrypt", "sign", "encaps", "derive", "digest", ... */
	size_t message_bytes; /* 0 when the operation has no message */
	unsigned threads;
	cb_status status;
	char error[CB_TEXT_MAX]; /* why status != ok */
	/*
	 * Known-answer test of the algorithm (kat.h) before it was timed:
	 * "pass", "none" (no embedded vector: round-trip self-check only) or
	 * "fail" (then status is failed_selfcheck).  "" when not recorded
	 * (files written before the field existed).
	 */
	char kat[8];

	size_t samples;     /* timed samples */
	uint64_t batch;     /* operations per sample (per thread) */
	uint64_t total_ops; /* operations timed, all threads */
	double seconds;     /* wall time spent timing */

	cb_summary ns; /* ns per operation (single thread; for threads > 1: per sample, all threads) */
	double ops_per_sec;    /* 1e9 / ns.median, or total throughput for threads > 1 */
	double bytes_per_sec;  /* message_bytes * ops_per_sec; 0 if no message */
	double cycles_per_op;  /* median, from the counter named in the context; 0 if none */
	double precision;      /* achieved 95% CI half-width of the median, relative */
	double scaling;        /* throughput(N) / (N * throughput(1)); 0 if not measured */
	int noisy;
	char noise[CB_TEXT_MAX]; /* reason when noisy */

	cb_sizes sizes;
	double expansion; /* ciphertext bytes / plaintext bytes; 0 if n/a */
	char notes[CB_TEXT_MAX];
	int security_classical, security_quantum; /* bits, from the class */
} cb_result;

typedef struct cb_library {
	char name[32];
	char version[96];
} cb_library;

typedef struct cb_context {
	int schema_version;
	char tool_version[32];
	char timestamp[32]; /* ISO 8601 UTC */
	char hostname[64];
	char cpu_model[128];
	char cpu_flags[256]; /* the flags that matter for crypto: aes, avx2, sha_ni, ... */
	unsigned cores_online;
	char counter[32];     /* "tsc" when cycles come from an invariant TSC, else "none" */
	double tsc_hz;        /* measured TSC rate, 0 if none */
	char kernel[200];
	char compiler[64];
	char cflags[128];
	char build_type[16];
	char pinning[64];     /* the --pin CPU list, or "" */
	double time_budget;   /* seconds per case */
	double precision_target; /* relative, e.g. 0.01 */
	double timer_resolution_ns;
	double overhead_ns;   /* harness overhead per empty operation */
	size_t nlibraries;
	cb_library libraries[8];
} cb_context;

typedef struct cb_run {
	cb_context context;
	cb_result *results;
	size_t nresults;
	size_t capacity;
} cb_run;

/* Zero r, then set every size to -1 and threads to 1. */
void cb_result_init(cb_result *r);

/*
 * Append a zeroed result (the caller sets sizes to -1, or calls
 * cb_result_init); NULL on allocation failure.  A run starts zeroed.
 */
cb_result *cb_run_add(cb_run *run);
/* Free the results and zero the run (context included). */
void cb_run_free(cb_run *run);

#ifdef __cplusplus
}
#endif
#endif
