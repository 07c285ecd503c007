/*
 * readall.c — reading a whole input file, shared by the tools.
 *
 * The tools read modules and data files whole: the parser wants the text
 * in one buffer, and ptx-run's buffers are copied to device memory at once.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tools/readall.h"

/* The whole of path ("-": stdin) in a malloc'ed buffer, NUL-terminated for
 * convenience (the parser is given the length).  NULL with errno set. */
char *
readall(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	struct stat st;
	size_t n = 0, cap = 0, first = 1 << 16, want, got;
	char *buf = NULL, *p;
	int err = 0;

	if (!f)
		return NULL;
	/* A regular file is read in one go: its size, one byte to find the
	 * end of file, and the NUL. */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    (uintmax_t)st.st_size < SIZE_MAX / 4)
		first = (size_t)st.st_size + 2;
	for (;;) {
		if (cap - n < 2) {
			size_t nc = cap ? 2 * cap : first;
			if (nc <= cap || !(p = realloc(buf, nc))) {
				err = ENOMEM;
				break;
			}
			buf = p;
			cap = nc;
		}
		want = cap - n - 1;
		got = fread(buf + n, 1, want, f);
		n += got;
		if (got < want) {   /* end of file, or an error */
			if (ferror(f))
				err = errno ? errno : EIO;
			break;
		}
	}
	if (f != stdin)
		fclose(f);
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = 0;
	*len = n;
	return buf;
}

