/* outfile.h — the tools' output files (tools/outfile.c). */
#ifndef PTX_TOOLS_OUTFILE_H
#define PTX_TOOLS_OUTFILE_H
#include <stdio.h>
#include <sys/types.h>

/* One output being written: "-" is standard output; any other path is
 * written to a temporary file beside it, renamed over it by outfile_commit
 * only when every byte went out.  Only an absent path or a regular file is
 * replaced: a directory, symlink, FIFO, device or socket is refused and left
 * alone. */
typedef struct {
	const char *path;   /* as given */
	char *tmp;          /* the temporary file; NULL for standard output */
	FILE *f;            /* where to write */
	int err;            /* an errno a writer recorded, else 0 */
} Outfile;

/* Whether path may be written (the checks of outfile_open, without
 * creating anything), so that a tool can refuse before doing the work.
 * 0, or -1 after a message on stderr naming prog and path. */
int outfile_check(const char *prog, const char *path);
/* Opens path for writing.  0, or -1 after a message. */
int outfile_open(Outfile *o, const char *prog, const char *path);
/* Flushes, checks for write errors and renames the file into place.  The
 * Outfile is closed either way.  0, or -1 after a message (and nothing of
 * the output is left behind). */
int outfile_commit(Outfile *o, const char *prog);
/* Closes and removes an uncommitted output (no-op when already closed). */
void outfile_abort(Outfile *o);
/* The whole of an output in one call: open, write n bytes, commit. */
int outfile_write(const char *prog, const char *path, const void *p, size_t n);
/* At exit: flushes and closes standard output, which may be a full disk,
 * /dev/full or a closed pipe.  0, or -1 after a message. */
int outfile_close_stdout(const char *prog);
#endif
