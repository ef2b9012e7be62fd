#include "cryptobench/fileio.h"

#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The temporary files open now, for cb_atomic_cleanup in a signal handler:
 * pointers into the open cb_atomic_files, set and cleared outside it.
 */
#define MAX_TEMPS 16
static const char *volatile temps[MAX_TEMPS];

static void track(const char *tmp)
{
	for (size_t i = 0; i < MAX_TEMPS; i++)
		if (!temps[i]) {
			temps[i] = tmp;
			return;
		}
}

static void untrack(const char *tmp)
{
	for (size_t i = 0; i < MAX_TEMPS; i++)
		if (temps[i] == tmp)
			temps[i] = NULL;
}

void cb_atomic_cleanup(void)
{
	for (size_t i = 0; i < MAX_TEMPS; i++) {
		const char *t = temps[i];
		if (t)
			unlink(t);
	}
}

/*
 * What path names, for writing: 0 a regular file or nothing yet (written by
 * rename, into *target: the path, or a symlink's resolved target); 1 a
 * character device or FIFO (written through); -1 refused, errno set.
 */
static int classify(const char *path, char *target, size_t cap)
{
	struct stat st;
	if (strlen(path) + 16 >= cap) {
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(target, cap, "%s", path);
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	if (S_ISLNK(st.st_mode)) {
		char *real;
		if (stat(path, &st) != 0) {
			/* A dangling link: where it points may not be what the user meant. */
			errno = ENOENT;
			return -1;
		}
		if (S_ISREG(st.st_mode)) {
			real = realpath(path, NULL);
			if (!real)
				return -1;
			if (strlen(real) + 16 >= cap) {
				free(real);
				errno = ENAMETOOLONG;
				return -1;
			}
			snprintf(target, cap, "%s", real);
			free(real);
			return 0;
		}
	}
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
		return 1;
	if (S_ISREG(st.st_mode))
		return 0;
	/* A socket or a block device: not something a report goes to. */
	errno = EINVAL;
	return -1;
}

int cb_atomic_open(cb_atomic_file *af, const char *path, unsigned mode)
{
	int fd, kind;
	memset(af, 0, sizeof(*af));
	if (!strcmp(path, "-")) {
		fd = dup(STDOUT_FILENO);
		af->direct = 1;
	} else {
		kind = classify(path, af->path, sizeof(af->path));
		if (kind < 0)
			return CB_ERR_IO;
		if (kind == 1) {
			fd = open(path, O_WRONLY | O_NOCTTY);
			af->direct = 1;
		} else {
			snprintf(af->tmp, sizeof(af->tmp), "%s.tmpXXXXXX", af->path);
			fd = mkstemp(af->tmp);
			if (fd >= 0)
				track(af->tmp);
			if (fd >= 0 && fchmod(fd, (mode_t)mode) != 0) {
				int e = errno;
				close(fd);
				unlink(af->tmp);
				untrack(af->tmp);
				errno = e;
				return CB_ERR_IO;
			}
		}
	}
	if (fd < 0)
		return CB_ERR_IO;
	af->f = fdopen(fd, "wb");
	if (!af->f) {
		int e = errno;
		close(fd);
		if (!af->direct) {
			unlink(af->tmp);
			untrack(af->tmp);
		}
		errno = e;
		return CB_ERR_IO;
	}
	return CB_OK;
}

int cb_atomic_check(const char *path)
{
	char target[4096], tmp[4096 + 16];
	int kind, fd;
	if (!strcmp(path, "-"))
		return CB_OK;
	kind = classify(path, target, sizeof(target));
	if (kind < 0)
		return CB_ERR_IO;
	if (kind == 1)
		return access(path, W_OK) == 0 ? CB_OK : CB_ERR_IO;
	snprintf(tmp, sizeof(tmp), "%s.tmpXXXXXX", target);
	fd = mkstemp(tmp);
	if (fd < 0)
		return CB_ERR_IO;
	close(fd);
	unlink(tmp);
	return CB_OK;
}

int cb_atomic_commit(cb_atomic_file *af)
{
	int e = 0;
	if (!af->f)
		return CB_ERR_ARG;
	if (fflush(af->f) != 0 || ferror(af->f))
		e = errno ? errno : EIO;
	/* A device or pipe need not sync (and /dev/null cannot). */
	if (!e && !af->direct && fsync(fileno(af->f)) != 0)
		e = errno;
	if (fclose(af->f) != 0 && !e)
		e = errno;
	af->f = NULL;
	if (af->direct) {
		if (e) {
			errno = e;
			return CB_ERR_IO;
		}
		return CB_OK;
	}
	if (!e && rename(af->tmp, af->path) != 0)
		e = errno;
	if (e)
		unlink(af->tmp);
	untrack(af->tmp);
	if (e) {
		errno = e;
		return CB_ERR_IO;
	}
	return CB_OK;
}

void cb_atomic_abort(cb_atomic_file *af)
{
	int e = errno;
	if (af->f) {
		fclose(af->f);
		af->f = NULL;
		if (!af->direct) {
			unlink(af->tmp);
			untrack(af->tmp);
		}
	}
	errno = e;
}

int cb_write_file_atomic(const char *path, const void *data, size_t len, unsigned mode)
{
	cb_atomic_file af;
	int r = cb_atomic_open(&af, path, mode);
	if (r)
		return r;
	if (len && fwrite(data, 1, len, af.f) != len) {
		cb_atomic_abort(&af);
		return CB_ERR_IO;
	}
	return cb_atomic_commit(&af);
}

int cb_read_file(const char *path, uint8_t **data, size_t *len, size_t maxlen)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0;
	if (!f)
		return CB_ERR_IO;
	for (;;) {
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 4096;
			uint8_t *nb;
			if (cap > maxlen) {
				fclose(f);
				cb_wipe(buf, cap + 1);
				free(buf);
				return CB_ERR_LENGTH;
			}
			/* Not realloc: the old buffer may hold a secret key, and is wiped before it goes. */
			nb = malloc(ncap + 1);
			if (!nb) {
				fclose(f);
				if (buf)
					cb_wipe(buf, cap + 1);
				free(buf);
				return CB_ERR_NOMEM;
			}
			if (buf) {
				memcpy(nb, buf, n);
				cb_wipe(buf, cap + 1);
				free(buf);
			}
			buf = nb;
			cap = ncap;
		}
		size_t r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (r == 0)
			break;
	}
	if (ferror(f)) {
		int e = errno;
		fclose(f);
		cb_wipe(buf, cap + 1);
		free(buf);
		errno = e;
		return CB_ERR_IO;
	}
	fclose(f);
	if (n > maxlen) {
		cb_wipe(buf, cap + 1);
		free(buf);
		return CB_ERR_LENGTH;
	}
	buf[n] = 0;
	*data = buf;
	*len = n;
	return CB_OK;
}
