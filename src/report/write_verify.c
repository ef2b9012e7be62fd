/* verify --vectors' document (report.h): the matrix of vector sets by backend, as a table or JSON. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cryptobench/registry.h"
#include "report_int.h"

static const char *state_name(const cb_vec_row *r)
{
	static const char *const names[] = {"pass", "FAIL", "n/a", "missing", "checksum"};
	return names[r->state];
}

static void cell(const cb_vec_row *r, char *buf, size_t len)
{
	switch (r->state) {
	case CB_VEC_PASS:
		if (r->n.known)
			snprintf(buf, len, "%lu +%lu known", r->n.passed, r->n.known);
		else
			snprintf(buf, len, "%lu", r->n.passed);
		break;
	case CB_VEC_FAIL: snprintf(buf, len, "FAIL %lu/%lu", r->n.failed, r->n.passed + r->n.failed); break;
	case CB_VEC_BADSUM: snprintf(buf, len, "FAIL sum"); break;
	case CB_VEC_MISSING: snprintf(buf, len, "missing"); break;
	default: snprintf(buf, len, "n/a"); break;
	}
}

/* The file's name, or for ACVP's internalProjection.json its folder's ("ML-KEM-keyGen-FIPS203"). */
static const char *base_name(const char *file)
{
	static char buf[128];
	const char *s = strrchr(file, '/');

	if (s && (!strcmp(s + 1, "internalProjection.json") || !strcmp(s + 1, "prompt.json"))) {
		const char *p = s;
		while (p > file && p[-1] != '/')
			p--;
		snprintf(buf, sizeof(buf), "%.*s", (int)(s - p), p);
		return buf;
	}
	return s ? s + 1 : file;
}

static void print_table(FILE *f, const char *dir, const cb_vec_row *rows, size_t nrows)
{
	const char *backs[64];
	size_t nb = 0, wrow = 9;
	char c[64], label[160];

	for (size_t i = 0; i < nrows; i++) {
		size_t j;
		for (j = 0; j < nb && strcmp(backs[j], rows[i].alg->backend); j++)
			;
		if (j == nb && nb < 64)
			backs[nb++] = rows[i].alg->backend;
		snprintf(label, sizeof(label), "%s %s", rows[i].set->alg, base_name(rows[i].set->file));
		if (strlen(label) > wrow)
			wrow = strlen(label);
	}
	fprintf(f, "vectors: %s\n\n%-*s", dir, (int)wrow, "algorithm / vector file");
	for (size_t j = 0; j < nb; j++)
		fprintf(f, "  %14s", backs[j]);
	fprintf(f, "\n");
	for (size_t i = 0; i < nrows; i++) {
		size_t k;
		if (i && rows[i].set == rows[i - 1].set)
			continue;
		snprintf(label, sizeof(label), "%s %s", rows[i].set->alg, base_name(rows[i].set->file));
		fprintf(f, "%-*s", (int)wrow, label);
		for (size_t j = 0; j < nb; j++) {
			c[0] = '-', c[1] = 0;
			for (k = i; k < nrows && rows[k].set == rows[i].set; k++)
				if (!strcmp(rows[k].alg->backend, backs[j]))
					cell(&rows[k], c, sizeof(c));
			fprintf(f, "  %14s", c);
		}
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
	for (size_t i = 0; i < nrows; i++) {
		const cb_vec_row *r = &rows[i];
		const char *file = base_name(r->set->file);
		if (r->state == CB_VEC_FAIL)
			fprintf(f, "FAIL  %s/%s %s: %lu unexpected, first: %s\n", r->alg->name, r->alg->backend, file, r->n.failed,
			       r->n.first_failure);
		else if (r->state == CB_VEC_BADSUM || r->state == CB_VEC_MISSING || r->state == CB_VEC_NA)
			fprintf(f, "%-8s %s/%s %s: %s\n", state_name(r), r->alg->name, r->alg->backend, file, r->err);
		if (r->n.known)
			fprintf(f, "known %s/%s %s: %lu (%s)\n", r->alg->name, r->alg->backend, file, r->n.known, r->n.known_reason);
	}
}

static int print_json(FILE *f, const char *dir, const cb_vec_row *rows, size_t nrows, const size_t counts[5])
{
	json_t *root = json_object(), *arr = json_array(), *sum = json_object();
	int rc;

	for (size_t i = 0; i < nrows; i++) {
		const cb_vec_row *r = &rows[i];
		json_t *o = json_object();
		json_object_set_new(o, "algorithm", json_string(r->alg->name));
		json_object_set_new(o, "backend", json_string(r->alg->backend));
		json_object_set_new(o, "implementation", json_string(cb_alg_implementation(r->alg)));
		json_object_set_new(o, "source", json_string(r->set->source));
		json_object_set_new(o, "file", json_string(r->set->file));
		json_object_set_new(o, "status", json_string(state_name(r)));
		json_object_set_new(o, "passed", json_integer((json_int_t)r->n.passed));
		json_object_set_new(o, "failed", json_integer((json_int_t)r->n.failed));
		json_object_set_new(o, "skipped", json_integer((json_int_t)r->n.skipped));
		json_object_set_new(o, "known", json_integer((json_int_t)r->n.known));
		if (r->n.skip_reason[0])
			json_object_set_new(o, "skip_reason", json_string(r->n.skip_reason));
		if (r->n.known_reason[0])
			json_object_set_new(o, "known_reason", json_string(r->n.known_reason));
		if (r->n.first_failure[0])
			json_object_set_new(o, "first_failure", json_string(r->n.first_failure));
		if (r->err[0])
			json_object_set_new(o, "error", json_string(r->err));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "vectors_dir", json_string(dir));
	json_object_set_new(root, "results", arr);
	json_object_set_new(sum, "pass", json_integer((json_int_t)counts[CB_VEC_PASS]));
	json_object_set_new(sum, "fail", json_integer((json_int_t)(counts[CB_VEC_FAIL] + counts[CB_VEC_BADSUM])));
	json_object_set_new(sum, "not_applicable", json_integer((json_int_t)counts[CB_VEC_NA]));
	json_object_set_new(sum, "missing", json_integer((json_int_t)counts[CB_VEC_MISSING]));
	json_object_set_new(root, "summary", sum);
	rc = json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(root);
	return rc;
}

int cb_report_vectors(FILE *f, cb_format fmt, const char *dir, const cb_vec_row *rows, size_t n)
{
	size_t counts[5] = {0};

	for (size_t i = 0; i < n; i++)
		if (rows[i].state >= 0 && rows[i].state < 5)
			counts[rows[i].state]++;
	if (fmt == CB_FORMAT_JSON)
		return print_json(f, dir, rows, n, counts) == 0 ? 0 : CB_ERR_NOMEM;
	if (fmt != CB_FORMAT_TABLE)
		return CB_ERR_ARG;
	print_table(f, dir, rows, n);
	fprintf(f, "vector sets: %zu passed, %zu FAILED, %zu not applicable, %zu missing (over %zu algorithm x "
		"backend pairs)\n",
		counts[CB_VEC_PASS], counts[CB_VEC_FAIL] + counts[CB_VEC_BADSUM], counts[CB_VEC_NA], counts[CB_VEC_MISSING], n);
	return ferror(f) ? CB_ERR_IO : 0;
}
