#include "bench/load.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* Read a small /proc or /sys file whole into buf (NUL-terminated); its length or -1. */
static ssize_t read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t got = 0;
	if (fd < 0)
		return -1;
	while (got + 1 < len) {
		ssize_t r = read(fd, buf + got, len - 1 - got);
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	buf[got] = 0;
	return (ssize_t)got;
}

int cb_load_parse_stat(const char *text, double hz, cb_load_mark *m)
{
	unsigned long long v[8] = {0};
	const char *p = text, *q;
	int found = 0;
	m->runnable = 0;
	while (p && *p) {
		if (!strncmp(p, "cpu ", 4) &&
		    sscanf(p + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
			   &v[6], &v[7]) >= 4)
			found = 1;
		else if (!strncmp(p, "procs_running ", 14))
			m->runnable = (unsigned)strtoul(p + 14, NULL, 10);
		q = strchr(p, '\n');
		p = q ? q + 1 : NULL;
	}
	if (!found || hz <= 0)
		return -1;
	/* user nice system idle iowait irq softirq steal: busy is all but idle, iowait and steal */
	m->busy_s = (double)(v[0] + v[1] + v[2] + v[5] + v[6]) / hz;
	m->steal_s = (double)v[7] / hz;
	return 0;
}

void cb_load_read(cb_load_mark *m)
{
	char buf[8192];
	struct timespec ts;
	struct rusage ru;
	long hz = sysconf(_SC_CLK_TCK);
	memset(m, 0, sizeof(*m));
	clock_gettime(CLOCK_MONOTONIC, &ts);
	m->wall_s = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		m->own_cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
			       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	if (read_small("/proc/stat", buf, sizeof(buf)) > 0 && cb_load_parse_stat(buf, hz > 0 ? (double)hz : 100, m) == 0)
		m->ok = 1;
}

void cb_load_between(const cb_load_mark *a, const cb_load_mark *b, double *others_cpu, double *steal_cpu)
{
	double wall = b->wall_s - a->wall_s, others;
	*others_cpu = *steal_cpu = 0;
	if (!a->ok || !b->ok || wall <= 0)
		return;
	{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	others = ((b->busy_s - a->busy_s) - (b->own_cpu_s - a->own_cpu_s)) / wall;
	/* the counters tick at 10 ms: over a short round the difference can pass the machine's size */
	if (cpus > 0 && others > (double)cpus)
		others = (double)cpus;
	*others_cpu = others > 0 ? others : 0;
	*steal_cpu = b->steal_s > a->steal_s ? (b->steal_s - a->steal_s) / wall : 0;
	}
}

double cb_load_cpu_mhz(void)
{
	char path[96], buf[64];
	double sum = 0;
	unsigned n = 0;
	for (unsigned cpu = 0; cpu < 1024; cpu++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/cpufreq/scaling_cur_freq", cpu);
		if (read_small(path, buf, sizeof(buf)) <= 0)
			break;
		sum += strtod(buf, NULL) / 1000; /* kHz */
		n++;
	}
	return n ? sum / n : 0;
}
