#include <math.h>
#include "testutil.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

unsigned long tu_passed, tu_failed;
static int tu_skipped;
static char tu_context[256];

void tu_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tu_context, sizeof(tu_context), fmt, ap);
	va_end(ap);
}

void tu_check(int ok, const char *expr, const char *file, int line)
{
	if (ok) {
		tu_passed++;
		return;
	}
	tu_failed++;
	if (tu_failed <= 50)
		fprintf(stderr, "FAIL %s:%d: %s%s%s\n", file, line, expr, tu_context[0] ? " -- " : "", tu_context);
}

int tu_check_mem(const void *a, const void *b, size_t n, const char *what, const char *file, int line)
{
	const uint8_t *x = a, *y = b;
	size_t i;
	for (i = 0; i < n && x[i] == y[i]; i++)
		;
	tu_check(i == n, what, file, line);
	if (i != n && tu_failed <= 50)
		fprintf(stderr, "    first difference at byte %zu of %zu: %02x != %02x\n", i, n, x[i], y[i]);
	return i == n;
}

void tu_skip(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "SKIP: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	tu_skipped = 1;
}

int tu_finish(void)
{
	if (tu_failed == 0 && tu_passed == 0 && tu_skipped) {
		printf("0 passed, 0 failed, 1 skipped\n");
		return 77;
	}
	printf("%lu passed, %lu failed%s\n", tu_passed, tu_failed, tu_skipped ? " (some vectors skipped)" : "");
	return tu_failed ? 1 : 0;
}

const char *tu_vectors_dir(void)
{
	const char *env = getenv("CRYPTOBENCH_VECTORS");
	if (env && *env)
		return env;
#ifdef CB_DEFAULT_VECTORS
	return CB_DEFAULT_VECTORS;
#else
	return "../shared/vectors";
#endif
}

json_t *tu_load_json(const char *relpath)
{
	char path[4096];
	struct stat st;
	json_error_t err;
	json_t *j;

	snprintf(path, sizeof(path), "%s/%s", tu_vectors_dir(), relpath);
	if (stat(path, &st) != 0) {
		tu_skip("vectors not found: '%s' (set CRYPTOBENCH_VECTORS or run scripts/fetch-vectors.sh)", path);
		return NULL;
	}
	j = json_load_file(path, 0, &err);
	if (!j) {
		tu_check(0, "vector file parses as JSON", path, err.line);
		fprintf(stderr, "    %s\n", err.text);
	}
	return j;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

long tu_unhex_buf(const char *hex, uint8_t *out, size_t cap)
{
	size_t n = strlen(hex);
	if (n % 2 || n / 2 > cap)
		return -1;
	for (size_t i = 0; i < n / 2; i++) {
		int hi = hexval((unsigned char)hex[2 * i]), lo = hexval((unsigned char)hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return (long)(n / 2);
}

int tu_unhex(const char *hex, uint8_t **out, size_t *len)
{
	size_t n = strlen(hex) / 2;
	uint8_t *p = malloc(n ? n : 1);
	long r;
	if (!p)
		return -1;
	r = tu_unhex_buf(hex, p, n);
	if (r < 0) {
		free(p);
		return -1;
	}
	*out = p;
	*len = (size_t)r;
	return 0;
}

int tu_json_hex(const json_t *obj, const char *key, uint8_t **out, size_t *len)
{
	const json_t *v = json_object_get(obj, key);
	if (!json_is_string(v))
		return -1;
	return tu_unhex(json_string_value(v), out, len);
}

const char *tu_json_str(const json_t *obj, const char *key)
{
	const json_t *v = json_object_get(obj, key);
	return json_is_string(v) ? json_string_value(v) : "";
}

int tu_has_flag(const json_t *test, const char *flag)
{
	const json_t *flags = json_object_get(test, "flags");
	size_t i;
	const json_t *f;
	json_array_foreach(flags, i, f)
	{
		if (json_is_string(f) && strcmp(json_string_value(f), flag) == 0)
			return 1;
	}
	return 0;
}

void tu_fill(uint8_t *buf, size_t n, uint64_t seed)
{
	uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (uint8_t)(x >> 24);
	}
}

double tu_uniform(uint64_t *state)
{
	uint64_t x = *state ? *state : 0x9e3779b97f4a7c15u;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return ((double)(x >> 11) + 0.5) / 9007199254740992.0;
}

double tu_normal(uint64_t *state)
{
	double u = tu_uniform(state), v = tu_uniform(state);
	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}
