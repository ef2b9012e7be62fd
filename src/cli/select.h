/* Turning what the user typed into algorithms, sizes, thread counts. */
#ifndef CB_CLI_SELECT_H
#define CB_CLI_SELECT_H

#include <stddef.h>
#include <stdio.h>

#include "cryptobench/common.h"
#include "cryptobench/result.h"

/*
 * cb_select (bench.h: selectors on backends into out[]), its error
 * printed; returns -1 then.
 */
int cli_select(char **sels, size_t nsels, const char *backends, const cb_alg_info **out, size_t cap, size_t *n);

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

#endif
