/*
 * tmarand.c -- random tensor maps and tensor copies, a line a case, to
 * compare with what an H200 gives (tmarand.gpu).
 *
 *	tmarand SEED COUNT
 *
 * Each of COUNT maps is drawn from SEED: tiled (cuTensorMapEncodeTiled:
 * rank 1-5, every element type but the packed ones, dimensions, strides
 * with padding, boxes, element strides, swizzle, interleave, fill, L2
 * promotion) or im2col (cuTensorMapEncodeIm2col: rank 3-5, the pixel
 * box's corners, channels and pixels).  One in eight breaks a rule of the
 * driver's, and its line is the encode's answer.  A map the driver takes
 * gets three copies at coordinates inside, across the edges, before and
 * past the tensor: loads into shared memory, first filled with a pattern
 * (the line: a hash of the bytes of the box's shared memory and a little
 * beyond; an im2col load's offsets drawn too), stores (im2col_no_offs
 * ones through im2col maps) and, through tiled maps, reductions (add,
 * min, max, inc, dec, and, or, xor, where the element type has them) of
 * a box of random bytes (the line: a hash of the tensor's bytes after
 * it).  One copy in a hundred breaks a rule of the copy's (dimension 0
 * starts off 16 bytes; a store starts before the tensor).  A copy the GPU
 * stops the kernel over is a line with the launch's error, and the cases
 * after it go on in a new process (the context is lost).
 * TMARAND_DUMP set: the bytes of each im2col and interleaved box too, and
 * the runs of bytes an interleaved store or reduction changed ("w
 * OFFSET:HEX");
 * TMARAND_IL set: interleaved tiled maps only;
 * TMARAND_ILIC set: interleaved im2col maps only (a pixel is one unit of
 * the interleave, which the mbarrier is told, as an H200 completed them);
 * TMARAND_PTX set: the kernels' PTX, and nothing run.
 */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cuda.h>
#include "shimtest.h"

enum { NTHR = 128, TBYTES = 1 << 20, SMEM = 200 * 1024, INBYTES = SMEM };

static uint64_t rs;   /* the generator's state */

