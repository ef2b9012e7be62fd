#include "bench/context.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cryptobench/registry.h"
#include "bench/timer.h"
#include "core/util.h"

#ifndef CB_VERSION
#define CB_VERSION "unknown"
#endif
#ifndef CB_COMPILER
#define CB_COMPILER "unknown"
#endif
#ifndef CB_CFLAGS
#define CB_CFLAGS ""
#endif
#ifndef CB_BUILD_TYPE
#define CB_BUILD_TYPE ""
#endif

/* Cut at a UTF-8 character boundary: a host name or CPU model may not be ASCII. */
static void copy(char *dst, size_t cap, const char *src)
{
	cb_utf8_copy(dst, cap, src ? src : "");
}

static void trim(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = 0;
}

/* The CPU flags that decide which code paths crypto libraries take. */
static const char *const crypto_flags[] = {"aes", "vaes", "pclmulqdq", "vpclmulqdq", "sha_ni", "avx", "avx2",
					   "avx512f", "avx512ifma", "bmi2", "adx", "gfni", "rdrand", NULL};

static void cpu_info(cb_context *ctx)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[8192];
	int got_model = 0, got_flags = 0;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f) && !(got_model && got_flags)) {
		char *colon = strchr(line, ':');
		if (!colon)
			continue;
		trim(colon + 1);
		const char *val = colon + 1 + (colon[1] == ' ');
		if (!got_model && strncmp(line, "model name", 10) == 0) {
			copy(ctx->cpu_model, sizeof(ctx->cpu_model), val);
			got_model = 1;
		} else if (!got_flags && strncmp(line, "flags", 5) == 0) {
			char padded[8200];
			size_t used = 0;
			snprintf(padded, sizeof(padded), " %s ", val);
			for (int i = 0; crypto_flags[i]; i++) {
				char needle[32];
				snprintf(needle, sizeof(needle), " %s ", crypto_flags[i]);
				if (strstr(padded, needle)) {
					int w = snprintf(ctx->cpu_flags + used, sizeof(ctx->cpu_flags) - used, "%s%s",
							 used ? " " : "", crypto_flags[i]);
					if (w > 0 && (size_t)w < sizeof(ctx->cpu_flags) - used)
						used += (size_t)w;
				}
			}
			got_flags = 1;
		}
	}
	fclose(f);
}

/*
 * 0 for a comparison backend whose sources were not built.  Its classes are
 * built or not together, so the first says it (and no other library's
 * unavailable() runs here).
 */
static int backend_built(const cb_backend *b)
{
	return !(b->classes[0] && b->classes[0][0] && cb_alg_not_built(b->classes[0][0]));
}

static void add_library(cb_context *ctx, const char *name, const char *version)
{
	/* one entry per library: mlkem-native and pq-crystals each back two backends */
	for (size_t i = 0; i < ctx->nlibraries; i++)
		if (!strcmp(ctx->libraries[i].name, name) && !strcmp(ctx->libraries[i].version, version))
			return;
	if (ctx->nlibraries >= sizeof(ctx->libraries) / sizeof(ctx->libraries[0]))
		return;
	copy(ctx->libraries[ctx->nlibraries].name, sizeof(ctx->libraries[0].name), name);
	copy(ctx->libraries[ctx->nlibraries].version, sizeof(ctx->libraries[0].version), version);
	ctx->nlibraries++;
}

void cb_context_collect(cb_context *ctx)
{
	struct utsname u;
	time_t now = time(NULL);
	struct tm tm;
	const cb_tick_info *ti = cb_tick_info_get();
	long cores = sysconf(_SC_NPROCESSORS_ONLN);

	ctx->schema_version = CB_SCHEMA_VERSION;
	copy(ctx->tool_version, sizeof(ctx->tool_version), CB_VERSION);
	if (gmtime_r(&now, &tm))
		strftime(ctx->timestamp, sizeof(ctx->timestamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (gethostname(ctx->hostname, sizeof(ctx->hostname)) != 0)
		ctx->hostname[0] = 0;
	ctx->hostname[sizeof(ctx->hostname) - 1] = 0;
	cpu_info(ctx);
	ctx->cores_online = cores > 0 ? (unsigned)cores : 0;
	copy(ctx->counter, sizeof(ctx->counter), ti->label);
	ctx->tsc_hz = ti->hz;
	if (uname(&u) == 0)
		snprintf(ctx->kernel, sizeof(ctx->kernel), "%s %s %s", u.sysname, u.release, u.machine);
	copy(ctx->compiler, sizeof(ctx->compiler), CB_COMPILER);
	copy(ctx->cflags, sizeof(ctx->cflags), CB_CFLAGS);
	trim(ctx->cflags);
	copy(ctx->build_type, sizeof(ctx->build_type), CB_BUILD_TYPE);
	ctx->timer_resolution_ns = cb_timer_resolution_ns();
	for (size_t i = 0; i < cb_backend_count(); i++)
		if (backend_built(cb_backend_get(i)))
			add_library(ctx, cb_backend_get(i)->library, cb_backend_get(i)->version());
	add_library(ctx, "jansson", JANSSON_VERSION);
}
