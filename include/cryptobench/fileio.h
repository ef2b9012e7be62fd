/*
 * Files written atomically (temporary file in the same folder, flushed and
 * synced, then renamed over the target), so a reader never sees a
 * half-written file and a failure leaves the old file as it was.
 *
 * Only regular files (and names not yet taken) are replaced that way.  A
 * character device (/dev/null) or a FIFO is written through (never
 * replaced, its mode untouched); "-" is standard output, and /dev/stdout,
 * /dev/stderr, /dev/fd/N and /proc/self/fd/N are written through that
 * descriptor whatever it is open on (an append target keeps its lines and
 * its mode; a descriptor not open for writing is EBADF); a symlink
 * to a regular file has its target replaced (the temporary file is made
 * beside the resolved target, and the link stays); a directory (EISDIR), a
 * dangling symlink (ENOENT), a socket or a block device (EINVAL) is
 * refused.  New files get the mode asked for less the umask, as open(2)
 * would give (0600 for secrets: never more).
 *
 * Several outputs of one operation are committed together
 * (cb_atomic_commit_all, cb_write_files_atomic): all appear, or none does,
 * and two such commits that share a folder do not interleave (an advisory
 * flock on each folder during the renames).
 *
 * The temporary file is "<name>.tmpXXXXXX" beside the target, the name cut
 * short when needed so that any name of up to NAME_MAX bytes works.
 */
#ifndef CRYPTOBENCH_FILEIO_H
#define CRYPTOBENCH_FILEIO_H

#include <stdio.h>

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_atomic_file {
	FILE *f;
	int direct;  /* written through: a device, a FIFO or standard output */
	int pending; /* the temporary file tmp exists, to be renamed or removed */
	char tmp[4096 + 16];
	char path[4096]; /* what the rename replaces */
} cb_atomic_file;

/* Open a temporary file beside path with the given mode (e.g. 0600, 0644). CB_ERR_IO (errno set) on failure. */
int cb_atomic_open(cb_atomic_file *af, const char *path, unsigned mode) CB_WARN_UNUSED;
/*
 * Could path be written, without writing it: the same refusals as
 * cb_atomic_open, and a temporary file made and removed beside a regular
 * file (so a missing folder or a read-only file system shows now); for a
 * device or FIFO, write permission (nothing is opened: a FIFO's reader
 * would see an end of file).  CB_ERR_IO with errno.
 */
int cb_atomic_check(const char *path) CB_WARN_UNUSED;
/* Flush, sync and rename into place.  On failure the temporary file is removed. */
int cb_atomic_commit(cb_atomic_file *af) CB_WARN_UNUSED;
/*
 * Commit n open files as one: every file is flushed and synced (and every
 * device or FIFO flushed) before the first rename, and if any step fails,
 * none of the targets changes: the temporary files are removed, and the
 * targets renamed before a failing rename get their old file back (kept
 * aside as a hard link meanwhile; a target that was new is removed).  Only
 * on a file system without hard links can an earlier target keep its new
 * content then.  What went to a device or FIFO cannot be taken back; it
 * is written after the files are synced and before the renames.  Every
 * signal that can be blocked is held during the renames; with more than
 * one file, the targets' folders are locked (flock, exclusive, in device
 * and inode order) meanwhile, so that two commits of the same files never
 * leave some from one and some from the other.  CB_OK, or CB_ERR_IO
 * (CB_ERR_ARG for a file not open) with errno and the index of the
 * failing file in *failed (may be NULL); all n are closed either way.
 */
int cb_atomic_commit_all(cb_atomic_file *af, size_t n, size_t *failed) CB_WARN_UNUSED;
/* Give up: close and remove the temporary file (nothing happens to the target). */
void cb_atomic_abort(cb_atomic_file *af);

/*
 * Remove every temporary file still open (at most 16 are tracked).  Only
 * unlink(2): safe in a signal handler, which then ends the program; the
 * targets are left as they were.
 */
void cb_atomic_cleanup(void);

/* One output of cb_write_files_atomic. */
typedef struct cb_output {
	const char *path; /* as for cb_atomic_open ("-": standard output) */
	const void *data;
	size_t len;
	unsigned mode; /* of a new file */
} cb_output;

/*
 * Write n whole buffers as one commit (cb_atomic_commit_all): all targets
 * change or none does.  The data go out with write(2), so no stdio buffer
 * holds a copy of a secret.  CB_OK, CB_ERR_NOMEM, or CB_ERR_IO with errno
 * and the failing output's index in *failed (may be NULL).
 */
int cb_write_files_atomic(const cb_output *out, size_t n, size_t *failed) CB_WARN_UNUSED;
/* One whole buffer (cb_write_files_atomic with n = 1). */
int cb_write_file_atomic(const char *path, const void *data, size_t len, unsigned mode) CB_WARN_UNUSED;

/*
 * 1 when a and b name one file: for existing files the same device and
 * inode (a hard link, a symlink or another spelling is caught); for names
 * not taken yet, the same final name in the same folder (device and inode
 * of the folder).  0 otherwise, also when one exists and the other not.
 */
int cb_same_file(const char *a, const char *b);

/*
 * Read a whole file ("-": standard input) (at most maxlen bytes;
 * CB_ERR_LENGTH if larger: a regular file, or standard input redirected
 * from one, is refused by its size before anything is read).
 * *data is malloc'd and NUL-terminated; the caller frees (and wipes, if
 * secret).  No other copy is left behind: the file is read without a stdio
 * buffer, and a buffer outgrown is wiped before it is freed.
 */
int cb_read_file(const char *path, uint8_t **data, size_t *len, size_t maxlen) CB_WARN_UNUSED;

#ifdef __cplusplus
}
#endif
#endif
