/* cryptobench interop: what each library produces, each other one consumes (bench/interop.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/interop.h"
#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"
#include "cryptobench/registry.h"
#include "cryptobench/report.h"
#include "hybrid/hybrid.h"

#define DEFAULT_COUNT 32
#define MAX_COUNT 100000

static const struct cli_command interop_cmd = {
	"interop", "cryptobench interop [ALG...] [--backend LIST] [--count N] [--format table|json]",
	"Cross every implementation of each selected algorithm with every other one on\n"
	"fresh random keys and messages: what the producer (row) makes, the consumer\n"
	"(column) must take and give back the same message or secret.\n"
	"\n"
	"  sig     a key pair made by each implementation in turn, imported by the\n"
	"          others (PKCS#8, SPKI); the producer signs, the consumer verifies;\n"
	"          sm2-sign three times: the default user ID, the custom ID\n"
	"          " CB_INTEROP_SM2_CUSTOM_ID " and one with a comma, " CB_INTEROP_SM2_COMMA_ID "\n"
	"  pke     the same keys; the producer encrypts, the consumer decrypts\n"
	"          (every fourth sample a 1-byte message, the rest random lengths)\n"
	"  kex     each side its own key pair; both derive the same secret\n"
	"  cipher  a random key, IV, associated data and message; encrypt, decrypt\n"
	"  kem     the consumer's key pair; the producer encapsulates, the consumer\n"
	"          decapsulates to the same secret\n"
	"\n"
	"Each cell is \"ok/total\" over N samples.  A failure a known incompatibility\n"
	"explains is marked '*' and described (libgcrypt's SM2 C3 on about 1 in 128\n"
	"ciphertexts, told apart by recomputing C2 and C3 from the key; Botan's and\n"
	"libgcrypt's SM2 encryption keeping an all-zero KDF output, about 1 in 256\n"
	"1-byte messages; Botan and an SM2 ID with a comma); any other is marked '!'\n"
	"and its first occurrence\n"
	"described.  Keys cross as canonical DER (PKCS#8, SPKI), as key files do.\n"
	"\n"
	"ALG: names, wildcards, name prefixes, families, classes or 'all', as in\n"
	"'cryptobench run' (hashes are left out); default: sm2-sign, the three SM2\n"
	"ciphertext forms, rsa2048-oaep-sha256, rsa2048-pkcs1, rsa2048-pkcs1-sha256,\n"
	"rsa2048-pss-sha256, ecdsa-p256, ed25519, x25519, sm4-gcm, aes-256-gcm,\n"
	"chacha20-poly1305, mlkem768 and the hybrid KEMs.  Comparison backends not\n"
	"built (make anchors) are not shown unless named with --backend.\n",
	"exit status: 0 every pair agreed, or failed only as a known incompatibility;\n"
	"1 an operation failed (out of memory, the random generator, standard output);\n"
	"2 usage error; 3 an unexpected incompatibility.\n",
	0};

/* One algorithm: the implementations crossed and those left out. */
struct group {
	const char *name;
	const cb_alg_info *use[CB_INTEROP_MAX_IMPLS];
	size_t nuse;
	const cb_alg_info *skip[CB_INTEROP_MAX_IMPLS];
	size_t nskip;
};

/* The selected classes grouped by name, in order; usable ones crossed, the others listed. */
static size_t group_algs(const cb_alg_info **algs, size_t nalgs, struct group *groups)
{
	size_t ng = 0;
	for (size_t i = 0; i < nalgs; i++) {
		const cb_alg_info *a = algs[i];
		size_t k = 0;
		if (!cb_interop_kind_supported(a->kind))
			continue;
		while (k < ng && strcmp(groups[k].name, a->name))
			k++;
		if (k == ng) {
			memset(&groups[ng], 0, sizeof(groups[ng]));
			groups[ng++].name = a->name;
		}
		if (cb_alg_unavailable(a)) {
			if (groups[k].nskip < CB_INTEROP_MAX_IMPLS)
				groups[k].skip[groups[k].nskip++] = a;
		} else if (groups[k].nuse < CB_INTEROP_MAX_IMPLS) {
			groups[k].use[groups[k].nuse++] = a;
		}
	}
	return ng;
}

