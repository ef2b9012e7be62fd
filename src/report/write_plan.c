/*
 * plan's documents (report.h, docs/PLAN.md): cores for a rate per case,
 * and the handshake plan as a table, Markdown or JSON.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/handshake.h"
#include "report_int.h"

/* One case of the plan: algorithm, backend, operation and size alike. */
static int by_case(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	int c = strcmp(a->algorithm, b->algorithm);
	if (!c)
		c = strcmp(a->backend, b->backend);
	if (!c)
		c = strcmp(a->operation, b->operation);
	if (!c)
		c = (a->message_bytes > b->message_bytes) - (a->message_bytes < b->message_bytes);
	return c;
}

/* The plan's cases in order, each case's entries in the run's order (qsort is not stable). */
static int by_case_then_place(const void *pa, const void *pb)
{
	const cb_result *a = *(const cb_result *const *)pa, *b = *(const cb_result *const *)pb;
	int c = by_case(pa, pb);
	return c ? c : (a > b) - (a < b);
}

/* The backends a row's steps ran on, once each: "openssl" or "openssl,builtin". */
static void row_backends(const cb_hs_row *r, char *buf, size_t len)
{
	buf[0] = 0;
	for (size_t i = 0; i < r->nsteps; i++)
		if (!cb_in_list(buf, r->steps[i].backend) && strlen(buf) + strlen(r->steps[i].backend) + 2 < len) {
			strcat(buf, buf[0] ? "," : "");
			strcat(buf, r->steps[i].backend);
		}
}

static void fmt_cores(double cores, char *buf, size_t len)
{
	/* a rate too low for this machine's arithmetic (a hand-made file): said, not "inf" */
	if (isfinite(cores) && cores < 1e15)
		snprintf(buf, len, "%.0f", cores);
	else
		snprintf(buf, len, "> 1e15");
}

static void fmt_wire(long n, char *buf, size_t len)
{
	if (n < 0)
		snprintf(buf, len, "not recorded");
	else
		snprintf(buf, len, "%ld", n);
}

static void fmt_against(const cb_hs_row *r, char *buf, size_t len)
{
	if (r->against)
		snprintf(buf, len, "%.2fx %s", r->server_ratio, r->against);
	else
		snprintf(buf, len, "-");
}

/* One sentence per combination set against another: what the move costs. */
static void hs_moves(FILE *f, const cb_hs_row *rows, size_t n, double rate, const char *bullet)
{
	for (size_t i = 0; i < n; i++) {
		const cb_hs_row *r = &rows[i], *b = NULL;
		char c1[32], c0[32];
		for (size_t k = 0; k < n && r->against; k++)
			if (!strcmp(rows[k].combo->name, r->against))
				b = &rows[k];
		if (!b)
			continue;
		fmt_cores(r->cores, c1, sizeof(c1));
		fmt_cores(b->cores, c0, sizeof(c0));
		fprintf(f, "%s%s -> %s: %.2fx the server cores (%s against %s for %.0f handshakes/s), %.2fx the client time",
			bullet, b->combo->name, r->combo->name, r->server_ratio, c1, c0, rate, r->client_ratio);
		if (r->wire >= 0 && b->wire >= 0)
			fprintf(f, ", %+ld bytes on the wire", r->wire - b->wire);
		if (r->chain >= 0 && b->chain >= 0 && r->chain != b->chain)
			fprintf(f, " and %+ld in the certificate chain", r->chain - b->chain);
		fputs(".\n", f);
	}
}

/*
 * The combinations a TLS stack measured, beside the model: the server's
 * handshakes per second per core both ways, their ratio, and the time the
 * model leaves out (the stack's server time over the model's: the
 * certificate chain's encoding, the transcript hash, the key schedule,
 * records, allocation).
 */
