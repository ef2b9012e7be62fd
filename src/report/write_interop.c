/*
 * interop's document (report.h): each producer x consumer matrix as a
 * table or as JSON, written as the matrices are made.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptobench/registry.h"
#include "report_int.h"

/* s as a JSON string (jansson's escaping). */
static void json_str(FILE *f, const char *s)
{
	json_t *j = json_string(s);
	char *t = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
	if (t)
		fputs(t, f);
	else
		fputs("null", f);
	free(t);
	json_decref(j);
}

/*
 * The known incompatibilities the matrix's cells name, in the order of
 * their list (one array, so by address): the first after k (NULL: the first).
 */
static const cb_interop_known *next_known(const cb_interop_matrix *m, const cb_interop_known *k)
{
	const cb_interop_known *best = NULL;
	for (size_t p = 0; p < m->n; p++)
		for (size_t c = 0; c < m->n; c++) {
			const cb_interop_known *w = m->cell[p][c].known ? m->cell[p][c].which : NULL;
			if (w && (!k || w > k) && (!best || w < best))
				best = w;
		}
	return best;
}

static void print_table(FILE *f, const cb_interop_matrix *m, const cb_alg_info *const *left, size_t nleft, size_t count)
{
	size_t w0 = strlen("producer \\ consumer"), wc[CB_INTEROP_MAX_IMPLS];

	const char *id = m->sm2_id;

	if (id)
		fprintf(f, "%s (ID %s)", m->alg, id);
	else
		fprintf(f, "%s%s", m->alg, m->variants > 1 ? " (default ID)" : "");
	fprintf(f, ": %s, producer (row) x consumer (column), ok/total over %zu sample%s\n", m->crosses, count,
	       count == 1 ? "" : "s");
	for (size_t i = 0; i < m->n; i++) {
		char cell[64];
		if (strlen(m->impl[i]->backend) > w0)
			w0 = strlen(m->impl[i]->backend);
		snprintf(cell, sizeof(cell), "%zu/%zu*", count, count);
		wc[i] = strlen(m->impl[i]->backend) > strlen(cell) ? strlen(m->impl[i]->backend) : strlen(cell);
	}
	fprintf(f, "  %-*s", (int)w0, "producer \\ consumer");
	for (size_t c = 0; c < m->n; c++)
		fprintf(f, "  %-*s", (int)wc[c], m->impl[c]->backend);
	fputc('\n', f);
	for (size_t p = 0; p < m->n; p++) {
		fprintf(f, "  %-*s", (int)w0, m->impl[p]->backend);
		for (size_t c = 0; c < m->n; c++) {
			const cb_interop_cell *x = &m->cell[p][c];
			char cell[64];
			snprintf(cell, sizeof(cell), "%zu/%zu%s", x->ok, x->total,
				 x->unexpected ? "!" : x->known ? "*" : "");
			fprintf(f, "  %-*s", (int)wc[c], cell);
		}
		fputc('\n', f);
	}
	if (m->n == 1)
		fprintf(f, "  one implementation here (%s): nothing to cross, a round trip only\n", m->impl[0]->backend);
	/* Each known incompatibility once, with the cells it explains and one example. */
	for (const cb_interop_known *k = next_known(m, NULL); k; k = next_known(m, k)) {
		const char *example = NULL;
		for (size_t p = 0; p < m->n; p++)
			for (size_t c = 0; c < m->n; c++) {
				const cb_interop_cell *x = &m->cell[p][c];
				if (!x->known || x->which != k)
					continue;
				if (!example) {
					fprintf(f, "  * known: %s\n    ", k->what);
					example = x->known_example;
				} else {
					fprintf(f, ", ");
				}
				fprintf(f, "%s -> %s %zu of %zu", m->impl[p]->backend, m->impl[c]->backend, x->known,
				       x->total);
			}
		if (example)
			fprintf(f, "\n    e.g. %s\n", example);
	}
	for (size_t p = 0; p < m->n; p++)
		for (size_t c = 0; c < m->n; c++) {
			const cb_interop_cell *x = &m->cell[p][c];
			if (x->unexpected)
				fprintf(f, "  ! %s -> %s: %zu of %zu failed: %s\n", m->impl[p]->backend, m->impl[c]->backend,
				       x->unexpected, x->total, x->detail);
		}
	for (size_t i = 0; i < nleft; i++)
		fprintf(f, "  left out: %s (%s)\n", left[i]->backend, cb_alg_unavailable(left[i]));
	fputc('\n', f);
}

