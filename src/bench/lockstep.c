#include "bench/lockstep.h"

#include <errno.h>
#include <unistd.h>

#include "cryptobench/common.h"

/* One byte each way; interrupted calls are retried, anything else ends the lockstep. */
static int put(int fd, char c)
{
	ssize_t r;
	do
		r = write(fd, &c, 1);
	while (r < 0 && errno == EINTR);
	return r == 1 ? 0 : -1;
}

static int get(int fd, char *c)
{
	ssize_t r;
	do
		r = read(fd, c, 1);
	while (r < 0 && errno == EINTR);
	return r == 1 ? 0 : -1;
}

void cb_lockstep_before_round(void *arg, unsigned round)
{
	cb_lockstep *ls = arg;
	char c;
	(void)round;
	if (!ls || ls->free)
		return;
	if (!ls->ready_sent) {
		ls->ready_sent = 1;
		if (put(ls->out_fd, 'r') != 0) {
			ls->free = 1;
			return;
		}
	}
	if (get(ls->in_fd, &c) != 0 || c != 'g')
		ls->free = 1;
}

void cb_lockstep_after_round(void *arg, unsigned round)
{
	cb_lockstep *ls = arg;
	(void)round;
	if (ls && !ls->free && put(ls->out_fd, 'd') != 0)
		ls->free = 1;
}

int cb_lockstep_conduct(const int to[2], const int from[2], unsigned *paired)
{
	int alive[2], rc = 0;
	char c;
	*paired = 0;
	/* Both ready first: the one that prepares its cases later must not do so beside the other's rounds. */
	for (int i = 0; i < 2; i++) {
		alive[i] = get(from[i], &c) == 0 && c == 'r';
		if (!alive[i])
			rc = CB_ERR_IO;
	}
	for (int i = 0; i < 2; i++)
		if (!alive[i]) {
			close(to[i]);
			close(from[i]);
		}
	while (alive[0] || alive[1]) {
		int both = alive[0] && alive[1];
		for (int i = 0; i < 2; i++) {
			if (!alive[i])
				continue;
			if (put(to[i], 'g') != 0 || get(from[i], &c) != 0 || c != 'd') {
				alive[i] = 0;
				close(to[i]);
				close(from[i]);
				both = 0;
			}
		}
		if (both)
			(*paired)++;
	}
	return rc;
}
