/*
 * ptxas.c -- the ptxas of libptxcuda's toolchain: reads a PTX module with
 * the checks ptxas enforces (libptx's ptx_module_load) and writes, where
 * ptxas writes a cubin, a fatbin carrying the PTX (jit_image.h), which
 * libptxcuda loads and runs.  A client that assembles with ptxas and
 * loads the result (pycuda through nvcc --cubin, Triton) runs unmodified
 * with this one first on its PATH.
 *
 *   ptxas [-arch=sm_NN | -arch sm_NN | --gpu-name sm_NN] [-o OUT] [options] FILE.ptx
 *
 * OUT defaults to elf.o, as with ptxas.  Options that shape machine code
 * (-O3, -lineinfo, -v, --maxrregcount N ...) are taken and change
 * nothing; --version prints the release it stands in for.  Exit 0 when the
 * module loads, 1 with its diagnostics otherwise, 2 on a usage or I/O
 * error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"
#include "cuda/jit_image.h"

/* options of ptxas that take a value as the next word */
static const char *const withval[] = {
	"-arch", "--gpu-name", "-o", "--output-file", "-maxrregcount", "--maxrregcount",
	"-O", "--opt-level", "-m", "--machine", "-def-load-cache", "-dlcm", "-def-store-cache",
	"-dscm", "--entry", "-e", "-h", "--split-compile", "-split-compile", NULL
};

static int
takes_value(const char *o)
{
	for (int i = 0; withval[i]; i++)
		if (!strcmp(o, withval[i]))
			return 1;
	return 0;
}

static char *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *b = NULL, *nb;
	size_t cap = 0, k;

	*n = 0;
	if (!f)
		return NULL;
	do {
		if (*n + 1 >= cap) {
			if (cap >= JIT_MAX || !(nb = realloc(b, cap = cap ? cap * 2 : 65536))) {
				free(b);
				fclose(f);
				return NULL;
			}
			b = nb;
		}
		k = fread(b + *n, 1, cap - *n - 1, f);
		*n += k;
	} while (k);
	fclose(f);
	b[*n] = 0;
	return b;
}

int
main(int argc, char **argv)
{
	const char *in = NULL, *out = "elf.o", *arch = NULL;
	unsigned sm = JIT_SM;
	unsigned char *fb;
	ptx_ctx *cx;
	ptx_module *m;
	size_t n, fl;
	char *text;
	FILE *f;
	int rc;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--version") || !strcmp(a, "-V")) {
			printf("ptxas: libptxcuda's PTX assembler (fatbins of PTX for the interpreter)\n"
			    "Cuda compilation tools, release 13.0, V13.0.0\n");
			return 0;
		}
		if (a[0] == '-' && a[1] && i + 1 < argc && takes_value(a)) {
			if (!strcmp(a, "-o") || !strcmp(a, "--output-file"))
				out = argv[i + 1];
			else if (!strcmp(a, "-arch") || !strcmp(a, "--gpu-name"))
				arch = argv[i + 1];
			i++;
		} else if (!strncmp(a, "-arch=", 6) || !strncmp(a, "--gpu-name=", 11))
			arch = strchr(a, '=') + 1;
		else if (!strncmp(a, "--output-file=", 14) || !strncmp(a, "-o=", 3))
			out = strchr(a, '=') + 1;
		else if (a[0] == '-' && a[1])
			continue;     /* a flag for machine code: nothing to do */
		else if (in) {
			fprintf(stderr, "ptxas fatal   : one input file at a time (%s, %s)\n", in, a);
			return 2;
		} else
			in = a;
	}
	if (!in) {
		fprintf(stderr, "ptxas fatal   : No input file specified\n");
		return 2;
	}
	if (arch && sscanf(arch, "sm_%u", &sm) != 1 && sscanf(arch, "compute_%u", &sm) != 1) {
		fprintf(stderr, "ptxas fatal   : Value '%s' is not defined for option 'gpu-name'\n", arch);
		return 2;
	}
	if (!(text = slurp(in, &n))) {
		fprintf(stderr, "ptxas fatal   : Unable to read %s\n", in);
		return 2;
	}
	if (ptx_ctx_new(&cx, NULL)) {
		free(text);
		return 2;
	}
	rc = ptx_module_load(cx, in, text, n, &m);
	ptx_diag_print(cx, stderr);
	if (rc) {
		fprintf(stderr, "ptxas fatal   : Ptx assembly aborted due to errors\n");
		ptx_ctx_free(cx);
		free(text);
		return 1;
	}
	ptx_module_free(m);
	ptx_ctx_free(cx);
	fb = jit_fatbin_ptx(text, n, sm, &fl);
	free(text);
	if (!fb || !(f = fopen(out, "wb"))) {
		fprintf(stderr, "ptxas fatal   : Could not open output file '%s'\n", out);
		free(fb);
		return 2;
	}
	rc = fwrite(fb, 1, fl, f) != fl;
	rc |= fclose(f) != 0;
	free(fb);
	if (rc) {
		fprintf(stderr, "ptxas fatal   : Could not write %s\n", out);
		return 2;
	}
	return 0;
}
