/* outfile.h — the tools' output files (tools/outfile.c). */
#ifndef PTX_TOOLS_OUTFILE_H
#define PTX_TOOLS_OUTFILE_H
#include <stdio.h>
#include <sys/types.h>

/* One output being written, by what its path names:
 * - "-", or the very file standard output (or error) already is: that
 *   stream, as it is (so /dev/stdout keeps the order of the other output);
 * - a character device or FIFO, directly or through symlinks: opened and
 *   written in place, never replaced (a FIFO without a reader is an error,
 *   not a wait);
 * - a regular file, an absent path, or a symlink to a regular file:
 *   written to a temporary file renamed by outfile_commit over the file
 *   (the symlink's final target; the link stays) only when every byte
 *   went out, with the old file's mode;
 * - anything else (a directory, socket, block device, dangling symlink):
 *   refused and left alone. */
typedef struct {
	const char *path;   /* as given */
	char *target;       /* what the rename replaces: path, or where its
	                     * symlinks end; NULL when written in place */
	char *tmp;          /* the temporary file; NULL when written in place */
	FILE *f;            /* where to write */
	int borrowed;       /* f is stdout or stderr: flushed, not closed */
	int err;            /* an errno a writer recorded, else 0 */
} Outfile;

/* Whether path may be written (the checks of outfile_open, without
 * creating or opening anything), so that a tool can refuse before doing
 * the work.  0, or -1 after a message on stderr naming prog and path. */
int outfile_check(const char *prog, const char *path);
/* Opens path for writing.  0, or -1 after a message. */
int outfile_open(Outfile *o, const char *prog, const char *path);
/* Flushes, checks for write errors and renames the file into place.  The
 * Outfile is closed either way.  0, or -1 after a message (and, for a
 * replaced file, nothing of the output is left behind; what went to a
 * device, FIFO or standard stream before the error stays sent). */
int outfile_commit(Outfile *o, const char *prog);
/* Closes and removes an uncommitted output (no-op when already closed). */
void outfile_abort(Outfile *o);
/* The whole of an output in one call: open, write n bytes, commit. */
int outfile_write(const char *prog, const char *path, const void *p, size_t n);
/* At exit: flushes and closes standard output, which may be a full disk,
 * /dev/full or a closed pipe.  0, or -1 after a message. */
int outfile_close_stdout(const char *prog);
#endif
