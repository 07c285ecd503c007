/*
 * ptxas-lint.c — check PTX modules with the ptxkit verifier.
 *
 *	ptxas-lint [-arch=sm_XX] [-c] [--Werror] [-W<name>|-Wno-<name>]
 *	           [--format=text|json|sarif] FILE...|-
 *
 * Only include/ptx.h is used: each file goes through ptx_module_parse and
 * ptx_verify, under one context and one set of options.  Text
 * output is GCC's (file:line:col: severity: message [-Wcheck], the source
 * line, a caret under the operand) on stderr; JSON and SARIF 2.1.0 carry the
 * same fields on stdout, one document for all files.  -c judges each
 * module as ptxas -c does, as a relocatable object whose .extern names the
 * linker resolves: it turns off the whole-program checks.  Exit status: 0 no
 * errors (warnings allowed), 1 some error, 2 usage or I/O error.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"
#include "ir/json.h"
#include "tools/outfile.h"
#include "tools/readall.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };
enum { FMT_TEXT, FMT_JSON, FMT_SARIF };

static const char prog[] = "ptxas-lint";
static const char *const sevname[] = { "note", "warning", "error" };

static ptx_check *checks;   /* the verifier's, from ptx_check_list */
static size_t nchecks;

static int
checklookup(const char *name)
{
	for (size_t i = 0; i < nchecks; i++)
		if (strcmp(checks[i].name, name) == 0)
			return (int)i;
	return -1;
}

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: %s [-arch=sm_XX] [-c] [--Werror] [-W<name>|-Wno-<name>]\n"
	    "       [--format=text|json|sarif] FILE...|-\n"
	    "Checks PTX modules: syntax, types, state spaces, alignment, definedness,\n"
	    "uniformity of barriers and warp collectives, targets, async protocols.\n"
	    "  -arch=sm_XX       the architecture the module will be compiled for\n"
	    "  -c                as ptxas -c (--compile-only): .extern names are the linker's\n"
	    "  --Werror          report warnings as errors\n"
	    "  -W<name>          enable a check; -Wno-<name> disables it; -Wall enables all\n"
	    "  --format=FMT      text (default, on stderr), json or sarif (on stdout)\n"
	    "  --list-checks     list the checks and their default severities\n"
	    "Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.\n", prog);
}

static int
validarch(const char *s, int *sm, char *suffix)
{
	char *e;
	long n;

	if (strncmp(s, "sm_", 3) != 0)
		return 0;
	n = strtol(s + 3, &e, 10);
	if (e - (s + 3) < 2 || n <= 0 || n > 1000)
		return 0;
	if (*e && !((*e == 'a' || *e == 'f') && e[1] == 0))
		return 0;
	*sm = (int)n;
	*suffix = *e;
	return 1;
}

static int nout;    /* diagnostics written so far (JSON/SARIF separators) */

static void
emitjson(const ptx_ctx *cx, FILE *f)
{
	for (size_t i = 0; i < ptx_diag_count(cx); i++) {
		const ptx_diag *d = ptx_diag_get(cx, i);
		fputs(nout++ ? ",\n  {" : "\n  {", f);
		fputs("\"file\": ", f);
		json_str(f, d->file ? d->file : "<input>");
		fprintf(f, ", \"line\": %d, \"column\": %d, \"severity\": \"%s\", \"check\": ",
		    d->line, d->col, sevname[d->severity]);
		if (d->check)
			json_str(f, d->check);
		else
			fputs("null", f);
		fputs(", \"message\": ", f);
		json_str(f, d->msg);
		fputc('}', f);
	}
}

static void
emitsarif(const ptx_ctx *cx, FILE *f)
{
	for (size_t i = 0; i < ptx_diag_count(cx); i++) {
		const ptx_diag *d = ptx_diag_get(cx, i);
		fputs(nout++ ? ",\n        {" : "\n        {", f);
		fputs("\"ruleId\": ", f);
		json_str(f, d->check ? d->check : "syntax");
		fprintf(f, ", \"level\": \"%s\", \"message\": {\"text\": ", sevname[d->severity]);
		json_str(f, d->msg);
		fputs("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", f);
		json_uri(f, d->file ? d->file : "<input>");
		fputc('}', f);
		if (d->line > 0)
			fprintf(f, ", \"region\": {\"startLine\": %d, \"startColumn\": %d}",
			    d->line, d->col > 0 ? d->col : 1);
		fputs("}}]}", f);
	}
}

static void
sarifhead(FILE *f)
{
	fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
	    "  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {"
	    "\"name\": \"ptxas-lint\", \"version\": \"" PACKAGE_VERSION "\", "
	    "\"informationUri\": \"https://github.com/ptxkit/ptxkit\",\n      \"rules\": [", f);
	fputs("\n        {\"id\": \"syntax\", \"shortDescription\": {\"text\": \"PTX that cannot be read\"}}", f);
	for (size_t i = 0; i < nchecks; i++) {
		fputs(",\n        {\"id\": ", f);
		json_str(f, checks[i].name);
		fputs(", \"shortDescription\": {\"text\": ", f);
		json_str(f, checks[i].what);
		fprintf(f, "}, \"defaultConfiguration\": {\"level\": \"%s\", \"enabled\": %s}}",
		    checks[i].severity == PTX_SEV_ERROR ? "error" : "warning",
		    checks[i].severity < 0 ? "false" : "true");
	}
	fputs("]}},\n    \"results\": [", f);
}

