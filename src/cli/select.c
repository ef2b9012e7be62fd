#include "cli/select.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/util.h"
#include "cryptobench/bench.h"
#include "cryptobench/fileio.h"
#include "cryptobench/registry.h"
#include "cryptobench/report.h"

int cli_select(char **sels, size_t nsels, const char *backends, const cb_alg_info **out, size_t cap, size_t *n)
{
	char err[1024];

	if (cb_select((const char *const *)sels, nsels, backends, out, cap, n, err, sizeof(err)) == 0)
		return 0;
	cli_error("%s", err);
	return -1;
}

int cli_parse_number(const char *opt, const char *s, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || *end || errno || !isfinite(v) || !(v >= lo && v <= hi)) {
		cli_error("bad value '%s' for %s (expected a number from %g to %g)", s, opt, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

int cli_load_run(const char *path, cb_run *run)
{
	cb_read_error e;
	int r = cb_run_read_json_err(path, run, &e);
	if (r == CB_ERR_IO)
		cli_error("cannot read '%s': %s", path, cli_strerror(errno));
	else if (r == CB_ERR_NOMEM)
		cli_error("cannot read '%s': out of memory", path);
	else if (r == CB_ERR_FORMAT && e.line > 0)
		cli_error("'%s' is not valid JSON: line %d, column %d: %s", path, e.line, e.column, e.text);
	else if (r == CB_ERR_FORMAT && e.text[0])
		cli_error("'%s' is not a cryptobench run (JSON, schema version %d): %s", path, CB_SCHEMA_VERSION, e.text);
	else if (r)
		cli_error("'%s' is not a cryptobench run (JSON, schema version %d): %s", path, CB_SCHEMA_VERSION,
			  cb_strerror(r));
	return r;
}

/* Is this input standard input: "-", or a name of descriptor 0. */
static int names_stdin(const char *p)
{
	return !strcmp(p, "-") || !strcmp(p, "/dev/stdin") || !strcmp(p, "/dev/fd/0") || !strcmp(p, "/proc/self/fd/0");
}

int cli_check_outputs(const char *const *inputs, size_t nin, const char *const *outputs, size_t nout)
{
	struct stat in0, st;
	int have_in0 = 0;
	for (size_t k = 0; k < nin; k++) {
		if (!names_stdin(inputs[k]))
			continue;
		for (size_t j = 0; j < k; j++)
			if (names_stdin(inputs[j])) {
				cli_error("standard input is named twice ('%s' and '%s'): only one input can come from it",
					  inputs[j], inputs[k]);
				return -1;
			}
		/* What descriptor 0 is open on: an output that is that file would be replaced as it is read. */
		have_in0 = fstat(STDIN_FILENO, &in0) == 0 && S_ISREG(in0.st_mode);
	}
	for (size_t i = 0; i < nout; i++) {
		if (!strcmp(outputs[i], "-"))
			continue;
		if (have_in0 && stat(outputs[i], &st) == 0 && st.st_dev == in0.st_dev && st.st_ino == in0.st_ino) {
			cli_error("output '%s' is standard input (the same file): refusing to replace it", outputs[i]);
			return -1;
		}
		for (size_t k = 0; k < nin; k++)
			if (!names_stdin(inputs[k]) && cb_same_file(outputs[i], inputs[k])) {
				cli_error("output '%s' is the input '%s': refusing to replace it", outputs[i], inputs[k]);
				return -1;
			}
		for (size_t k = 0; k < i; k++)
			if (strcmp(outputs[k], "-") != 0 && cb_same_file(outputs[i], outputs[k])) {
				cli_error("outputs '%s' and '%s' are one file", outputs[k], outputs[i]);
				return -1;
			}
	}
	return 0;
}

void cli_output_error(const char *path, int err)
{
	struct stat st;
	char to[4096];
	ssize_t n;
	if (!strcmp(path, "-") || !strcmp(path, "standard output")) {
		if (cli_std_closed(STDOUT_FILENO))
			cli_error("cannot write to standard output: it is closed");
		else
			cli_error("cannot write to standard output: %s", cli_strerror(err));
		return;
	}
	if (lstat(path, &st) == 0) {
		if (S_ISLNK(st.st_mode) && stat(path, &st) != 0 && errno == ENOENT &&
		    (n = readlink(path, to, sizeof(to) - 1)) >= 0) {
			to[n] = 0;
			cli_error("cannot write '%s': it is a symbolic link to '%s', which does not exist", path, to);
			return;
		}
		if (stat(path, &st) == 0 && (S_ISSOCK(st.st_mode) || S_ISBLK(st.st_mode))) {
			cli_error("cannot write '%s': it is a %s (outputs are regular files, character devices or FIFOs)",
				  path, S_ISSOCK(st.st_mode) ? "socket" : "block device");
			return;
		}
	}
	cli_error("cannot write '%s': %s", path, cli_strerror(err));
}

void cli_write_error(const char *path, int r)
{
	if (r == CB_ERR_IO)
		cli_output_error(path, errno);
	else if (r == CB_ERR_FORMAT)
		cli_error("cannot write '%s': a text of the run is not valid UTF-8", path);
	else
		cli_error("cannot write '%s': %s", path, cb_strerror(r));
}

static void printable(char *s)
{
	for (unsigned char *p = (unsigned char *)s; *p; p++) {
		if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			*p++ = '?', *p = '?';
		else if (*p < 0x20 || *p == 0x7f)
			*p = '?';
	}
}

void cli_printable_run(cb_run *run)
{
	cb_context *c = &run->context;
	char *ctx[] = {c->hostname, c->cpu_model, c->cpu_flags, c->kernel, c->compiler, c->cflags, c->build_type,
		       c->pinning, c->counter, c->tool_version, c->timestamp, c->baseline, c->reference_workload};
	for (size_t i = 0; i < CB_ARRAY_LEN(ctx); i++)
		printable(ctx[i]);
	for (size_t i = 0; i < c->nlibraries; i++) {
		printable(c->libraries[i].name);
		printable(c->libraries[i].version);
	}
	for (size_t i = 0; i < run->nresults; i++) {
		cb_result *r = &run->results[i];
		char *f[] = {r->algorithm, r->kind, r->family, r->backend, r->implementation, r->description,
			     r->operation, r->error, r->kat, r->noise, r->notes, r->method};
		for (size_t k = 0; k < CB_ARRAY_LEN(f); k++)
			printable(f[k]);
	}
}

void cli_print_run_caveats(FILE *f, const char *path, const cb_run *run)
{
	size_t ok = 0, noisy = 0, none = 0;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status != CB_STATUS_OK || r->random_cost)
			continue;
		ok++;
		noisy += r->noisy != 0;
		none += r->estimate_low == 0 && r->estimate_high == 0 && !strcmp(r->method, "rounds");
	}
	if (run->context.partial)
		fprintf(f, "! %s is a partial run (interrupted): cases not measured are missing, the others had fewer "
			   "rounds than planned\n",
			path);
	if (none)
		fprintf(f, "! %s: %zu of %zu cases have no interval (one round): their precision is unknown\n", path,
			none, ok);
	if (noisy > none && run->context.precision_target > 0)
		fprintf(f, "! %s: %zu of %zu cases missed the +-%.1f%% precision target\n", path, noisy - none, ok,
			100 * run->context.precision_target);
	else if (noisy > none)
		fprintf(f, "! %s: %zu of %zu cases missed their precision target\n", path, noisy - none, ok);
}
