/*
 * libFuzzer target: the suite reader (cb_suite_split).
 * Every word must be non-empty, lie inside the text, hold no separator and
 * no '#', come in order without overlapping, and the words must be exactly
 * the text's words outside comments (checked against a plain re-reading).
 */
#include "bench/suite.h"
#include "fuzz_util.h"

static int sep(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size), *orig = fuzz_cstr(data, size), **words = NULL;
	size_t n = 0, k = 0, len;
	const char *prev_end;

	FUZZ_ASSERT(text && orig);
	len = strlen(orig);
	FUZZ_ASSERT(cb_suite_split(text, &words, &n) == CB_OK);
	prev_end = text;
	for (size_t i = 0; i < n; i++) {
		size_t wl = strlen(words[i]);

		FUZZ_ASSERT(words[i] >= prev_end && words[i] + wl <= text + len && wl > 0);
		for (size_t j = 0; j < wl; j++)
			FUZZ_ASSERT(!sep(words[i][j]) && words[i][j] != '#');
		prev_end = words[i] + wl + 1;
	}
	/* the same words, read again from the original text */
	for (size_t i = 0; i < len;) {
		if (orig[i] == '#') {
			while (i < len && orig[i] != '\n')
				i++;
			continue;
		}
		if (sep(orig[i])) {
			i++;
			continue;
		}
		size_t s = i;
		while (i < len && !sep(orig[i]) && orig[i] != '#')
			i++;
		FUZZ_ASSERT(k < n && strlen(words[k]) == i - s && memcmp(words[k], orig + s, i - s) == 0);
		k++;
	}
	FUZZ_ASSERT(k == n);
	free(words);
	free(text);
	free(orig);
	return 0;
}
