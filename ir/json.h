/* json.h — JSON string literals for the reports of the library and the tools (ir/json.c). */
#ifndef PTX_IR_JSON_H
#define PTX_IR_JSON_H
#include <stdio.h>
/* s (NULL: empty) as a JSON string literal on f: quotes, backslashes and
 * control bytes escaped, and each byte that is no part of well-formed
 * UTF-8 written as U+FFFD, so that the output is valid JSON (RFC 8259
 * wants UTF-8) whatever bytes a module's text, names or file names
 * carry. */
void json_str(FILE *f, const char *s);
/* path as the JSON string of a relative URI reference (SARIF's
 * artifactLocation.uri, RFC 3986): each byte but the unreserved ones and
 * '/' percent-encoded, so that a space, '#', '%' or '?' in a file name
 * names that file rather than a fragment or a query. */
void json_uri(FILE *f, const char *path);
#endif
