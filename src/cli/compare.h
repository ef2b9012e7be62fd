/* What `compare` prints, shared with `ab`, which compares the two runs it conducted. */
#ifndef CB_CLI_COMPARE_H
#define CB_CLI_COMPARE_H

#include "cryptobench/compare.h"
#include "cryptobench/result.h"

/*
 * Compare old_run with new_run and print the table (or JSON) on standard
 * output, with the warnings on standard error; labels name the runs.
 * Returns the exit status: CB_EXIT_OK, CB_EXIT_FAIL, and with
 * fail_on_slower CB_EXIT_PARTIAL (slower) or CB_EXIT_INCONCLUSIVE.
 */
int cli_compare_show(const char *old_label, const char *new_label, cb_run *old_run, cb_run *new_run,
		     const cb_compare_opts *co, int json, int fail_on_slower);

#endif
