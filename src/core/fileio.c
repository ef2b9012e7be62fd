#include "cryptobench/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cb_atomic_open(cb_atomic_file *af, const char *path, unsigned mode)
{
	int fd;
	memset(af, 0, sizeof(*af));
	if (strlen(path) + 16 >= sizeof(af->tmp)) {
		errno = ENAMETOOLONG;
		return CB_ERR_IO;
	}
	strcpy(af->path, path);
	snprintf(af->tmp, sizeof(af->tmp), "%s.tmpXXXXXX", path);
	fd = mkstemp(af->tmp);
	if (fd < 0)
		return CB_ERR_IO;
	if (fchmod(fd, (mode_t)mode) != 0) {
		int e = errno;
		close(fd);
		unlink(af->tmp);
		errno = e;
		return CB_ERR_IO;
	}
	af->f = fdopen(fd, "wb");
	if (!af->f) {
		int e = errno;
		close(fd);
		unlink(af->tmp);
		errno = e;
		return CB_ERR_IO;
	}
	return CB_OK;
}

int cb_atomic_commit(cb_atomic_file *af)
{
	int e = 0;
	if (!af->f)
		return CB_ERR_ARG;
	if (fflush(af->f) != 0 || ferror(af->f) || fsync(fileno(af->f)) != 0)
		e = errno ? errno : EIO;
	if (fclose(af->f) != 0 && !e)
		e = errno;
	af->f = NULL;
	if (!e && rename(af->tmp, af->path) != 0)
		e = errno;
	if (e) {
		unlink(af->tmp);
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
		unlink(af->tmp);
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
				free(buf);
				return CB_ERR_LENGTH;
			}
			nb = realloc(buf, ncap + 1);
			if (!nb) {
				fclose(f);
				free(buf);
				return CB_ERR_NOMEM;
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
		free(buf);
		errno = e;
		return CB_ERR_IO;
	}
	fclose(f);
	if (n > maxlen) {
		free(buf);
		return CB_ERR_LENGTH;
	}
	buf[n] = 0;
	*data = buf;
	*len = n;
	return CB_OK;
}
