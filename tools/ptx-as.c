/*
 * ptx-as.c — read a PTX module, build its SSA form, write it back out.
 *
 *	ptx-as [-o OUT] [--emit=ptx|ssa|cfg] [-arch=sm_XX] [-c] FILE|-
 *
 * Only include/ptx.h is used: ptx_module_parse reads the module and builds
 * its SSA form, ptx_verify runs the checks ptxas itself enforces (for the
 * -arch target), ptx_module_emit writes it; with no -o and no --emit the
 * tool only checks.  Exit status: 0 success, 1 the input has errors (printed
 * on stderr by ptx_diag_print), 2 usage or I/O errors.  An output file is written
 * under a temporary name beside it and renamed into place only once complete,
 * so a failed run never leaves a half-written file behind.
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
#include "tools/outfile.h"
#include "tools/readall.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };
enum { EMIT_NONE, EMIT_PTX, EMIT_SSA, EMIT_CFG };

typedef struct {
	const char *in;     /* input path; "-" is stdin */
	const char *out;    /* -o path, or NULL for stdout */
	int emit;           /* EMIT_* */
	const char *arch;   /* -arch: validated here, checked against the module by the verifier */
	int compile_only;   /* -c: judged as ptxas -c judges relocatable code */
} Opts;

static const char prog[] = "ptx-as";

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: %s [-o OUT] [--emit=ptx|ssa|cfg] [-arch=sm_XX] [-c] FILE|-\n"
	    "Reads a PTX module, checks it as ptxas does and builds its SSA form.\n"
	    "  -o OUT          write the output to OUT (default --emit=ptx)\n"
	    "  --emit=ptx      canonical PTX\n"
	    "  --emit=ssa      the SSA form, as text\n"
	    "  --emit=cfg      the control-flow graphs, as Graphviz dot\n"
	    "  -arch=sm_XX     target architecture (sm_90, sm_90a, sm_100f, ...)\n"
	    "  -c              relocatable code, as ptxas -c: .extern functions and\n"
	    "                  variables are the linker's to resolve\n"
	    "  --help          print this help\n"
	    "  --version       print the version\n"
	    "With neither -o nor --emit, only checks.  Exit status: 0 success,\n"
	    "1 errors in the input, 2 usage or I/O error.\n", prog);
}

static int
badusage(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry '%s --help'.\n", prog);
	return -1;
}

/* sm_ followed by two or more digits and an optional a or f. */
static int
validarch(const char *s)
{
	size_t n;

	if (strncmp(s, "sm_", 3) != 0)
		return 0;
	s += 3;
	n = strspn(s, "0123456789");
	if (n < 2)
		return 0;
	s += n;
	return s[0] == 0 || ((s[0] == 'a' || s[0] == 'f') && s[1] == 0);
}

/* The value of option `name` at argv[*i]: "name=VALUE", "nameVALUE" when
 * glued is set, or the next argument.  NULL when argv[*i] is not that
 * option; *missing is set when it is but has no value. */
static const char *
optval(int argc, char **argv, int *i, const char *name, int glued, int *missing)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] && glued)
		return a + n;
	if (a[n])
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

/* 0: run; 1: done (--help, --version); -1: usage error, already reported. */
static int
parseargs(int argc, char **argv, Opts *o)
{
	int i, missing = 0, noopts = 0;
	const char *v;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (noopts || a[0] != '-' || strcmp(a, "-") == 0) {
			if (o->in)
				return badusage("more than one input file: '%s'", a);
			o->in = a;
		} else if (strcmp(a, "--") == 0) {
			noopts = 1;
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 1;
		} else if (strcmp(a, "--version") == 0) {
			printf("%s (ptxkit) %s\n", prog, PACKAGE_VERSION);
			return 1;
		} else if ((v = optval(argc, argv, &i, "-o", 1, &missing))) {
			o->out = v;
		} else if ((v = optval(argc, argv, &i, "--emit", 0, &missing))) {
			if (strcmp(v, "ptx") == 0)
				o->emit = EMIT_PTX;
			else if (strcmp(v, "ssa") == 0)
				o->emit = EMIT_SSA;
			else if (strcmp(v, "cfg") == 0)
				o->emit = EMIT_CFG;
			else
				return badusage("--emit: expected ptx, ssa or cfg, not '%s'", v);
		} else if (strcmp(a, "-c") == 0 || strcmp(a, "--compile-only") == 0) {
			o->compile_only = 1;
		} else if ((v = optval(argc, argv, &i, "-arch", 0, &missing)) ||
		           (v = optval(argc, argv, &i, "--arch", 0, &missing))) {
			if (!validarch(v))
				return badusage("-arch: expected sm_NN with an optional a or f suffix, not '%s'", v);
			o->arch = v;
		} else {
			return badusage(missing ? "option '%s' needs a value" : "unknown option '%s'", a);
		}
	}
	if (!o->in)
		return badusage("%s", "no input file");
	if (o->out && o->emit == EMIT_NONE)
		o->emit = EMIT_PTX;
	return 0;
}

