/*
 * Files written atomically (temporary file in the same folder, flushed and
 * synced, then renamed over the target), so a reader never sees a
 * half-written file and a failure leaves the old file as it was.
 *
 * Only regular files (and names not yet taken) are replaced that way.  A
 * character device (/dev/null, /dev/stdout) or a FIFO is written through;
 * "-" is standard output; a symlink to a regular file has its target
 * replaced (the link stays); a directory, a dangling symlink, a socket or
 * a block device is refused (EISDIR, ENOENT, EINVAL).
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
	int direct; /* written through: a device, a FIFO or standard output */
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
/* Give up: close and remove the temporary file. */
void cb_atomic_abort(cb_atomic_file *af);

/*
 * Remove every temporary file still open (at most 16 are tracked).  Only
 * unlink(2): safe in a signal handler, which then ends the program; the
 * targets are left as they were.
 */
void cb_atomic_cleanup(void);

/* Whole-buffer convenience over the three above. */
int cb_write_file_atomic(const char *path, const void *data, size_t len, unsigned mode) CB_WARN_UNUSED;

/*
 * Read a whole file (at most maxlen bytes; CB_ERR_LENGTH if larger).
 * *data is malloc'd; the caller frees (and wipes, if secret).
 */
int cb_read_file(const char *path, uint8_t **data, size_t *len, size_t maxlen) CB_WARN_UNUSED;

#ifdef __cplusplus
}
#endif
#endif