static void print_json(FILE *f, const cb_interop_matrix *m, const cb_alg_info *const *left, size_t nleft, int first)
{
	fprintf(f, "%s\n    {\"algorithm\": ", first ? "" : ",");
	json_str(f, m->alg);
	fprintf(f, ", \"sm2_id\": ");
	if (m->sm2_id)
		json_str(f, m->sm2_id);
	else if (m->variants > 1)
		json_str(f, "default");
	else
		fprintf(f, "null");
	fprintf(f, ", \"crosses\": ");
	json_str(f, m->crosses);
	fprintf(f, ", \"ok\": %zu, \"known\": %zu, \"unexpected\": %zu,\n     \"implementations\": [", m->ok, m->known,
	       m->unexpected);
	for (size_t i = 0; i < m->n; i++) {
		fprintf(f, "%s{\"backend\": ", i ? ", " : "");
		json_str(f, m->impl[i]->backend);
		fprintf(f, ", \"implementation\": ");
		json_str(f, cb_alg_implementation(m->impl[i]));
		fputc('}', f);
	}
	fprintf(f, "],\n     \"left_out\": [");
	for (size_t i = 0; i < nleft; i++) {
		fprintf(f, "%s{\"backend\": ", i ? ", " : "");
		json_str(f, left[i]->backend);
		fprintf(f, ", \"reason\": ");
		json_str(f, cb_alg_unavailable(left[i]));
		fputc('}', f);
	}
	fprintf(f, "],\n     \"cells\": [");
	for (size_t p = 0; p < m->n; p++)
		for (size_t c = 0; c < m->n; c++) {
			const cb_interop_cell *x = &m->cell[p][c];
			fprintf(f, "%s\n       {\"producer\": ", p || c ? "," : "");
			json_str(f, m->impl[p]->backend);
			fprintf(f, ", \"consumer\": ");
			json_str(f, m->impl[c]->backend);
			fprintf(f, ", \"ok\": %zu, \"total\": %zu, \"known\": %zu, \"unexpected\": %zu", x->ok, x->total,
			       x->known, x->unexpected);
			if (x->which) {
				fprintf(f, ", \"known_incompatibility\": ");
				json_str(f, x->which->what);
				fprintf(f, ", \"known_example\": ");
				json_str(f, x->known_example);
			}
			if (x->unexpected) {
				fprintf(f, ", \"detail\": ");
				json_str(f, x->detail);
			}
			fputc('}', f);
		}
	fprintf(f, "]}");
}

int cb_report_interop_begin(FILE *f, cb_format fmt, size_t count)
{
	if (fmt == CB_FORMAT_JSON)
		fprintf(f, "{\"count\": %zu, \"matrices\": [", count);
	else if (fmt != CB_FORMAT_TABLE)
		return CB_ERR_ARG;
	return ferror(f) ? CB_ERR_IO : 0;
}

int cb_report_interop_unusable(FILE *f, cb_format fmt, const char *alg, const cb_alg_info *const *left, size_t nleft)
{
	if (fmt != CB_FORMAT_TABLE)
		return 0; /* JSON: not a matrix */
	fprintf(f, "%s: no implementation usable here\n", alg);
	for (size_t i = 0; i < nleft; i++)
		fprintf(f, "  left out: %s (%s)\n", left[i]->backend, cb_alg_unavailable(left[i]));
	fputc('\n', f);
	return ferror(f) ? CB_ERR_IO : 0;
}

int cb_report_interop_matrix(FILE *f, cb_format fmt, const cb_interop_matrix *m, const cb_alg_info *const *left,
			     size_t nleft, size_t count, int first)
{
	if (fmt == CB_FORMAT_JSON)
		print_json(f, m, left, nleft, first);
	else
		print_table(f, m, left, nleft, count);
	return ferror(f) ? CB_ERR_IO : 0;
}

int cb_report_interop_end(FILE *f, cb_format fmt, int stopped, size_t nmat, size_t ok, size_t known, size_t unexpected)
{
	if (fmt == CB_FORMAT_JSON && stopped)
		fprintf(f, "]}\n");
	else if (fmt == CB_FORMAT_JSON)
		fprintf(f, "\n  ],\n \"ok\": %zu, \"known\": %zu, \"unexpected\": %zu}\n", ok, known, unexpected);
	else if (!stopped)
		fprintf(f, "interop: %zu matri%s, %zu samples agreed, %zu failed as known incompatibilities, %zu "
			"failed unexpectedly\n",
			nmat, nmat == 1 ? "x" : "ces", ok, known, unexpected);
	return ferror(f) ? CB_ERR_IO : 0;
}
