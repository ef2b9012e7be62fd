/*
 * One option table per command serves both parsing and --help (git's
 * parse-options).  A row says the option's long name, its short letter,
 * its argument's name (NULL: a flag), its help and what to do with it:
 *
 *	const struct cli_option opts[] = {
 *		CLI_STRING("ops", 0, "LIST", &a->ops, "operations to measure ..."),
 *		CLI_FLAG("quiet", 'q', &a->quiet, "say nothing"),
 *		CLI_NUMBER("time", 0, "SECONDS", &a->time, 0.001, 3600, "timed seconds ..."),
 *		CLI_CALLBACK("output", 'o', "FILE", add_output, a, "also write to FILE ..."),
 *	};
 *
 * cli_parse_options() builds getopt_long's `struct option` from the
 * table; cli_print_help() prints the usage line, the command's
 * description, the table (aligned, wrapped) and its notes.  -h / --help is
 * every command's; so is the hidden --list-options, which prints the table
 * one option a line for tests and shell completion (git's
 * --git-completion-helper).
 *
 * A usage error (unknown option, missing value, an option given twice, a
 * bad value) is one line on standard error, naming 'cryptobench CMD --help'
 * where the parser finds it; a callback prints its own.
 */
#ifndef CB_CLI_OPTS_H
#define CB_CLI_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum cli_opt_type {
	CLI_OPT_FLAG,	  /* *(int *)value = defval */
	CLI_OPT_STRING,	  /* *(const char **)value = the argument (the last one given wins) */
	CLI_OPT_NUMBER,	  /* *(double *)value = the argument, from lo to hi */
	CLI_OPT_CALLBACK, /* cb(opt, arg, value): 0, or -1 with the error printed */
};

/* The option is refused when given a second time. */
#define CLI_OPT_ONCE 1u
/* --name[=ARG]: the argument is optional (only in the --name=ARG form); arg NULL when absent. */
#define CLI_OPT_OPTARG 2u
/* CLI_OPT_NUMBER: whole numbers only. */
#define CLI_OPT_WHOLE 4u

struct cli_option {
	enum cli_opt_type type;
	const char *name; /* long name, without "--" */
	int short_name;	  /* 'o' for -o; 0: none */
	const char *arg;  /* the argument's name in the help ("LIST", "<file>"); NULL: a flag */
	const char *help; /* one paragraph, wrapped by the printer */
	unsigned flags;	  /* CLI_OPT_* */
	void *value;	  /* int *, const char **, double *, or the callback's */
	intptr_t defval;  /* FLAG: the value set; STRING: when > 0, the argument must be shorter */
	double lo, hi;	  /* NUMBER: bounds */
	int (*cb)(const struct cli_option *opt, const char *arg, void *value);
};

#define CLI_FLAG(l, s, p, h) {.type = CLI_OPT_FLAG, .name = (l), .short_name = (s), .help = (h), .value = (p), .defval = 1}
#define CLI_SET_INT(l, s, p, v, h) \
	{.type = CLI_OPT_FLAG, .name = (l), .short_name = (s), .help = (h), .value = (p), .defval = (v)}
#define CLI_STRING(l, s, a, p, h) {.type = CLI_OPT_STRING, .name = (l), .short_name = (s), .arg = (a), .help = (h), .value = (p)}
#define CLI_STRING_ONCE(l, s, a, p, h) \
	{.type = CLI_OPT_STRING, .name = (l), .short_name = (s), .arg = (a), .help = (h), .flags = CLI_OPT_ONCE, .value = (p)}
#define CLI_NUMBER(l, s, a, p, min, max, h) \
	{.type = CLI_OPT_NUMBER, .name = (l), .short_name = (s), .arg = (a), .help = (h), .value = (p), .lo = (min), .hi = (max)}
#define CLI_CALLBACK(l, s, a, f, p, h) \
	{.type = CLI_OPT_CALLBACK, .name = (l), .short_name = (s), .arg = (a), .help = (h), .value = (p), .cb = (f)}

/* The command's parts of the help; the options come from its table. */
struct cli_command {
	const char *name;	 /* "run", "kem keygen": in "see 'cryptobench NAME --help'" */
	const char *usage;	 /* after "usage: "; continuation lines as they are */
	const char *description; /* paragraphs, each line ending in '\n'; may be NULL */
	const char *notes;	 /* after the options: exit statuses, ...; may be NULL */
	unsigned flags;		 /* CLI_CMD_* */
};

/*
 * Long names in full only, no abbreviation ("--al" is not "--alg"), and
 * "-o=FILE" read as "-o FILE": how the raw-operation commands always took
 * their options.
 */
#define CLI_CMD_EXACT 1u
/* No operands: a word that is not an option is an unknown option. */
#define CLI_CMD_NO_OPERANDS 2u

/* Most options a table holds. */
#define CLI_OPTS_MAX 64

/*
 * Parse argv[1..argc-1] (argv[0]: the command's name) with getopt_long, in
 * order, doing what each row says; operands are left at argv[*first..argc-1]
 * (getopt moves them after the options).  May be called again on other
 * words (getopt is re-initialised).  Returns 0; 1 when --help or
 * --list-options printed to standard output; -1 after a usage error
 * printed (one line).
 */
int cli_parse_options(const struct cli_command *cmd, const struct cli_option *opts, size_t nopts, int argc,
		      char **argv, int *first);

/* The callback of a --format FMT row: *(int *)format = table, json, csv, md or html (cb_format_parse). */
int cli_opt_format(const struct cli_option *opt, const char *arg, void *format);

/* usage, description, the options of the table and -h / --help, notes. */
void cli_print_help(FILE *f, const struct cli_command *cmd, const struct cli_option *opts, size_t nopts);

/*
 * The rows of all[] whose long names are in the comma list `names`, in the
 * table's order, into out[] (room for n): one operation's table from the
 * rows its group shares.  Returns how many.
 */
size_t cli_options_pick(const struct cli_option *all, size_t n, const char *names, struct cli_option *out);

#endif
