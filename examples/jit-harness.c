/*
 * jit-harness.c -- generate PTX at run time, load it, run it, check it.
 *
 *	jit-harness [N]
 *
 * For each of a few elementwise operations (y[i] = a*x[i] OP y[i] on f32,
 * s32 and u32) the harness writes an .entry as a string, loads it with
 * ptx_module_load, launches it over N elements (default 1000, not a
 * multiple of the block, so the bounds guard matters), compares the result
 * with the same arithmetic in C and prints the launch's counters from
 * ptx_stats_get.  Only include/ptx.h is used.  Exit status 0 when every
 * kernel matched, 1 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"

enum { BLOCK = 128 };

typedef struct {
	const char *name;   /* kernel name */
	const char *ty;     /* PTX type: f32, s32, u32 */
	const char *op;     /* the combining instruction, with its modifiers */
} Variant;

static const Variant variants[] = {
	{ "axpy_f32", "f32", "add.rn.f32" },
	{ "axmy_s32", "s32", "sub.s32" },
	{ "axmin_u32", "u32", "min.u32" },
};

/* The kernel for v, written into buf.  Returns its length, or 0 when it
 * does not fit. */
static size_t
genkernel(const Variant *v, char *buf, size_t nbuf)
{
	const char *mul = strcmp(v->ty, "f32") == 0 ? "mul.rn.f32" : "mul.lo.s32";
	int n = snprintf(buf, nbuf,
	    ".version 8.5\n"
	    ".target sm_90\n"
	    ".address_size 64\n"
	    "\n"
	    ".visible .entry %s(\n"
	    "\t.param .%s a,\n"
	    "\t.param .u64 x,\n"
	    "\t.param .u64 y,\n"
	    "\t.param .u32 n\n"
	    ")\n"
	    "{\n"
	    "\t.reg .pred %%p;\n"
	    "\t.reg .b32 %%r<4>;\n"
	    "\t.reg .%s %%v<4>;\n"
	    "\t.reg .b64 %%rd<6>;\n"
	    "\n"
	    "\tmov.u32 %%r0, %%ctaid.x;\n"
	    "\tmov.u32 %%r1, %%ntid.x;\n"
	    "\tmov.u32 %%r2, %%tid.x;\n"
	    "\tmad.lo.s32 %%r0, %%r0, %%r1, %%r2;\n"
	    "\tld.param.u32 %%r3, [n];\n"
	    "\tsetp.ge.u32 %%p, %%r0, %%r3;\n"
	    "\t@%%p bra DONE;\n"
	    "\tld.param.%s %%v0, [a];\n"
	    "\tld.param.u64 %%rd0, [x];\n"
	    "\tld.param.u64 %%rd1, [y];\n"
	    "\tcvta.to.global.u64 %%rd0, %%rd0;\n"
	    "\tcvta.to.global.u64 %%rd1, %%rd1;\n"
	    "\tmul.wide.u32 %%rd2, %%r0, 4;\n"
	    "\tadd.s64 %%rd3, %%rd0, %%rd2;\n"
	    "\tadd.s64 %%rd4, %%rd1, %%rd2;\n"
	    "\tld.global.%s %%v1, [%%rd3];\n"
	    "\tld.global.%s %%v2, [%%rd4];\n"
	    "\t%s %%v1, %%v0, %%v1;\n"
	    "\t%s %%v3, %%v1, %%v2;\n"
	    "\tst.global.%s [%%rd4], %%v3;\n"
	    "DONE:\n"
	    "\tret;\n"
	    "}\n",
	    v->name, v->ty, v->ty, v->ty, v->ty, v->ty, mul, v->op, v->ty);
	return n > 0 && (size_t)n < nbuf ? (size_t)n : 0;
}

/* What the kernel computes for element i, as 32 bits. */
static uint32_t
expect(int k, uint32_t a, uint32_t x, uint32_t y)
{
	switch (k) {
	case 0: {
		float fa, fx, fy, r;
		memcpy(&fa, &a, 4);
		memcpy(&fx, &x, 4);
		memcpy(&fy, &y, 4);
		/* Two roundings, as mul.rn then add.rn: no contraction here. */
		volatile float t = fa * fx;
		r = t + fy;
		memcpy(&a, &r, 4);
		return a;
	}
	case 1: return a * x - y;   /* s32 sub wraps: the same bits as u32 */
	default: return a * x < y ? a * x : y;
	}
}

static void
diags(const ptx_ctx *cx)
{
	for (size_t i = 0; i < ptx_diag_count(cx); i++) {
		const ptx_diag *d = ptx_diag_get(cx, i);
		fprintf(stderr, "%s:%d:%d: %s\n", d->file ? d->file : "?", d->line, d->col, d->msg);
	}
}

