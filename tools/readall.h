/* readall.h — the tools' whole-file reader (tools/readall.c). */
#ifndef PTX_TOOLS_READALL_H
#define PTX_TOOLS_READALL_H
#include <stddef.h>
#include <stdint.h>
/* The most a PTX module (or other text the tools read whole) may have:
 * far beyond any real module, and far below what makes a host swap. */
#define READALL_TEXT_MAX ((uint64_t)1 << 30)
/* The whole of path ("-": stdin) in a malloc'ed buffer, NUL-terminated;
 * *len gets its length.  NULL with errno set on failure: EFBIG when there
 * are more than max bytes (found out after reading max + 1 at most, so
 * that an endless input such as /dev/zero is an error, not a hang). */
char *readall(const char *path, uint64_t max, size_t *len);
/* Why readall failed, for a message: strerror(err), or for EFBIG the
 * limit (in a static buffer). */
const char *readall_why(int err, uint64_t max);
#endif
