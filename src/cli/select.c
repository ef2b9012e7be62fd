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
#include "cryptobench/fileio.h"
#include "cryptobench/registry.h"
#include "cryptobench/report.h"
#include "hybrid/hybrid.h"

/* 1 when some registered algorithm is called exactly `sel`. */
static int is_exact_name(const char *sel)
{
	const cb_alg_info *a;
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++)
		if (!strcmp(sel, a->name))
			return 1;
	return 0;
}

int cli_selector_matches(const char *sel, const cb_alg_info *a)
{
	size_t n = strlen(sel);
	if (!strcmp(sel, "all") || !strcmp(sel, cb_alg_catalog(a)->family) || !strcmp(sel, cb_kind_name(a->kind)))
		return 1;
	if (strpbrk(sel, "*?"))
		return cb_name_match(sel, a->name);
	if (!strcmp(sel, a->name))
		return 1;
	/* A full name means that algorithm only: rsa2048-pkcs1 is not also rsa2048-pkcs1-sha256. */
	return !strncmp(sel, a->name, n) && a->name[n] == '-' && !is_exact_name(sel);
}

int cli_in_list(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;
	while (p && *p) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && !strncmp(p, word, n))
			return 1;
		p = e ? e + 1 : NULL;
	}
	return 0;
}

/*
 * Does the --backend list pick backend `name`?  An entry is a backend's
 * name, or, as for algorithm selectors, a prefix ending at a '-' that is no
 * backend's name: "mlkem-native" picks mlkem-native-c and mlkem-native-avx2.
 */
