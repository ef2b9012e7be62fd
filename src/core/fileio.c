#include "cryptobench/fileio.h"

#include "core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
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
 * mkstemp(tmp) with every signal held until the file is tracked (keep) or
 * gone again (a probe: closed, removed, -1 or 0 returned), so that a
 * signal which ends the program finds it in temps[] or not at all.  The
 * descriptor, or -1 with errno set.
 */
static int temp_file(char *tmp, int keep)
{
	sigset_t all, old;
	int fd, e;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	fd = mkstemp(tmp);
	e = errno;
	if (fd >= 0 && keep) {
		track(tmp);
	} else if (fd >= 0) {
		close(fd);
		unlink(tmp);
		fd = 0;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return fd;
}

/*
 * The descriptor a path names by itself: /dev/stdout (1), /dev/stderr (2),
 * /dev/fd/N and /proc/self/fd/N (N); -1 for any other path.  Such a path
 * resolves to whatever the descriptor is open on (an append target, a
 * terminal): it is written through that descriptor, as "-" is, never
 * replaced by a rename.
 */
static int fd_name(const char *path)
{
	const char *p = NULL;
	char *end;
	long n;
	if (!strcmp(path, "/dev/stdout"))
		return STDOUT_FILENO;
	if (!strcmp(path, "/dev/stderr"))
		return STDERR_FILENO;
	if (!strncmp(path, "/dev/fd/", 8))
		p = path + 8;
	else if (!strncmp(path, "/proc/self/fd/", 14))
		p = path + 14;
	if (!p || *p < '0' || *p > '9')
		return -1;
	errno = 0;
	n = strtol(p, &end, 10);
	if (*end || errno || n < 0 || n > INT_MAX)
		return -1;
	return (int)n;
}

/* A copy of descriptor fd for writing through; -1 with errno (EBADF: not open for writing). */
static int dup_for_writing(int fd)
{
	int fl = fcntl(fd, F_GETFL), d;
	if (fl < 0)
		return -1;
	if ((fl & O_ACCMODE) == O_RDONLY) {
		errno = EBADF;
		return -1;
	}
	d = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	return d;
}

/*
 * The temporary file's name beside target: "<name>.tmpXXXXXX", the name
 * cut short so that the whole stays within NAME_MAX with room for the
 * ".old" a commit of several files adds (an output name of up to 255
 * bytes works).  -1 (ENAMETOOLONG) when it does not fit in cap.
 */
static int tmp_name(char *tmp, size_t cap, const char *target)
{
	const char *slash = strrchr(target, '/');
	size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0, namelen = strlen(target) - dirlen;
	const size_t keep = NAME_MAX - sizeof(".tmpXXXXXX.old") + 1;
	if (namelen > keep)
		namelen = keep;
	if (dirlen + namelen + sizeof(".tmpXXXXXX") > cap) {
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(tmp, cap, "%.*s%.*s.tmpXXXXXX", (int)dirlen, target, (int)namelen, target + dirlen);
	return 0;
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

/*
 * Open a device or FIFO for writing through.  What was one when looked at
 * may have been replaced since: only a device or FIFO is written (never a
 * regular file in place, which would not be atomic); EAGAIN otherwise.
 */
static int open_direct(const char *path)
{
	struct stat st;
	int fd = open(path, O_WRONLY | O_NOCTTY), e;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0)
		e = errno;
	else if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
		return fd;
	else
		e = EAGAIN;
	close(fd);
	errno = e;
	return -1;
}

/* Remove the temporary file, if this write still has one. */
static void drop(cb_atomic_file *af)
{
	if (af->pending) {
		unlink(af->tmp);
		untrack(af->tmp);
		af->pending = 0;
	}
}

/*
 * The process's umask, read without changing it where Linux tells
 * (/proc/self/status, since 4.7); else the umask(2) pair, which a thread
 * creating a file at the same moment could see.
 */
static mode_t current_umask(void)
{
	char line[128];
	unsigned long m;
	mode_t old;
	FILE *f = fopen("/proc/self/status", "r");
	if (f) {
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "Umask: %lo", &m) == 1) {
				fclose(f);
				return (mode_t)(m & 0777);
			}
		fclose(f);
	}
	old = umask(077);
	umask(old);
	return old;
}

