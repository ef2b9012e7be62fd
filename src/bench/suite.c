#include "bench/suite.h"

#include <stdlib.h>
#include <string.h>

static int is_sep(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int cb_suite_split(char *text, char ***words_out, size_t *n)
{
	char **words, *p = text;
	/* At most one word per byte and a half ("" is a word of three bytes with its separator). */
	size_t cap = strlen(text) / 2 + 2, k = 0;

	*words_out = NULL;
	*n = 0;
	words = malloc(cap * sizeof(*words));
	if (!words)
		return CB_ERR_NOMEM;
	while (*p) {
		char *w;
		if (*p == '#') {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		if (is_sep(*p)) {
			*p++ = 0;
			continue;
		}
		/* A word: up to a separator or '#', with "..." holding both literally. */
		words[k++] = w = p;
		while (*p && !is_sep(*p) && *p != '#') {
			if (*p != '"') {
				*w++ = *p++;
				continue;
			}
			for (p++; *p && *p != '"' && *p != '\n'; p++)
				*w++ = *p;
			if (*p != '"') {
				free(words);
				return CB_ERR_FORMAT;
			}
			p++;
		}
		if (*p == '#') {
			/* a comment glued to a word: end the word here */
			for (char *q = p; *q && *q != '\n'; q++)
				*q = ' ';
		}
		/* The word ends where its text was compacted to; the rest is blanked. */
		for (char *q = w; q < p; q++)
			*q = 0;
	}
	*words_out = words;
	*n = k;
	return CB_OK;
}
