/* cb_random_bytes: fresh bytes every call, per thread, and after fork. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/util.h"
#include "testutil.h"

static uint8_t from_thread[32];

/*
 * Is there a one-page mapping that is wiped on fork ("wf") and left out of
 * core dumps ("dd") (proc(5), VmFlags)?  -1 when smaps cannot be read.
 */
static int pool_page_marked(void)
{
	char line[512];
	int one_page = 0, found = 0;
	FILE *f = fopen("/proc/self/smaps", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Size:", 5))
			one_page = strtoul(line + 5, NULL, 10) == 4;
		if (!strncmp(line, "VmFlags:", 8) && one_page && strstr(line, " wf") && strstr(line, " dd"))
			found = 1;
	}
	fclose(f);
	return found;
}

static void *draw(void *arg)
{
	(void)arg;
	if (cb_random_bytes(from_thread, sizeof(from_thread)) != 0)
		memset(from_thread, 0, sizeof(from_thread));
	return NULL;
}

int main(void)
{
	uint8_t a[32], b[32], big[10000], zero[32] = {0};
	int fd[2];
	pthread_t t;

	/* Consecutive draws differ (2^-256 chance of a false failure). */
	CHECK_EQ_INT(cb_random_bytes(a, sizeof(a)), 0);
	CHECK_EQ_INT(cb_random_bytes(b, sizeof(b)), 0);
	CHECK(memcmp(a, b, sizeof(a)) != 0);
	CHECK(memcmp(a, zero, sizeof(a)) != 0);

	/* The pool's page stays out of core dumps and forked children. */
	int marked = pool_page_marked();
	if (marked < 0)
		tu_note("no /proc/self/smaps: the pool's page flags are not checked");
	else
		CHECK_EQ_INT(marked, 1);

	/* Many small draws cross a pool refill without repeating. */
	uint8_t prev[64], cur[64];
	CHECK_EQ_INT(cb_random_bytes(prev, sizeof(prev)), 0);
	int repeats = 0;
	for (int i = 0; i < 200; i++) {
		CHECK_EQ_INT(cb_random_bytes(cur, sizeof(cur)), 0);
		repeats += memcmp(prev, cur, sizeof(cur)) == 0;
		memcpy(prev, cur, sizeof(cur));
	}
	CHECK_EQ_INT(repeats, 0);

	/* Large requests, and zero-length ones. */
	memset(big, 0, sizeof(big));
	CHECK_EQ_INT(cb_random_bytes(big, sizeof(big)), 0);
	CHECK(memcmp(big + sizeof(big) - 32, zero, 32) != 0);
	CHECK_EQ_INT(cb_random_bytes(a, 0), 0);

	/* Another thread gets its own bytes. */
	CHECK_EQ_INT(pthread_create(&t, NULL, draw, NULL), 0);
	pthread_join(t, NULL);
	CHECK(memcmp(from_thread, zero, 32) != 0);
	CHECK(memcmp(from_thread, a, 32) != 0);

	/* A forked child must not repeat what the parent draws next. */
	CHECK_EQ_INT(pipe(fd), 0);
	pid_t pid = fork();
	if (pid == 0) {
		uint8_t c[32];
		close(fd[0]);
		if (cb_random_bytes(c, sizeof(c)) != 0)
			memset(c, 0, sizeof(c));
		ssize_t w = write(fd[1], c, sizeof(c));
		_exit(w == (ssize_t)sizeof(c) ? 0 : 1);
	}
	CHECK(pid > 0);
	close(fd[1]);
	CHECK_EQ_INT(cb_random_bytes(a, sizeof(a)), 0);
	CHECK_EQ_INT(read(fd[0], b, sizeof(b)), (long)sizeof(b));
	close(fd[0]);
	int status = 0;
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK(memcmp(a, b, sizeof(a)) != 0);
	CHECK(memcmp(b, zero, sizeof(b)) != 0);
	return tu_finish();
}
