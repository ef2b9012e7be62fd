/*
 * Suite files (suites/NAME.suite): the words of a command line, separated
 * by white space, with '#' to the end of a line a comment.  Double quotes
 * within a word hold white space and '#' literally and are removed
 * (--title "Study A: SM2 versus RSA"); a quote closes on its own line.
 */
#ifndef CB_BENCH_SUITE_H
#define CB_BENCH_SUITE_H

#include <stddef.h>

#include "cryptobench/common.h"

/*
 * Split the NUL-terminated text in place into its words: separators and
 * comments are overwritten (with NUL or spaces), and *words (malloc'd, the
 * caller frees it; the words point into text) gets the *n words in order.
 * A '#' glued to a word ends it; "" is an empty word.  CB_OK,
 * CB_ERR_FORMAT for a quote not closed on its line, or CB_ERR_NOMEM
 * (*words NULL then: nothing to free).
 */
int cb_suite_split(char *text, char ***words, size_t *n) CB_WARN_UNUSED;

#endif