static uint64_t
rnd(void)
{
	uint64_t z = (rs += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* uniform in [a, b] */
static int64_t
rr(int64_t a, int64_t b)
{
	return a + (int64_t)(rnd() % (uint64_t)(b - a + 1));
}

static const int esz[] = { 1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4 };
static const char *const tyname[] = { "u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f64", "bf16",
	"f32ftz", "tf32", "tf32ftz" };
static const char *const opname[] = { "add", "min", "max", "inc", "dec", "and", "or", "xor" };

/* Whether the tensor reduction op applies to elements of type ty (the PTX
 * ISA's table for cp.reduce.async.bulk.tensor) */
static int
redok(int op, int ty)
{
	switch (op) {
	case 0: return ty == 2 || ty == 3 || ty == 4 || ty == 6 || ty == 7 || ty == 9 || ty == 10;
	case 1: case 2: return ty == 2 || ty == 3 || ty == 4 || ty == 5 || ty == 6 || ty == 9;
	case 3: case 4: return ty == 2;
	default: return ty >= 2 && ty <= 5;
	}
}

/* ---------------------------------------------------------------- kernels */

static char ptx[1 << 16];
static size_t np;

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
emit(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	np += (size_t)vsnprintf(ptx + np, sizeof ptx - np, fmt, ap);
	va_end(ap);
}

static const char *const crd[] = { "", "{%r2}", "{%r2, %r3}", "{%r2, %r3, %r4}", "{%r2, %r3, %r4, %r5}",
	"{%r2, %r3, %r4, %r5, %r6}" };

/*
 * kernel NAME(map, out, in, n, tx, rank, op, c0..c4, o0..o2): shared
 * memory (from a 1024-byte boundary of the dynamic shared memory) gets
 * n bytes of in; thread 0 issues the copy of the kind (ld: a tiled load,
 * ic: an im2col load, st: a store, sc: an im2col_no_offs store, rd: a
 * reduction by op) and, for loads,
 * waits for tx bytes on an mbarrier (bounded: a phase that does not
 * complete in time leaves 0xdeadbeef after out's n bytes), then a while
 * more (bytes past those it was told of land too); then out gets the n
 * bytes of shared memory.
 */
static void
kernel(const char *name)
{
	int load = name[0] == 'l' || name[0] == 'i';

	emit(".visible .entry %s(.param .align 64 .b8 map[128], .param .u64 out_p, .param .u64 in_p, .param .u32 n_p,\n"
	    "\t.param .u32 tx_p, .param .u32 rank_p, .param .u32 op_p, .param .s32 c0_p, .param .s32 c1_p,\n"
	    "\t.param .s32 c2_p, .param .s32 c3_p, .param .s32 c4_p, .param .u32 o0_p, .param .u32 o1_p, .param .u32 o2_p)\n"
	    "{\n\t.reg .pred %%p<8>;\n\t.reg .b32 %%r<40>;\n\t.reg .b64 %%rd<16>;\n\t.reg .b16 %%h<4>;\n"
	    "\t.shared .align 8 .b64 bar;\n", name);
	emit("\tld.param.u64 %%rd1, [out_p];\n\tcvta.to.global.u64 %%rd1, %%rd1;\n"
	    "\tld.param.u64 %%rd6, [in_p];\n\tcvta.to.global.u64 %%rd6, %%rd6;\n"
	    "\tld.param.u32 %%r17, [n_p];\n\tld.param.u32 %%r7, [tx_p];\n\tld.param.u32 %%r1, [rank_p];\n"
	    "\tld.param.u32 %%r8, [op_p];\n"
	    "\tld.param.s32 %%r2, [c0_p];\n\tld.param.s32 %%r3, [c1_p];\n\tld.param.s32 %%r4, [c2_p];\n"
	    "\tld.param.s32 %%r5, [c3_p];\n\tld.param.s32 %%r6, [c4_p];\n"
	    "\tld.param.u32 %%r20, [o0_p];\n\tcvt.u16.u32 %%h0, %%r20;\n"
	    "\tld.param.u32 %%r20, [o1_p];\n\tcvt.u16.u32 %%h1, %%r20;\n"
	    "\tld.param.u32 %%r20, [o2_p];\n\tcvt.u16.u32 %%h2, %%r20;\n"
	    "\tmov.u32 %%r9, smem;\n\tadd.u32 %%r9, %%r9, 1023;\n\tand.b32 %%r9, %%r9, -1024;\n"
	    "\tmov.u32 %%r10, bar;\n\tmov.b64 %%rd2, map;\n\tcvta.param.u64 %%rd2, %%rd2;\n"
	    "\tmov.u32 %%r11, %%tid.x;\n\tmov.u32 %%r13, %%r11;\n");
	/* shared memory from in, 16 bytes a thread at a time */
	emit("FILL:\n\tshl.b32 %%r14, %%r13, 4;\n\tsetp.ge.u32 %%p5, %%r14, %%r17;\n\t@%%p5 bra FILLED;\n"
	    "\tadd.s32 %%r15, %%r9, %%r14;\n\tcvt.u64.u32 %%rd4, %%r14;\n\tadd.s64 %%rd5, %%rd6, %%rd4;\n"
	    "\tld.global.v4.u32 {%%r21, %%r22, %%r23, %%r24}, [%%rd5];\n"
	    "\tst.shared.v4.u32 [%%r15], {%%r21, %%r22, %%r23, %%r24};\n"
	    "\tadd.s32 %%r13, %%r13, %d;\n\tbra.uni FILL;\nFILLED:\n"
	    "\tfence.proxy.async.shared::cta;\n\tbar.sync 0;\n\tsetp.ne.u32 %%p1, %%r11, 0;\n\t@%%p1 bra WAIT;\n", NTHR);
	if (load)
		emit("\tmbarrier.init.shared::cta.b64 [%%r10], 1;\n\tfence.mbarrier_init.release.cluster;\n"
		    "\tmbarrier.arrive.expect_tx.shared::cta.b64 %%rd3, [%%r10], %%r7;\n");
	for (int r = name[0] == 'i' || name[1] == 'c' ? 3 : 1; r <= 5; r++)
		for (int op = 0; op < (name[0] == 'r' ? 8 : 1); op++) {
			emit("\tsetp.eq.u32 %%p2, %%r1, %d;\n\tsetp.eq.u32 %%p3, %%r8, %d;\n\tand.pred %%p2, %%p2, %%p3;\n"
			    "\t@!%%p2 bra N%d_%d;\n", r, op, r, op);
			if (name[0] == 'l')
				emit("\tcp.async.bulk.tensor.%dd.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
				    "[%%r9], [%%rd2, %s], [%%r10];\n", r, crd[r]);
			else if (name[0] == 'i')
				emit("\tcp.async.bulk.tensor.%dd.shared::cluster.global.im2col.mbarrier::complete_tx::bytes "
				    "[%%r9], [%%rd2, %s], [%%r10], %s;\n", r, crd[r],
				    r == 3 ? "{%h0}" : r == 4 ? "{%h0, %h1}" : "{%h0, %h1, %h2}");
			else if (name[0] == 's')
				emit("\tcp.async.bulk.tensor.%dd.global.shared::cta.%s.bulk_group [%%rd2, %s], [%%r9];\n",
				    r, name[1] == 'c' ? "im2col_no_offs" : "tile", crd[r]);
			else
				emit("\tcp.reduce.async.bulk.tensor.%dd.global.shared::cta.%s.tile.bulk_group [%%rd2, %s], "
				    "[%%r9];\n", r, opname[op], crd[r]);
			emit("\tbra.uni ISSUED;\nN%d_%d:\n", r, op);
		}
	emit("ISSUED:\n");
	if (!load)
		emit("\tcp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group 0;\n");
	emit("WAIT:\n\tbar.sync 0;\n");
	if (load)
		emit("\tmov.u32 %%r12, 0;\nSPIN:\n\tmbarrier.try_wait.parity.shared::cta.b64 %%p3, [%%r10], 0, 1000;\n"
		    "\tadd.s32 %%r12, %%r12, 1;\n\tsetp.gt.u32 %%p4, %%r12, 20000;\n\t@%%p4 bra STUCK;\n"
		    "\t@!%%p3 bra SPIN;\n\tmov.u32 %%r12, 0;\nLATE:\n\tnanosleep.u32 1000;\n\tadd.s32 %%r12, %%r12, 1;\n"
		    "\tsetp.lt.u32 %%p4, %%r12, 32;\n\t@%%p4 bra LATE;\n\tbra.uni COPIES;\n"
		    "STUCK:\n\t@%%p1 bra COPIES;\n\tcvt.u64.u32 %%rd4, %%r17;\n\tadd.s64 %%rd5, %%rd1, %%rd4;\n"
		    "\tst.global.u32 [%%rd5], 0xdeadbeef;\nCOPIES:\n");
	emit("\tmov.u32 %%r13, %%r11;\nCOPY:\n\tshl.b32 %%r14, %%r13, 4;\n\tsetp.ge.u32 %%p5, %%r14, %%r17;\n"
	    "\t@%%p5 bra DONE;\n\tadd.s32 %%r15, %%r9, %%r14;\n"
	    "\tld.shared.v4.u32 {%%r21, %%r22, %%r23, %%r24}, [%%r15];\n"
	    "\tcvt.u64.u32 %%rd4, %%r14;\n\tadd.s64 %%rd5, %%rd1, %%rd4;\n"
	    "\tst.global.v4.u32 [%%rd5], {%%r21, %%r22, %%r23, %%r24};\n"
	    "\tadd.s32 %%r13, %%r13, %d;\n\tbra.uni COPY;\n", NTHR);
	emit("DONE:\n\tret;\n}\n");
}

/* ---------------------------------------------------------------- cases */

typedef struct {
	int im2col, type, rank, interleave, swizzle, l2, fill;
	cuuint64_t dim[5], stride[5];
	cuuint32_t box[5], es[5], channels, pixels;
	int lower[3], upper[3];
	uint64_t off;   /* the tensor's offset in the allocation */
	uint64_t sp;    /* its bytes from its start */
} Map;

static CUfunction kld, kic, kst, ksc, krd;
static CUdeviceptr gt, g0, gin, gout;
static uint8_t *host, *hin, *hout, *host0;
static int dump, ilonly, ilic;

/* the bytes of the box in shared memory (rows of the swizzle span when
 * swizzled), and the bytes the mbarrier is told */
static uint64_t
boxbytes(const Map *m, uint64_t *tx)
{
	uint64_t rows = 1, n0;
	int es = esz[m->type];

	if (m->im2col) {
		n0 = m->channels;
		rows = m->pixels;
	} else {
		n0 = m->box[0];
		for (int i = 1; i < m->rank; i++)
			rows *= (m->box[i] + m->es[i] - 1) / m->es[i];
	}
	if (m->interleave) {   /* units of 16 or 32 bytes along dimension 0, every es[0]-th */
		n0 = (m->box[0] + m->es[0] - 1) / m->es[0];
		es = 16 << (m->interleave - 1);
	}
	*tx = rows * n0 * (uint64_t)es;
	if (m->im2col && m->interleave)   /* a pixel is a unit; the bytes compared stay the tile rule's */
		*tx = rows * (uint64_t)es;
	else if (m->interleave) {   /* dimension rank-2 moves one index whatever its box */
		uint64_t moved = 1;
		for (int i = 1; i < m->rank; i++)
			if (i != m->rank - 2)
				moved *= (m->box[i] + m->es[i] - 1) / m->es[i];
		*tx = moved * n0 * (uint64_t)es;
	}
	return rows * (m->swizzle ? (n0 * (uint64_t)es + (16u << m->swizzle) - 1) / (16u << m->swizzle) *
	    (16u << m->swizzle) : n0 * (uint64_t)es);
}

/* the tensor's bytes from its start (drawn before a rule is broken) */
static uint64_t
span(const Map *m)
{
	if (m->sp)
		return m->sp;
	return m->rank > 1 ? m->stride[m->rank - 2] * m->dim[m->rank - 1] : m->dim[0] * (uint64_t)esz[m->type];
}

static void
draw(Map *m)
{
	int es;
	uint64_t tx;

	memset(m, 0, sizeof *m);
	m->im2col = ilic || (rr(0, 3) == 0 && !ilonly);
	m->type = (int)rr(0, 12);
	es = esz[m->type];
	m->rank = m->im2col ? (int)rr(3, 5) : (int)rr(1, 5);
	if (m->rank < 3 && ilonly)
		m->rank = 3;
	m->interleave = (ilic || !m->im2col) && m->rank >= 3 && (ilonly || ilic || rr(0, 4) == 0) ? (int)rr(1, 2) : 0;
	m->swizzle = m->interleave == 2 && rr(0, 3) ? 1 : (int)rr(0, 3);
	m->l2 = (int)rr(0, 3);
	m->fill = m->type >= 6 ? (int)rr(0, 1) : 0;
	do {
		uint64_t s;
		for (int i = 0; i < m->rank; i++)
			m->dim[i] = (cuuint64_t)(i == 0 ? rr(1, 160) : rr(1, m->rank > 3 ? 6 : 24));
		if (m->interleave)   /* dimension 0: the channels of a 16- or 32-byte group, fewer, or more */
			m->dim[0] = (cuuint64_t)(16 << (m->interleave - 1)) * (cuuint64_t)(rr(0, 3) ? 1 : rr(1, 4)) /
			    (cuuint64_t)es / (rr(0, 3) ? 1 : 2);
		s = (m->dim[0] * (uint64_t)es + 15) / 16 * 16 + 16 * (uint64_t)rr(0, 2) * (rr(0, 1));
		if (m->interleave == 2)
			s = (s + 31) / 32 * 32;
		for (int i = 0; i + 1 < m->rank; i++) {
			m->stride[i] = s;
			s = s * m->dim[i + 1] + (rr(0, 2) ? 0 : 16u << (m->interleave == 2)) * (uint64_t)rr(0, 2);
		}
	} while (span(m) > TBYTES / 2);
	m->off = 16 * (uint64_t)rr(0, 64) * (m->interleave == 2 ? 2 : 1);
	do {
		int span0 = m->swizzle && !m->interleave ? 16 << m->swizzle : 256 * es;
		for (int i = 0; i < m->rank; i++) {
			m->es[i] = rr(0, 2) ? 1 : (cuuint32_t)rr(1, 8);
			m->box[i] = (cuuint32_t)(i == 0 ? rr(1, span0 / 16) * 16 / es : rr(1, m->rank > 3 ? 5 : 12));
		}
		if (m->interleave)   /* 16 or 32 bytes, or more */
			m->box[0] = (cuuint32_t)((16 << (int)rr(0, m->interleave - 1)) * (rr(0, 3) ? 1 : rr(1, 8)) / es);
		m->channels = m->box[0];
		m->pixels = (cuuint32_t)rr(1, 64);
		for (int i = 0; i + 2 < m->rank; i++) {
			int lim = m->rank == 3 ? 8 : m->rank == 4 ? 8 : 4;
			m->lower[i] = (int)rr(-lim, lim / 2);
			m->upper[i] = (int)rr(-lim, lim / 2);
		}
	} while (boxbytes(m, &tx) > 48 * 1024);
	m->sp = span(m);
	/* one in eight breaks a rule */
	if (rr(0, 7) == 0) {
		int i = (int)rr(0, m->rank - 1);
		switch (rr(0, 13)) {
		case 0: m->box[i] = rr(0, 1) ? 0 : 257; break;
		case 1: m->es[i] = rr(0, 1) ? 0 : 9; break;
		case 2: m->box[0] += 1; break;
		case 3: if (m->rank > 1) m->stride[rr(0, m->rank - 2)] += 8; break;
		case 4: m->dim[i] = rr(0, 1) ? 0 : (1ull << 32) + 1; break;
		case 5: m->off += 8; break;
		case 6: m->swizzle = (int)rr(4, 6); break;
		case 7: m->l2 = 4; break;
		case 8: m->fill = rr(0, 1) ? 2 : 1; break;
		case 9: m->interleave = rr(0, 1) ? 3 : (int)rr(1, 2); break;
		case 10: m->swizzle = (int)rr(1, 3); m->box[0] = (cuuint32_t)(256 / es); break;
		case 11: m->rank = rr(0, 1) ? 0 : 6; break;
		case 12: m->channels = rr(0, 1) ? 0 : 257; m->pixels = rr(0, 1) ? 0 : 1025; break;
		case 13: if (m->rank > 2) m->lower[0] = rr(0, 1) ? -40000 : 200; break;
		}
	}
}

static void
showmap(int n, const Map *m)
{
	printf("%d %s %s r%d d=", n, m->im2col ? "im2col" : "tile", tyname[m->type], m->rank);
	for (int i = 0; i < m->rank && i < 5; i++)
		printf("%s%llu", i ? "," : "", (unsigned long long)m->dim[i]);
	printf(" s=");
	for (int i = 0; i + 1 < m->rank && i < 4; i++)
		printf("%s%llu", i ? "," : "", (unsigned long long)m->stride[i]);
	if (m->im2col) {
		printf(" c%u p%u lo=", m->channels, m->pixels);
		for (int i = 0; i + 2 < m->rank && i < 3; i++)
			printf("%s%d", i ? "," : "", m->lower[i]);
		printf(" hi=");
		for (int i = 0; i + 2 < m->rank && i < 3; i++)
			printf("%s%d", i ? "," : "", m->upper[i]);
	} else {
		printf(" b=");
		for (int i = 0; i < m->rank && i < 5; i++)
			printf("%s%u", i ? "," : "", m->box[i]);
	}
	printf(" e=");
	for (int i = 0; i < m->rank && i < 5; i++)
		printf("%s%u", i ? "," : "", m->es[i]);
	printf(" a%llu i%d z%d f%d l%d", (unsigned long long)m->off, m->interleave, m->swizzle, m->fill, m->l2);
}

/* One copy of kind k (0 load, 1 store, 2 reduction by op) at c (offsets o). */
static int
launch(int n, int j, const Map *m, CUtensorMap *map, int k, int op, const int *c, const unsigned *o)
{
	uint64_t tx, bb = boxbytes(m, &tx), nb, sp = span(m) + m->off;
	unsigned rank = (unsigned)m->rank, txu, nbu, opu = (unsigned)op;
	CUfunction f = k == 0 ? (m->im2col ? kic : kld) : k == 1 ? (m->im2col ? ksc : kst) : krd;
	CUresult r;

	nb = m->interleave ? 4 * bb + 1024 : bb + 128;
	nb = (nb + 15) / 16 * 16;
	if (nb > SMEM)
		nb = SMEM;
	txu = (unsigned)tx;
	nbu = (unsigned)nb;
	void *args[] = { map, &gout, &gin, &nbu, &txu, &rank, &opu, (void *)&c[0], (void *)&c[1], (void *)&c[2],
		(void *)&c[3], (void *)&c[4], (void *)&o[0], (void *)&o[1], (void *)&o[2] };
	printf("%d.%d %s%s @", n, j, k == 0 ? "ld" : k == 1 ? "st" : "rd.", k == 2 ? opname[op] : "");
	for (int i = 0; i < m->rank; i++)
		printf("%s%d", i ? "," : "", c[i]);
	if (m->im2col) {
		printf(" o=");
		for (int i = 0; i + 2 < m->rank; i++)
			printf("%s%u", i ? "," : "", o[i]);
	}
	printf(": ");
	fflush(stdout);
	CK(cuMemcpyDtoD(gt, g0, sp));
	CK(cuMemsetD8(gout, 0, nb + 4));
	if ((r = cuLaunchKernel(f, 1, 1, 1, NTHR, 1, 1, SMEM + 1024, NULL, args, NULL)) ||
	    (r = cuCtxSynchronize())) {
		printf("%s\n", ename(r));
		fflush(stdout);
		return -1;
	}
	if (k == 0) {
		uint32_t w;
		CK(cuMemcpyDtoH(hout, gout, nb + 4));
		memcpy(&w, hout + nb, 4);
		printf("%016llx%s\n", (unsigned long long)fnv64(hout, nb), w == 0xdeadbeef ? " stuck" : "");
		if (dump && (m->im2col || m->interleave)) {
			for (uint64_t i = 0; i < nb && i < 2048; i++)
				printf("%02x%s", hout[i], i % 64 == 63 ? "\n" : "");
			printf("\n");
		}
	} else {
		CK(cuMemcpyDtoH(host, gt, sp));
		printf("%016llx\n", (unsigned long long)fnv64(host, sp));
		if (dump && m->interleave) {   /* the bytes the copy changed, in runs */
			uint64_t shown = 0;
			for (uint64_t i = 0; i < sp && shown < 4096; i++) {
				if (host[i] == host0[i])
					continue;
				uint64_t e = i;
				while (e < sp && host[e] != host0[e] && shown + (e - i) < 4096)
					e++;
				printf("w %llu:", (unsigned long long)i);
				for (uint64_t q = i; q < e; q++)
					printf("%02x", host[q]);
				printf("\n");
				shown += e - i;
				i = e;
			}
		}
	}
	fflush(stdout);
	return 0;
}

/* A coordinate of dimension i: inside, across an edge, before or past the tensor */
static int
coord(const Map *m, int i, int store)
{
	int d = (int)m->dim[i], b = (int)(m->box[i] ? m->box[i] : 1) * (int)(m->es[i] ? m->es[i] : 1), c;

	switch (rr(0, 5)) {
	case 0: c = 0; break;
	case 1: c = (int)rr(-b - 1, 0); break;
	case 2: c = (int)rr(d - b, d + 1); break;
	case 3: c = (int)rr(d, d + b + 2); break;
	default: c = (int)rr(0, d > 1 ? d - 1 : 0); break;
	}
	if (store && c < 0)
		c = -c;
	return c;
}

static int
runmap(int n, Map *m)
{
	static CUtensorMap map __attribute__((aligned(64)));
	CUresult r;
	int es = esz[m->type];

	/* the tensor's bytes: random, or each element its index + 1; zeros before */
	memset(host, 0, m->off);
	if (rr(0, 2) == 0 || m->im2col || m->interleave)
		for (uint64_t i = 0; i < span(m); i += (uint64_t)es) {
			uint64_t v = i / (uint64_t)es + 1;
			memcpy(host + m->off + i, &v, (size_t)es);
		}
	else
		for (uint64_t i = 0; i < span(m); i += 8) {
			uint64_t v = rnd();
			memcpy(host + m->off + i, &v, 8);
		}
	CK(cuMemcpyHtoD(g0, host, span(m) + m->off));
	memcpy(host0, host, span(m) + m->off);
	if (m->im2col)
		r = cuTensorMapEncodeIm2col(&map, (CUtensorMapDataType)m->type, (cuuint32_t)m->rank,
		    (void *)(uintptr_t)(gt + m->off), m->dim, m->stride, m->lower, m->upper, m->channels, m->pixels, m->es,
		    (CUtensorMapInterleave)m->interleave, (CUtensorMapSwizzle)m->swizzle,
		    (CUtensorMapL2promotion)m->l2, (CUtensorMapFloatOOBfill)m->fill);
	else
		r = cuTensorMapEncodeTiled(&map, (CUtensorMapDataType)m->type, (cuuint32_t)m->rank,
		    (void *)(uintptr_t)(gt + m->off), m->dim, m->stride, m->box, m->es, (CUtensorMapInterleave)m->interleave,
		    (CUtensorMapSwizzle)m->swizzle, (CUtensorMapL2promotion)m->l2, (CUtensorMapFloatOOBfill)m->fill);
	showmap(n, m);
	printf(": %s\n", ename(r));
	fflush(stdout);
	if (r)
		return 0;
	for (int j = 0; j < 3; j++) {
		int c[5] = { 0, 0, 0, 0, 0 }, k = m->im2col ? (int)rr(0, 3) / 3 : (int)rr(0, 2), op = 0;
		unsigned o[3] = { 0, 0, 0 };
		uint64_t tx;
		for (int i = 0; i < m->rank; i++)
			c[i] = coord(m, i, k != 0);
		if (m->im2col || m->interleave)
			c[0] = (int)rr(0, 1) * (int)m->dim[0] / 2;
		/* dimension 0 starts on 16 bytes, and stores inside the tensor,
		 * but in one copy of a hundred, which the GPU stops */
		if (rr(0, 99))
			c[0] = c[0] * es / 16 * 16 / es;
		else if (k && !c[0])
			c[rr(0, m->rank - 1)] = -(int)rr(1, 16);
		else if (!k)
			c[0] = c[0] * es / 16 * 16 / es + (es < 16 ? (int)rr(1, 16 / es - 1) : 0);
		if (m->im2col)
			for (int i = 0; i + 2 < m->rank; i++)
				o[i] = (unsigned)rr(0, m->rank == 5 ? 3 : 4);
		if (k == 2) {   /* an op the type has; a store where it has none */
			int ops[8], nops = 0;
			for (int i = 0; i < 8; i++)
				if (redok(i, m->type))
					ops[nops++] = i;
			if (rr(0, 7) == 0)   /* any op, which the GPU may refuse */
				op = (int)rr(0, 7);
			else if (nops)
				op = ops[rr(0, nops - 1)];
			else
				k = 1;
		}
		(void)boxbytes(m, &tx);
		for (uint64_t i = 0; i < INBYTES; i += 8) {
			uint64_t v = k ? rnd() : 0xa5a5a5a5a5a5a5a5ull;
			memcpy(hin + i, &v, 8);
		}
		CK(cuMemcpyHtoD(gin, hin, INBYTES));
		if (launch(n, j, m, &map, k, op, c, o))
			return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	uint64_t seed;
	int count, first = 0;
	volatile int *done;

	if (argc != 3) {
		fprintf(stderr, "usage: tmarand SEED COUNT\n");
		return 2;
	}
	seed = strtoull(argv[1], NULL, 0);
	count = atoi(argv[2]);
	dump = getenv("TMARAND_DUMP") != NULL;
	ilonly = getenv("TMARAND_IL") != NULL;
	ilic = getenv("TMARAND_ILIC") != NULL;
	emit(".version 8.0\n.target sm_90a\n.address_size 64\n.extern .shared .align 1024 .b8 smem[];\n");
	kernel("ld");
	kernel("ic");
	kernel("st");
	kernel("sc");
	kernel("rd");
	if (getenv("TMARAND_PTX")) {   /* the kernels alone */
		fputs(ptx, stdout);
		return 0;
	}
	done = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (done == MAP_FAILED)
		return 1;
	/* a copy the GPU stops the kernel over loses the context: the cases
	 * after it go on in a new process */
	for (;;) {
		pid_t p;
		int st;
		fflush(stdout);
		if ((p = fork()) < 0)
			return 1;
		if (p) {
			if (waitpid(p, &st, 0) < 0)
				return 1;
			if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
				return 0;
			if (!WIFEXITED(st) || WEXITSTATUS(st) != 3)
				return 1;
			first = *done + 1;
			continue;
		}
		break;
	}
	CK(cuInit(0));
	{
		CUdevice dev;
		CUcontext ctx;
		CUmodule mod;
		CK(cuDeviceGet(&dev, 0));
		CK(cuDevicePrimaryCtxRetain(&ctx, dev));
		CK(cuCtxSetCurrent(ctx));
		CK(cuModuleLoadData(&mod, ptx));
		CK(cuModuleGetFunction(&kld, mod, "ld"));
		CK(cuModuleGetFunction(&kic, mod, "ic"));
		CK(cuModuleGetFunction(&kst, mod, "st"));
		CK(cuModuleGetFunction(&ksc, mod, "sc"));
		CK(cuModuleGetFunction(&krd, mod, "rd"));
		CUfunction fs[] = { kld, kic, kst, ksc, krd };
		for (int i = 0; i < 5; i++)
			CK(cuFuncSetAttribute(fs[i], CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, SMEM + 1024));
	}
	CK(cuMemAlloc(&gt, TBYTES));
	CK(cuMemAlloc(&g0, TBYTES));
	CK(cuMemAlloc(&gin, INBYTES));
	CK(cuMemAlloc(&gout, SMEM + 16));
	host = calloc(1, TBYTES);
	hin = calloc(1, INBYTES);
	hout = calloc(1, SMEM + 16);
	host0 = calloc(1, TBYTES);
	if (!host || !hin || !hout || !host0)
		return 1;
	for (int n = 0; n < count; n++) {
		Map m;
		rs = seed * 0x100000001b3ull + (uint64_t)n;   /* each case its own stream */
		draw(&m);
		if (n < first)
			continue;
		*done = n;
		if (runmap(n, &m))
			return 3;
	}
	return 0;
}
