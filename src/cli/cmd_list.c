/* cryptobench list: what can be measured here. */
#include <stdio.h>
#include <string.h>

#include "bench/cases.h"
#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "cryptobench/bench.h"
#include "core/util.h"
#include "cryptobench/registry.h"

static const struct cli_command list_cmd = {
	"list", "cryptobench list [--names | --backends] [SELECTOR...]",
	"List every algorithm this build knows, by family, with its class, backend,\n"
	"operations and whether it can run here (and why not).  SELECTORs filter\n"
	"as in 'cryptobench run' (names, wildcards like 'rsa*', name prefixes like\n"
	"'sm2', families 'classical' 'gm' 'pq' 'hybrid', classes 'kem' 'sig' ...).\n",
	NULL, 0};

static const char *const families[] = {CB_FAMILY_CLASSICAL, CB_FAMILY_GM, CB_FAMILY_PQ, CB_FAMILY_HYBRID};

static int picked(const cb_alg_info *a, char **sels, int nsels)
{
	if (nsels == 0)
		return 1;
	for (int i = 0; i < nsels; i++)
		if (cb_selector_matches(sels[i], a))
			return 1;
	return 0;
}

/* One line per backend built: name, library, run-time version, classes. */
static int list_backends(void)
{
	int wname = 10, wlib = 10; /* columns as wide as the longest entry (mlkem-native-avx2) */
	for (size_t i = 0; i < cb_backend_count(); i++) {
		const cb_backend *b = cb_backend_get(i);
		if ((int)strlen(b->name) > wname)
			wname = (int)strlen(b->name);
		if ((int)strlen(b->library) > wlib)
			wlib = (int)strlen(b->library);
	}
	printf("%-*s  %-*s  %-24s  %s\n", wname, "backend", wlib, "library", "version", "classes");
	for (size_t i = 0; i < cb_backend_count(); i++) {
		const cb_backend *b = cb_backend_get(i);
		size_t n = 0;
		for (size_t l = 0; b->classes[l]; l++)
			for (size_t k = 0; b->classes[l][k]; k++)
				n++;
		printf("%-*s  %-*s  %-24s  %zu\n", wname, b->name, wlib, b->library, b->version(), n);
	}
	return CB_EXIT_OK;
}

int cmd_list(int argc, char **argv)
{
	int names = 0, backends = 0, first, r;
	const struct cli_option opts[] = {
		CLI_FLAG("names", 0, &names, "print only the names of usable algorithms, one per line"),
		CLI_FLAG("backends", 0, &backends, "print the backends of this build: library, version, classes"),
	};
	const cb_alg_info *a;

	r = cli_parse_options(&list_cmd, opts, CB_ARRAY_LEN(opts), argc, argv, &first);
	if (r)
		return r > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	if (backends)
		return list_backends();
	char **sels = argv + first;
	int nsels = argc - first;
	for (int i = 0; i < nsels; i++) {
		int any = 0;
		for (size_t k = 0; (a = cb_registry_get(k)) != NULL; k++)
			any |= cb_selector_matches(sels[i], a);
		if (!any) {
			const cb_alg_info *out[1];
			size_t n;
			cli_select(&sels[i], 1, NULL, out, 1, &n); /* prints the suggestion */
			return CB_EXIT_USAGE;
		}
	}

	if (names) {
		for (size_t k = 0; (a = cb_registry_get(k)) != NULL; k++) {
			int dup = 0;
			if (!picked(a, sels, nsels) || cb_alg_unavailable(a))
				continue;
			for (size_t j = 0; j < k; j++) {
				const cb_alg_info *b = cb_registry_get(j);
				dup |= !strcmp(b->name, a->name) && !cb_alg_unavailable(b) && picked(b, sels, nsels);
			}
			if (!dup)
				printf("%s\n", a->name);
		}
		return CB_EXIT_OK;
	}

	size_t wname = 9, wback = 7;
	for (size_t k = 0; (a = cb_registry_get(k)) != NULL; k++) {
		if (strlen(a->name) > wname)
			wname = strlen(a->name);
		if (strlen(a->backend) > wback)
			wback = strlen(a->backend);
	}
	for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
		int header = 0;
		for (size_t k = 0; (a = cb_registry_get(k)) != NULL; k++) {
			if (strcmp(cb_alg_catalog(a)->family, families[f]) || !picked(a, sels, nsels))
				continue;
			if (!header) {
				printf("%s%s\n", f ? "\n" : "", families[f]);
				printf("  %-*s  %-6s  %-*s  %-22s  %s\n", (int)wname, "algorithm", "class", (int)wback, "backend",
				       "operations", "description");
				header = 1;
			}
			char ops[64] = "";
			const char *const *o = cb_kind_ops(a->kind);
			for (size_t i = 0; o && o[i]; i++) {
				strncat(ops, i ? "," : "", sizeof(ops) - strlen(ops) - 1);
				strncat(ops, o[i], sizeof(ops) - strlen(ops) - 1);
			}
			const char *why = cb_alg_unavailable(a);
			char desc[256];
			cb_alg_describe(a, desc, sizeof(desc));
			printf("  %-*s  %-6s  %-*s  %-22s  %s%s%s%s\n", (int)wname, a->name, cb_kind_name(a->kind),
			       (int)wback, a->backend, ops, desc, why ? "  [unavailable: " : "", why ? why : "",
			       why ? "]" : "");
		}
	}
	return CB_EXIT_OK;
}
