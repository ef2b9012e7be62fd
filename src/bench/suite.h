/*
 * Suite files (suites/NAME.suite): the words of a command line, separated
 * by white space, with '#' to the end of a line a comment.
 */
#ifndef CB_BENCH_SUITE_H
#define CB_BENCH_SUITE_H

#include <stddef.h>

#include "cryptobench/common.h"

/*
 * Split the NUL-terminated text in place into its words: separators and
 * comments are overwritten (with NUL or spaces), and *words (malloc'd, the
 * caller frees it; the words point into text) gets the *n words in order.
 * A '#' glued to a word ends it.  CB_OK or CB_ERR_NOMEM (nothing to free).
 */
int cb_suite_split(char *text, char ***words, size_t *n) CB_WARN_UNUSED;

#endif