static void hs_measured(FILE *f, const cb_hs_row *rows, size_t n, int md, const char *backend)
{
	static const char *const head[] = {"combination", "stack", "measured hs/s/core", "model hs/s/core",
					   "model/measured", "not in the model", "+ stack's cost", "full handshake",
					   "bytes c/s"};
	enum { NC = 9 };
	size_t w[NC] = {0}, nm = 0;
	char cell[NC][64];
	const cb_hs_row *base = NULL;
	for (size_t i = 0; i < n; i++) {
		nm += rows[i].measured;
		if (!strcmp(rows[i].combo->name, "x25519+ecdsa-p256") && rows[i].ok && rows[i].measured)
			base = &rows[i];
	}
	if (!nm)
		return;
	fprintf(f, "%s%smodel against measured: the server's side of a real TLS 1.3 handshake (run 'tls13-*'), per core\n",
		md ? "" : "\n", md ? "### " : "");
	if (md)
		fputc('\n', f);
	for (int pass = 0; pass < 2; pass++) {
		if (pass) {
			for (size_t c = 0; c < NC; c++) {
				if (md)
					fprintf(f, "| %s ", head[c]);
				else if (c < 2)
					fprintf(f, "%s%-*s", c ? "  " : "", (int)w[c], head[c]);
				else
					fprintf(f, "  %*s", (int)w[c], head[c]);
			}
			fputs(md ? "|\n" : "\n", f);
			if (md)
				fputs("| :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n", f);
		} else {
			for (size_t c = 0; c < NC; c++)
				w[c] = cb_utf8_width(head[c]);
		}
		for (size_t i = 0; i < n; i++) {
			const cb_hs_row *r = &rows[i];
			double mps = r->measured_server_ns > 0 ? 1e9 / r->measured_server_ns : 0;
			if (!r->measured)
				continue;
			snprintf(cell[0], sizeof(cell[0]), "%s", r->combo->name);
			snprintf(cell[1], sizeof(cell[1]), "%s", r->measured_backend);
			snprintf(cell[2], sizeof(cell[2]), "%.1f", mps);
			if (r->ok) {
				snprintf(cell[3], sizeof(cell[3]), "%.1f", r->per_core);
				snprintf(cell[4], sizeof(cell[4]), "%.2fx", mps > 0 ? r->per_core / mps : 0);
				if (r->measured_server_ns > r->server_ns) {
					cb_fmt_latency(r->measured_server_ns - r->server_ns, cell[5], sizeof(cell[5]));
				} else {
					snprintf(cell[5], sizeof(cell[5]), "-");
				}
			} else {
				snprintf(cell[3], sizeof(cell[3]), "-");
				snprintf(cell[4], sizeof(cell[4]), "-");
				snprintf(cell[5], sizeof(cell[5]), "-");
			}
			/* the model plus the stack's own cost, read off its classical handshake: predicted/measured */
			if (r->ok && base && !strcmp(base->measured_backend, r->measured_backend))
				snprintf(cell[6], sizeof(cell[6]), "%.2fx",
					 r->measured_server_ns /
						 (r->server_ns + base->measured_server_ns - base->server_ns));
			else
				snprintf(cell[6], sizeof(cell[6]), "-");
			if (r->measured_handshake_ns > 0)
				cb_fmt_latency(r->measured_handshake_ns, cell[7], sizeof(cell[7]));
			else
				snprintf(cell[7], sizeof(cell[7]), "-");
			if (r->measured_client_bytes >= 0 && r->measured_server_bytes >= 0)
				snprintf(cell[8], sizeof(cell[8]), "%ld/%ld", r->measured_client_bytes,
					 r->measured_server_bytes);
			else
				snprintf(cell[8], sizeof(cell[8]), "-");
			for (size_t c = 0; c < NC; c++) {
				size_t cw = cb_utf8_width(cell[c]);
				if (!pass) {
					if (cw > w[c])
						w[c] = cw;
				} else if (md) {
					fprintf(f, "| %s ", cell[c]);
				} else {
					if (c)
						fputs("  ", f);
					if (c >= 2)
						fprintf(f, "%*s", (int)(w[c] - cw), "");
					fputs(cell[c], f);
					if (c < 2)
						fprintf(f, "%*s", (int)(w[c] - cw), "");
				}
			}
			if (pass)
				fputs(md ? "|\n" : "\n", f);
		}
	}
	fprintf(f, "%smodel/measured above 1: the stack's server does more than the model's public-key operations "
		   "(\"not in the model\": the chain's encoding, the transcript hash, the key schedule, records, "
		   "allocation); the model's figure is then an upper bound of the capacity, the measured one is what a "
		   "server of that stack sustains; \"+ stack's cost\": the model with the stack's own cost added, read off "
		   "its x25519+ecdsa-p256 handshake (its measured server time less the model's), as model/measured "
		   "again\n",
		md ? "\n" : "");
	/* where the model took a step from the stack itself (its TLS class's share-cold, sign-cold) */
	for (int sign = 0; sign < 2; sign++) {
		int any = 0;
		for (size_t i = 0; i < n; i++) {
			const cb_hs_row *r = &rows[i];
			if (!r->measured || !r->ok || !(sign ? r->stack_sign : r->stack_share))
				continue;
			if (!any++)
				fprintf(f, "%sthe model's server %s is %s's own, as its handshake makes it (the TLS class's %s), "
					   "not the %s class's: ",
					md ? "- " : "", sign ? "signature" : "key share", r->measured_backend,
					sign ? "sign-cold" : "share-cold", sign ? "signature" : "key agreement");
			fprintf(f, "%s%s", any > 1 ? ", " : "", r->combo->name);
		}
		if (any)
			fputc('\n', f);
	}
	if (!backend)
		fprintf(f, "%sthe model here takes each operation from its fastest backend; --backend STACK models one "
			   "stack against its own handshakes (with its own CertificateVerify where it times one)\n",
			md ? "- " : "");
}