/* 0 no errors, 1 errors, 2 cannot read. */
static int
lintfile(ptx_ctx *cx, const char *path, const ptx_verify_opts *o, int fmt)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	ptx_parse_opts po = PTX_PARSE_OPTS_INIT;
	size_t len;
	char *src = readall(path, READALL_TEXT_MAX, &len);
	ptx_module *m;
	int rc;

	if (!src) {
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, path, readall_why(errno, READALL_TEXT_MAX));
		return EXIT_USAGE;
	}
	po.max_errors = 1000;
	rc = ptx_module_parse(cx, name, src, len, &po, &m);
	/* A module read with errors of SSA construction is still verified. */
	if (m)
		rc = ptx_verify(m, o);
	if (rc != PTX_OK && rc != PTX_ESYNTAX) {
		fprintf(stderr, "%s: out of memory\n", prog);
		ptx_module_free(m);
		free(src);
		return EXIT_USAGE;
	}
	if (fmt == FMT_TEXT)
		ptx_diag_print(cx, stderr);
	else if (fmt == FMT_JSON)
		emitjson(cx, stdout);
	else
		emitsarif(cx, stdout);
	ptx_module_free(m);
	free(src);
	return rc == PTX_ESYNTAX ? EXIT_INPUT : 0;
}

int
main(int argc, char **argv)
{
	ptx_verify_opts o = PTX_VERIFY_OPTS_INIT;
	ptx_ctx *cx = NULL;
	int fmt = FMT_TEXT, nfile = 0, nw = 0, rc = 0, noopts = 0, compileonly = 0, i;
	const char **files = calloc((size_t)argc, sizeof *files);
	/* the -W words, NULL-terminated */
	const char **wflags = calloc((size_t)argc, sizeof *wflags);

	nchecks = ptx_check_list(NULL, 0);
	checks = calloc(nchecks, sizeof *checks);
	if (!files || !wflags || !checks) {
		rc = EXIT_USAGE;
		goto done;
	}
	ptx_check_list(checks, nchecks);
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (noopts || a[0] != '-' || strcmp(a, "-") == 0) {
			files[nfile++] = a;
		} else if (strcmp(a, "--") == 0) {
			noopts = 1;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			goto done;
		} else if (strcmp(a, "--version") == 0) {
			printf("%s (ptxkit) %s\n", prog, PACKAGE_VERSION);
			goto done;
		} else if (strcmp(a, "--list-checks") == 0) {
			for (size_t c = 0; c < nchecks; c++)
				printf("%-18s %-8s %s\n", checks[c].name,
				    checks[c].severity < 0 ? "off" : sevname[checks[c].severity],
				    checks[c].what);
			goto done;
		} else if (strncmp(a, "-arch=", 6) == 0 || strncmp(a, "--arch=", 7) == 0 ||
		    strcmp(a, "-arch") == 0 || strcmp(a, "--arch") == 0) {
			const char *val = strchr(a, '=');
			if (val)
				val++;
			else if (i + 1 < argc)
				val = argv[++i];
			if (!val || !validarch(val, &o.sm, &o.sm_suffix)) {
				fprintf(stderr, "%s: -arch: expected sm_NN with an optional a or f suffix\n", prog);
				rc = EXIT_USAGE;
				goto done;
			}
		} else if (strcmp(a, "-c") == 0 || strcmp(a, "--compile-only") == 0) {
			compileonly = 1;
		} else if (strcmp(a, "--Werror") == 0 || strcmp(a, "-Werror") == 0) {
			o.werror = 1;
		} else if (strncmp(a, "--format=", 9) == 0) {
			if (strcmp(a + 9, "text") == 0)
				fmt = FMT_TEXT;
			else if (strcmp(a + 9, "json") == 0)
				fmt = FMT_JSON;
			else if (strcmp(a + 9, "sarif") == 0)
				fmt = FMT_SARIF;
			else {
				fprintf(stderr, "%s: --format: expected text, json or sarif\n", prog);
				rc = EXIT_USAGE;
				goto done;
			}
		} else if (strcmp(a, "-Wall") == 0 ||
		    (strncmp(a, "-Wno-", 5) == 0 && checklookup(a + 5) >= 0) ||
		    (strncmp(a, "-W", 2) == 0 && checklookup(a + 2) >= 0)) {
			wflags[nw++] = a + 2;   /* ptx_verify applies them in order */
		} else {
			fprintf(stderr, "%s: unknown option '%s'\nTry '%s --help'.\n", prog, a, prog);
			rc = EXIT_USAGE;
			goto done;
		}
	}
	if (nfile == 0) {
		fprintf(stderr, "%s: no input file\nTry '%s --help'.\n", prog, prog);
		rc = EXIT_USAGE;
		goto done;
	}
	o.compile_only = compileonly;
	o.checks = wflags;
	if (ptx_ctx_new(&cx, NULL) != PTX_OK) {
		fprintf(stderr, "%s: out of memory\n", prog);
		rc = EXIT_USAGE;
		goto done;
	}
	if (fmt == FMT_JSON)
		fputs("[", stdout);
	else if (fmt == FMT_SARIF)
		sarifhead(stdout);
	for (i = 0; i < nfile; i++) {
		int r = lintfile(cx, files[i], &o, fmt);
		if (r > rc)
			rc = r;
	}
	if (fmt == FMT_JSON)
		fputs(nout ? "\n]\n" : "]\n", stdout);
	else if (fmt == FMT_SARIF)
		fputs(nout ? "\n    ]\n  }]\n}\n" : "]\n  }]\n}\n", stdout);
done:
	/* every path ends here, so that leak checkers see a clean exit */
	ptx_ctx_free(cx);
	free(checks);
	free(wflags);
	free(files);
	/* a JSON or SARIF document cut short by a full disk is an I/O error */
	if (outfile_close_stdout(prog) != 0)
		rc = EXIT_USAGE;
	return rc;
}
