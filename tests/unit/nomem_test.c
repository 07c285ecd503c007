/*
 * nomem_test.c -- every allocation failure is reported, none is fatal.
 *
 * A context gets an allocator hook that fails its Nth request (or, in the
 * second mode, every request from the Nth on); the test runs one scenario
 * (load a module, allocate, copy, launch, copy back, read a bad module,
 * then parse, verify and emit a module that uses most of the front end:
 * section data, .loc and .pragma text, calls, brx.idx, a loop with phis,
 * a verifier warning) for every N up to a few hundred and then for N
 * growing geometrically (from the start, in the second mode), until a run
 * meets no failure.  The hook serves
 * the parser, the SSA construction and the verifier too, so the failures
 * land inside them.  Each call must return PTX_OK or an error code, and
 * after an error the scenario stops cleanly and frees the context; a
 * crash, a wrong result after success, a block the hook handed out and
 * never got back, or a leak (under the sanitizer build) is a failure.
 * When one request fails and the rest succeed, a front-end call that ran
 * out of memory is made again and must then give what a run without
 * failures gives: the failure left nothing half-built behind.
 *
 * Prints "N passed, M failed" and exits 0 when nothing failed.
 */
#define _GNU_SOURCE 1     /* open_memstream on older C libraries */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "include/ptx.h"

typedef struct {
	long n;         /* requests so far */
	long failat;    /* fail this request (1-based); 0: never */
	int from;       /* and every request after it */
	int failed;     /* a request was refused */
	long live;      /* blocks allocated and not freed */
} Hook;

static void *
hookrealloc(void *ud, void *p, size_t size)
{
	Hook *h = ud;

	if (size == 0) {
		if (p)
			h->live--;
		free(p);
		return NULL;
	}
	if (++h->n == h->failat || (h->from && h->failat && h->n > h->failat)) {
		h->failed = 1;
		return NULL;
	}
	void *q = realloc(p, size);
	if (q && !p)
		h->live++;
	return q;
}

static const char kernel[] =
	".version 8.5\n"
	".target sm_90\n"
	".address_size 64\n"
	".global .u32 total;\n"
	".visible .entry sq(.param .u64 out, .param .u32 n)\n"
	"{\n"
	"\t.reg .pred %p;\n"
	"\t.reg .b32 %r<6>;\n"
	"\t.reg .b64 %rd<4>;\n"
	"\tmov.u32 %r0, %tid.x;\n"
	"\tld.param.u32 %r1, [n];\n"
	"\tsetp.ge.u32 %p, %r0, %r1;\n"
	"\t@%p bra DONE;\n"
	"\tmul.lo.s32 %r2, %r0, %r0;\n"
	"\tld.param.u64 %rd0, [out];\n"
	"\tcvta.to.global.u64 %rd0, %rd0;\n"
	"\tmul.wide.u32 %rd1, %r0, 4;\n"
	"\tadd.s64 %rd2, %rd0, %rd1;\n"
	"\tst.global.u32 [%rd2], %r2;\n"
	"\tatom.global.add.u32 %r3, [total], 1;\n"
	"DONE:\n"
	"\tret;\n"
	"}\n";

static const char broken[] =
	".version 8.5\n.target sm_90\n.address_size 64\n.visible .entry bad() { add.u32 %r1, 1; }\n";