static void
emit(const ptx_module *m, int what, FILE *f)
{
	static const unsigned form[] = {
		[EMIT_PTX] = PTX_EMIT_PTX, [EMIT_SSA] = PTX_EMIT_SSA, [EMIT_CFG] = PTX_EMIT_CFG,
	};

	/* A write error shows in ferror(f), which the callers check. */
	ptx_module_emit(m, form[what], f);
}

/* Writes to stdout ("-" or no -o), or to `out` as tools/outfile.c decides:
 * a file through a temporary file renamed into place, a device or FIFO in
 * place.  0, or -1 after reporting the error. */
static int
writeout(const ptx_module *m, int what, const char *out)
{
	Outfile of;

	if (outfile_open(&of, prog, out ? out : "-") != 0)
		return -1;
	emit(m, what, of.f);
	return outfile_commit(&of, prog);
}

int
main(int argc, char **argv)
{
	Opts o = { 0 };
	const char *name;
	char *src;
	size_t len;
	ptx_ctx *cx;
	ptx_module *m;
	int rc;

	rc = parseargs(argc, argv, &o);
	if (rc)
		return outfile_close_stdout(prog) != 0 || rc < 0 ? EXIT_USAGE : 0;
	/* a target that is not to be replaced is refused before the work */
	if (o.out && outfile_check(prog, o.out) != 0)
		return EXIT_USAGE;
	src = readall(o.in, READALL_TEXT_MAX, &len);
	if (!src) {
		fprintf(stderr, "%s: cannot read %s: %s\n", prog, o.in, readall_why(errno, READALL_TEXT_MAX));
		return EXIT_USAGE;
	}
	name = strcmp(o.in, "-") == 0 ? "<stdin>" : o.in;
	if (ptx_ctx_new(&cx, NULL) != PTX_OK) {
		fprintf(stderr, "%s: out of memory\n", prog);
		free(src);
		return EXIT_USAGE;
	}

	rc = ptx_module_parse(cx, name, src, len, NULL, &m);
	/* then what ptxas itself refuses beyond the grammar (types, state
	 * spaces, targets, operands), for the target -arch names or else the
	 * module's own: a module ptxas rejects is rejected here too */
	if (rc == PTX_OK) {
		static const char *const ptxas_checks[] = { "ptxas", NULL };
		ptx_verify_opts vo = PTX_VERIFY_OPTS_INIT;
		vo.checks = ptxas_checks;
		vo.compile_only = o.compile_only;
		if (o.arch) {
			const char *sfx = o.arch + 3 + strspn(o.arch + 3, "0123456789");
			vo.sm = atoi(o.arch + 3);
			vo.sm_suffix = *sfx;
		}
		rc = ptx_verify(m, &vo);
	}
	switch (rc) {
	case PTX_OK: rc = 0; break;
	case PTX_ESYNTAX: rc = EXIT_INPUT; break;
	default:
		fprintf(stderr, "%s: out of memory\n", prog);
		ptx_ctx_free(cx);
		free(src);
		return EXIT_USAGE;
	}
	ptx_diag_print(cx, stderr);
	if (rc == 0 && o.emit != EMIT_NONE && writeout(m, o.emit, o.out) != 0)
		rc = EXIT_USAGE;
	ptx_ctx_free(cx);     /* and m with it */
	free(src);
	if (outfile_close_stdout(prog) != 0)
		rc = EXIT_USAGE;
	return rc;
}
