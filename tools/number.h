/* number.h — strict numbers for command-line options (tools/number.c). */
#ifndef PTX_TOOLS_NUMBER_H
#define PTX_TOOLS_NUMBER_H
#include <stdint.h>

/* An unsigned number: decimal digits, or 0x and hex digits; no sign, no
 * space, no other base.  With end NULL the number must be the whole of s;
 * else *end gets the character after it.  At most max.  0, or -1 with
 * errno EINVAL (not a number) or ERANGE (more than max). */
int num_u64(const char *s, const char **end, uint64_t max, uint64_t *v);
/* A byte count: num_u64 with an optional suffix K, M or G (KiB, MiB, GiB,
 * either case), the product checked against max. */
int num_size(const char *s, const char **end, uint64_t max, uint64_t *v);
/* A signed decimal: an optional '-' and decimal digits, in [min, max]. */
int num_s64(const char *s, const char **end, int64_t min, int64_t max, int64_t *v);
#endif
