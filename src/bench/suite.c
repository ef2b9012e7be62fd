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
	/* At most one word per two bytes. */
	size_t cap = strlen(text) / 2 + 1, k = 0;

	words = malloc(cap * sizeof(*words));
	if (!words)
		return CB_ERR_NOMEM;
	while (*p) {
		if (*p == '#') {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		if (is_sep(*p)) {
			*p++ = 0;
			continue;
		}
		words[k++] = p;
		while (*p && !is_sep(*p) && *p != '#')
			p++;
		if (*p == '#') {
			/* a comment glued to a word: end the word here */
			for (char *q = p; *q && *q != '\n'; q++)
				*q = ' ';
		}
	}
	*words_out = words;
	*n = k;
	return CB_OK;
}