int cb_atomic_open(cb_atomic_file *af, const char *path, unsigned mode)
{
	int fd, kind;
	memset(af, 0, sizeof(*af));
	if (!strcmp(path, "-") || fd_name(path) >= 0) {
		fd = dup_for_writing(!strcmp(path, "-") ? STDOUT_FILENO : fd_name(path));
		af->direct = 1;
	} else {
		kind = classify(path, af->path, sizeof(af->path));
		if (kind < 0)
			return CB_ERR_IO;
		if (kind == 1) {
			fd = open_direct(path);
			af->direct = 1;
		} else {
			if (tmp_name(af->tmp, sizeof(af->tmp), af->path) != 0)
				return CB_ERR_IO;
			fd = temp_file(af->tmp, 1);
			af->pending = fd >= 0;
			/* mkstemp makes it 0600 whatever the umask: the mode asked for, less the umask */
			if (fd >= 0 && fchmod(fd, (mode_t)mode & ~current_umask()) != 0) {
				int e = errno;
				close(fd);
				drop(af);
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
		drop(af);
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
	if (fd_name(path) >= 0) {
		fd = dup_for_writing(fd_name(path));
		if (fd < 0)
			return CB_ERR_IO;
		close(fd);
		return CB_OK;
	}
	kind = classify(path, target, sizeof(target));
	if (kind < 0)
		return CB_ERR_IO;
	if (kind == 1)
		return access(path, W_OK) == 0 ? CB_OK : CB_ERR_IO;
	if (tmp_name(tmp, sizeof(tmp), target) != 0)
		return CB_ERR_IO;
	return temp_file(tmp, 0) >= 0 ? CB_OK : CB_ERR_IO;
}

/*
 * Flush, sync (a file; a device or pipe need not, and /dev/null cannot) and
 * close.  The temporary file stays for the rename.  0 or an errno value.
 */
static int finish(cb_atomic_file *af)
{
	int e = 0;
	if (!af->f)
		return 0;
	errno = 0;
	if (fflush(af->f) != 0 || ferror(af->f))
		e = errno ? errno : EIO;
	if (!e && !af->direct && fsync(fileno(af->f)) != 0)
		e = errno;
	if (fclose(af->f) != 0 && !e)
		e = errno;
	af->f = NULL;
	return e;
}

/* How a target was before its rename, to put it back. */
struct undo {
	int renamed;
	enum { WAS_NEW, WAS_KEPT, WAS_LOST } was;
	char keep[sizeof(((cb_atomic_file *)0)->tmp) + 8];
};

/* A folder held locked during a commit of several files. */
struct dirlock {
	int fd;
	dev_t dev;
	ino_t ino;
};

static int dirlock_cmp(const void *a, const void *b)
{
	const struct dirlock *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/*
 * Lock the folders of the pending targets (flock, exclusive), so that two
 * commits of several files that share a target cannot interleave their
 * renames (two `kem keygen` at once would leave an ek of one and a dk of
 * the other).  Every writer that goes through here takes the locks in one
 * order (device, inode), so two never wait for each other.  The locks are
 * advisory: a program that does not take them is not held.  A folder
 * that cannot be opened (no read permission) or locked (a file system
 * without flock) is left unlocked: the commit goes on as it did before
 * the locks.  Returns the number of folders held open (their descriptors
 * in l[], at most n).
 */
static int lock_folders(const cb_atomic_file *af, size_t n, struct dirlock *l)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		char dir[sizeof(af->path)];
		const char *slash;
		struct stat st;
		int fd, dup_ = 0;
		if (!af[i].pending)
			continue;
		slash = strrchr(af[i].path, '/');
		if (!slash)
			snprintf(dir, sizeof(dir), ".");
		else if (slash == af[i].path)
			snprintf(dir, sizeof(dir), "/");
		else
			snprintf(dir, sizeof(dir), "%.*s", (int)(slash - af[i].path), af[i].path);
		fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) != 0) {
			close(fd);
			continue;
		}
		for (size_t j = 0; j < k; j++)
			dup_ |= l[j].dev == st.st_dev && l[j].ino == st.st_ino;
		if (dup_) {
			close(fd);
			continue;
		}
		l[k++] = (struct dirlock){fd, st.st_dev, st.st_ino};
	}
	qsort(l, k, sizeof(*l), dirlock_cmp);
	for (size_t j = 0; j < k; j++)
		while (flock(l[j].fd, LOCK_EX) != 0 && errno == EINTR)
			;
	return (int)k;
}

