/* cryptobench report: render a saved run in another format (HTML with charts, ...). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/select.h"
#include "cryptobench/fileio.h"
#include "cryptobench/report.h"

static const char usage_text[] =
	"usage: cryptobench report RUN.json [-o FILE]... [--format FMT]\n"
	"\n"
	"Render a run saved with 'run -o FILE.json' as a table, Markdown, CSV,\n"
	"JSON or a self-contained HTML page with a bar chart per operation.\n"
	"\n"
	"options:\n"
	"  -o, --output FILE   write to FILE (repeatable), format from the extension\n"
	"                      (.html .md .csv .json .txt); written atomically\n"
	"  --format FMT        table, json, csv, md or html for standard output\n"
	"                      (default: table, or nothing when -o is given)\n"
	"  -h, --help          this text\n"
	"\n"
	"exit status: 0 written; 1 RUN.json cannot be read or an output cannot be\n"
	"written; 2 usage error.\n";

#define MAX_OUTPUTS 8

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"output", required_argument, NULL, 'o'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *outputs[MAX_OUTPUTS];
	size_t nout = 0;
	int format = -1, c, status = CB_EXIT_OK;
	cb_run run = {0};

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":ho:", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			if (nout == MAX_OUTPUTS) {
				cli_error("too many -o outputs (at most %d)", MAX_OUTPUTS);
				return CB_EXIT_USAGE;
			}
			if (cb_format_from_path(optarg) < 0) {
				cli_error("cannot tell the format of '%s' from its extension (use .html, .md, .csv, .json or .txt)",
					  optarg);
				return CB_EXIT_USAGE;
			}
			outputs[nout++] = optarg;
			break;
		case 'f':
			format = cb_format_parse(optarg);
			if (format < 0) {
				cli_error("unknown format '%s' (use table, json, csv, md or html)", optarg);
				return CB_EXIT_USAGE;
			}
			break;
		case 'h': fputs(usage_text, stdout); return CB_EXIT_OK;
		case ':': cli_error("option '%s' needs a value", argv[optind - 1]); return CB_EXIT_USAGE;
		default: cli_error("unknown option '%s' (see 'cryptobench report --help')", argv[optind - 1]); return CB_EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		cli_error("report takes one run file (see 'cryptobench report --help')");
		return CB_EXIT_USAGE;
	}
	if (cli_load_run(argv[optind], &run) != 0)
		return CB_EXIT_FAIL;
	if (format >= 0 || nout == 0) {
		if (cb_report_write(stdout, format >= 0 ? (cb_format)format : CB_FORMAT_TABLE, &run) != 0 || fflush(stdout)) {
			cli_error("cannot write to standard output: %s", strerror(errno));
			status = CB_EXIT_FAIL;
		}
	}
	for (size_t i = 0; i < nout; i++) {
		if (cb_report_write_path(outputs[i], (cb_format)cb_format_from_path(outputs[i]), &run) != 0) {
			cli_error("cannot write '%s': %s", outputs[i], strerror(errno));
			status = CB_EXIT_FAIL;
		}
	}
	cb_run_free(&run);
	return status;
}
