#include <errno.h>
#include <string.h>
#include <strings.h>

#include "cryptobench/fileio.h"
#include "report_int.h"

static const char *const format_names[CB_FORMAT_COUNT] = {"table", "json", "csv", "md", "html"};

int cb_format_parse(const char *name)
{
	int i;
	if (!name)
		return -1;
	for (i = 0; i < CB_FORMAT_COUNT; i++)
		if (strcmp(name, format_names[i]) == 0)
			return i;
	if (strcmp(name, "markdown") == 0)
		return CB_FORMAT_MD;
	return -1;
}

const char *cb_format_name(cb_format f)
{
	return (unsigned)f < CB_FORMAT_COUNT ? format_names[f] : NULL;
}

int cb_format_from_path(const char *path)
{
	static const struct {
		const char *ext;
		cb_format fmt;
	} exts[] = {
		{".json", CB_FORMAT_JSON}, {".csv", CB_FORMAT_CSV}, {".md", CB_FORMAT_MD},
		{".markdown", CB_FORMAT_MD}, {".txt", CB_FORMAT_TABLE}, {".html", CB_FORMAT_HTML},
		{".htm", CB_FORMAT_HTML},
	};
	const char *base, *dot;
	size_t i;
	if (!path)
		return -1;
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	/* ".json" alone is a hidden file's name, not an extension. */
	if (!dot || dot == base)
		return -1;
	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
		if (strcasecmp(dot, exts[i].ext) == 0)
			return exts[i].fmt;
	return -1;
}

int cb_report_write(FILE *f, cb_format fmt, const cb_run *run)
{
	int r;
	if (!f || !run || (run->nresults && !run->results))
		return CB_ERR_ARG;
	switch (fmt) {
	case CB_FORMAT_TABLE: r = cb_write_table(f, run); break;
	case CB_FORMAT_JSON: r = cb_write_json(f, run); break;
	case CB_FORMAT_CSV: r = cb_write_csv(f, run); break;
	case CB_FORMAT_MD: r = cb_write_md(f, run); break;
	case CB_FORMAT_HTML: r = cb_write_html(f, run); break;
	default: return CB_ERR_ARG;
	}
	if (r == 0 && (fflush(f) != 0 || ferror(f)))
		r = CB_ERR_IO;
	return r;
}

int cb_report_write_runs(FILE *f, cb_format fmt, const cb_run *runs, size_t n)
{
	int r = 0;
	if (!f || !runs || !n)
		return CB_ERR_ARG;
	if (n == 1)
		return cb_report_write(f, fmt, runs);
	for (size_t i = 0; i < n; i++)
		if (runs[i].nresults && !runs[i].results)
			return CB_ERR_ARG;
	switch (fmt) {
	case CB_FORMAT_HTML: r = cb_write_html_runs(f, runs, n); break;
	case CB_FORMAT_TABLE:
	case CB_FORMAT_MD:
		for (size_t i = 0; i < n && !r; i++) {
			if (i)
				fputs("\n", f);
			r = cb_report_write(f, fmt, &runs[i]);
		}
		break;
	default: return CB_ERR_ARG; /* JSON and CSV hold one run */
	}
	if (r == 0 && (fflush(f) != 0 || ferror(f)))
		r = CB_ERR_IO;
	return r;
}

int cb_report_write_path(const char *path, cb_format fmt, const cb_run *run)
{
	return cb_report_write_runs_path(path, fmt, run, 1);
}

int cb_report_write_runs_path(const char *path, cb_format fmt, const cb_run *runs, size_t n)
{
	cb_atomic_file af;
	int r;
	if (!path || !runs || (unsigned)fmt >= CB_FORMAT_COUNT)
		return CB_ERR_ARG;
	r = cb_atomic_open(&af, path, 0644);
	if (r)
		return r;
	r = cb_report_write_runs(af.f, fmt, runs, n);
	if (r) {
		int e = errno;
		cb_atomic_abort(&af);
		errno = e;
		return r;
	}
	return cb_atomic_commit(&af);
}

void cb_report_size(size_t n, char *buf, size_t cap)
{
	if (n >= 1024 * 1024 && n % (1024 * 1024) == 0)
		snprintf(buf, cap, "%zu MiB", n / (1024 * 1024));
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, cap, "%zu KiB", n / 1024);
	else
		snprintf(buf, cap, "%zu B", n);
}
