/*
 * replay.c — a main() for a libFuzzer target built without libFuzzer: each
 * file named on the command line, and each file of each directory named
 * (in name order, dot files and README skipped), is handed once to
 * LLVMFuzzerTestOneInput.  make check builds every target so, and runs
 * it on its corpus under the build's sanitizers.
 *
 * With no arguments the directories of REPLAY_DIRS (a space-separated
 * list, compiled in) are read, relative to $srcdir (make check sets it).
 * An input that crashes or trips a sanitizer ends the program there; the
 * last "replay:" line of its output then names the file.  Exit 0 when every
 * input ran, 99 when one could not be read.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int ran, unreadable, verbose;

static void
one(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t n = 0, cap = 0;

	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		unreadable++;
		return;
	}
	for (;;) {
		if (n == cap) {
			uint8_t *p = realloc(data, cap = cap ? 2 * cap : 4096);
			if (!p)
				break;
			data = p;
		}
		size_t got = fread(data + n, 1, cap - n, f);
		if (got == 0)
			break;
		n += got;
	}
	fclose(f);
	if (verbose) {
		/* before the run, so that a crash's output names its input */
		fprintf(stderr, "replay: %s\n", path);
	}
	LLVMFuzzerTestOneInput(data ? data : (const uint8_t *)"", n);
	free(data);
	ran++;
}

static int
byname(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
walk(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		one(path);
		return;
	}
	if (!(d = opendir(path))) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		unreadable++;
		return;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, "README") == 0)
			continue;
		if (n == cap) {
			char **p = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
			if (!p)
				break;
			names = p;
		}
		size_t len = strlen(path) + strlen(e->d_name) + 2;
		if (!(names[n] = malloc(len)))
			break;
		snprintf(names[n++], len, "%s/%s", path, e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, byname);
	for (size_t i = 0; i < n; i++) {
		walk(names[i]);
		free(names[i]);
	}
	free(names);
}

int
main(int argc, char **argv)
{
	verbose = getenv("REPLAY_VERBOSE") != NULL;
	if (argc > 1 && strcmp(argv[1], "-v") == 0) {
		verbose = 1;
		argv++, argc--;
	}
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			walk(argv[i]);
	} else {
		const char *top = getenv("srcdir");
		char dirs[] = REPLAY_DIRS, *save = NULL;
		/* strtok_r: the target may use strtok itself */
		for (char *w = strtok_r(dirs, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			size_t len = strlen(top ? top : ".") + strlen(w) + 2;
			char *p = malloc(len);
			if (!p)
				return 99;
			snprintf(p, len, "%s/%s", top ? top : ".", w);
			walk(p);
			free(p);
		}
	}
	printf("%d passed, %d failed\n", ran, unreadable);
	return unreadable ? 99 : 0;
}
