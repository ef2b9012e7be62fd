/* Internal to src/bench's request, selector and plan code. */
#ifndef CB_BENCH_INT_H
#define CB_BENCH_INT_H

#include <sched.h>
#include <stddef.h>

/* snprintf into the caller's error buffer (err may be NULL). */
void cb_say(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* "0-3,6" -> *set (CPUs below CPU_SETSIZE).  0, or CB_ERR_ARG with err. */
int cb_parse_cpus(const char *s, cpu_set_t *set, char *err, size_t errlen);

/*
 * "0-3,6" -> a CPU set applied to the whole process (like taskset).  A CPU
 * this process may not run on (beyond the machine's, or outside its
 * current affinity) is refused.  0, or CB_ERR_ARG with err.
 */
int cb_apply_pin(const char *s, char *err, size_t errlen);

#endif
