/*
 * fuzz_args.c -- libFuzzer entry point for ptx-run's command line: the
 * option parser of tools/ptx-run.c and the argument forms of
 * tools/run_args.c (sizes, counts, dimensions, -a's scalars, buffers,
 * tensor maps, textures and surfaces, --expect's comparisons), then the
 * run they describe, on the interpreter.
 *
 * Each line of an input is one command-line argument, as the shell would
 * pass it (a newline at the end of the last is left out).  An argument "@N" (N a digit) stands for module N of the list
 * below, files of the source tree that take buffers, scalars, textures,
 * surfaces and tensor maps.  ptx-run's main is called with those
 * arguments and must end with an exit status, never a crash, a sanitizer
 * report, a leak or a hang, whatever they are.
 *
 * What a command line may legitimately ask for stays out of reach: an
 * input with a '/' (a path outside the scratch folder), or with an option
 * that writes a file (-o, --out, --symbol-out, --stats-json, --annotate,
 * --check-json), runs on a GPU (--backend, --diff) or runs ptxas
 * (--nanorder), is skipped, and
 * "--max-steps 200000 --max-memory 256M" is appended, so that a launch of
 * 2^31 CTAs is cut short as the user's budget would cut it, and a buffer
 * of gigabytes (-a zeros:12g, which ptx-run makes when the host has the
 * memory: the interpreter's default limit is the host's) is refused as
 * one past the device's memory, rather than held against the fuzzer's
 * own limit.  Each run happens in a scratch
 * folder holding two data files for file: (d64, 64 bytes, and d4k, 4096
 * bytes); standard input is /dev/null.
 *
 * Built with libFuzzer (tests/fuzz/run.sh, target args) or with
 * tests/fuzz/replay.c (make check, over tests/fuzz/corpus-args).
 */
/* realpath, here and in tools/outfile.c, which is included below after
 * the headers have been read */
#define _XOPEN_SOURCE 700
#include <stdint.h>
#include <stdio.h>

/* ptx-run closes standard output at exit (outfile_close_stdout) to see
 * that everything reached it; here main runs again and again, so a close
 * of stdout only flushes it */
static int fuzz_fclose(FILE *f);
#define fclose fuzz_fclose
#define main ptx_run_main
#include "tools/ptx-run.c"
#include "tools/outfile.c"
#undef main
#undef fclose

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAXARGS = 64, MAXLEN = 4096 };

#ifndef FUZZ_TOP
#define FUZZ_TOP "."
#endif

/* the modules "@0" to "@4" name, relative to the source tree */
static const char *const modules[] = {
	"examples/vecadd.ptx",                  /* (a, b, c, n) */
	"tests/tex/sample.ptx",                 /* texture, buffer, surface */
	"tests/corpus/ptx/tma_bulk.sm_90.ptx",  /* tensor maps, several kernels */
	"examples/saxpy.ptx",                   /* a scalar float */
	"tests/tex/tex.ptx",
};

static char *modpath[sizeof modules / sizeof modules[0]];
static char scratch[] = "/tmp/fuzz-args-XXXXXX";
static int home = -1;   /* the folder the fuzzer works in, returned to after each run */

static int
fuzz_fclose(FILE *f)
{
	if (f == stdout)
		return fflush(f);
	return (fclose)(f);
}

/* at exit: the scratch folder removed, with the files setup put there */
static void
cleanup(void)
{
	if (chdir(scratch) == 0) {
		unlink("d64");
		unlink("d4k");
		if (fchdir(home) == 0)
			rmdir(scratch);
	}
	if (home >= 0)
		close(home);
	for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++)
		free(modpath[i]);
}

/* once: the module paths, and a scratch folder to run in */
static int
setup(void)
{
	static int done;
	const char *top = getenv("srcdir");
	FILE *f;

	if (done)
		return done > 0 ? 0 : -1;
	done = -1;
	if (!top)
		top = FUZZ_TOP;
	for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++) {
		char p[4096];
		/* absolute: the run happens elsewhere */
		snprintf(p, sizeof p, "%s/%s", top, modules[i]);
		if (!(modpath[i] = realpath(p, NULL)))
			return -1;
	}
	if ((home = open(".", O_RDONLY)) < 0 || !mkdtemp(scratch))
		return -1;
	atexit(cleanup);
	if (chdir(scratch) != 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		size_t n = i ? 4096 : 64;
		if (!(f = fopen(i ? "d4k" : "d64", "wb")))
			return -1;
		for (size_t j = 0; j < n; j++)
			putc((int)(j * 37 + 11) & 0xff, f);
		(fclose)(f);
	}
	if (!freopen("/dev/null", "r", stdin) || fchdir(home) != 0)
		return -1;
	done = 1;
	return 0;
}

/* whether the argument starts with one of the options kept out of reach */
static int
refused(const char *a)
{
	static const char *const bad[] = { "-o", "--out", "--symbol-out", "--stats-json", "--annotate",
		"--check-json", "--backend", "--diff", "--nanorder" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (strncmp(a, bad[i], strlen(bad[i])) == 0)
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[MAXARGS + 6], *buf;
	int argc = 0;

	if (setup() != 0 || size > MAXLEN || memchr(data, '/', size))
		return 0;
	if (!(buf = malloc(size + 1)))
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	argv[argc++] = (char *)prog;
	for (char *p = buf, *e; argc < MAXARGS + 1; p = e + 1) {
		e = strchr(p, '\n');
		if (e)
			*e = 0;
		if (refused(p))
			goto out;
		if (p[0] == '@' && p[1] >= '0' && p[1] < '0' + (int)(sizeof modules / sizeof modules[0]) && !p[2])
			argv[argc++] = modpath[p[1] - '0'];
		else
			argv[argc++] = p;
		if (!e || !e[1])   /* a last newline ends the last argument */
			break;
	}
	argv[argc++] = "--max-steps";
	argv[argc++] = "200000";
	argv[argc++] = "--max-memory";
	argv[argc++] = "256M";
	argv[argc] = NULL;
	datamax = (uint64_t)16 << 30;   /* main lowers it to --max-memory */
	/* in the scratch folder for the run only: the fuzzer's own paths
	 * (its corpus, its artifacts) may be relative */
	if (chdir(scratch) == 0) {
		(void)ptx_run_main(argc, argv);
		if (fchdir(home) != 0)
			abort();
	}
out:
	free(buf);
	return 0;
}
