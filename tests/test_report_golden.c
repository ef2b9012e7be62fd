/*
 * Every writer against its golden file: a fixed run rendered in memory must
 * match tests/golden/run.{txt,json,csv,md,html} byte for byte.
 *
 * After an intended change to a writer or to the fixture, regenerate with
 *     CB_UPDATE_GOLDEN=1 ctest -R test_report_golden
 * (CB_SOURCE_DIR is set by ctest) and read the diff before committing it.
 */
#include <stdlib.h>
#include <string.h>

#include "cryptobench/fileio.h"
#include "cryptobench/report.h"
#include "test_report_fixture.h"
#include "testutil.h"

static void check_format(const cb_run *run, cb_format fmt, const char *ext, int update)
{
	const char *src = getenv("CB_SOURCE_DIR");
	char path[4096];
	char *out = NULL;
	size_t outlen = 0;
	uint8_t *want = NULL;
	size_t wantlen = 0;
	FILE *f;
	int r;

	tu_note("format %s", ext);
	snprintf(path, sizeof(path), "%s/tests/golden/run.%s", src, ext);
	f = open_memstream(&out, &outlen);
	CHECK(f != NULL);
	if (!f)
		return;
	r = cb_report_write(f, fmt, run);
	CHECK_EQ_INT(r, 0);
	CHECK(fclose(f) == 0);
	if (update) {
		CHECK_EQ_INT(cb_write_file_atomic(path, out, outlen, 0644), 0);
		free(out);
		return;
	}
	r = cb_read_file(path, &want, &wantlen, 1 << 20);
	CHECK_EQ_INT(r, 0);
	if (r == 0) {
		CHECK_EQ_INT(outlen, wantlen);
		CHECK_MEM(out, want, outlen < wantlen ? outlen : wantlen);
		if (outlen != wantlen || memcmp(out, want, outlen) != 0)
			fprintf(stderr, "    %s differs; got:\n%s\n", path, out);
	}
	free(want);
	free(out);
}

int main(void)
{
	const char *src = getenv("CB_SOURCE_DIR");
	const char *upd = getenv("CB_UPDATE_GOLDEN");
	int update = upd && strcmp(upd, "1") == 0;
	cb_run run;

	if (!src || !*src) {
		tu_skip("CB_SOURCE_DIR is not set (run under ctest)");
		return tu_finish();
	}
	CHECK(fx_build(&run) == 0);
	check_format(&run, CB_FORMAT_TABLE, "txt", update);
	check_format(&run, CB_FORMAT_JSON, "json", update);
	check_format(&run, CB_FORMAT_CSV, "csv", update);
	check_format(&run, CB_FORMAT_MD, "md", update);
	check_format(&run, CB_FORMAT_HTML, "html", update);
	cb_run_free(&run);
	return tu_finish();
}
