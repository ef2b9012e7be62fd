#include "cli/cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The message is formatted first and written with its terminal control
 * characters escaped (\n, \t, \e, \xNN): names and paths come from the
 * user or from a results file, and one must not move the cursor, clear the
 * screen or split the error over several lines.
 */
__attribute__((format(printf, 2, 0))) static void vmsg(const char *prefix, const char *fmt, va_list ap)
{
	char small[1024], *buf = small;
	va_list copy;
	int n;

	va_copy(copy, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n >= (int)sizeof(small) && (buf = malloc((size_t)n + 1)) != NULL)
		vsnprintf(buf, (size_t)n + 1, fmt, copy);
	else if (n >= (int)sizeof(small))
		buf = small; /* out of memory: the message cut short */
	va_end(copy);
	if (n < 0)
		small[0] = 0;
	fflush(stdout);
	fprintf(stderr, "%s: ", prefix);
	for (const unsigned char *p = (const unsigned char *)buf; *p; p++) {
		if (*p >= 0x20 && *p != 0x7f)
			fputc(*p, stderr);
		else if (*p == '\n')
			fputs("\\n", stderr);
		else if (*p == '\t')
			fputs("\\t", stderr);
		else if (*p == '\r')
			fputs("\\r", stderr);
		else if (*p == 0x1b)
			fputs("\\e", stderr);
		else
			fprintf(stderr, "\\x%02x", *p);
	}
	fputc('\n', stderr);
	if (buf != small)
		free(buf);
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg("error", fmt, ap);
	va_end(ap);
}

void cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmsg("warning", fmt, ap);
	va_end(ap);
}

const char *cli_strerror(int err)
{
	static char msg[256];

	if (err == EFBIG) /* SIGXFSZ is ignored (main.c): the limit shows as this error */
		return "file too large (the file size limit, ulimit -f, or the file system's largest file)";
	snprintf(msg, sizeof(msg), "%s", strerror(err));
	msg[0] = (char)tolower((unsigned char)msg[0]);
	return msg;
}