static void hs_table(FILE *f, const cb_hs_row *rows, size_t n, int md, double rate, const char *backend)
{
	static const char *const head[] = {"combination", "server/hs", "client/hs", "hs/s/core", "cores", "wire B",
					   "chain B", "server time against", "backends"};
	size_t w[9] = {0};
	char cell[9][96];
	for (int pass = 0; pass < 2; pass++) {
		if (pass) {
			for (size_t c = 0; c < 9; c++) {
				if (md)
					fprintf(f, "| %s ", head[c]);
				else if (c == 0 || c == 8)
					fprintf(f, "%s%-*s", c ? "  " : "", c == 8 ? 0 : (int)w[c], head[c]);
				else
					fprintf(f, "  %*s", (int)w[c], head[c]);
			}
			fputs(md ? "|\n" : "\n", f);
			if (md)
				fputs("| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :--- |\n", f);
		} else {
			for (size_t c = 0; c < 9; c++)
				w[c] = cb_utf8_width(head[c]);
		}
		for (size_t i = 0; i < n; i++) {
			const cb_hs_row *r = &rows[i];
			if (!r->ok)
				continue;
			snprintf(cell[0], sizeof(cell[0]), "%s", r->combo->name);
			cb_fmt_latency(r->server_ns, cell[1], sizeof(cell[1]));
			cb_fmt_latency(r->client_ns, cell[2], sizeof(cell[2]));
			snprintf(cell[3], sizeof(cell[3]), "%.1f", r->per_core);
			fmt_cores(r->cores, cell[4], sizeof(cell[4]));
			fmt_wire(r->wire, cell[5], sizeof(cell[5]));
			fmt_wire(r->chain, cell[6], sizeof(cell[6]));
			fmt_against(r, cell[7], sizeof(cell[7]));
			row_backends(r, cell[8], sizeof(cell[8]));
			for (size_t c = 0; c < 9; c++) {
				size_t cw = cb_utf8_width(cell[c]);
				if (!pass) {
					if (cw > w[c])
						w[c] = cw;
				} else if (md) {
					fprintf(f, "| %s ", cell[c]);
				} else {
					/* padded by display width (µs is two bytes, one column) */
					if (c)
						fputs("  ", f);
					if (c && c < 8)
						fprintf(f, "%*s", (int)(w[c] - cw), "");
					fputs(cell[c], f);
					if (c == 0)
						fprintf(f, "%*s", (int)(w[c] - cw), "");
				}
			}
			if (pass)
				fputs(md ? "|\n" : "\n", f);
		}
	}
	if (md)
		fputc('\n', f);
	hs_moves(f, rows, n, rate, md ? "- " : "");
	for (size_t i = 0; i < n; i++)
		if (!rows[i].ok)
			fprintf(f, "%sskipped %s: %s\n", md ? "- " : "", rows[i].combo->name, rows[i].why);
	hs_measured(f, rows, n, md, backend);
}

