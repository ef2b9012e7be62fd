/* cryptobench verify: run the embedded known-answer tests (kat.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/select.h"
#include "cryptobench/kat.h"
#include "cryptobench/registry.h"

#define MAX_ALGS 512

static const char usage_text[] =
	"usage: cryptobench verify [--backend LIST] [SELECTOR...]\n"
	"\n"
	"Check the selected algorithms against the known-answer vectors embedded in\n"
	"cryptobench (NIST SP 800-38A, the GCM specification, RFC 8439, FIPS 180-4\n"
	"and 202, RFC 8032, RFC 6979, RFC 7748, RFC 5903, GB/T 32905 and 32907,\n"
	"draft-ribose-cfrg-sm4, GM/T 0003.5, NIST ACVP for FIPS 203).  'cryptobench\n"
	"run' does the same before it times an algorithm.  One line per algorithm\n"
	"and backend:\n"
	"\n"
	"  pass         every vector gave the expected answer (the sources follow)\n"
	"  none         no embedded vector: only the round-trip self-check of 'run'\n"
	"  FAIL         a vector gave a wrong answer, or an operation failed\n"
	"  unavailable  the algorithm cannot run here (the reason follows)\n"
	"\n"
	"SELECTOR: as in 'cryptobench run' (names, wildcards, name prefixes,\n"
	"families, classes, all); default: all.\n"
	"\n"
	"  --backend LIST  only these backends (e.g. openssl,builtin)\n"
	"  -h, --help      this text\n"
	"\n"
	"exit status: 0 nothing failed; 2 usage error; 3 some algorithm failed.\n";

/* The distinct sources of a's vectors, joined with "; ". */
static void sources(const cb_alg_info *a, char *buf, size_t len)
{
	size_t n = cb_kat_count(a), o = 0;
	buf[0] = 0;
	for (size_t i = 0; i < n && o < len; i++) {
		const char *s = cb_kat_source(a, i);
		int seen = 0;
		for (size_t j = 0; j < i; j++)
			seen |= strcmp(cb_kat_source(a, j), s) == 0;
		if (!seen)
			o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? "; " : "", s);
	}
}

int cmd_verify(int argc, char **argv)
{
	static const struct option longopts[] = {{"backend", required_argument, NULL, 'b'},
						 {"help", no_argument, NULL, 'h'},
						 {NULL, 0, NULL, 0}};
	static char all[] = "all";
	char *defsel[] = {all};
	const char *backends = NULL;
	const cb_alg_info **algs;
	size_t nalgs = 0, npass = 0, nnone = 0, nfail = 0, nunavail = 0, wname = 4, wback = 4;
	char **sels;
	int nsels, c, status;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'b': backends = optarg; break;
		case 'h': fputs(usage_text, stdout); return CB_EXIT_OK;
		case ':': cli_error("option '%s' needs a value (see 'cryptobench verify --help')", argv[optind - 1]); return CB_EXIT_USAGE;
		default: cli_error("unknown option '%s' (see 'cryptobench verify --help')", argv[optind - 1]); return CB_EXIT_USAGE;
		}
	}
	sels = argv + optind;
	nsels = argc - optind;
	if (nsels == 0) {
		sels = defsel;
		nsels = 1;
	}
	algs = calloc(MAX_ALGS, sizeof(*algs));
	if (!algs) {
		cli_error("out of memory");
		return CB_EXIT_FAIL;
	}
	if (cli_select(sels, (size_t)nsels, backends, algs, MAX_ALGS, &nalgs) != 0) {
		free(algs);
		return CB_EXIT_USAGE;
	}
	if (nalgs == 0) {
		cli_error("no algorithm of backend '%s' matches", backends ? backends : "");
		free(algs);
		return CB_EXIT_USAGE;
	}
	for (size_t i = 0; i < nalgs; i++) {
		if (strlen(algs[i]->name) > wname)
			wname = strlen(algs[i]->name);
		if (strlen(algs[i]->backend) > wback)
			wback = strlen(algs[i]->backend);
	}
	for (size_t i = 0; i < nalgs; i++) {
		const cb_alg_info *a = algs[i];
		const char *why = cb_alg_unavailable(a);
		char err[512], src[1024];
		int r;
		if (why) {
			printf("unavailable  %-*s  %-*s  %s\n", (int)wname, a->name, (int)wback, a->backend,
			       why);
			nunavail++;
			continue;
		}
		r = cb_kat_run(a, NULL, err, sizeof(err));
		if (r == 0) {
			size_t n = cb_kat_count(a);
			sources(a, src, sizeof(src));
			printf("pass  %-*s  %-*s  %zu vector%s (%s)\n", (int)wname, a->name, (int)wback,
			       a->backend, n, n == 1 ? "" : "s", src);
			npass++;
		} else if (r == CB_ERR_UNSUPPORTED) {
			printf("none  %-*s  %-*s  %s; round-trip self-check only\n", (int)wname, a->name,
			       (int)wback, a->backend, err);
			nnone++;
		} else {
			printf("FAIL  %-*s  %-*s  %s\n", (int)wname, a->name, (int)wback, a->backend, err);
			nfail++;
		}
	}
	printf("known answers: %zu passed, %zu FAILED, %zu without an embedded vector, %zu unavailable\n",
	       npass, nfail, nnone, nunavail);
	status = nfail ? CB_EXIT_PARTIAL : CB_EXIT_OK;
	if (fflush(stdout) != 0) {
		cli_error("cannot write to standard output");
		status = CB_EXIT_FAIL;
	}
	free(algs);
	return status;
}