/* For the front end: every construct that allocates in its own way. */
static const char front[] =
	".version 8.5\n"
	".target sm_90\n"
	".address_size 64\n"
	".file 1 \"k.cu\", 1700000000, 1234\n"
	".global .align 4 .s32 tab[4] = {1, -(2), 3*4-20, 4};\n"
	".global .align 8 .u64 self[2] = {generic(tab)+8, generic(tab)};\n"
	".func (.param .b32 rv) twice(.param .b32 x)\n"
	"{\n"
	"\t.reg .b32 %r<3>;\n"
	"\tld.param.b32 %r1, [x];\n"
	"\tshl.b32 %r2, %r1, 1;\n"
	"\tst.param.b32 [rv], %r2;\n"
	"\tret;\n"
	"}\n"
	".visible .entry front(.param .u64 out, .param .u32 n)\n"
	"{\n"
	"\t.reg .pred %p<3>;\n"
	"\t.reg .b32 %r<8>;\n"
	"\t.reg .b64 %rd<4>;\n"
	"\t.shared .align 4 .u32 sm[32];\n"
	"\t.pragma \"nounroll\";\n"
	"\t.loc 1 3 5\n"
	"\t.loc 1 12 7, function_name $L__str0, inlined_at 1 3 5\n"
	"\tld.param.u32 %r1, [n];\n"
	"\tmov.u32 %r2, 0;\n"
	"\tmov.u32 %r3, %tid.x;\n"
	"$L__top:\n"
	"\tadd.u32 %r2, %r2, %r5;\n"      /* -Wuninit */
	"\tand.b32 %r4, %r2, 1;\n"
	"\tts: .branchtargets $L__a, $L__b;\n"
	"\tbrx.idx %r4, ts;\n"
	"$L__a:\n"
	"\tst.shared.u32 [sm], %r4;\n"
	"\tbra.uni $L__join;\n"
	"$L__b:\n"
	"\t{\n"
	"\t.param .b32 param0;\n"
	"\t.param .b32 retval0;\n"
	"\tst.param.b32 [param0], %r2;\n"
	"\tcall.uni (retval0), twice, (param0);\n"
	"\tld.param.b32 %r6, [retval0];\n"
	"\t}\n"
	"$L__join:\n"
	"\tsub.u32 %r1, %r1, 1;\n"
	"\tsetp.ne.u32 %p1, %r1, 0;\n"
	"\t@%p1 bra $L__top;\n"
	"\tld.param.u64 %rd1, [out];\n"
	"\tcvta.to.global.u64 %rd2, %rd1;\n"
	"\tst.global.u32 [%rd2], %r2;\n"
	"\tret;\n"
	"}\n"
	".section .debug_str\n"
	"{\n"
	"$L__str0:\n"
	".b8 100,105,114,0\n"
	".b32 $L__str0+1\n"
	"}\n";

/* front, then enough more of the same kind that the arenas take several
 * chunks (so that failures land at different places of the parser) and
 * that the section text outgrows its first buffer: NFUNC functions, and a
 * section of NSEC lines.  Built once by main. */
enum { NFUNC = 12, NSEC = 300 };
static char *fronttext;
static size_t frontlen;

static void
buildfront(void)
{
	FILE *f = open_memstream(&fronttext, &frontlen);

	if (!f)
		abort();
	fputs(front, f);
	for (int k = 0; k < NFUNC; k++) {
		fprintf(f, ".func (.param .b32 rv) g%d(.param .b32 x)\n{\n"
		    "\t.reg .pred %%p<2>;\n\t.reg .b32 %%r<%d>;\n\t.pragma \"nounroll\";\n"
		    "\t.loc 1 %d 1\n"   /* the place inlined_at names below, as ptxas wants it named first */
		    "\tld.param.b32 %%r1, [x];\n\tmov.b32 %%r2, %d;\nL%d:\n", k, 8 + k, k + 1, k, k);
		for (int i = 0; i < 8 + k; i++)
			fprintf(f, "\t.loc 1 %d %d, function_name $L__str0, inlined_at 1 %d 1\n"
			    "\tadd.s32 %%r2, %%r2, %%r%d;\n", 100 + i, i + 1, k + 1, 1 + i % 2);
		fprintf(f, "\tsub.s32 %%r1, %%r1, 1;\n\tsetp.gt.s32 %%p1, %%r1, 0;\n\t@%%p1 bra L%d;\n"
		    "\tst.param.b32 [rv], %%r2;\n\tret;\n}\n", k);
	}
	fputs(".section .debug_info\n{\n", f);
	for (int i = 0; i < NSEC; i++)
		fprintf(f, "$L__info%d:\n.b32 %d, $L__info%d+%d, ($L__info0+%d)\n", i, i * 7, i, i % 5, i);
	fputs("}\n", f);
	fclose(f);
}

