#include "cli/opts.h"

#include <getopt.h>
#include <math.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/select.h"
#include "cryptobench/bench.h"
#include "cryptobench/report.h"

/* Help lines end before this column; option texts start at most this far right. */
#define HELP_WIDTH 79
#define HELP_COLUMN_MAX 24

/* getopt_long's value for row i, --help and --list-options (short letters stay below 256). */
#define VAL_ROW(i) (256 + (int)(i))
#define VAL_HELP 'h'
#define VAL_LIST (256 + CLI_OPTS_MAX)

/* "--name" or "-c" as the option was given, for messages. */
static const char *given_as(const struct cli_option *o, int as_long, char *buf, size_t cap)
{
	if (as_long)
		snprintf(buf, cap, "--%s", o->name);
	else
		snprintf(buf, cap, "-%c", o->short_name);
	return buf;
}

static int apply(const struct cli_option *o, const char *arg)
{
	char name[80];

	snprintf(name, sizeof(name), "--%s", o->name);
	switch (o->type) {
	case CLI_OPT_FLAG: *(int *)o->value = (int)o->defval; return 0;
	case CLI_OPT_STRING:
		if (o->defval > 0 && strlen(arg) >= (size_t)o->defval) {
			cli_error("%s is too long", name);
			return -1;
		}
		*(const char **)o->value = arg;
		return 0;
	case CLI_OPT_NUMBER: {
		double v;
		if (cli_parse_number(name, arg, o->lo, o->hi, &v))
			return -1;
		if ((o->flags & CLI_OPT_WHOLE) && v != floor(v)) {
			cli_error("bad value '%s' for %s (expected a whole number from %g to %g)", arg, name, o->lo, o->hi);
			return -1;
		}
		*(double *)o->value = v;
		return 0;
	}
	case CLI_OPT_CALLBACK: return o->cb(o, arg, o->value);
	}
	return -1;
}

/* --list-options: "-o --output=", "--names", "--vectors[=]", one a line. */
static void list_options(const struct cli_option *opts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (opts[i].short_name)
			printf("-%c ", opts[i].short_name);
		printf("--%s%s\n", opts[i].name, !opts[i].arg ? "" : (opts[i].flags & CLI_OPT_OPTARG) ? "[=]" : "=");
	}
}

/* Is el ("--name", "--name=V") the row's full long name? */
static int full_name(const char *el, const char *name)
{
	size_t n = strlen(name);
	return !strncmp(el, "--", 2) && !strncmp(el + 2, name, n) && (el[2 + n] == '\0' || el[2 + n] == '=');
}

int cli_parse_options(const struct cli_command *cmd, const struct cli_option *opts, size_t nopts, int argc,
		      char **argv, int *first)
{
	struct option lo[CLI_OPTS_MAX + 3];
	char shorts[4 + 3 * CLI_OPTS_MAX];
	unsigned char seen[CLI_OPTS_MAX] = {0};
	size_t ns = 0, nl = 0;
	int c;

	if (nopts > CLI_OPTS_MAX)
		nopts = CLI_OPTS_MAX; /* a programming error (run has 34 rows): cli_options.sh sees the rows cut off */
	shorts[ns++] = ':'; /* a missing value returns ':' */
	for (size_t i = 0; i < nopts; i++) {
		int has = !opts[i].arg ? no_argument : (opts[i].flags & CLI_OPT_OPTARG) ? optional_argument
											   : required_argument;
		lo[nl++] = (struct option){opts[i].name, has, NULL, VAL_ROW(i)};
		if (opts[i].short_name) {
			shorts[ns++] = (char)opts[i].short_name;
			if (has != no_argument)
				shorts[ns++] = ':';
			if (has == optional_argument)
				shorts[ns++] = ':';
		}
	}
	shorts[ns++] = 'h';
	shorts[ns] = '\0';
	lo[nl++] = (struct option){"help", no_argument, NULL, VAL_HELP};
	lo[nl++] = (struct option){"list-options", no_argument, NULL, VAL_LIST};
	lo[nl] = (struct option){NULL, 0, NULL, 0};

	opterr = 0;
	optind = 0; /* GNU getopt: full re-initialisation (a command may parse twice) */
	for (;;) {
		int li = -1;
		const struct cli_option *o = NULL;
		const char *el, *arg;
		char buf[80];

		optarg = NULL;
		c = getopt_long(argc, argv, shorts, lo, &li);
		if (c == -1)
			break;
		/* The word that named the option: before its value when that was a word of its own. */
		el = optarg && optind >= 2 && optarg == argv[optind - 1] ? argv[optind - 2] : argv[optind - 1];
		if (c == ':') {
			if (strncmp(el, "--", 2) && optopt > 0 && optopt < 256)
				snprintf(buf, sizeof(buf), "-%c", optopt);
			else
				snprintf(buf, sizeof(buf), "%s", el);
			cli_error("option '%s' needs a value (see 'cryptobench %s --help')", buf, cmd->name);
			return -1;
		}
		if (c == '?' || (li >= 0 && (cmd->flags & CLI_CMD_EXACT) && !full_name(el, lo[li].name))) {
			if (c == '?' && strncmp(el, "--", 2) && optopt > 0 && optopt < 256) {
				snprintf(buf, sizeof(buf), "-%c", optopt);
				el = buf;
			}
			cli_error("unknown option '%s' (see 'cryptobench %s --help')", el, cmd->name);
			return -1;
		}
		if (c == VAL_HELP) {
			cli_print_help(stdout, cmd, opts, nopts);
			return 1;
		}
		if (c == VAL_LIST) {
			list_options(opts, nopts);
			return 1;
		}
		if (c >= VAL_ROW(0)) {
			o = &opts[c - VAL_ROW(0)];
		} else {
			for (size_t i = 0; i < nopts && !o; i++)
				if (opts[i].short_name == c)
					o = &opts[i];
		}
		if (!o)
			continue; /* not reached: getopt returns only what the table declared */
		arg = optarg;
		/* -o=FILE as -o FILE, where names are exact */
		if (li < 0 && arg && (cmd->flags & CLI_CMD_EXACT) && arg == argv[optind - 1] + 2 && arg[0] == '=')
			arg++;
		if ((o->flags & CLI_OPT_ONCE) && seen[o - opts]) {
			cli_error("option '%s' is given twice (see 'cryptobench %s --help')", given_as(o, li >= 0, buf, sizeof(buf)),
				  cmd->name);
			return -1;
		}
		seen[o - opts] = 1;
		if (apply(o, arg))
			return -1;
	}
	if ((cmd->flags & CLI_CMD_NO_OPERANDS) && optind < argc) {
		cli_error("unknown option '%s' (see 'cryptobench %s --help')", argv[optind], cmd->name);
		return -1;
	}
	if (first)
		*first = optind;
	return 0;
}

