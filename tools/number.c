/*
 * number.c — strict numbers for command-line options, shared by the tools.
 *
 * strtoul and friends are too lenient for options: they skip leading
 * space, take a sign (so "-1" becomes 2^64-1), read a leading 0 as octal,
 * clamp on overflow and let the caller forget to look at what follows.
 * Here a number is digits and nothing else, every value is computed in 64
 * bits with each step checked, and the caller states the largest value it
 * can take, so that no value is narrowed in silence afterwards.
 */
#include <errno.h>
#include <stddef.h>
#include "tools/number.h"

static int
digit(int c, int base)
{
	int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	    c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
	return d < base ? d : -1;
}

int
num_u64(const char *s, const char **end, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;
	int base = 10, d, range = 0;
	const char *p = s;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digit(p[2], 16) >= 0) {
		base = 16;
		p += 2;
	}
	if (digit(*p, base) < 0) {
		errno = EINVAL;
		return -1;
	}
	/* every digit is read, so that end is past the whole number */
	for (; (d = digit(*p, base)) >= 0; p++) {
		if (x > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			range = 1;
		else
			x = x * (uint64_t)base + (uint64_t)d;
	}
	if (end)
		*end = p;
	else if (*p) {
		errno = EINVAL;
		return -1;
	}
	if (range || x > max) {
		errno = ERANGE;
		return -1;
	}
	*v = x;
	return 0;
}

int
num_size(const char *s, const char **end, uint64_t max, uint64_t *v)
{
	const char *p;
	uint64_t x;
	int shift = 0;

	if (num_u64(s, &p, UINT64_MAX, &x) != 0)
		return -1;
	switch (*p) {
	case 'k': case 'K': shift = 10; p++; break;
	case 'm': case 'M': shift = 20; p++; break;
	case 'g': case 'G': shift = 30; p++; break;
	}
	if (end)
		*end = p;
	else if (*p) {
		errno = EINVAL;
		return -1;
	}
	if (x > (max >> shift)) {
		errno = ERANGE;
		return -1;
	}
	*v = x << shift;
	return 0;
}

int
num_s64(const char *s, const char **end, int64_t min, int64_t max, int64_t *v)
{
	int neg = s[0] == '-';
	uint64_t mag;

	/* decimal only: "-0x1" is no one's notation */
	if (digit(s[neg], 10) < 0 || (s[neg] == '0' && (s[neg + 1] == 'x' || s[neg + 1] == 'X'))) {
		errno = EINVAL;
		return -1;
	}
	/* -2^63 is the one magnitude without a positive counterpart */
	if (num_u64(s + neg, end, (uint64_t)INT64_MAX + neg, &mag) != 0)
		return -1;
	if (neg && mag == (uint64_t)INT64_MAX + 1)
		*v = INT64_MIN;
	else
		*v = neg ? -(int64_t)mag : (int64_t)mag;
	if (*v < min || *v > max) {
		errno = ERANGE;
		return -1;
	}
	return 0;
}