/* What a run without failures gives for front, to compare with. */
static struct {
	int verify_rc;
	char *diags, *emitted;
} ref;

static int npass, nfail;

static void
check(int ok, long failat, const char *what)
{
	if (ok) {
		npass++;
	} else {
		nfail++;
		printf("FAIL failing request %ld: %s\n", failat, what);
	}
}

/* A status code ptx.h defines. */
static int
valid(int rc)
{
	return rc <= 0 && rc >= PTX_EREFUSED;
}

/* The context's diagnostics as text, malloc'd (not through the hook). */
static char *
diagtext(const ptx_ctx *cx)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		abort();
	for (size_t i = 0; i < ptx_diag_count(cx); i++) {
		const ptx_diag *d = ptx_diag_get(cx, i);
		fprintf(f, "%s:%d:%d:%d:%s:%s:%s\n", d->file ? d->file : "-", d->line, d->col,
		    d->severity, d->check ? d->check : "-", d->msg ? d->msg : "(null)",
		    d->source_line ? d->source_line : "-");
	}
	fclose(f);
	return buf;
}

/* Every form ptx_module_emit writes, malloc'd; NULL when it failed. */
static char *
emittext(const ptx_module *pm)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	if (!f)
		abort();
	rc = ptx_module_emit(pm, PTX_EMIT_PTX | PTX_EMIT_SSA | PTX_EMIT_CFG, f);
	fclose(f);
	if (rc != PTX_OK) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The front end on its own: a bad module, then front read, verified with
 * -Wall and written out.  retry: the hook fails once at most, so a call
 * that ran out of memory must succeed when it is made again. */
static void
frontend(ptx_ctx *cx, long failat, int retry, int isref)
{
	ptx_module *pm = NULL;
	ptx_verify_opts vo = PTX_VERIFY_OPTS_INIT;
	const char *wall[] = { "all", NULL };
	char *t;
	int rc, ok = 1;

	rc = ptx_module_parse(cx, "broken", broken, sizeof broken - 1, NULL, &pm);
	check((rc == PTX_ESYNTAX || rc == PTX_ENOMEM) && !pm, failat, "ptx_module_parse of a bad module");
	for (size_t i = 0; i < ptx_diag_count(cx); i++)
		ok &= ptx_diag_get(cx, i)->msg != NULL;
	check(ok && (rc == PTX_ENOMEM || ptx_diag_count(cx) > 0), failat, "diagnostics of a bad module");
	ptx_module_free(pm);
	pm = NULL;

	rc = ptx_module_parse(cx, "front", fronttext, frontlen, NULL, &pm);
	check((rc == PTX_OK || rc == PTX_ENOMEM) && (rc == PTX_OK) == (pm != NULL), failat,
	    "ptx_module_parse");
	if (rc == PTX_ENOMEM && retry) {
		rc = ptx_module_parse(cx, "front", fronttext, frontlen, NULL, &pm);
		check(rc == PTX_OK && pm, failat, "ptx_module_parse after running out of memory");
	}
	if (rc != PTX_OK)
		return;

	vo.checks = wall;
	rc = ptx_verify(pm, &vo);
	if (isref) {
		ref.verify_rc = rc;
		ref.diags = diagtext(cx);
	}
	check(rc == ref.verify_rc || rc == PTX_ENOMEM, failat, "ptx_verify");
	if (rc == PTX_ENOMEM && retry) {
		rc = ptx_verify(pm, &vo);
		check(rc == ref.verify_rc, failat, "ptx_verify after running out of memory");
	}
	if (rc == ref.verify_rc) {
		t = diagtext(cx);
		check(strcmp(t, ref.diags) == 0, failat, "the diagnostics of ptx_verify");
		free(t);
	}

	/* Whatever happened above, the module is what it was read as. */
	t = emittext(pm);
	if (isref)
		ref.emitted = t ? strdup(t) : NULL;
	check(t && ref.emitted && strcmp(t, ref.emitted) == 0, failat, "ptx_module_emit");
	free(t);
	ptx_module_free(pm);
}

/* One run with request failat failing (from: and every later one).
 * Returns 1 when the hook refused nothing (the scenario ran through). */
