/*
 * readall.c — reading a whole input file, shared by the tools.
 *
 * The tools read modules and data files whole: the parser wants the text
 * in one buffer, and ptx-run's buffers are copied to device memory at once.
 * Each read has a cap the caller chooses (READALL_TEXT_MAX for modules,
 * ptx-run's memory limit for data), so that /dev/zero or an endless pipe
 * is a clear error after a bounded allocation, not the host's memory
 * exhausted.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tools/readall.h"

char *
readall(const char *path, uint64_t max, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	struct stat st;
	size_t n = 0, cap = 0, first = 1 << 16, limit, want, got;
	char *buf = NULL, *p;
	int err = 0;

	if (!f)
		return NULL;
	/* The buffer never grows past max + 1 bytes and the NUL: one byte
	 * more than allowed is how the end is told from too much. */
	limit = max < SIZE_MAX - 2 ? (size_t)max + 2 : SIZE_MAX;
	/* A regular file is read in one go: its size, one byte to find the
	 * end of file, and the NUL.  One too large is refused unread. */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
		if ((uintmax_t)st.st_size > max)
			err = EFBIG;
		else if ((uintmax_t)st.st_size < SIZE_MAX / 4)
			first = (size_t)st.st_size + 2;
	}
	if (first > limit)
		first = limit;
	while (!err) {
		if (n > max) {
			err = EFBIG;
			break;
		}
		if (cap - n < 2) {
			size_t nc = !cap ? first : cap > limit / 2 ? limit : 2 * cap;
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
			else if (n > max)
				err = EFBIG;
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

const char *
readall_why(int err, uint64_t max)
{
	static char msg[80];

	if (err != EFBIG)
		return strerror(err);
	snprintf(msg, sizeof msg, "more than %" PRIu64 " bytes, the most allowed here", max);
	return msg;
}