/* "  -o, --output FILE", "  --vectors[=DIR]" */
static size_t left_part(const struct cli_option *o, char *buf, size_t cap)
{
	int n = snprintf(buf, cap, "  ");
	if (o->short_name)
		n += snprintf(buf + n, cap - (size_t)n, "-%c, ", o->short_name);
	n += snprintf(buf + n, cap - (size_t)n, "--%s", o->name);
	if (o->arg)
		n += snprintf(buf + n, cap - (size_t)n, (o->flags & CLI_OPT_OPTARG) ? "[=%s]" : " %s", o->arg);
	return (size_t)n < cap ? (size_t)n : cap - 1;
}

/*
 * text from column `col` (the cursor at column `at`), words wrapped before
 * HELP_WIDTH; two spaces between sentences stay two; '\n' breaks a line.
 */
static void print_wrapped(FILE *f, const char *text, size_t col, size_t at)
{
	const char *p = text;
	size_t gap = 0; /* spaces before the next word; 0 at the start of a line's text */

	while (*p) {
		size_t w = strcspn(p, " \n");
		if (gap && at + gap + w > HELP_WIDTH) {
			fprintf(f, "\n%*s", (int)col, "");
			at = col;
			gap = 0;
		}
		fprintf(f, "%*s", (int)gap, "");
		fwrite(p, 1, w, f);
		at += gap + w;
		p += w;
		gap = strspn(p, " ");
		p += gap;
		if (*p == '\n') {
			fprintf(f, "\n%*s", (int)col, "");
			at = col;
			gap = 0;
			p++;
		}
	}
	fputc('\n', f);
}

void cli_print_help(FILE *f, const struct cli_command *cmd, const struct cli_option *opts, size_t nopts)
{
	static const struct cli_option help = CLI_FLAG("help", 'h', NULL, "this text");
	char left[128];
	size_t col = 0;

	fprintf(f, "usage: %s\n", cmd->usage);
	if (cmd->description)
		fprintf(f, "\n%s", cmd->description);
	for (size_t i = 0; i <= nopts; i++) {
		size_t n = left_part(i < nopts ? &opts[i] : &help, left, sizeof(left)) + 2;
		if (n > col && n <= HELP_COLUMN_MAX)
			col = n;
	}
	fprintf(f, "\noptions:\n");
	for (size_t i = 0; i <= nopts; i++) {
		const struct cli_option *o = i < nopts ? &opts[i] : &help;
		size_t n = left_part(o, left, sizeof(left));
		fputs(left, f);
		if (n + 2 > col) {
			fprintf(f, "\n%*s", (int)col, "");
			n = col;
		} else {
			fprintf(f, "%*s", (int)(col - n), "");
			n = col;
		}
		print_wrapped(f, o->help, col, n);
	}
	if (cmd->notes)
		fprintf(f, "\n%s", cmd->notes);
}

size_t cli_options_pick(const struct cli_option *all, size_t n, const char *names, struct cli_option *out)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (cb_in_list(names, all[i].name))
			out[k++] = all[i];
	return k;
}

int cli_opt_format(const struct cli_option *opt, const char *arg, void *format)
{
	(void)opt;
	*(int *)format = cb_format_parse(arg);
	if (*(int *)format < 0) {
		cli_error("unknown format '%s' (use table, json, csv, md or html)", arg);
		return -1;
	}
	return 0;
}
