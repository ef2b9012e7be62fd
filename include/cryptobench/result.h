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

#define CB_SCHEMA_VERSION 2
/* The oldest version the reader still reads (the missing members get defaults). */
#define CB_SCHEMA_VERSION_MIN 1

/* Rounds a run records per case (docs/MEASUREMENT.md). */
#define CB_ROUNDS_MAX 200

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

/*
 * Sizes in bytes read from real outputs; -1 where not applicable.  Keys
 * are counted in one encoding whatever the backend exports (so that every
 * backend of an algorithm gives the same figure): a public key as DER
 * SubjectPublicKeyInfo when the class exports one (sig, pke), else as the
 * class sends it (kex: the raw value or X9.62 point; kem: the FIPS 203 or
 * wire encoding); a secret key as canonical DER PKCS#8 (RFC 5208; EC keys
 * RFC 5915 without the optional public key, as 'cryptobench keygen'
 * writes them) when it is one, else its raw bytes.  *_encoding names the
 * encoding counted ("SPKI", "PKCS#8", "X9.62", "raw"; "" unknown).
 * Sizes that vary (DER signatures and ciphertexts, RSA keys) are ranges:
 * the field is the smallest seen, *_max the largest, over `samples`
 * outputs (signatures, ciphertexts) and `keys` keys.
 */
typedef struct cb_sizes {
	long public_key, secret_key, ciphertext, signature, shared_secret;
	long overhead; /* ciphertext - plaintext (pke with a variable-size ciphertext, cipher), or -1 */
	long secret_key_max, ciphertext_max, signature_max;
	long samples;     /* signatures or ciphertexts the ranges are over, or -1 */
	long keys;        /* keys the secret-key range is over, or -1 */
	long max_message; /* pke with a fixed-size ciphertext (RSA): the padding's longest message, or -1 */
	long key_bits;    /* RSA: the modulus; EC: a coordinate (both read from the public key); or -1 */
	/*
	 * ML-DSA: the same secret key in RFC 9881's other PKCS#8 forms
	 * (secret_key is the form the class exports, the seed form), encoded
	 * from the real key's expanded key and seed; or -1.
	 */
	long secret_key_expanded, secret_key_both;
	char public_encoding[24], secret_encoding[24];
} cb_sizes;

/* Every size unknown (-1), the encodings empty. */
void cb_sizes_init(cb_sizes *z);

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
	int pinned; /* threads > 1: worker i ran on the i-th CPU of the process (run --pin-workers) */
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
	double precision;      /* achieved 95% CI half-width of estimate_ns, relative */
	double scaling;        /* throughput(N) / (N * throughput(1)); 0 if not measured */
	int noisy;
	char noise[CB_TEXT_MAX]; /* reason when noisy */

	/*
	 * The run's figure for the case (schema 2): nanoseconds per operation
	 * (1e9 / ops_per_sec) and its 95% confidence interval.  method
	 * "rounds": the median over rounds of each round's value, interval from
	 * order statistics of the round values (docs/MEASUREMENT.md);
	 * "samples": over the individual samples (random-cost operations,
	 * version 1 files).
	 */
	double estimate_ns, estimate_low, estimate_high;
	char method[16];
	/* The cost is random by nature (RSA key generation): read it as a distribution. */
	int random_cost;
	/*
	 * ns per operation in each round: one thread, the median of the round's
	 * samples; threads > 1, wall time over all threads' operations.  NaN
	 * where the case had no slice in that round.
	 */
	size_t nrounds;
	double rounds[CB_ROUNDS_MAX];

	cb_sizes sizes;
	double expansion; /* ciphertext bytes / plaintext bytes; 0 if n/a */
	char notes[CB_TEXT_MAX];
	int security_classical, security_quantum; /* bits, from the class */
	/*
	 * Heap use of one operation (run --memory): allocations and bytes
	 * requested per call, counted over a few untimed calls after the
	 * timing through the program's allocator hooks; -1 when not measured.
	 */
	double allocs_per_op, alloc_bytes_per_op;
	/*
	 * With the heap counts: how far the process's resident set rose above
	 * what it was before those calls (Linux VmHWM, reset first), in bytes;
	 * -1 when not measured.  Usually 0 for a prepared operation: its pages
	 * are resident already.
	 */
	double rss_growth_bytes;
} cb_result;

typedef struct cb_library {
	char name[32];
	char version[96];
} cb_library;

/*
 * A figure a study published, for the "published against measured" table
 * (run --published).  A figure: case a's value in unit ("ops/s", "ms",
 * "us", "MB/s").  A claim (b non-empty): "a is value times as fast as b"
 * (unit "x"), checked against the paired ratio measured in the run.
 * Cases are ALG[@BACKEND]:OP[:SIZE].
 */