static int hs_json(FILE *f, const cb_hs_row *rows, size_t n, double rate, double headroom, const char *backend,
		   const cb_run *run)
{
	json_t *root = json_object(), *arr = json_array(), *skip = json_array();
	char *text;
	int err = !root || !arr || !skip;
	if (err) {
		json_decref(root);
		json_decref(arr);
		json_decref(skip);
		return -1;
	}
	json_object_set_new(root, "handshakes_per_sec", json_real(rate));
	json_object_set_new(root, "headroom_percent", json_real(headroom));
	json_object_set_new(root, "backend", backend ? json_string(backend) : json_null());
	json_object_set_new(root, "cpu_model", json_string(run->context.cpu_model));
	json_object_set_new(root, "cores_online", json_integer(run->context.cores_online));
	json_object_set_new(root, "combinations", arr);
	json_object_set_new(root, "skipped", skip);
	for (size_t i = 0; i < n; i++) {
		const cb_hs_row *r = &rows[i];
		json_t *o = json_object(), *steps = json_array();
		if (!o || !steps) {
			json_decref(o);
			json_decref(steps);
			err = 1;
			break;
		}
		json_object_set_new(o, "name", json_string(r->combo->name));
		json_object_set_new(o, "kex", json_string(r->combo->kex));
		json_object_set_new(o, "sig", json_string(r->combo->sig));
		if (r->measured) {
			json_t *m = json_object();
			if (!m) {
				json_decref(o);
				json_decref(steps);
				err = 1;
				break;
			}
			json_object_set_new(m, "class", json_string(r->combo->tls));
			json_object_set_new(m, "backend", json_string(r->measured_backend));
			json_object_set_new(m, "server_ns", json_real(r->measured_server_ns));
			json_object_set_new(m, "handshake_ns",
					    r->measured_handshake_ns > 0 ? json_real(r->measured_handshake_ns) : json_null());
			json_object_set_new(m, "server_handshakes_per_sec_per_core", json_real(1e9 / r->measured_server_ns));
			json_object_set_new(m, "model_over_measured",
					    r->ok ? json_real(r->measured_server_ns / r->server_ns) : json_null());
			json_object_set_new(m, "client_bytes",
					    r->measured_client_bytes >= 0 ? json_integer(r->measured_client_bytes) : json_null());
			json_object_set_new(m, "server_bytes",
					    r->measured_server_bytes >= 0 ? json_integer(r->measured_server_bytes) : json_null());
			json_object_set_new(o, "measured", m);
		}
		if (!r->ok) {
			json_decref(steps);
			json_object_set_new(o, "reason", json_string(r->why));
			err |= json_array_append_new(skip, o) != 0;
			continue;
		}
		for (size_t k = 0; k < r->nsteps; k++) {
			json_t *st = json_object();
			if (!st) {
				err = 1;
				break;
			}
			json_object_set_new(st, "side", json_string(r->steps[k].server ? "server" : "client"));
			json_object_set_new(st, "algorithm", json_string(r->steps[k].alg));
			json_object_set_new(st, "operation", json_string(r->steps[k].op));
			json_object_set_new(st, "backend", json_string(r->steps[k].backend));
			json_object_set_new(st, "threads", json_integer(r->steps[k].threads));
			json_object_set_new(st, "ns_per_op_per_core", json_real(r->steps[k].ns));
			err |= json_array_append_new(steps, st) != 0;
		}
		json_object_set_new(o, "steps", steps);
		json_object_set_new(o, "server_ns", json_real(r->server_ns));
		json_object_set_new(o, "client_ns", json_real(r->client_ns));
		json_object_set_new(o, "handshakes_per_sec_per_core", json_real(r->per_core));
		json_object_set_new(o, "cores", isfinite(r->cores) ? json_real(r->cores) : json_null());
		json_object_set_new(o, "client_share_bytes", r->client_share >= 0 ? json_integer(r->client_share) : json_null());
		json_object_set_new(o, "server_share_bytes", r->server_share >= 0 ? json_integer(r->server_share) : json_null());
		json_object_set_new(o, "signature_bytes", r->signature >= 0 ? json_integer(r->signature) : json_null());
		json_object_set_new(o, "wire_bytes", r->wire >= 0 ? json_integer(r->wire) : json_null());
		json_object_set_new(o, "chain_bytes", r->chain >= 0 ? json_integer(r->chain) : json_null());
		json_object_set_new(o, "against", r->against ? json_string(r->against) : json_null());
		json_object_set_new(o, "server_ratio", r->against ? json_real(r->server_ratio) : json_null());
		json_object_set_new(o, "client_ratio", r->against ? json_real(r->client_ratio) : json_null());
		err |= json_array_append_new(arr, o) != 0;
	}
	text = err ? NULL : json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
	json_decref(root);
	if (!text)
		return -1;
	fprintf(f, "%s\n", text);
	free(text);
	return 0;
}

