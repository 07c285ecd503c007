/*
 * tests/tc/tccmp.c -- compares the records of tcgpu (NAME.rec: mma.sync
 * inputs and the GPU's results) with the interpreter's tensor-core model,
 * interp_mma_elem of interp/mma.c, element by element and bit for bit.
 *
 *   tccmp [-n N] [-w FILE] NAME.rec...
 *
 * Prints per file the elements compared and the mismatches, with the first
 * N (default 8) in full; -w appends the mismatches (the first 100000 of
 * each file) as text lines to FILE.
 * Exits 1 when any element differs.  Built from interp/mma.c and the
 * interpreter's float core, not from the library (tc.sh says how), so it
 * runs wherever a C compiler is.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp.h"

static int
tyof(const char *s, int *bits)
{
	static const struct { const char *n; int ty, bits; } t[] = {
		{ "f16", TY_F16, 16 }, { "bf16", TY_BF16, 16 }, { "tf32", TY_TF32, 32 }, { "f32", TY_F32, 32 },
		{ "f64", TY_F64, 64 }, { "e4m3", TY_E4M3, 8 }, { "e5m2", TY_E5M2, 8 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (strcmp(s, t[i].n) == 0) {
			*bits = t[i].bits;
			return t[i].ty;
		}
	return -1;
}

static uint64_t
getel(FILE *f, int bits, int *eof)
{
	uint64_t x = 0;
	for (int i = 0; i < bits / 8; i++) {
		int c = fgetc(f);
		if (c == EOF)
			*eof = 1;
		x |= (uint64_t)(c & 0xff) << (8 * i);
	}
	return x;
}

static int
cmpfile(const char *path, int nshow, FILE *wf)
{
	char name[64], at[16], bt[16], ct[16];
	int m, n, k, nw, ab = 0, bb = 0, cb = 0, eof = 0;
	long bad = 0, tot = 0;
	FILE *f = fopen(path, "rb");

	if (!f) {
		perror(path);
		return 2;
	}
	if (fscanf(f, "tcrec1 %63s %15s %15s %15s %d %d %d %d", name, at, bt, ct, &m, &n, &k, &nw) != 8 ||
	    fgetc(f) != '\n' || m > 16 || n > 8 || k > 32 || m < 1 || n < 1 || k < 1) {
		fprintf(stderr, "%s: not a tcgpu record\n", path);
		fclose(f);
		return 2;
	}
	int aty = tyof(at, &ab), bty = tyof(bt, &bb), cty = tyof(ct, &cb);
	if (aty < 0 || bty < 0 || cty < 0 || ab != bb) {
		fprintf(stderr, "%s: unknown types %s %s %s\n", path, at, bt, ct);
		fclose(f);
		return 2;
	}
	int cfmt = cty == TY_F16 ? ALU_F16 : cty == TY_F64 ? ALU_F64 : ALU_F32;
	int flags = bty != aty ? bty << MMA_BTY : 0;
	for (int w = 0; w < nw && !eof; w++) {
		uint64_t A[16][32], B[32][8], C[16][8], D[16][8];
		for (int r = 0; r < m; r++) for (int j = 0; j < k; j++) A[r][j] = getel(f, ab, &eof);
		for (int j = 0; j < k; j++) for (int c = 0; c < n; c++) B[j][c] = getel(f, ab, &eof);
		for (int r = 0; r < m; r++) for (int c = 0; c < n; c++) C[r][c] = getel(f, cb, &eof);
		for (int r = 0; r < m; r++) for (int c = 0; c < n; c++) D[r][c] = getel(f, cb, &eof);
		if (eof)
			break;
		for (int r = 0; r < m; r++)
			for (int c = 0; c < n; c++) {
				uint64_t a[32], b[32], want = D[r][c], got;
				for (int j = 0; j < k; j++)
					a[j] = A[r][j], b[j] = B[j][c];
				got = interp_mma_elem(aty, cfmt, flags, a, b, k, C[r][c]);
				tot++;
				if (got == want)
					continue;
				if (bad < nshow || (wf && bad < 100000)) {
					char line[2048];
					int o = snprintf(line, sizeof line, "%s warp %d (%d,%d): gpu %0*llx model %0*llx c %0*llx a",
					    name, w, r, c, cb / 4, (unsigned long long)want, cb / 4, (unsigned long long)got,
					    cb / 4, (unsigned long long)C[r][c]);
					for (int j = 0; j < k && o < (int)sizeof line; j++)
						o += snprintf(line + o, sizeof line - (size_t)o, " %0*llx", ab / 4, (unsigned long long)a[j]);
					if (o < (int)sizeof line)
						o += snprintf(line + o, sizeof line - (size_t)o, " b");
					for (int j = 0; j < k && o < (int)sizeof line; j++)
						o += snprintf(line + o, sizeof line - (size_t)o, " %0*llx", ab / 4, (unsigned long long)b[j]);
					if (bad < nshow)
						printf("  %s\n", line);
					if (wf && bad < 100000)
						fprintf(wf, "%s\n", line);
				}
				bad++;
			}
	}
	fclose(f);
	if (eof) {
		fprintf(stderr, "%s: truncated\n", path);
		return 2;
	}
	printf("%s: %ld elements, %ld mismatches\n", name, tot, bad);
	return bad != 0;
}

int
main(int argc, char **argv)
{
	int nshow = 8, st = 0, i = 1;
	FILE *wf = NULL;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
			nshow = atoi(argv[++i]);
		else if (strcmp(argv[i], "-w") == 0 && i + 1 < argc) {
			if (!(wf = fopen(argv[++i], "a"))) {
				perror(argv[i]);
				return 2;
			}
		} else {
			fprintf(stderr, "usage: tccmp [-n N] [-w FILE] NAME.rec...\n");
			return 2;
		}
	}
	for (; i < argc; i++) {
		int r = cmpfile(argv[i], nshow, wf);
		if (r > st)
			st = r;
	}
	if (wf)
		fclose(wf);
	return st;
}