typedef struct cb_published {
	char a[96], b[96];
	double value;
	char unit[8];
} cb_published;

#define CB_PUBLISHED_MAX 32

/* "sm2-enc-c1c3c2:decrypt/rsa2048-pkcs1:decrypt=32x", "rsa2048-pkcs1:decrypt=48ops/s": 0, or CB_ERR_ARG. */
int cb_published_parse(const char *text, cb_published *out);
/* The text form cb_published_parse reads (buf of at least 220 bytes). */
void cb_published_format(const cb_published *p, char *buf, size_t len);

/*
 * A scenario of a study's decision guide (run --scenario, docs/MEASUREMENT.md):
 * "LABEL: OP[+OP...] >= VALUE ops/s|MB/s [at SIZE] among ALG[,ALG...] [against ALG]"
 * or "... <= VALUE ms|us ...".  The operations are done one after the other
 * (their times add up); the candidates are in order of preference; the
 * guide picks the first that meets the target on this machine and sets
 * each against the `against` scheme.
 */
typedef struct cb_scenario {
	char label[64];
	char ops[64];     /* "keygen+encaps+decaps" */
	int at_most;      /* 1: "<=" a latency (ms, us); 0: ">=" a rate (ops/s, MB/s) */
	double value;     /* in unit */
	char unit[8];
	size_t msg;       /* "at SIZE" (bytes), when has_size */
	int has_size;
	char among[256];  /* comma-separated candidates */
	char against[CB_NAME_MAX]; /* "" when none */
} cb_scenario;

#define CB_SCENARIO_MAX 8
#define CB_SCENARIO_TEXT_MAX 512

/* Parse the text form above: 0, or CB_ERR_ARG (err, errlen bytes, says what is wrong; may be NULL). */
int cb_scenario_parse(const char *text, cb_scenario *out, char *err, size_t errlen);
/* The text form cb_scenario_parse reads (buf of CB_SCENARIO_TEXT_MAX bytes holds any). */
void cb_scenario_format(const cb_scenario *s, char *buf, size_t len);

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
	cb_library libraries[24]; /* every backend built (13 with the anchors) and jansson */

	/* Schema 2: how the run was scheduled (docs/MEASUREMENT.md). */
	unsigned rounds;      /* rounds run */
	int interleaved;      /* 1: every case once per round, in a fresh random order */
	double slice_seconds; /* timed slice per case per round */
	char baseline[128];   /* --baseline or the suite's, "" for the default (first backend) */
	int partial;          /* the run was interrupted: not every case finished */
	/*
	 * The machine's own drift: a fixed workload (reference[]) timed in
	 * every round, ns per call; spread = (p90 - p10) / median of the rounds.
	 */
	char reference_workload[64];
	double reference_median_ns, reference_spread;
	size_t nreference;
	double reference[CB_ROUNDS_MAX];

	/* What the suite says of itself (run --title, --source, --published, --security, --scenario). */
	char title[128];
	char source[256]; /* where the published figures come from */
	size_t npublished;
	cb_published published[CB_PUBLISHED_MAX];
	int security_table; /* 1: the writers add the security table */

	/* The process's peak resident set over the session, in bytes (Linux VmHWM / getrusage); 0 unknown. */
	double peak_rss_bytes;
	size_t nscenarios;
	cb_scenario scenarios[CB_SCENARIO_MAX]; /* run --scenario: the decision guide */
} cb_context;

typedef struct cb_run {
	cb_context context;
	cb_result *results;
	size_t nresults;
	size_t capacity;
} cb_run;

/* Beyond this spread of the reference workload the table warns that the machine drifted. */
#define CB_DRIFT_WARN 0.10

/* A median with its 95% interval, over n pairs or values (n 0: none). */
typedef struct cb_ratio {
	double value, low, high;
	size_t n;
	int paired; /* 1: per-round ratios; 0: one ratio of the two estimates (no interval) */
} cb_ratio;

/*
 * Time ratio num / den (ns per operation; above 1: num is slower).  When
 * both were measured in the same rounds, the median of the per-round
 * ratios with its distribution-free 95% interval; otherwise (a random-cost
 * operation, a version 1 file) the ratio of the estimates, paired 0.
 * Returns 0, or CB_ERR_ARG when either is not a measured case.
 */
int cb_result_time_ratio(const cb_result *num, const cb_result *den, cb_ratio *out);

/*
 * The first measured one-thread result of a case ALG[@BACKEND]:OP[:SIZE]
 * (spec[0..len)); NULL when the run has none or spec is malformed.
 */
const cb_result *cb_run_find_case(const cb_run *run, const char *spec, size_t len);

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
