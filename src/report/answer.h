/*
 * A study's answer (answer.c), what every writer shows first: the study's
 * question, how the figures were measured (mode, rounds, the machine's
 * stability), the verdict on each published claim with its paired ratio
 * and interval, the decision guide's choices with the figures they rest
 * on, and the numbers that matter most (key exchanges per second per core
 * and bytes on the wire, when the run has key exchanges).  Built once as
 * lines of text from the study and decision tables, so the text,
 * Markdown and HTML writers say the same thing; then each writer gives the
 * evidence (charts, tables, context).
 *
 * Also the lines that replace the rows of cases that cannot exist (status
 * unsupported): one line per algorithm and reason, with the sizes and
 * operations left out.
 */
#ifndef CB_REPORT_ANSWER_H
#define CB_REPORT_ANSWER_H

#include "report/report_int.h"

typedef enum cb_answer_kind {
	CB_ANS_HOW,     /* how the figures were measured */
	CB_ANS_VERDICT, /* a published claim against the run */
	CB_ANS_CHOICE,  /* a scenario of the decision guide, answered */
	CB_ANS_NUMBER,  /* a figure that matters most */
	CB_ANS_KINDS
} cb_answer_kind;

#define CB_ANSWER_LINE_MAX 768

typedef struct cb_answer_line {
	cb_answer_kind kind;
	char text[CB_ANSWER_LINE_MAX];
} cb_answer_line;

typedef struct cb_answer {
	char question[256]; /* the run's --question, else its title, else "" */
	cb_answer_line *lines;
	size_t n;
} cb_answer;

/* The heading of each kind's lines ("published claims", ...). */
const char *cb_answer_heading(cb_answer_kind k);

/*
 * 1 when the run is a study (a title, a question, published figures or
 * scenarios): the text and Markdown writers then open it with its answer;
 * an ad hoc run keeps its table first.  The HTML page always does.
 */
int cb_answer_is_study(const cb_run *run);

/* 0, or CB_ERR_NOMEM.  Free with cb_answer_free. */
int cb_answer_build(const cb_run *run, cb_answer *a);
void cb_answer_free(cb_answer *a);

/*
 * The cases left out (every unsupported result, left_out or found
 * unsupported when prepared), one line per algorithm and reason:
 * "rsa2048-pkcs1 (openssl) encrypts at most 245 bytes: 1 KiB and 4 KiB
 * left out (encrypt, decrypt)".  *lines is malloc'd (none: NULL, *n 0).
 * 0, or CB_ERR_NOMEM.
 */
int cb_left_out_lines(const cb_run *run, char (**lines)[CB_ANSWER_LINE_MAX], size_t *n);

#endif
