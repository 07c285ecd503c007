/*
 * outfile.c — writing output files, shared by the tools.
 *
 * What a path names decides how it is written, as with a compiler's -o:
 *
 * - A regular file (or an absent path) is replaced whole: the bytes go to
 *   a temporary file in the same directory (so that the rename stays on
 *   one file system), and rename(2) puts it in place only after every
 *   write, the flush and the close succeeded; on any error the temporary
 *   file is removed and the old file is as it was.  The old file's mode
 *   is kept, and a read-only file is not replaced, as with a shell's '>'.
 * - A symlink to a regular file (through any chain of links) keeps the
 *   link: the file it resolves to is replaced that way, the temporary
 *   file beside it, as editors do.  A dangling symlink is refused rather
 *   than created through: a link into someone else's directory must not
 *   make a tool create files there.
 * - A character device or FIFO (/dev/null, /dev/stdout on a pipe, a named
 *   pipe) is opened without O_CREAT or O_TRUNC and written in place, never
 *   renamed over: as root a rename would replace /dev/null itself with a
 *   regular file.  A FIFO is opened with O_NONBLOCK first, so one without
 *   a reader fails at once (ENXIO) rather than hanging the tool.  Bytes
 *   written there before an error cannot be taken back.
 * - "-", or a path that is the very file standard output or standard
 *   error already is (/dev/stdout redirected to a file): that stream.
 *   Replacing the file would pull it from under the shell's redirection,
 *   and reopening it would write over the stream's own bytes.
 * - A directory, socket or block device is refused and left alone.
 *
 * The rename makes a file atomic for readers and against failed runs, not
 * against power loss: there is no fsync, which would cost every run of the
 * tools a disk round trip for a guarantee build outputs do not need.
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tools/outfile.h"

enum { T_STREAM, T_DIRECT, T_REPLACE };

/* What a path was found to be. */
typedef struct {
	int how;       /* T_* */
	FILE *std;     /* T_STREAM: stdout or stderr */
	int fifo;      /* T_DIRECT: a FIFO, not a device */
	char *file;    /* T_REPLACE: the file to replace (malloc'ed) */
	mode_t mode;   /* T_REPLACE: the mode the new file is to have */
} Target;

/* What a file that is not written is, for the message. */
static const char *
kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISLNK(m) ? "a symbolic link" : S_ISFIFO(m) ? "a FIFO" :
	    S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" :
	    "not a regular file";
}

static int
fail(const char *prog, const char *path, const char *why)
{
	fprintf(stderr, "%s: %s: %s\n", prog, path, why);
	return -1;
}

/* Whether st is the file that fd already has open. */
static int
samefile(int fd, const struct stat *st)
{
	struct stat s;

	return fstat(fd, &s) == 0 && s.st_dev == st->st_dev && s.st_ino == st->st_ino;
}

/* Classifies path (not "-") into *t; 0, or -1 after a message. */
static int
classify(const char *prog, const char *path, Target *t)
{
	struct stat st;
	mode_t mask;
	int link;

	memset(t, 0, sizeof *t);
	if (!*path) {
		fprintf(stderr, "%s: empty output file name\n", prog);
		return -1;
	}
	if (lstat(path, &st) != 0) {
		if (errno != ENOENT)
			return fail(prog, path, strerror(errno));
		if (!(t->file = strdup(path)))
			return fail(prog, path, "out of memory");
		mask = umask(0);   /* the tools are single-threaded here */
		umask(mask);
		t->how = T_REPLACE;
		t->mode = 0666 & ~mask;
		return 0;
	}
	link = S_ISLNK(st.st_mode);
	if (link && stat(path, &st) != 0)
		return fail(prog, path, errno == ENOENT ? "a dangling symbolic link: not created through" :
		    strerror(errno));
	if (samefile(STDOUT_FILENO, &st) || samefile(STDERR_FILENO, &st)) {
		t->how = T_STREAM;
		t->std = samefile(STDOUT_FILENO, &st) ? stdout : stderr;
		return 0;
	}
	if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
		if (access(path, W_OK) != 0)
			return fail(prog, path, strerror(errno));
		t->how = T_DIRECT;
		t->fifo = S_ISFIFO(st.st_mode);
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		fprintf(stderr, "%s: %s: %s%s: not written (use '-' for standard output)\n", prog, path,
		    kind(st.st_mode), link ? " (through a symbolic link)" : "");
		return -1;
	}
	if (!(t->file = link ? realpath(path, NULL) : strdup(path)))
		return fail(prog, path, strerror(errno));
	if (access(t->file, W_OK) != 0) {
		fail(prog, path, strerror(errno));
		free(t->file);
		t->file = NULL;
		return -1;
	}
	t->how = T_REPLACE;
	t->mode = st.st_mode & 07777;
	return 0;
}

int
outfile_check(const char *prog, const char *path)
{
	Target t;
	const char *slash;
	char *dir;
	int ok, err;

	if (strcmp(path, "-") == 0)
		return 0;
	if (classify(prog, path, &t) != 0)
		return -1;
	if (t.how != T_REPLACE)
		return 0;   /* a FIFO is not opened here: that would end its reader's input */
	/* The directory must take the temporary file: a read-only or missing
	 * one is reported before the work rather than after it. */
	if (!(slash = strrchr(t.file, '/')))
		ok = access(".", W_OK | X_OK) == 0;
	else if (!(dir = malloc((size_t)(slash - t.file) + 2))) {
		free(t.file);
		return fail(prog, path, "out of memory");
	} else {
		memcpy(dir, t.file, (size_t)(slash - t.file) + 1);   /* "/x" keeps its "/" */
		dir[slash == t.file ? 1 : slash - t.file] = 0;
		ok = access(dir, W_OK | X_OK) == 0;
		free(dir);
	}
	err = errno;
	free(t.file);
	if (ok)
		return 0;
	fprintf(stderr, "%s: %s: cannot create: %s\n", prog, path, strerror(err));
	return -1;
}

