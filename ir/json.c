/*
 * json.c — JSON string literals, for every JSON report: the dynamic
 * checks' (interp/check.c), ptxas-lint's (--format=json and sarif) and
 * ptx-run's (--stats-json), and SARIF's file URIs.  It depends on nothing
 * of the IR, so the tools, which see only include/ptx.h of the library,
 * compile it in as the driver shim does ir/tree.c.
 *
 * What goes into them comes from the input: a diagnostic quotes the
 * module's own bytes (an unterminated string, an unexpected byte), a
 * .file directive names any bytes, and so may a file name on the command
 * line.  JSON is UTF-8, and a consumer (a SARIF viewer, a CI's code
 * scanning) rejects the whole file at the first malformed byte, so each
 * such byte is replaced rather than copied.
 */
#include "ir/json.h"

/* The length of the well-formed UTF-8 sequence of two to four bytes at s
 * (Unicode's table 3-7: no overlong forms, no surrogates, nothing past
 * U+10FFFF), or 0 */
static int
utf8len(const unsigned char *s)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	int n;

	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
	else
		return 0;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (int i = 2; i < n; i++)   /* a NUL ends the string: never read past it */
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void
json_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");

	fputc('"', f);
	while (*p) {
		unsigned char c = *p;
		int n;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else if (c < 0x80)
			fputc(c, f);
		else if ((n = utf8len(p)) > 0) {
			fwrite(p, 1, (size_t)n, f);
			p += n;
			continue;
		} else
			fputs("\\ufffd", f);
		p++;
	}
	fputc('"', f);
}

void
json_uri(FILE *f, const char *path)
{
	const unsigned char *p = (const unsigned char *)(path ? path : "");

	fputc('"', f);
	for (; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    *p == '-' || *p == '.' || *p == '_' || *p == '~' || *p == '/')
			fputc(*p, f);
		else
			fprintf(f, "%%%02X", *p);
	fputc('"', f);
}
