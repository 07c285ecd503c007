/*
 * fault.c -- the report of a launch's first fault: ptx_fault_get's record
 * (kind, kernel, thread, instruction, address, nearest allocation) and
 * the one message that sums it up.  A launch reports one fault, the
 * first its workers claim (sched.c interp_fault_claim); later ones only
 * stop their warps.  The report allocates and formats text, once, off the
 * executor's normal path.
 */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "interp.h"

char *
interp_ins_text(ptx_ctx *cx, const Ins *in)
{
	char *buf = NULL, *s;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (!f)
		return NULL;
	ir_print_ins(in, f);
	fclose(f);
	while (n && buf && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		n--;
	s = interp_alloc(cx, n + 1);
	if (s && buf)
		memcpy(s, buf, n);
	free(buf);
	return s;
}

static const char *const faultname[] = {
	"none", "out-of-bounds access", "misaligned access", "trap", "assertion failed",
	"deadlock", "instruction budget exhausted", "unsupported instruction", "breakpoint", "check failed",
	"illegal instruction"
};

void
interp_fault(Launch *L, Warp *w, int lane, const XIns *xi, int kind, uint64_t addr, unsigned size,
             const char *fmt, ...)
{
	ptx_ctx *cx = L->cx;
	ptx_fault *f = &cx->fault;
	char what[512], msg[2048];
	va_list ap;
	int n;

	if (L->fault)
		return;
	L->fault = kind;
	if (!interp_fault_claim(L))
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	interp_free(cx, cx->fault_insn);
	interp_free(cx, cx->fault_nearest);
	interp_free(cx, cx->fault_msg);
	cx->fault_insn = cx->fault_nearest = cx->fault_msg = NULL;
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->kernel = L->k->f->name;
	if (xi && xi->in) {
		f->line = xi->in->loc.line;
		f->src_line = xi->in->srcline;
		if (xi->in->srcline)
			for (int i = 0; i < L->pm->m->nfile; i++)
				if (L->pm->m->file[i].index == xi->in->srcfile)
					f->src_file = L->pm->m->file[i].path;
		f->insn = cx->fault_insn = interp_ins_text(cx, xi->in);
	}
	if (w) {
		memcpy(f->cta, w->cta->id, sizeof f->cta);
		if (lane >= 0)
			interp_threadof(L, w, lane, f->thread);
	}
	f->addr = addr;
	f->size = size;
	if (kind == PTX_FAULT_OOB || kind == PTX_FAULT_MISALIGNED || (kind == PTX_FAULT_TRAP && addr))
		f->nearest = cx->fault_nearest = interp_mem_nearest(cx, addr);
	n = snprintf(msg, sizeof msg, "%s in kernel %s: %s", faultname[kind], f->kernel, what);
	if (f->line && n < (int)sizeof msg)
		n += snprintf(msg + n, sizeof msg - (size_t)n, "\n  at %s:%d", L->pm->m->name, f->line);
	if (f->src_line && n < (int)sizeof msg)
		n += snprintf(msg + n, sizeof msg - (size_t)n, " (source %s:%d)",
		    f->src_file ? f->src_file : "?", f->src_line);
	if (f->insn && n < (int)sizeof msg)
		n += snprintf(msg + n, sizeof msg - (size_t)n, ": %s", f->insn);
	if (w && lane >= 0 && n < (int)sizeof msg)
		n += snprintf(msg + n, sizeof msg - (size_t)n, "\n  thread (%u,%u,%u) of block (%u,%u,%u)",
		    f->thread[0], f->thread[1], f->thread[2], f->cta[0], f->cta[1], f->cta[2]);
	if (f->nearest && n < (int)sizeof msg)
		snprintf(msg + n, sizeof msg - (size_t)n, "\n  nearest allocation: %s", f->nearest);
	n = (int)strlen(msg);
	if ((cx->fault_msg = interp_alloc(cx, (size_t)n + 1)))
		memcpy(cx->fault_msg, msg, (size_t)n);
	f->msg = cx->fault_msg;
}
