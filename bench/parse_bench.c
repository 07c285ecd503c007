/*
 * parse_bench.c — front-end throughput: parse + CFG + dominators + SSA.
 *
 * usage: parse_bench FILE [MIN_SECONDS]
 * Reads FILE once, then parses and builds SSA from the in-memory text
 * repeatedly for at least MIN_SECONDS (default 2), and prints the median
 * time of one pass and the throughput in MB/s.  Only the front end is
 * timed: no I/O, no printing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ir.h"

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: parse_bench FILE [MIN_SECONDS]\n");
		return 2;
	}
	double min = argc > 2 ? atof(argv[2]) : 2.0;
	FILE *f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "%s: read error\n", argv[1]);
		return 2;
	}
	fclose(f);
	double t[1000];
	int k = 0;
	size_t nins = 0;
	double start = now();
	while (k < 1000 && (k < 5 || now() - start < min)) {
		double t0 = now();
		Diags *dg = diag_new(argv[1], buf, (size_t)n);
		Module *m = parse_module(argv[1], buf, (size_t)n, dg);
		if (!m || ir_build(m, dg) != 0) {
			diag_print(dg, stderr);
			return 1;
		}
		nins = 0;
		for (int i = 0; i < m->nfn; i++)
			nins += (size_t)m->fn[i]->nins;
		ir_module_free(m);
		diag_free(dg);
		t[k++] = now() - t0;
	}
	qsort(t, (size_t)k, sizeof t[0], cmp);
	double med = t[k / 2];
	printf("{\"file\": \"%s\", \"bytes\": %ld, \"instructions\": %zu, \"runs\": %d, "
		"\"median_s\": %.6f, \"mb_per_s\": %.1f}\n",
		argv[1], n, nins, k, med, (double)n / med / 1e6);
	free(buf);
	return 0;
}