/* 0 when variant k ran and matched. */
static int
runone(ptx_ctx *cx, int k, unsigned n)
{
	const Variant *v = &variants[k];
	char text[4096];
	size_t len = genkernel(v, text, sizeof text);
	ptx_module *m = NULL;
	ptx_function *fn;
	ptx_devptr dx = 0, dy = 0;
	uint32_t *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *got = malloc(n * sizeof *got);
	uint32_t a;
	unsigned grid[3] = { (n + BLOCK - 1) / BLOCK, 1, 1 }, block[3] = { BLOCK, 1, 1 };
	void *params[4];
	ptx_stats st;
	int bad = 0, rc;

	if (!len || !x || !y || !got) {
		fprintf(stderr, "%s: out of memory\n", v->name);
		bad = 1;
		goto out;
	}
	for (unsigned i = 0; i < n; i++) {
		if (k == 0) {
			float fx = (float)i * 0.25f, fy = 1.0f - (float)i;
			memcpy(&x[i], &fx, 4);
			memcpy(&y[i], &fy, 4);
		} else {
			x[i] = i * 2654435761u;
			y[i] = i ^ 0x5a5a5a5au;
		}
	}
	if (k == 0) {
		float fa = 1.5f;
		memcpy(&a, &fa, 4);
	} else {
		a = 3;
	}
	if ((rc = ptx_module_load(cx, v->name, text, len, &m)) != PTX_OK ||
	    (rc = ptx_module_get_function(m, v->name, &fn)) != PTX_OK ||
	    (rc = ptx_mem_alloc(cx, n * sizeof *x, &dx)) != PTX_OK ||
	    (rc = ptx_mem_alloc(cx, n * sizeof *y, &dy)) != PTX_OK ||
	    (rc = ptx_mem_copy_htod(cx, dx, x, n * sizeof *x)) != PTX_OK ||
	    (rc = ptx_mem_copy_htod(cx, dy, y, n * sizeof *y)) != PTX_OK) {
		fprintf(stderr, "%s: setting up failed (%d)\n", v->name, rc);
		diags(cx);
		bad = 1;
		goto out;
	}
	params[0] = &a;
	params[1] = &dx;
	params[2] = &dy;
	params[3] = &n;
	if ((rc = ptx_launch(cx, fn, grid, block, 0, params)) != PTX_OK) {
		const ptx_fault *f = ptx_fault_get(cx);
		fprintf(stderr, "%s: launch failed (%d): %s\n", v->name, rc, f->msg ? f->msg : "");
		diags(cx);
		bad = 1;
		goto out;
	}
	if (ptx_mem_copy_dtoh(cx, got, dy, n * sizeof *got) != PTX_OK) {
		bad = 1;
		goto out;
	}
	for (unsigned i = 0; i < n; i++) {
		uint32_t want = expect(k, a, x[i], y[i]);
		if (got[i] != want) {
			if (bad++ < 5)
				fprintf(stderr, "%s: y[%u] = 0x%08x, want 0x%08x\n", v->name, i, got[i], want);
		}
	}
	ptx_stats_get(cx, &st);
	printf("%-10s %s  n=%u ctas=%llu warps=%llu warp_insns=%llu thread_insns=%llu "
	    "ld_sectors=%llu st_sectors=%llu divergent=%llu\n",
	    v->name, bad ? "FAIL" : "ok  ", n, (unsigned long long)st.ctas,
	    (unsigned long long)st.warps, (unsigned long long)st.warp_insns,
	    (unsigned long long)st.thread_insns, (unsigned long long)st.global_load_sectors,
	    (unsigned long long)st.global_store_sectors, (unsigned long long)st.divergent_branches);
out:
	if (dx)
		ptx_mem_free(cx, dx);
	if (dy)
		ptx_mem_free(cx, dy);
	ptx_module_free(m);
	free(x);
	free(y);
	free(got);
	return bad != 0;
}

int
main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 1000;
	ptx_ctx *cx;
	int nfail = 0, k, nk = (int)(sizeof variants / sizeof variants[0]);

	if (n == 0 || ptx_ctx_new(&cx, NULL) != PTX_OK) {
		fprintf(stderr, "usage: jit-harness [N > 0]\n");
		return 1;
	}
	for (k = 0; k < nk; k++)
		nfail += runone(cx, k, n);
	ptx_ctx_free(cx);
	printf("%d passed, %d failed\n", nk - nfail, nfail);
	return nfail != 0;
}
