/* Suite files split into words (cb_suite_split). */
#include <stdlib.h>
#include <string.h>

#include "bench/suite.h"
#include "testutil.h"

static void check_split(const char *text, const char *const *want, size_t nwant)
{
	char *buf = strdup(text), **words = NULL;
	size_t n = 99;

	tu_note("suite text '%s'", text);
	CHECK(buf != NULL);
	if (!buf)
		return;
	CHECK_EQ_INT(cb_suite_split(buf, &words, &n), CB_OK);
	CHECK_EQ_INT(n, nwant);
	for (size_t i = 0; i < n && i < nwant; i++)
		CHECK(strcmp(words[i], want[i]) == 0);
	free(words);
	free(buf);
}

int main(void)
{
	static const char *const one[] = {"sha256"};
	static const char *const several[] = {"--time", "1", "sha256", "x25519"};
	static const char *const glued[] = {"sha256", "--ops", "sign"};

	check_split("", NULL, 0);
	check_split("   \n\t\r\n", NULL, 0);
	check_split("# only a comment", NULL, 0);
	check_split("sha256", one, 1);
	check_split("--time 1\n\tsha256  x25519\r\n", several, 4);
	/* a comment glued to a word ends it, and runs to the end of its line only */
	check_split("sha256#x25519 rsa\n--ops sign # more\n", glued, 3);
	check_split("#\nsha256", one, 1);
	/* the most words a text can hold: one per two bytes */
	check_split("a b c d e f", (const char *const[]){"a", "b", "c", "d", "e", "f"}, 6);
	/* quotes hold white space and '#', and are removed */
	check_split("--title \"Study A: SM2 # vs RSA\" sha256", (const char *const[]){"--title", "Study A: SM2 # vs RSA", "sha256"}, 3);
	check_split("--source=\"a b\"c d", (const char *const[]){"--source=a bc", "d"}, 2);
	check_split("\"\" x", (const char *const[]){"", "x"}, 2);
	check_split("\"\"\"\"\"\"", (const char *const[]){""}, 1);
	{
		/* a quote not closed on its line */
		char bad1[] = "--title \"Study A\nsha256\"", bad2[] = "x \"", **w = (char **)1;
		size_t n = 5;
		CHECK_EQ_INT(cb_suite_split(bad1, &w, &n), CB_ERR_FORMAT);
		CHECK(w == NULL && n == 0);
		CHECK_EQ_INT(cb_suite_split(bad2, &w, &n), CB_ERR_FORMAT);
	}
	tu_note("%s", "");
	return tu_finish();
}
