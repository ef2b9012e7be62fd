/*
 * cryptobench verify: run the embedded known-answer tests (kat.h), or with
 * --vectors the published vector sets (vectors.h) as a matrix.
 */
#include <limits.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/kat.h"
#include "cryptobench/registry.h"
#include "cryptobench/report.h"
#include "cryptobench/vectors.h"

#define MAX_ALGS 512

static const struct cli_command verify_cmd = {
	"verify",
	"cryptobench verify [--backend LIST] [SELECTOR...]\n"
	"       cryptobench verify --vectors[=DIR] [--format table|json] [--backend LIST] [SELECTOR...]",
	"Check the selected algorithms against the known-answer vectors embedded in\n"
	"cryptobench (NIST SP 800-38A, the GCM specification, RFC 8439, FIPS 180-4\n"
	"and 202, RFC 8032, RFC 6979, RFC 7748, RFC 5903, GB/T 32905 and 32907,\n"
	"draft-ribose-cfrg-sm4, GM/T 0003.5, NIST ACVP for FIPS 203 and 204).\n"
	"'cryptobench run' does the same before it times an algorithm.  One line per\n"
	"algorithm and backend:\n"
	"\n"
	"  pass         every vector gave the expected answer (the sources follow)\n"
	"  none         no embedded vector: only the round-trip self-check of 'run'\n"
	"  FAIL         a vector gave a wrong answer, or an operation failed\n"
	"  unavailable  the algorithm cannot run here (the reason follows)\n"
	"\n"
	"SELECTOR: as in 'cryptobench run' (names, wildcards, name prefixes,\n"
	"families, classes, all); default: all.\n",
	"exit status: 0 nothing failed; 1 the vectors folder or SHA256SUMS cannot be\n"
	"read, or standard output cannot be written; 2 usage error; 3 some algorithm\n"
	"failed (with --vectors: an unexpected result, or a file that does not match\n"
	"SHA256SUMS).\n",
	0};

/* --vectors[=DIR]: on, and the folder when given. */
struct vectors_opt {
	int on;
	const char *dir;
};

static int set_vectors(const struct cli_option *opt, const char *arg, void *v)
{
	(void)opt;
	((struct vectors_opt *)v)->on = 1;
	((struct vectors_opt *)v)->dir = arg;
	return 0;
}

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

/* ---- --vectors ---- */

/* The folder of the vectors: $CRYPTOBENCH_VECTORS, else <repo>/../shared/vectors for <repo>/<build>/cryptobench. */
static int vectors_dir(char *out, size_t len)
{
	const char *env = getenv("CRYPTOBENCH_VECTORS");
	char exe[PATH_MAX];
	ssize_t n;
	char *slash;

	if (env && env[0])
		return (size_t)snprintf(out, len, "%s", env) < len ? 0 : -1;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return -1;
	exe[n] = 0;
	for (int up = 0; up < 2; up++) {
		slash = strrchr(exe, '/');
		if (!slash)
			return -1;
		*slash = 0;
	}
	return (size_t)snprintf(out, len, "%s/../shared/vectors", exe) < len ? 0 : -1;
}

/* cb_vec_check_sum once per file (several sets read the same file); the answers are kept. */
static int checked_sum(const char *dir, const char *file, char *err, size_t errlen)
{
	static struct {
		const char *file;
		int rc;
		char err[256];
	} seen[64];
	static size_t nseen;

	for (size_t i = 0; i < nseen; i++)
		if (!strcmp(seen[i].file, file)) {
			snprintf(err, errlen, "%s", seen[i].err);
			return seen[i].rc;
		}
	if (nseen == sizeof(seen) / sizeof(seen[0]))
		return cb_vec_check_sum(dir, file, err, errlen);
	seen[nseen].file = file;
	seen[nseen].rc = cb_vec_check_sum(dir, file, seen[nseen].err, sizeof(seen[nseen].err));
	snprintf(err, errlen, "%s", seen[nseen].err);
	return seen[nseen++].rc;
}

