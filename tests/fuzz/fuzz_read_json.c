/*
 * libFuzzer target: the JSON results reader (cb_run_parse_json), and the
 * writers fed with what it accepts (a results file is outside input to
 * report, compare and plan).  A run that reads must write in every format;
 * its JSON must read back and write again to the same bytes.  A syntax
 * error must come with its line and column.
 */
#include <stdio.h>

#include "cryptobench/report.h"
#include "fuzz_util.h"

/* The run in format f, in memory (malloc'd); NULL when writing failed. */
static char *write_mem(cb_format f, const cb_run *run, size_t *len, int *err)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);

	FUZZ_ASSERT(m);
	*err = cb_report_write(m, f, run);
	if (f == CB_FORMAT_TABLE && *err == 0)
		*err = cb_report_write_noise(m, run);
	FUZZ_ASSERT(fclose(m) == 0);
	if (*err) {
		free(buf);
		return NULL;
	}
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cb_read_error e;
	cb_run run, back;
	char *json, *again;
	size_t len, len2;
	int r, err;

	r = cb_run_parse_json((const char *)data, size, &run, &e);
	FUZZ_ASSERT(r == CB_OK || r == CB_ERR_FORMAT || r == CB_ERR_NOMEM);
	if (r) {
		FUZZ_ASSERT(run.nresults == 0 && e.text[0] != 0);
		return 0;
	}
	for (int f = 0; f < CB_FORMAT_COUNT; f++) {
		char *out = write_mem((cb_format)f, &run, &len, &err);

		FUZZ_ASSERT(err == 0 && out);
		/* chart coordinates are numbers (names are escaped: a quote cannot follow them) */
		if (f == CB_FORMAT_HTML)
			FUZZ_ASSERT(!strstr(out, "nan\"") && !strstr(out, "inf\""));
		free(out);
	}
	json = write_mem(CB_FORMAT_JSON, &run, &len, &err);
	FUZZ_ASSERT(json);
	FUZZ_ASSERT(cb_run_parse_json(json, len, &back, &e) == CB_OK);
	again = write_mem(CB_FORMAT_JSON, &back, &len2, &err);
	FUZZ_ASSERT(again && len2 == len && memcmp(json, again, len) == 0);
	free(json);
	free(again);
	cb_run_free(&back);
	cb_run_free(&run);
	return 0;
}