/*
 * Rename every pending temporary file over its target, as one step.  When
 * more than one is renamed, each target that exists is first kept aside as
 * a hard link; if a rename fails, the targets renamed before it get their
 * old file back (a target that did not exist is removed again; one that
 * could not be kept aside, on a file system without hard links, keeps its
 * new content).  The signals that end a program wait until this is over.
 * 0 or an errno value, with the failing index in *failed.
 */
static int install(cb_atomic_file *af, size_t n, size_t *failed)
{
	struct undo *u = NULL;
	struct dirlock *locks = NULL;
	sigset_t block, old;
	size_t npending = 0, i;
	int e = 0, nlocks = 0;

	for (i = 0; i < n; i++)
		npending += af[i].pending != 0;
	if (npending > 1) {
		u = calloc(n, sizeof(*u));
		locks = calloc(n, sizeof(*locks));
		if (!u || !locks) {
			free(u);
			free(locks);
			*failed = 0;
			return ENOMEM;
		}
		nlocks = lock_folders(af, n, locks);
	}
	/* Every signal waits (those that cannot be blocked aside) until the renames are over. */
	sigfillset(&block);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	for (i = 0; i < n; i++) {
		struct stat st;
		if (!af[i].pending)
			continue;
		if (u) {
			snprintf(u[i].keep, sizeof(u[i].keep), "%s.old", af[i].tmp);
			if (lstat(af[i].path, &st) != 0)
				u[i].was = WAS_NEW;
			else if (link(af[i].path, u[i].keep) == 0)
				u[i].was = WAS_KEPT;
			else
				u[i].was = WAS_LOST;
		}
		if (rename(af[i].tmp, af[i].path) != 0) {
			e = errno;
			if (u && u[i].was == WAS_KEPT)
				unlink(u[i].keep);
			break;
		}
		untrack(af[i].tmp);
		af[i].pending = 0;
		if (u)
			u[i].renamed = 1;
	}
	if (e) {
		*failed = i;
		for (size_t k = i; u && k-- > 0;) {
			if (!u[k].renamed)
				continue;
			if (u[k].was == WAS_KEPT)
				rename(u[k].keep, af[k].path);
			else if (u[k].was == WAS_NEW)
				unlink(af[k].path);
		}
		for (size_t k = i; k < n; k++)
			drop(&af[k]);
	} else {
		for (size_t k = 0; u && k < n; k++)
			if (u[k].renamed && u[k].was == WAS_KEPT)
				unlink(u[k].keep);
	}
	while (nlocks > 0)
		close(locks[--nlocks].fd);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	free(u);
	free(locks);
	return e;
}

int cb_atomic_commit_all(cb_atomic_file *af, size_t n, size_t *failed)
{
	size_t bad = 0, dummy;
	int e = 0, r = CB_ERR_IO;
	if (!failed)
		failed = &dummy;
	*failed = 0;
	for (size_t i = 0; i < n && !e; i++)
		if (!af[i].f && !af[i].pending) {
			bad = i;
			e = EINVAL;
			r = CB_ERR_ARG;
		}
	/* Files first, then devices and FIFOs (which cannot be taken back), then the renames. */
	for (int direct = 0; direct < 2 && !e; direct++)
		for (size_t i = 0; i < n && !e; i++)
			if (af[i].direct == direct && (e = finish(&af[i])) != 0)
				bad = i;
	if (!e)
		e = install(af, n, &bad);
	if (!e)
		return CB_OK;
	for (size_t i = 0; i < n; i++)
		cb_atomic_abort(&af[i]);
	*failed = bad;
	errno = e;
	return r;
}

int cb_atomic_commit(cb_atomic_file *af)
{
	return cb_atomic_commit_all(af, 1, NULL);
}

void cb_atomic_abort(cb_atomic_file *af)
{
	int e = errno;
	if (af->f) {
		fclose(af->f);
		af->f = NULL;
	}
	drop(af);
	errno = e;
}