int cb_report_plan_handshakes(FILE *f, cb_format format, const cb_run *run, const char *path, double rate,
			      double headroom, const char *backend, const char *against, char *err, size_t errlen)
{
	cb_hs_row *rows;
	size_t n, nok = 0;
	int r = cb_hs_plan(run, backend, against, rate, headroom, &rows, &n);
	if (r == CB_ERR_ARG) {
		size_t nc;
		const cb_hs_combo *c = cb_hs_combos(&nc);
		snprintf(err, errlen, "--against '%s' is not a combination (e.g. %s, %s; see docs/PLAN.md)", against,
			 c[0].name, c[nc - 1].name);
		return CB_ERR_ARG;
	}
	if (r)
		return r;
	for (size_t i = 0; i < n; i++)
		nok += rows[i].ok || rows[i].measured;
	if (!nok) {
		snprintf(err, errlen,
			 "no handshake combination's operations are all in '%s' (%s: %s; ...): a run needs a key "
			 "exchange's keygen and encaps,decaps or derive, and a signature's sign,verify",
			 path, rows[0].combo->name, rows[0].why);
		free(rows);
		return CB_ERR_UNSUPPORTED;
	}
	if (format == CB_FORMAT_JSON) {
		r = hs_json(f, rows, n, rate, headroom, backend, run) != 0 ? CB_ERR_NOMEM : 0;
	} else {
		fprintf(f, "%shandshakes: %.0f per second with %.0f%% headroom (%s, %u cores); figures per core, %s%s\n",
			format == CB_FORMAT_MD ? "## " : "", rate, headroom,
			run->context.cpu_model[0] ? run->context.cpu_model : "unknown CPU", run->context.cores_online,
			backend ? "every operation on " : "each operation on its fastest backend", backend ? backend : "");
		if (format == CB_FORMAT_MD)
			fputc('\n', f);
		hs_table(f, rows, n, format == CB_FORMAT_MD, rate, backend);
		r = ferror(f) ? CB_ERR_IO : 0;
	}
	free(rows);
	return r;
}

int cb_report_plan_rate(FILE *f, const cb_run *run, double rate, double headroom, const char *ops)
{
	size_t wa = 9;
	for (size_t i = 0; i < run->nresults; i++)
		if (strlen(run->results[i].algorithm) > wa)
			wa = strlen(run->results[i].algorithm);
	fprintf(f, "cores to sustain %.0f operations/s with %.0f%% headroom (%s, %u cores)\n", rate, headroom,
	       run->context.cpu_model[0] ? run->context.cpu_model : "unknown CPU", run->context.cores_online);
	fprintf(f, "%-*s  %-8s  %-8s  %-7s  %14s  %8s  %10s\n", (int)wa, "algorithm", "backend", "op", "msg", "ops/s/core",
	       "from", "cores");
	/*
	 * One line per case (algorithm, backend, operation, size), at its first
	 * entry; the entry with the most threads represents it.  Found by
	 * sorting, not by a scan per entry: a results file can be large.
	 */
	const cb_result **by = malloc((run->nresults ? run->nresults : 1) * sizeof(*by));
	const cb_result **best_of = calloc(run->nresults ? run->nresults : 1, sizeof(*best_of));
	size_t nok = 0;
	if (!by || !best_of) {
		free(by);
		free(best_of);
		return CB_ERR_NOMEM;
	}
	for (size_t i = 0; i < run->nresults; i++)
		if (run->results[i].status == CB_STATUS_OK)
			by[nok++] = &run->results[i];
	qsort(by, nok, sizeof(*by), by_case_then_place);
	for (size_t g = 0; g < nok;) {
		size_t e = g + 1;
		const cb_result *best = by[g];
		for (; e < nok && by_case(&by[g], &by[e]) == 0; e++)
			if (by[e]->threads > best->threads)
				best = by[e];
		best_of[by[g] - run->results] = best; /* by[g] is the group's first entry */
		g = e;
	}
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *x = &run->results[i], *best = best_of[i];
		if (!best || (ops && !cb_in_list(ops, x->operation)) || best->ops_per_sec <= 0)
			continue;
		double per_core = best->ops_per_sec / (best->threads ? best->threads : 1);
		double cores = ceil(rate / (per_core * (1 - headroom / 100)));
		char sz[32] = "-", from[16];
		if (x->message_bytes)
			cb_report_size(x->message_bytes, sz, sizeof(sz));
		snprintf(from, sizeof(from), "%u thr", best->threads);
		char ncores[32];
		/* a rate too low for this machine's arithmetic (a hand-made file): said, not "inf" */
		if (isfinite(cores) && cores < 1e15)
			snprintf(ncores, sizeof(ncores), "%.0f", cores);
		else
			snprintf(ncores, sizeof(ncores), "> 1e15");
		fprintf(f, "%-*s  %-8s  %-8s  %-7s  %14.1f  %8s  %10s\n", (int)wa, x->algorithm, x->backend, x->operation, sz,
		       per_core, from, ncores);
	}
	free(by);
	free(best_of);
	return ferror(f) ? CB_ERR_IO : 0;
}