static int
scenario(long failat, int from)
{
	Hook h = { 0, failat, from, 0, 0 };
	ptx_alloc al = PTX_ALLOC_INIT;
	ptx_ctx *cx = NULL;
	ptx_module *m = NULL;
	ptx_function *fn = NULL;
	ptx_devptr d = 0;
	uint32_t out[40], n = 40;
	unsigned grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
	void *params[2] = { &d, &n };
	ptx_stats st;
	int rc, ok = 1;

	al.realloc = hookrealloc;
	al.ud = &h;
	rc = ptx_ctx_new(&cx, &al);
	check(valid(rc) && (rc == PTX_OK) == (cx != NULL), failat, "ptx_ctx_new");
	if (rc != PTX_OK)
		return !h.failed;

	rc = ptx_module_load(cx, "broken", broken, sizeof broken - 1, &m);
	check(rc == PTX_ESYNTAX || rc == PTX_ENOMEM, failat, "loading a bad module");
	for (size_t i = 0; i < ptx_diag_count(cx); i++)
		ok &= ptx_diag_get(cx, i)->msg != NULL;

	rc = ptx_module_load(cx, "sq", kernel, sizeof kernel - 1, &m);
	check(valid(rc) && (rc == PTX_OK) == (m != NULL), failat, "ptx_module_load");
	if (rc == PTX_OK) {
		rc = ptx_module_get_function(m, "sq", &fn);
		check(rc == PTX_OK, failat, "ptx_module_get_function");
	}
	if (rc == PTX_OK) {
		rc = ptx_mem_alloc(cx, sizeof out, &d);
		check(valid(rc), failat, "ptx_mem_alloc");
	}
	if (rc == PTX_OK) {
		rc = ptx_mem_memset(cx, d, 0, sizeof out);
		check(rc == PTX_OK, failat, "ptx_mem_memset");
	}
	if (rc == PTX_OK) {
		rc = ptx_launch(cx, fn, grid, block, 0, params);
		check(valid(rc), failat, "ptx_launch");
	}
	if (rc == PTX_OK) {
		rc = ptx_mem_copy_dtoh(cx, out, d, sizeof out);
		check(rc == PTX_OK, failat, "ptx_mem_copy_dtoh");
		for (uint32_t i = 0; i < n; i++)
			ok &= out[i] == i * i;
		check(ok, failat, "results after a successful launch");
		ptx_stats_get(cx, &st);
		check(st.ctas == 1, failat, "ptx_stats_get");
	}
	if (d)
		check(ptx_mem_free(cx, d) == PTX_OK, failat, "ptx_mem_free");

	/* The front end; a module from ptx_module_load stays loaded meanwhile. */
	frontend(cx, failat, !from, failat == 0);
	ptx_module_free(m);
	ptx_ctx_free(cx);
	check(h.live == 0, failat, "every block given back to the hook");
	return !h.failed;
}

/* The next failure point after k: each one up to dense, then steps of
 * about k/step. */
static long
next(long k, long dense, long step)
{
	return k < dense ? k + 1 : k + k / step;
}

int
main(void)
{
	long k, last = 0;
	int from;

	buildfront();
	/* failat 0 never fails: the scenario must run through. */
	if (!scenario(0, 0))
		check(0, 0, "a run without failures");
	check(ref.verify_rc == PTX_OK && ref.diags && strstr(ref.diags, "[-Wuninit]") == NULL &&
	    strstr(ref.diags, ":uninit:") && ref.emitted, 0, "the front end without failures");
	for (from = 0; from <= 1; from++) {
		/* Every request failing from some point on mostly checks that
		 * giving up needs no memory: fewer points do. */
		for (k = 1; k < 10000000; k = from ? next(k, 50, 16) : next(k, 600, 64)) {
			last = k;
			if (scenario(k, from))
				break;
		}
		printf("%s: %ld requests\n", from ? "every request from the Nth on fails" :
		    "the Nth request fails", last - 1);
	}
	free(ref.diags);
	free(ref.emitted);
	free(fronttext);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