static int backend_picked(const char *list, const char *name)
{
	const char *p = list;

	if (cli_in_list(list, name))
		return 1;
	while (p && *p) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char entry[64];

		if (len > 0 && len < sizeof(entry) && !strncmp(p, name, len) && name[len] == '-') {
			memcpy(entry, p, len);
			entry[len] = '\0';
			if (!cb_backend_find(entry))
				return 1;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

static void suggest(const char *sel)
{
	const cb_alg_info *a, *best[3] = {0};
	size_t bestd[3] = {(size_t)-1, (size_t)-1, (size_t)-1};
	for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
		size_t d = cb_edit_distance(sel, a->name);
		int dup = 0;
		for (int k = 0; k < 3; k++)
			dup |= best[k] && !strcmp(best[k]->name, a->name);
		if (dup)
			continue;
		for (int k = 0; k < 3; k++) {
			if (d < bestd[k]) {
				for (int m = 2; m > k; m--) {
					best[m] = best[m - 1];
					bestd[m] = bestd[m - 1];
				}
				best[k] = a;
				bestd[k] = d;
				break;
			}
		}
	}
	if (best[0] && bestd[0] <= 4) {
		char buf[256] = "";
		for (int k = 0; k < 3 && best[k] && bestd[k] <= 4; k++) {
			strncat(buf, k ? ", " : "", sizeof(buf) - strlen(buf) - 1);
			strncat(buf, best[k]->name, sizeof(buf) - strlen(buf) - 1);
		}
		cli_error("unknown algorithm '%s'; did you mean: %s? ('cryptobench list' shows all)", sel, buf);
	} else {
		cli_error("unknown algorithm '%s' ('cryptobench list' shows all)", sel);
	}
}

static void add_once(const cb_alg_info *a, const cb_alg_info **out, size_t cap, size_t *n)
{
	for (size_t k = 0; k < *n; k++)
		if (out[k] == a)
			return;
	if (*n < cap)
		out[(*n)++] = a;
}

/*
 * The compositions the KEM+KEX entries of the backend list name
 * ("oqs+sodium", docs/HYBRID.md) of every hybrid selector `sel` picks,
 * each followed by its parts (so that `run` times it beside them).  1 when
 * some were added, 0 when none, -1 (printed) when a hybrid named exactly
 * cannot be made so (one a family or a wildcard picks is left out).
 */
static int add_compositions(const char *sel, const char *backends, const cb_alg_info **out, size_t cap, size_t *n)
{
	const cb_alg_info *a;
	int added = 0;

	for (size_t i = 0; backends && strchr(backends, '+') && (a = cb_registry_get(i)) != NULL; i++) {
		const char *p = backends;
		if (!cb_hybrid_composable(a->name) || strcmp(a->backend, "builtin") || !cli_selector_matches(sel, a))
			continue;
		while (p && *p) {
			const char *e = strchr(p, ',');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			char entry[64], why[200];
			const cb_alg_info *c;
			const cb_hy_slot *s;

			if (len < sizeof(entry) && memchr(p, '+', len)) {
				memcpy(entry, p, len);
				entry[len] = '\0';
				if (cb_hybrid_compose(a->name, entry, &c, why, sizeof(why)) != CB_OK) {
					/* named: an error; picked by a family or a wildcard: left out */
					if (!strcmp(sel, a->name)) {
						cli_error("cannot compose %s@%s: %s", a->name, entry, why);
						return -1;
					}
					p = e ? e + 1 : NULL;
					continue;
				}
				add_once(c, out, cap, n);
				if ((s = cb_hy_parts_of(cb_as_kem(c))) != NULL) {
					add_once(&s->parts.kem->info, out, cap, n);
					add_once(&s->parts.kex->info, out, cap, n);
				}
				added = 1;
			}
			p = e ? e + 1 : NULL;
		}
	}
	return added;
}

int cli_select(char **sels, size_t nsels, const char *backends, const cb_alg_info **out, size_t cap, size_t *n)
{
	const cb_alg_info *a;
	*n = 0;
	for (size_t s = 0; s < nsels; s++) {
		int picked = 0, exists = 0;
		for (size_t i = 0; (a = cb_registry_get(i)) != NULL; i++) {
			int dup = 0;
			if (!cli_selector_matches(sels[s], a))
				continue;
			exists = 1;
			if (backends && !backend_picked(backends, a->backend))
				continue;
			/* a comparison backend not built is noise unless asked for by name */
			if (!backends && cb_alg_not_built(a)) {
				picked = 1;
				continue;
			}
			picked = 1;
			for (size_t k = 0; k < *n; k++)
				dup |= out[k] == a;
			if (!dup && *n < cap)
				out[(*n)++] = a;
		}
		if (!exists) {
			suggest(sels[s]);
			return -1;
		}
		switch (add_compositions(sels[s], backends, out, cap, n)) {
		case -1: return -1;
		case 1: picked = 1; break;
		default: break;
		}
		if (!picked) {
			cli_error("'%s' is not provided by the selected backends ('%s')", sels[s], backends);
			return -1;
		}
	}
	return 0;
}

/* Parse an unsigned decimal with optional K/M/G (powers of 1024) suffix. */
static int parse_size(const char *s, size_t len, size_t *out)
{
	unsigned long long v = 0, mul = 1;
	size_t i = 0;
	if (len == 0 || !isdigit((unsigned char)s[0]))
		return -1;
	for (; i < len && isdigit((unsigned char)s[i]); i++) {
		v = v * 10 + (unsigned long long)(s[i] - '0');
		if (v > (1ull << 40))
			return -1;
	}
	if (i < len) {
		switch (toupper((unsigned char)s[i])) {
		case 'K': mul = 1024; break;
		case 'M': mul = 1024 * 1024; break;
		case 'G': mul = 1024ull * 1024 * 1024; break;
		default: return -1;
		}
		i++;
		if (i < len && (s[i] == 'i' || s[i] == 'I'))
			i++;
		if (i < len && (s[i] == 'b' || s[i] == 'B'))
			i++;
	}
	if (i != len || v * mul > (1ull << 30))
		return -1;
	*out = (size_t)(v * mul);
	return 0;
}

int cli_parse_sizes(const char *s, size_t *out, size_t cap, size_t *n, char *err, size_t errlen)
{
	const char *p = s;
	*n = 0;
	while (1) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p), v;
		if (parse_size(p, len, &v) != 0) {
			snprintf(err, errlen, "bad message size '%.*s' in '%s' (use bytes with an optional K or M suffix, up to 1G, e.g. 16,1K,16K,1M)",
				 (int)len, p, s);
			return -1;
		}
		if (*n == cap) {
			snprintf(err, errlen, "too many message sizes in '%s' (at most %zu)", s, cap);
			return -1;
		}
		for (size_t k = 0; k < *n; k++)
			if (out[k] == v) {
				snprintf(err, errlen, "message size %zu bytes is given twice in '%s'", v, s);
				return -1;
			}
		out[(*n)++] = v;
		if (!e)
			return 0;
		p = e + 1;
	}
}