static int verify_vectors(const char *dirarg, int json, const cb_alg_info **algs, size_t nalgs)
{
	char dir[PATH_MAX], sums[PATH_MAX + 16];
	size_t nrows = 0, counts[5] = {0};
	cb_vec_row *rows;
	int status;
	FILE *f;

	if (dirarg) {
		if ((size_t)snprintf(dir, sizeof(dir), "%s", dirarg) >= sizeof(dir)) {
			cli_error("vectors folder name too long");
			return CB_EXIT_USAGE;
		}
	} else if (vectors_dir(dir, sizeof(dir)) != 0) {
		cli_error("cannot tell where the vectors are: set CRYPTOBENCH_VECTORS or give --vectors=DIR "
			  "(scripts/fetch-vectors.sh DIR downloads them)");
		return CB_EXIT_FAIL;
	}
	snprintf(sums, sizeof(sums), "%s/SHA256SUMS", dir);
	f = fopen(sums, "r");
	if (!f) {
		cli_error("no test vectors at %s (cannot read %s): scripts/fetch-vectors.sh DIR downloads them; "
			  "then set CRYPTOBENCH_VECTORS=DIR or give --vectors=DIR",
			  dir, sums);
		return CB_EXIT_FAIL;
	}
	fclose(f);
	rows = calloc(cb_vec_set_count() * nalgs + 1, sizeof(*rows));
	if (!rows) {
		cli_error("out of memory");
		return CB_EXIT_FAIL;
	}
	for (size_t si = 0; si < cb_vec_set_count(); si++) {
		const cb_vec_set *s = cb_vec_set_get(si);
		char serr[256] = "";
		int sum = 1; /* checked once per file, on its first use */

		for (size_t i = 0; i < nalgs; i++) {
			cb_vec_row *r;
			int rc;

			if (strcmp(algs[i]->name, s->alg) || cb_alg_unavailable(algs[i]))
				continue;
			if (sum == 1) {
				sum = checked_sum(dir, s->file, serr, sizeof(serr));
				if (sum == 0 && cb_vec_set_expected(s))
					sum = checked_sum(dir, cb_vec_set_expected(s), serr, sizeof(serr));
			}
			r = &rows[nrows++];
			r->set = s;
			r->alg = algs[i];
			if (sum == CB_ERR_IO) {
				r->state = CB_VEC_MISSING;
				snprintf(r->err, sizeof(r->err), "%s", serr);
			} else if (sum != 0) {
				r->state = CB_VEC_BADSUM;
				snprintf(r->err, sizeof(r->err), "%s", serr);
			} else {
				rc = cb_vec_run(dir, s, algs[i], &r->n, r->err, sizeof(r->err));
				if (rc == CB_ERR_UNSUPPORTED)
					r->state = CB_VEC_NA;
				else if (rc != 0 || r->n.failed)
					r->state = CB_VEC_FAIL;
				if (rc != 0 && rc != CB_ERR_UNSUPPORTED)
					snprintf(r->n.first_failure, sizeof(r->n.first_failure), "%s", r->err);
			}
			counts[r->state]++;
		}
	}
	if (cb_report_vectors(stdout, json ? CB_FORMAT_JSON : CB_FORMAT_TABLE, dir, rows, nrows) != 0)
		cli_error("cannot write the %s", json ? "JSON" : "table");
	status = counts[CB_VEC_FAIL] + counts[CB_VEC_BADSUM] ? CB_EXIT_PARTIAL : CB_EXIT_OK;
	if (nrows == 0)
		cli_warn("no selected algorithm has a vector set");
	if (fflush(stdout) != 0) {
		cli_error("cannot write to standard output");
		status = CB_EXIT_FAIL;
	}
	free(rows);
	return status;
}

int cmd_verify(int argc, char **argv)
{
	static char all[] = "all";
	char *defsel[] = {all};
	const char *backends = NULL, *vdir, *format = NULL;
	struct vectors_opt vo = {0, NULL};
	int vectors;
	const struct cli_option opts[] = {
		CLI_STRING("backend", 0, "LIST", &backends, "only these backends (e.g. openssl,builtin)"),
		{.type = CLI_OPT_CALLBACK, .name = "vectors", .arg = "DIR", .flags = CLI_OPT_OPTARG | CLI_OPT_ONCE,
		 .value = &vo, .cb = set_vectors,
		 .help = "run the published vector files instead (Wycheproof, NIST ACVP ML-KEM and ML-DSA, the GM/T SM2/SM3/SM4 "
			 "examples) over every selected (algorithm, backend) that has a set, after checking each file "
			 "against DIR/SHA256SUMS; print a matrix of counts.  DIR default: $CRYPTOBENCH_VECTORS, else "
			 "../shared/vectors beside the repository of this executable (scripts/fetch-vectors.sh "
			 "downloads them).  A cell: cases passed, '+N known' for declared gaps, 'FAIL N' for "
			 "unexpected results, 'n/a' when the class cannot take the set."},
		CLI_STRING_ONCE("format", 0, "F", &format, "with --vectors: table (default) or json"),
	};
	const cb_alg_info **algs;
	size_t nalgs = 0, npass = 0, nnone = 0, nfail = 0, nunavail = 0, wname = 4, wback = 4;
	char **sels;
	int nsels, first, status;

	status = cli_parse_options(&verify_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, &first);
	if (status)
		return status > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	vectors = vo.on;
	vdir = vo.dir;
	if (format && strcmp(format, "table") && strcmp(format, "json")) {
		cli_error("unknown format '%s' (use table or json)", format);
		return CB_EXIT_USAGE;
	}
	if (format && !vectors) {
		cli_error("--format applies to --vectors only");
		return CB_EXIT_USAGE;
	}
	if (vdir && !vdir[0]) {
		cli_error("--vectors= needs a folder");
		return CB_EXIT_USAGE;
	}
	sels = argv + first;
	nsels = argc - first;
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
	if (vectors) {
		status = verify_vectors(vdir, format && !strcmp(format, "json"), algs, nalgs);
		free(algs);
		return status;
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