/* write(2) all of it (no stdio buffer holds a copy).  0, or -1 with errno. */
static int write_all(int fd, const void *data, size_t len)
{
	const unsigned char *p = data;
	while (len) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

int cb_write_files_atomic(const cb_output *out, size_t n, size_t *failed)
{
	cb_atomic_file *af;
	size_t i = 0, dummy;
	int e = 0, r;
	if (!failed)
		failed = &dummy;
	*failed = 0;
	if (!n)
		return CB_OK;
	af = calloc(n, sizeof(*af));
	if (!af)
		return CB_ERR_NOMEM;
	for (i = 0; i < n; i++)
		if (cb_atomic_open(&af[i], out[i].path, out[i].mode) != 0) {
			e = errno;
			goto fail;
		}
	/* The files written and synced first, then the devices and FIFOs, then the renames. */
	for (int direct = 0; direct < 2; direct++)
		for (i = 0; i < n; i++) {
			if (af[i].direct != direct)
				continue;
			if (write_all(fileno(af[i].f), out[i].data, out[i].len) != 0) {
				e = errno;
				goto fail;
			}
			if (!direct && (e = finish(&af[i])) != 0)
				goto fail;
		}
	r = cb_atomic_commit_all(af, n, failed);
	free(af);
	return r;
fail:
	*failed = i;
	for (size_t k = 0; k < n; k++)
		cb_atomic_abort(&af[k]);
	free(af);
	errno = e;
	return CB_ERR_IO;
}

int cb_write_file_atomic(const char *path, const void *data, size_t len, unsigned mode)
{
	const cb_output o = {path, data, len, mode};
	return cb_write_files_atomic(&o, 1, NULL);
}

/* Split a copy of path (in buf) into its folder and final name, trailing slashes ignored.  -1 if too long. */
static int split(const char *path, char *buf, size_t cap, const char **dir, const char **name)
{
	size_t len = strlen(path);
	char *slash;
	while (len > 1 && path[len - 1] == '/')
		len--;
	if (len >= cap)
		return -1;
	memcpy(buf, path, len);
	buf[len] = 0;
	slash = strrchr(buf, '/');
	if (!slash) {
		*dir = ".";
		*name = buf;
	} else if (slash == buf) {
		*dir = "/";
		*name = buf + 1;
	} else {
		*slash = 0;
		*dir = buf;
		*name = slash + 1;
	}
	return 0;
}

int cb_same_file(const char *a, const char *b)
{
	char ba[4096], bb[4096];
	const char *da, *na, *db, *nb;
	struct stat sa, sb;
	int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
	if (ea && eb)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	if (ea || eb)
		return 0;
	/* Neither exists yet: one file when they are one name in one folder. */
	if (split(a, ba, sizeof(ba), &da, &na) != 0 || split(b, bb, sizeof(bb), &db, &nb) != 0)
		return strcmp(a, b) == 0;
	if (strcmp(na, nb) != 0)
		return 0;
	if (stat(da, &sa) != 0 || stat(db, &sb) != 0)
		return strcmp(a, b) == 0;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int cb_read_file(const char *path, uint8_t **data, size_t *len, size_t maxlen)
{
	FILE *f = NULL;
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0;
	if (!strcmp(path, "-")) {
		/* standard input, read from a copy of its descriptor so that closing leaves it open */
		int fd = dup(STDIN_FILENO);
		if (fd >= 0 && !(f = fdopen(fd, "rb")))
			close(fd);
	} else {
		f = fopen(path, "rb");
	}
	if (!f)
		return CB_ERR_IO;
	/* A regular file larger than the limit is refused before a byte of it is read. */
	{
		struct stat st;
		off_t at = 0;
		if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
			if (!strcmp(path, "-") && (at = lseek(fileno(f), 0, SEEK_CUR)) < 0)
				at = 0;
			if (st.st_size > at && (uint64_t)(st.st_size - at) > (uint64_t)maxlen) {
				fclose(f);
				return CB_ERR_LENGTH;
			}
		}
	}
	/* Unbuffered: no stdio buffer, freed unwiped by fclose, holds a copy of a secret key. */
	setvbuf(f, NULL, _IONBF, 0);
	for (;;) {
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 4096;
			uint8_t *nb;
			/* never more than one byte over the limit (a pipe is measured by reading it) */
			if (ncap > maxlen && maxlen < SIZE_MAX - 1)
				ncap = maxlen + 1;
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