int cli_parse_threads(const char *s, unsigned *out, size_t cap, size_t *n, char *err, size_t errlen)
{
	const char *p = s;
	*n = 0;
	while (1) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (end == p || errno || v < 1 || v > 1024 || (*end && *end != ',')) {
			snprintf(err, errlen, "bad thread count in '%s' (use a list of numbers from 1 to 1024, e.g. 1,2,4)", s);
			return -1;
		}
		if (*n == cap) {
			snprintf(err, errlen, "too many thread counts in '%s' (at most %zu)", s, cap);
			return -1;
		}
		for (size_t k = 0; k < *n; k++)
			if (out[k] == (unsigned)v) {
				snprintf(err, errlen, "thread count %ld is given twice in '%s'", v, s);
				return -1;
			}
		out[(*n)++] = (unsigned)v;
		if (!*end)
			return 0;
		p = end + 1;
	}
}

int cli_parse_cpus(const char *s, cpu_set_t *set, char *err, size_t errlen)
{
	const char *p = s;
	CPU_ZERO(set);
	while (1) {
		char *end;
		long a, b;
		if (!isdigit((unsigned char)*p))
			goto bad;
		errno = 0;
		a = strtol(p, &end, 10);
		if (errno || a >= CPU_SETSIZE)
			goto bad;
		b = a;
		if (*end == '-') {
			const char *q = end + 1;
			if (!isdigit((unsigned char)*q))
				goto bad;
			b = strtol(q, &end, 10);
			if (errno || b < a || b >= CPU_SETSIZE)
				goto bad;
		}
		for (long c = a; c <= b; c++)
			CPU_SET((int)c, set);
		if (!*end)
			return 0;
		if (*end != ',')
			goto bad;
		p = end + 1;
	}
bad:
	snprintf(err, errlen, "bad CPU list '%s' (use e.g. 0-3,6 as taskset -c does; CPUs below %d)", s, CPU_SETSIZE);
	return -1;
}

/* "0-1,4" for the CPUs in set, cut short (with "...") when cap is too small. */
static void format_cpus(const cpu_set_t *set, char *buf, size_t cap)
{
	size_t len = 0;
	buf[0] = 0;
	for (int c = 0; c < CPU_SETSIZE; c++) {
		int e = c;
		if (!CPU_ISSET(c, set))
			continue;
		while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, set))
			e++;
		int w = e > c ? snprintf(buf + len, cap - len, "%s%d-%d", len ? "," : "", c, e)
			      : snprintf(buf + len, cap - len, "%s%d", len ? "," : "", c);
		if (w < 0 || (size_t)w >= cap - len) {
			snprintf(buf + (cap > 4 ? cap - 4 : 0), cap > 4 ? 4 : cap, "...");
			return;
		}
		len += (size_t)w;
		c = e;
	}
}

int cli_apply_pin(const char *s, char *err, size_t errlen)
{
	cpu_set_t set, allowed;
	char have[128];
	if (cli_parse_cpus(s, &set, err, errlen) != 0)
		return -1;
	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) {
		snprintf(err, errlen, "cannot pin to CPUs '%s': %s", s, strerror(errno));
		return -1;
	}
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set) && !CPU_ISSET(c, &allowed)) {
			format_cpus(&allowed, have, sizeof(have));
			snprintf(err, errlen, "cannot pin to CPUs '%s': CPU %d is not available (this process may use %s)", s,
				 c, have);
			return -1;
		}
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		snprintf(err, errlen, "cannot pin to CPUs '%s': %s", s, strerror(errno));
		return -1;
	}
	return 0;
}

void cli_format_size(size_t n, char *buf, size_t cap)
{
	if (n >= 1024 * 1024 && n % (1024 * 1024) == 0)
		snprintf(buf, cap, "%zu MiB", n / (1024 * 1024));
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, cap, "%zu KiB", n / 1024);
	else
		snprintf(buf, cap, "%zu B", n);
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
