/*
 * libFuzzer target: the suite reader (cb_suite_split).
 * Every word must lie inside the text and come in order without
 * overlapping, and the words must be exactly the text's words outside
 * comments, with quotes removed (checked against a plain re-reading); a
 * quote not closed on its line, and only that, is CB_ERR_FORMAT.
 */
#include "bench/suite.h"
#include "fuzz_util.h"

static int sep(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size), *orig = fuzz_cstr(data, size), **words = NULL, word[4096];
	size_t n = 0, k = 0, len;
	const char *prev_end;
	int rc, unclosed = 0;

	FUZZ_ASSERT(text && orig);
	len = strlen(orig);
	rc = cb_suite_split(text, &words, &n);
	FUZZ_ASSERT(rc == CB_OK || rc == CB_ERR_FORMAT);
	/* the words, read again from the original text: quotes hold separators and '#' */
	for (size_t i = 0; i < len && !unclosed;) {
		size_t wl = 0;
		if (orig[i] == '#') {
			while (i < len && orig[i] != '\n')
				i++;
			continue;
		}
		if (sep(orig[i])) {
			i++;
			continue;
		}
		while (i < len && !sep(orig[i]) && orig[i] != '#') {
			if (orig[i] != '"') {
				word[wl++ % sizeof(word)] = orig[i++];
				continue;
			}
			for (i++; i < len && orig[i] != '"' && orig[i] != '\n'; i++)
				word[wl++ % sizeof(word)] = orig[i];
			if (i >= len || orig[i] != '"') {
				unclosed = 1;
				break;
			}
			i++;
		}
		if (unclosed)
			break;
		if (rc == CB_OK) {
			FUZZ_ASSERT(k < n && strlen(words[k]) == wl);
			FUZZ_ASSERT(wl > sizeof(word) || memcmp(words[k], word, wl) == 0);
		}
		k++;
	}
	FUZZ_ASSERT((rc == CB_ERR_FORMAT) == unclosed);
	if (rc == CB_OK) {
		FUZZ_ASSERT(k == n);
		/* every word lies inside the text, in order, without overlapping */
		prev_end = text;
		for (size_t i = 0; i < n; i++) {
			size_t wl = strlen(words[i]);
			FUZZ_ASSERT(words[i] >= prev_end && words[i] + wl <= text + len);
			prev_end = words[i] + wl + 1;
		}
	} else {
		FUZZ_ASSERT(words == NULL);
	}
	free(words);
	free(text);
	free(orig);
	return 0;
}
