/* Turning what the user typed into algorithms, sizes, thread counts. */
#ifndef CB_CLI_SELECT_H
#define CB_CLI_SELECT_H

#include <sched.h>
#include <stddef.h>
#include <stdio.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

/*
 * Does selector `sel` pick algorithm a?  A selector is an exact name
 * ("rsa2048-oaep-sha256"; a full name picks only that algorithm), a
 * wildcard ("rsa*", "aes-???-gcm"), a name prefix ending at a '-' ("sm2"
 * picks sm2-sign, sm2-enc-*, sm2-dh, sm2-kx; "rsa2048" every RSA-2048 scheme), a family ("classical", "gm", "pq",
 * "hybrid"), a class ("kem", "sig", ...), or "all".
 */
int cli_selector_matches(const char *sel, const cb_alg_info *a);

/*
 * Append to out[] (capacity cap, *n used) every registered algorithm that
 * one of sels[] picks, in the order of the selectors, without duplicates,
 * keeping only backends in `backends` (comma list of names, or of prefixes
 * ending at a '-' such as "mlkem-native" for mlkem-native-c and
 * mlkem-native-avx2; NULL: all, less the classes of comparison backends
 * not built, cb_alg_not_built).  An entry KEM+KEX ("oqs+sodium") names
 * the composition of every hybrid the selector picks over those parts'
 * backends (cb_hybrid_compose, docs/HYBRID.md), appended with its parts
 * (its ML-KEM and its key agreement) after it.  A selector
 * that picks nothing is reported with suggestions; returns -1 then.
 */
int cli_select(char **sels, size_t nsels, const char *backends, const cb_alg_info **out, size_t cap, size_t *n);

/* "16,128,1K,4K,16K,128K,1M" -> sizes, each once; K = 1024.  -1 on bad input (message in err). */
int cli_parse_sizes(const char *s, size_t *out, size_t cap, size_t *n, char *err, size_t errlen);

/* "1,2,4" -> counts in 1..1024, each once.  -1 on bad input (message in err). */
int cli_parse_threads(const char *s, unsigned *out, size_t cap, size_t *n, char *err, size_t errlen);

/* "0-3,6" -> *set (CPUs below CPU_SETSIZE).  -1 on bad input (message in err). */
int cli_parse_cpus(const char *s, cpu_set_t *set, char *err, size_t errlen);

/*
 * "0-3,6" -> a CPU set applied to the whole process (like taskset).  A CPU
 * this process may not run on (beyond the machine's, or outside its
 * current affinity) is refused.  -1 on bad input or failure.
 */
int cli_apply_pin(const char *s, char *err, size_t errlen);

/* 1 when `word` is one of the comma-separated items of `list`. */
int cli_in_list(const char *list, const char *word);

/* A number from lo to hi for option `opt`; -1 (message printed) otherwise. */
int cli_parse_number(const char *opt, const char *s, double lo, double hi, double *out);

/* Read a run saved as JSON; on failure, print why and return the error. */
int cli_load_run(const char *path, cb_run *run);

/*
 * Outputs must not name an input, nor each other: compared by device and
 * inode (a hard link, a symlink or another spelling of one file is caught),
 * for names not taken yet, by the folder's device and inode and the final
 * name (cb_same_file).  "-" (standard output) is never a conflict.
 * Returns 0, or -1 with the error printed.
 */
int cli_check_outputs(const char *const *inputs, size_t nin, const char *const *outputs, size_t nout);

/*
 * Print "cannot write 'PATH': why" for an output that errno value err
 * refused, saying what the path is when that is the reason (a symlink to
 * nothing, a socket, a block device).
 */
void cli_output_error(const char *path, int err);

/*
 * Print why writing a run to path ("-": standard output) failed with
 * error r (a cb_report_write* result): errno's reason for CB_ERR_IO (as
 * cli_output_error), else the library's, never a stale errno.
 */
void cli_write_error(const char *path, int r);

/*
 * Replace the terminal control characters (C0, DEL, UTF-8 C1) in the run's
 * text with '?', for commands that print it as text to a terminal.
 */
void cli_printable_run(cb_run *run);

/*
 * Lines starting "! " for compare and plan when a run is partial
 * (interrupted), has cases without an interval (one round) or cases that
 * missed the precision target; nothing when it is complete and precise.
 */
void cli_print_run_caveats(FILE *f, const char *path, const cb_run *run);

/* "16 B", "1 KiB", "16 KiB", "1 MiB" */
void cli_format_size(size_t n, char *buf, size_t cap);

#endif
