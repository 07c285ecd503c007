/*
 * outfile.c — writing output files, shared by the tools.
 *
 * An output never exists half-written: the bytes go to a temporary file in
 * the target's directory (so that the rename stays on one file system),
 * and rename(2) puts it in place only after every write, the flush and the
 * close succeeded; on any error the temporary file is removed and the
 * target is as it was.  rename replaces the directory entry itself and
 * never writes through it, so even a target swapped for a symlink between
 * the check and the rename is replaced, not followed.
 *
 * What may be replaced: an absent path or a regular file, nothing else.  A
 * symlink, FIFO, device, socket or directory is refused and left alone:
 * renaming over /dev/null (which root could) would replace the device with
 * a file, and writing through a symlink is how a tool gets tricked into
 * clobbering someone else's file.  "-" is standard output, the one way to
 * write to a stream; its errors are caught by outfile_close_stdout.
 *
 * The rename makes a file atomic for readers and against failed runs, not
 * against power loss: there is no fsync, which would cost every run of the
 * tools a disk round trip for a guarantee build outputs do not need.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tools/outfile.h"

/* What a non-regular file is, for the message. */
static const char *
kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISLNK(m) ? "a symbolic link" : S_ISFIFO(m) ? "a FIFO" :
	    S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" :
	    "not a regular file";
}

/* The checks of outfile_check; *mode gets the mode the new file is to have:
 * the replaced file's, else what a plain create gives under the umask. */
static int
check(const char *prog, const char *path, mode_t *mode)
{
	struct stat st;
	mode_t mask;

	if (!*path) {
		fprintf(stderr, "%s: empty output file name\n", prog);
		return -1;
	}
	if (lstat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode)) {
			fprintf(stderr, "%s: %s: %s, not a regular file: not replaced (use '-' for standard output)\n",
			    prog, path, kind(st.st_mode));
			return -1;
		}
		/* A file its owner made read-only stays so, as with a shell's '>'. */
		if (access(path, W_OK) != 0) {
			fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
			return -1;
		}
		*mode = st.st_mode & 07777;
		return 0;
	}
	if (errno != ENOENT) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		return -1;
	}
	mask = umask(0);   /* the tools are single-threaded here */
	umask(mask);
	*mode = 0666 & ~mask;
	return 0;
}

int
outfile_check(const char *prog, const char *path)
{
	mode_t mode;
	const char *slash;
	char *dir;
	int rc = 0;

	if (strcmp(path, "-") == 0)
		return 0;
	if (check(prog, path, &mode) != 0)
		return -1;
	/* The directory must take the temporary file: a read-only or missing
	 * one is reported before the work rather than after it. */
	slash = strrchr(path, '/');
	if (!slash)
		return access(".", W_OK | X_OK) == 0 ? 0 :
		    (fprintf(stderr, "%s: %s: cannot create: %s\n", prog, path, strerror(errno)), -1);
	if (!(dir = malloc((size_t)(slash - path) + 2))) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return -1;
	}
	memcpy(dir, path, (size_t)(slash - path) + 1);   /* "/x" keeps its "/" */
	dir[slash == path ? 1 : slash - path] = 0;
	if (access(dir, W_OK | X_OK) != 0) {
		fprintf(stderr, "%s: %s: cannot create: %s\n", prog, path, strerror(errno));
		rc = -1;
	}
	free(dir);
	return rc;
}

int
outfile_open(Outfile *o, const char *prog, const char *path)
{
	mode_t mode;
	int fd;

	o->path = path;
	o->tmp = NULL;
	o->f = NULL;
	o->err = 0;
	if (strcmp(path, "-") == 0) {
		o->f = stdout;
		return 0;
	}
	if (check(prog, path, &mode) != 0)
		return -1;
	if (!(o->tmp = malloc(strlen(path) + sizeof ".XXXXXX"))) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return -1;
	}
	strcpy(o->tmp, path);
	strcat(o->tmp, ".XXXXXX");
	if ((fd = mkstemp(o->tmp)) < 0) {
		fprintf(stderr, "%s: %s: cannot create: %s\n", prog, path, strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	/* mkstemp makes the file 0600 */
	if (fchmod(fd, mode) != 0 || !(o->f = fdopen(fd, "wb"))) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		close(fd);
		unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	return 0;
}

void
outfile_abort(Outfile *o)
{
	if (!o->f)
		return;
	if (o->f == stdout)
		fflush(stdout);
	else {
		fclose(o->f);
		unlink(o->tmp);
	}
	free(o->tmp);
	o->tmp = NULL;
	o->f = NULL;
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
	if (o->f == stdout) {
		o->f = NULL;
		if (!err)
			return 0;
		fprintf(stderr, "%s: standard output: %s\n", prog, strerror(err));
		clearerr(stdout);   /* reported: not again by outfile_close_stdout */
		return -1;
	}
	if (fclose(o->f) != 0 && !err)
		err = errno ? errno : EIO;
	o->f = NULL;
	/* The target changed under us into something not to be replaced. */
	if (!err && lstat(o->path, &st) == 0 && !S_ISREG(st.st_mode)) {
		fprintf(stderr, "%s: %s: %s, not a regular file: not replaced\n", prog, o->path, kind(st.st_mode));
		err = -1;
	} else if (!err && rename(o->tmp, o->path) != 0)
		err = errno;
	if (err) {
		if (err > 0)
			fprintf(stderr, "%s: %s: %s\n", prog, o->path, strerror(err));
		unlink(o->tmp);
	}
	free(o->tmp);
	o->tmp = NULL;
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
