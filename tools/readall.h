/* readall.h — the tools' whole-file reader (tools/readall.c). */
#ifndef PTX_TOOLS_READALL_H
#define PTX_TOOLS_READALL_H
#include <stddef.h>
/* The whole of path ("-": stdin) in a malloc'ed buffer, NUL-terminated;
 * *len gets its length.  NULL with errno set on failure. */
char *readall(const char *path, size_t *len);
#endif