/* Opens a device or FIFO for writing in place; 0, or -1 after a message. */
static int
open_direct(Outfile *o, const char *prog, int fifo)
{
	struct stat st;
	int fd, fl;

	fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0));
	if (fd < 0)
		return fail(prog, o->path, fifo && errno == ENXIO ? "a FIFO with no reader: not written" :
		    strerror(errno));
	/* Swapped for a regular file since the check: that one would be
	 * written over from its start, neither truncated nor replaced. */
	if (fstat(fd, &st) != 0 || !(S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
		close(fd);
		return fail(prog, o->path, "changed while being opened: not written");
	}
	/* Blocking from here on, as a pipe on standard output is. */
	if (fifo && ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)) {
		fail(prog, o->path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!(o->f = fdopen(fd, "wb"))) {
		fail(prog, o->path, strerror(errno));
		close(fd);
		return -1;
	}
	return 0;
}

int
outfile_open(Outfile *o, const char *prog, const char *path)
{
	Target t;
	int fd;

	memset(o, 0, sizeof *o);
	o->path = path;
	if (strcmp(path, "-") == 0) {
		o->f = stdout;
		o->borrowed = 1;
		return 0;
	}
	if (classify(prog, path, &t) != 0)
		return -1;
	if (t.how == T_STREAM) {
		o->f = t.std;
		o->borrowed = 1;
		return 0;
	}
	if (t.how == T_DIRECT)
		return open_direct(o, prog, t.fifo);
	o->target = t.file;   /* owned from here */
	if (!(o->tmp = malloc(strlen(o->target) + sizeof ".XXXXXX"))) {
		fail(prog, path, "out of memory");
		goto fail;
	}
	strcpy(o->tmp, o->target);
	strcat(o->tmp, ".XXXXXX");
	if ((fd = mkstemp(o->tmp)) < 0) {
		fprintf(stderr, "%s: %s: cannot create: %s\n", prog, path, strerror(errno));
		goto fail;
	}
	/* mkstemp makes the file 0600 */
	if (fchmod(fd, t.mode) != 0 || !(o->f = fdopen(fd, "wb"))) {
		fail(prog, path, strerror(errno));
		close(fd);
		unlink(o->tmp);
		goto fail;
	}
	return 0;
fail:
	free(o->tmp);
	free(o->target);
	o->tmp = o->target = NULL;
	return -1;
}

/* Forgets the paths of a closed output. */
static void
release(Outfile *o)
{
	free(o->tmp);
	free(o->target);
	o->tmp = o->target = NULL;
	o->f = NULL;
}

void
outfile_abort(Outfile *o)
{
	if (!o->f)
		return;
	if (o->borrowed)
		fflush(o->f);
	else {
		fclose(o->f);
		if (o->tmp)
			unlink(o->tmp);
	}
	release(o);
}

int
outfile_commit(Outfile *o, const char *prog)
{
	struct stat st;
	int err = 0;

	if (!o->f)
		return -1;
	/* A stream remembers an earlier failed write in ferror even when the
	 * flush that follows succeeds; errno may be stale then, hence EIO. */
	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		err = errno ? errno : EIO;
	if (o->err)
		err = o->err;
	if (o->borrowed) {
		if (err) {
			fprintf(stderr, "%s: %s: %s\n", prog, strcmp(o->path, "-") == 0 ? "standard output" : o->path,
			    strerror(err));
			clearerr(o->f);   /* reported: not again by outfile_close_stdout */
		}
		release(o);
		return err ? -1 : 0;
	}
	if (fclose(o->f) != 0 && !err)
		err = errno ? errno : EIO;
	o->f = NULL;
	/* The target changed under us into something not to be replaced. */
	if (o->tmp && !err && lstat(o->target, &st) == 0 && !S_ISREG(st.st_mode)) {
		fprintf(stderr, "%s: %s: %s, not a regular file: not replaced\n", prog, o->path, kind(st.st_mode));
		err = -1;
	} else if (o->tmp && !err && rename(o->tmp, o->target) != 0)
		err = errno;
	if (err) {
		if (err > 0)
			fail(prog, o->path, strerror(err));
		if (o->tmp)
			unlink(o->tmp);
	}
	release(o);
	return err ? -1 : 0;
}

int
outfile_write(const char *prog, const char *path, const void *p, size_t n)
{
	Outfile o;

	if (outfile_open(&o, prog, path) != 0)
		return -1;
	errno = 0;
	if (n && fwrite(p, 1, n, o.f) != n)
		o.err = errno ? errno : EIO;
	return outfile_commit(&o, prog);
}

int
outfile_close_stdout(const char *prog)
{
	int err = 0;

	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout))
		err = errno ? errno : EIO;
	/* EBADF alone: started with standard output closed, and wrote nothing */
	if (fclose(stdout) != 0 && !err && errno != EBADF)
		err = errno;
	if (!err)
		return 0;
	fprintf(stderr, "%s: standard output: %s\n", prog, strerror(err));
	return -1;
}