int cmd_interop(int argc, char **argv)
{
	static char all[] = "all";
	char *defsel[] = {all};
	const char *backends = NULL, *format = "table";
	const cb_alg_info **algs = NULL;
	struct group *groups = NULL;
	cb_interop_matrix *m = NULL;
	size_t nalgs = 0, ng, count, cap = cb_registry_count() + 1;
	size_t nmat = 0, tot_ok = 0, tot_known = 0, tot_unexpected = 0;
	int first, status = CB_EXIT_OK, user_sel;
	cb_format fmt;
	double v = DEFAULT_COUNT;
	const struct cli_option opts[] = {
		CLI_STRING("backend", 0, "LIST", &backends, "only these backends (e.g. openssl,gcrypt,botan); KEM+KEX names a hybrid's composition (oqs+sodium)"),
		{.type = CLI_OPT_NUMBER, .name = "count", .arg = "N", .flags = CLI_OPT_WHOLE, .value = &v, .lo = 1,
		 .hi = MAX_COUNT, .help = "samples per cell, 1 to 100000 (default 32)"},
		CLI_STRING("format", 0, "table|json", &format, "output (default table)"),
	};

	status = cli_parse_options(&interop_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, &first);
	if (status)
		return status > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	count = (size_t)v;
	if (strcmp(format, "table") && strcmp(format, "json")) {
		cli_error("unknown format '%s' for --format (expected table or json)", format);
		return CB_EXIT_USAGE;
	}
	fmt = !strcmp(format, "json") ? CB_FORMAT_JSON : CB_FORMAT_TABLE;
	user_sel = first < argc;
	algs = calloc(cap, sizeof(*algs));
	groups = calloc(cap, sizeof(*groups));
	m = malloc(sizeof(*m));
	if (!algs || !groups || !m) {
		cli_error("out of memory");
		status = CB_EXIT_FAIL;
		goto out;
	}
	if (cli_select(user_sel ? argv + first : defsel, user_sel ? (size_t)(argc - first) : 1, backends, algs,
		       cap, &nalgs) != 0) {
		status = CB_EXIT_USAGE;
		goto out;
	}
	if (!user_sel) {
		/* The default list, in its order. */
		size_t k = 0;
		const cb_alg_info **picked = calloc(cap, sizeof(*picked));
		if (!picked) {
			cli_error("out of memory");
			status = CB_EXIT_FAIL;
			goto out;
		}
		for (size_t d = 0; cb_interop_default_algs[d]; d++)
			for (size_t i = 0; i < nalgs; i++)
				if (!strcmp(algs[i]->name, cb_interop_default_algs[d]))
					picked[k++] = algs[i];
		memcpy(algs, picked, k * sizeof(*algs));
		nalgs = k;
		free(picked);
	}
	/*
	 * A composed hybrid without --backend: its compositions, every ML-KEM
	 * with the default key agreement and the default ML-KEM with every key
	 * agreement (cb_hybrid_compositions), which must agree on the wire.
	 */
	for (size_t i = 0, n0 = nalgs; !backends && i < n0; i++) {
		const cb_alg_info *c[CB_INTEROP_MAX_IMPLS];
		size_t nc = cb_hybrid_composable(algs[i]->name) ? cb_hybrid_compositions(algs[i]->name, c, CB_ARRAY_LEN(c)) : 0;
		for (size_t k = 0; k < nc; k++) {
			int dup = 0;
			for (size_t j = 0; j < nalgs; j++)
				dup |= algs[j] == c[k];
			if (!dup && nalgs < cap)
				algs[nalgs++] = c[k];
		}
	}
	ng = group_algs(algs, nalgs, groups);
	if (ng == 0) {
		cli_error("nothing to cross: interop takes signatures, public-key encryption, key agreement, "
			  "ciphers and KEMs (not hashes)%s%s%s",
			  backends ? " of backend '" : "", backends ? backends : "", backends ? "'" : "");
		status = CB_EXIT_USAGE;
		goto out;
	}
	cb_report_interop_begin(stdout, fmt, count);
	for (size_t k = 0; k < ng; k++) {
		const struct group *g = &groups[k];
		if (g->nuse == 0) {
			cb_report_interop_unusable(stdout, fmt, g->name, g->skip, g->nskip);
			continue;
		}
		for (size_t var = 0; var < cb_interop_variants(g->name); var++) {
			int r = cb_interop_run(g->use, g->nuse, (int)var, count, m);
			if (r) {
				cb_report_interop_end(stdout, fmt, 1, nmat, tot_ok, tot_known, tot_unexpected);
				cli_error("interop of '%s' stopped: %s", g->name, cb_strerror(r));
				status = CB_EXIT_FAIL;
				goto out;
			}
			cb_report_interop_matrix(stdout, fmt, m, g->skip, g->nskip, count, nmat == 0);
			nmat++;
			tot_ok += m->ok;
			tot_known += m->known;
			tot_unexpected += m->unexpected;
			fflush(stdout);
		}
	}
	cb_report_interop_end(stdout, fmt, 0, nmat, tot_ok, tot_known, tot_unexpected);
	status = tot_unexpected ? CB_EXIT_PARTIAL : CB_EXIT_OK;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("cannot write to standard output");
		status = CB_EXIT_FAIL;
	}
out:
	free(algs);
	free(groups);
	free(m);
	return status;
}
