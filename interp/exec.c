/*
 * exec.c -- run one warp: fetch the top SIMT entry's instruction, execute it
 * for the lanes of its mask, and keep the SIMT stack and call frames.
 *
 * The dispatch is a switch, or computed goto (GCC/Clang) through the same
 * DISPATCH/CASE/NEXT macros when -DINTERP_COMPUTED_GOTO is defined, which
 * configure does unless --disable-computed-goto.
 * Cases are short: per-lane loops (FOR_LANES walks the active mask) and
 * calls to the operand, memory, control-flow and collective helpers of the
 * headers included below (exec.h lists them), which do the bookkeeping and
 * hand faults to interp_fault (fault.c).  Nothing on
 * the normal path allocates or formats text; a fault report does both,
 * once.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "exec.h"
#include "exec_opnd.h"
#include "exec_mem.h"
#include "exec_simt.h"
#include "exec_warp.h"
#include "exec_plain.h"

/* ---------------------------------------------------------------- dispatch */

#ifdef INTERP_COMPUTED_GOTO
#define DISPATCH(x) goto *jt[x];
#define CASE(x) L_##x:
#define NEXT goto next
#else
#define DISPATCH(x) switch (x)
#define CASE(x) case x:
#define NEXT goto next
#endif

/* Kinds that leave the SIMT stack and the call frames alone, apart from
 * moving the top entry's pc on by one.  A kind not listed here gets the
 * whole settle loop after it. */
static const uint8_t straight[NX] = {
	[X_ALU] = 1, [X_MOV] = 1, [X_MOVPACK] = 1, [X_MOVUNPACK] = 1, [X_LD] = 1, [X_ST] = 1,
	[X_ATOM] = 1, [X_CVTA] = 1, [X_CVTATO] = 1, [X_ISSPACEP] = 1, [X_NOP] = 1, [X_SHFL] = 1,
	[X_VOTE] = 1, [X_MATCH] = 1, [X_REDUX] = 1, [X_ACTIVEMASK] = 1, [X_ELECT] = 1,
	[X_BARWARP] = 1, [X_MOVN] = 1, [X_CPASYNC] = 1, [X_LDMATRIX] = 1, [X_STMATRIX] = 1,
	[X_MOVMATRIX] = 1, [X_MMA] = 1, [X_STACK] = 1,
};

/* The lanes whose predicate (plane p) is true (exec_fast.c, vectorized). */
#define pmask interp_pmask

int
interp_run(Launch *L, Warp *w, int slice)
{
	const XIns *code = L->pm->code;
	SEnt *t = NULL;
	CFrame *f = NULL;
	int settle = 1;   /* the SIMT stack or the frames may have changed */
	/* the top entry and its frame, as settled: kept in registers while
	 * straight-line instructions run (the fast ones store t->pc, nothing
	 * else changes) */
	int32_t pc = 0, rpc = 0;
	uint32_t tmask = 0;
	uint64_t *r = NULL;
	/* whether the budget can run out within this slice (32 lanes a step) */
	int budget = L->steps > L->budget ||
	    L->budget - L->steps < (uint64_t)WARP * (uint64_t)(slice > 0 ? slice : 0);
#ifdef INTERP_COMPUTED_GOTO
	/* one label per X_* kind, in enum order */
	static void *const jt[] = {
		&&L_X_ALU, &&L_X_MOV, &&L_X_MOVPACK, &&L_X_MOVUNPACK, &&L_X_LD, &&L_X_ST, &&L_X_ATOM,
		&&L_X_CVTA, &&L_X_CVTATO, &&L_X_ISSPACEP, &&L_X_BRA, &&L_X_BRX, &&L_X_CALL, &&L_X_RET,
		&&L_X_EXIT, &&L_X_TRAP, &&L_X_BRKPT, &&L_X_BAR, &&L_X_BARARRIVE, &&L_X_BARRED, &&L_X_NOP,
		&&L_X_SHFL, &&L_X_VOTE, &&L_X_MATCH, &&L_X_REDUX, &&L_X_ACTIVEMASK, &&L_X_ELECT,
		&&L_X_BARWARP, &&L_X_MOVN, &&L_X_CPASYNC, &&L_X_LDMATRIX, &&L_X_STMATRIX,
		&&L_X_MOVMATRIX, &&L_X_MMA, &&L_X_WGMMA, &&L_X_MBAR, &&L_X_BULK, &&L_X_TMAP,
		&&L_X_WMMALD, &&L_X_WMMAST, &&L_X_WMMA, &&L_X_CLU, &&L_X_STACK, &&L_X_TEX, &&L_X_END,
		&&L_X_UNSUPPORTED
	};
	_Static_assert(sizeof jt / sizeof *jt == NX, "one label per X_* kind");
#endif

	if (w->cta->prologue)
		run_prologue(L, w);
	if (w->owed)
		owed(L, w);
	while (slice-- > 0) {
		const XIns *xi;
		uint32_t m, n;

		/* settle: drop finished entries, return from calls whose lanes all
		 * returned.  A straight-line instruction only moved the top entry's
		 * pc on, so after one only that pc needs a look. */
		if (settle || pc == rpc) {
			for (;;) {
				f = &w->cf[w->ncf - 1];
				if (w->nst <= f->base) {
					if (w->ncf == 1) {
						w->done = 1;
						return RUN_DONE;
					}
					finish_call(L, w);
					continue;
				}
				t = &w->st[w->nst - 1];
				if (t->mask == 0 || t->pc == t->rpc) {
					w->nst--;
					continue;
				}
				if (w->gpark && w->cggen != L->cggen)
					w->gpark = 0;   /* the grid barrier completed */
				if (t->mask & (w->bpark | w->yieldm | w->gpark)) {
					/* lanes that wait at a barrier, or spin on an
					 * mbarrier: others of the warp run first (park) */
					int k = park(L, w, w->bpark | w->yieldm | w->gpark);
					if (k < 0) {
						interp_fault(L, w, -1, &code[t->pc], PTX_FAULT_TRAP, 0, 0,
						    "out of memory: the host has no room for the SIMT stack");
						return RUN_FAULT;
					}
					if (k == 0) {
						w->yieldm = 0;
						continue;
					}
					if (t->mask & w->bpark) {
						w->blocked = interp_bar_of(w);
						return RUN_BLOCKED;
					}
					if (t->mask & w->gpark) {
						w->blocked = BLOCKED_GRID;
						return RUN_BLOCKED;
					}
					if (w->ncf == 1)
						w->yieldm = 0;   /* nothing else to run: the spin goes on */
				}
				break;
			}
			settle = 0;
			pc = t->pc;
			rpc = t->rpc;
			tmask = t->mask;
			r = f->r;
		}
		xi = &code[pc];
		if (xi->plain && tmask && !budget) {
#ifdef INTERP_CHECK
			int k = plainrun_check(L, w, r, pc, rpc, slice + 1, tmask);
			if (k && L->fault) {
				t->pc = pc + k;
				return RUN_FAULT;
			}
#else
			int k = plainrun(L, w, r, pc, rpc, slice + 1, tmask);
#endif
			if (k) {
				pc += k;
				t->pc = pc;
				slice -= k - 1;
				continue;
			}
		}
		m = tmask;
		if (xi->guard >= 0)
			m &= pmask(r + (size_t)xi->guard * WARP) ^ (xi->gneg ? 0xffffffffu : 0);
		n = popc(m);
		L->wsteps++;
		L->steps += n;
		if (L->st) {
			L->st[pc].executions++;
			L->st[pc].active_threads += n;
		}
		if (budget && L->steps > L->budget) {
			interp_fault(L, w, m ? __builtin_ctz(m) : -1, xi, PTX_FAULT_BUDGET, 0, 0,
			    "more than %" PRIu64 " thread-instructions"
			    " (ptx-run --max-steps, PTXKIT_MAX_STEPS in the CUDA driver)", L->budget);
			return RUN_FAULT;
		}
#ifdef INTERP_CHECK
		if (xi->quiet) {
			/* ordering, asynccheck and synccheck have nothing to do
			 * here (decided once at load: plan.c interp_plan_quiet) */
			if (L->chk & PTX_CHECK_INITCHECK) {
				/* interp_chk_regs, inline: a quiet kind's sources decide
				 * nothing it reports, so with its address register
				 * defined in every lane it only defines the destinations */
				uint32_t *def = RDEF(f->r, f->fn->nregs);
				if ((xi->abase.k == XO_REG && (m & ~def[xi->abase.r])) ||
				    (xi->guard >= 0 && (t->mask & ~def[xi->guard]))) {
					interp_chk_regs(L, w, xi, t->mask, m);
					if (L->fault)
						return RUN_FAULT;
				} else
					for (int k = 0; k < xi->nd && k < 8; k++)
						if (xi->d[k].k == XO_REG)
							def[xi->d[k].r] |= m;
			}
		} else {
			if (RACECHK(L))
				interp_chk_order(L, w, xi, m);
			if (COPYCHK(L)) {
				interp_chk_async(L, w, xi, m);
				if (L->fault)
					return RUN_FAULT;
			}
			if (L->chk & (PTX_CHECK_SYNCCHECK | PTX_CHECK_INITCHECK)) {
				if (L->chk & PTX_CHECK_SYNCCHECK)
					interp_chk_sync(L, w, xi, t->mask, m);
				if (L->chk & PTX_CHECK_INITCHECK) {
					interp_chk_regs(L, w, xi, t->mask, m);
					/* memory these write on paths of their own: initcheck
					 * stops following memory rather than report falsely */
					if (m && (xi->x == X_STMATRIX || xi->x == X_WMMAST ||
					    (xi->x == X_BULK && !interp_bulk_shadowed(xi)) || xi->x == X_TMAP || xi->x == X_CLU))
						L->chkmemoff = 1;
				}
				if (L->fault)
					return RUN_FAULT;
			}
		}
#endif
		if (!m && xi->x != X_BAR && xi->x != X_BRA && xi->x != X_BRX) {
			if (xi->x == X_TEX && L->st)
				interp_surf_skipped(L, xi);
			t->pc = ++pc;
			continue;
		}
		DISPATCH(xi->x) {
		CASE(X_ALU) {
			uint64_t src[64], dst[2] = {0, 0};
			if (xi->fast && !(xi->fpu && L->nofpu)) {
				fast(L, w, r, xi, m, xi->fast);
				t->pc = ++pc;
				continue;   /* straight-line, cannot fault */
			}
			FOR_LANES(m, l) {
				for (int k = 0; k < xi->ns; k++)
					src[k] = V(&xi->s[k], l);
				alu_exec(&xi->alu, src, dst, &w->cc[l]);
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, dst[k]);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_MOV) {
			mov(L, w, r, xi, m);
			t->pc = ++pc;
			continue;
		}
		CASE(X_MOVPACK) {
			unsigned sh = xi->size * 8u;
			uint64_t mk = sh >= 64 ? ~0ull : (1ull << sh) - 1;
			FOR_LANES(m, l) {
				uint64_t v = 0;
				for (int k = 0; k < xi->ns; k++)
					v |= (V(&xi->s[k], l) & mk) << (sh * (unsigned)k);
				SET(&xi->d[0], l, v);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_MOVUNPACK) {
			unsigned sh = xi->size * 8u;
			uint64_t mk = sh >= 64 ? ~0ull : (1ull << sh) - 1;
			FOR_LANES(m, l) {
				uint64_t v = V(&xi->s[0], l);
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, (v >> (sh * (unsigned)k)) & mk);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_LD) {
			if (access(L, w, r, xi, m)) {
				t->pc = ++pc;
				continue;
			}
			if (ldlanes(L, w, r, xi, m))
				return RUN_FAULT;
			if (xi->pdst)
				predfix(r, xi, m);
			t->pc++;
			NEXT;
		}
		CASE(X_ST) {
			if (access(L, w, r, xi, m)) {
				t->pc = ++pc;
				continue;
			}
			if (stlanes(L, w, r, xi, m))
				return RUN_FAULT;
			t->pc++;
			NEXT;
		}
		CASE(X_ATOM) {
			if (atomlanes(L, w, r, xi, m))
				return RUN_FAULT;
			if (xi->pdst)
				predfix(r, xi, m);
			t->pc++;
			NEXT;
		}
		CASE(X_CVTA)
		CASE(X_CVTATO) {
			cvta(L, w, r, xi, m);
			t->pc = ++pc;
			continue;
		}
		CASE(X_ISSPACEP) {
			FOR_LANES(m, l) {
				uint64_t v = V(&xi->s[0], l);
				int sh = v - SHARED_WIN < WIN_SIZE, lo = v - LOCAL_WIN < WIN_SIZE,
				    pa = v - PARAM_WIN < WIN_SIZE;
				/* a .const variable is in the const window, not the global
				 * one, as an H200 answers isspacep */
				const Alloc *al = L->cx->nkonst && !sh && !lo && !pa ? interp_mem_find(L->cx, v, 1) : NULL;
				int ko = al && al->konst;
				/* shared::cta: the executing CTA's part of the window only */
				int res = xi->space == MS_CLUSTER ? sh : xi->space == MS_SHARED ?
				    (v - SHARED_WIN) >> 24 == w->cta->rank : xi->space == MS_LOCAL ? lo :
				    xi->space == MS_KPARAM ? pa : xi->space == MS_CONSTVAR ? ko :
				    xi->space == MS_GLOBAL ? !sh && !lo && !pa && !ko : 0;
				SET(&xi->d[0], l, (uint64_t)res);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_BRA) {
			uint32_t nt = t->mask & ~m;
			/* an arm ptxas predicates (lower.c diamond) issues even
			 * when every lane passes it by */
			if (xi->lower == LOW_IFCONV && L->st && (!nt || !m))
				interp_count_arm(L, xi, !nt);
			/* uniform: the stack stays as it is; the head of the loop
			 * settles only on reaching the reconvergence pc */
			if (!nt) {
				t->pc = pc = xi->target;
				continue;
			}
			if (!m) {
				t->pc = ++pc;
				continue;
			} else {
				if (L->st)
					L->st[t->pc].divergent++;
				if (diverge(L, w, xi->target, m, t->pc + 1, nt, xi->rpc))
					return RUN_FAULT;
			}
			NEXT;
		}
		CASE(X_BRX) {
			/* one path per distinct target; lanes without a guard stay behind */
			uint32_t rest = m, nt = t->mask & ~m;
			int32_t here = t->pc, rpc = xi->rpc, tgt0 = -1;
			int first = 1, split = m && nt;   /* divergent: lanes take different targets */
			if (nt) {
				if (diverge(L, w, here + 1, nt, here + 1, 0, rpc))
					return RUN_FAULT;
				first = 0;
			}
			while (rest) {
				uint32_t l0 = (uint32_t)__builtin_ctz(rest), grp = 0;
				uint64_t i0 = V(&xi->s[0], l0) & 0xffffffffu;
				int32_t tgt;
				if (i0 >= (uint64_t)xi->ntbl) {
					interp_fault(L, w, (int)l0, xi, PTX_FAULT_OOB, i0, 0,
					    "brx.idx index %" PRIu64 " is past the %d targets", i0, xi->ntbl);
					return RUN_FAULT;
				}
				tgt = xi->tbl[i0];
				if (tgt0 < 0)
					tgt0 = tgt;
				else if (tgt != tgt0)
					split = 1;
				FOR_LANES(rest, l)
					if ((V(&xi->s[0], l) & 0xffffffffu) == i0)
						grp |= 1u << l;
				rest &= ~grp;
				if (first && !rest) {
					w->st[w->nst - 1].pc = tgt;
				} else if (first) {
					SEnt *tt = &w->st[w->nst - 1];
					if (tt->rpc != rpc) {
						tt->pc = rpc;
						if (push(L, w, tgt, rpc, grp))
							return RUN_FAULT;
					} else {
						tt->pc = tgt;
						tt->mask = grp;
					}
				} else if (push(L, w, tgt, rpc, grp))
					return RUN_FAULT;
				first = 0;
			}
			if (split && L->st)
				L->st[here].divergent++;
			NEXT;
		}
		CASE(X_CALL) {
			if (xi->target < 0) {
				uint64_t fa = V(&xi->abase, __builtin_ctz(m));
				XFunc *cal;
				FOR_LANES(m, l)
					if (V(&xi->abase, l) != fa) {
						/* different callees: run the first one's lanes now, the rest after */
						uint32_t same = 0;
						FOR_LANES(m, k)
							if (V(&xi->abase, k) == fa)
								same |= 1u << k;
						if (diverge(L, w, t->pc, same, t->pc, m & ~same, t->pc + 1))
							return RUN_FAULT;
						goto next;
					}
				XFunc *near;
				cal = interp_fnat(L->pm, fa, &near);
				if (!cal && near) {
					interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_OOB, fa, 0,
					    "indirect call to 0x%" PRIx64 " ('%s' + 0x%" PRIx64 "), which is not a function",
					    fa, near->f->name ? near->f->name : "?", (uint64_t)((fa - FUNC_WIN) % FUNC_STEP));
					return RUN_FAULT;
				}
				if (!cal) {
					interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_OOB, fa, 0,
					    "indirect call to 0x%" PRIx64 ", which is not a function", fa);
					return RUN_FAULT;
				}
				if (cal->f->entry) {
					/* a kernel is launched, never called: its ret ends the thread */
					interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_OOB, fa, 0,
					    "indirect call to 0x%" PRIx64 ", the address of kernel '%s', which cannot be called",
					    fa, cal->f->name ? cal->f->name : "?");
					return RUN_FAULT;
				}
				if (cal->builtin || !cal->f->hasbody) {
					if (!cal->builtin || builtin(L, w, xi, cal->builtin, m))
						goto nobody;
					t->pc++;
					if (w->blocked)
						return RUN_BLOCKED;   /* at the grid barrier */
				} else if (call(L, w, xi, cal, m))
					return RUN_FAULT;
				NEXT;
			} else {
				XFunc *cal = &L->pm->fn[xi->target];
				if (!cal->f->hasbody) {
					if (!cal->builtin)
						goto nobody;
					if (builtin(L, w, xi, cal->builtin, m))
						return RUN_FAULT;
					t->pc++;
					if (w->blocked)
						return RUN_BLOCKED;   /* at the grid barrier */
				} else if (call(L, w, xi, cal, m))
					return RUN_FAULT;
				NEXT;
			}
		nobody:
			if (!L->fault)
				interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_UNSUPPORTED, 0, 0,
				    "call of an external function without a body");
			return RUN_FAULT;
		}
		CASE(X_END)
		CASE(X_RET) {
			if (w->ncf == 1) {
				if (CHECKED)
					w->xpc = (int32_t)(xi - L->pm->code);   /* the checks' exit site */
				interp_exited(L, w, m);
				NEXT;
			}
			for (int i = f->base; i < w->nst; i++)
				w->st[i].mask &= ~m;
			f->retmask |= m;
			NEXT;
		}
		CASE(X_EXIT) {
			if (CHECKED)
				w->xpc = (int32_t)(xi - L->pm->code);
			interp_exited(L, w, m);
			NEXT;
		}
		CASE(X_TRAP) {
			interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_TRAP, 0, 0, "trap executed");
			return RUN_FAULT;
		}
		CASE(X_BRKPT) {
			interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_BRKPT, 0, 0, "brkpt executed");
			return RUN_FAULT;
		}
		CASE(X_BAR) {
			uint32_t id = (uint32_t)(xi->ns ? V(&xi->s[0], __builtin_ctz(t->mask)) : 0);
			uint32_t cnt = xi->ns > 1 ? (uint32_t)V(&xi->s[1], __builtin_ctz(t->mask)) : 0;
			t->pc++;
			if (!m)
				NEXT;
			if (id > 15) {
				interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_TRAP, 0, 0, "barrier id %u > 15", id);
				return RUN_FAULT;
			}
			if (interp_bar_arrive(L, w, xi, (int)id, cnt, m, 1, 0, 0))
				return RUN_FAULT;
			if (w->blocked)
				return RUN_BLOCKED;
			NEXT;
		}
		CASE(X_BARARRIVE) {
			uint32_t id = (uint32_t)V(&xi->s[0], __builtin_ctz(m));
			uint32_t cnt = xi->ns > 1 ? (uint32_t)V(&xi->s[1], __builtin_ctz(m)) : 0;
			t->pc++;
			if (interp_bar_arrive(L, w, xi, (int)(id & 15), cnt, m, 0, 0, 0))
				return RUN_FAULT;
			NEXT;
		}
		CASE(X_BARRED) {
			uint32_t id = (uint32_t)V(&xi->s[0], __builtin_ctz(m)), pred = 0, cnt = 0;
			const XOp *po = &xi->s[xi->ns - 1];
			if (xi->ns > 2)
				cnt = (uint32_t)V(&xi->s[1], __builtin_ctz(m));
			FOR_LANES(m, l)
				if (V(po, l) & 1)
					pred |= 1u << l;
			t->pc++;
			if (interp_bar_arrive(L, w, xi, (int)(id & 15), cnt, m, 1, xi->mod, pred))
				return RUN_FAULT;
			if (w->blocked)
				return RUN_BLOCKED;
			NEXT;
		}
		CASE(X_NOP)
		CASE(X_BARWARP) {
			t->pc++;
			NEXT;
		}
		CASE(X_SHFL) { shfl(L, w, r, xi, m); t->pc++; NEXT; }
		CASE(X_VOTE) { vote(L, w, r, xi, m); t->pc++; NEXT; }
		CASE(X_MATCH) { match(L, w, r, xi, m); t->pc++; NEXT; }
		CASE(X_REDUX) { redux(L, w, r, xi, m); t->pc++; NEXT; }
		CASE(X_ACTIVEMASK) {
			FOR_LANES(m, l)
				SET(&xi->d[0], l, m);
			t->pc++;
			NEXT;
		}
		CASE(X_ELECT) {
			uint32_t mm = m & (uint32_t)V(&xi->s[0], __builtin_ctz(m));
			uint32_t lead = mm ? (uint32_t)__builtin_ctz(mm) : 0;
			FOR_LANES(m, l) {
				if (xi->nd > 1) {
					SET(&xi->d[0], l, lead);
					SET(&xi->d[1], l, (uint64_t)(l == lead && mm));
				} else
					SET(&xi->d[0], l, (uint64_t)(l == lead && mm));
			}
			t->pc++;
			NEXT;
		}
		CASE(X_MOVN) {
			FOR_LANES(m, l) {
				uint64_t v[2] = { V(&xi->s[0], l), V(&xi->s[1], l) };
				SET(&xi->d[0], l, v[0]);
				SET(&xi->d[1], l, v[1]);
			}
			t->pc++;
			NEXT;
		}
		CASE(X_STACK) {
			if (stack(L, w, r, xi, m))
				return RUN_FAULT;
			t->pc++;
			NEXT;
		}
		CASE(X_CPASYNC) {
			if (cpasync(L, w, r, xi, m))
				return RUN_FAULT;
			t->pc++;
			NEXT;
		}
		CASE(X_LDMATRIX) {
			uint64_t ad[WARP], v[4][WARP];
			for (uint32_t l = 0; l < WARP; l++)
				ad[l] = ADDR(xi, l);
			if (interp_ldmatrix(L, w, xi, m, ad, v))
				return RUN_FAULT;
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, v[k][l]);
			if (xi->pdst)
				predfix(r, xi, m);
			t->pc++;
			NEXT;
		}
		CASE(X_STMATRIX) {
			uint64_t ad[WARP], v[4][WARP];
			for (uint32_t l = 0; l < WARP; l++) {
				ad[l] = ADDR(xi, l);
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
			}
			if (interp_stmatrix(L, w, xi, m, ad, v))
				return RUN_FAULT;
			t->pc++;
			NEXT;
		}
		CASE(X_MOVMATRIX) {
			uint64_t v[WARP], d[WARP];
			for (uint32_t l = 0; l < WARP; l++)
				v[l] = V(&xi->s[0], l);
			interp_movmatrix(v, d);
			FOR_LANES(m, l)
				SET(&xi->d[0], l, d[l]);
			t->pc++;
			NEXT;
		}
		CASE(X_WMMALD)
		CASE(X_WMMAST) {
			/* wmma.c: the first active lane's address and stride, all lanes' registers */
			uint64_t v[8][WARP], base, ld = ~0ull;
			uint32_t l0 = (uint32_t)__builtin_ctz(m);
			int st = xi->x == X_WMMAST, nr = interp_wmma_nregs(xi->mod & 3, xi->aux, xi->ty);
			base = ADDR(xi, l0);
			if (st ? xi->ns > nr : xi->ns > 0)
				ld = (uint32_t)V(&xi->s[st ? nr : 0], l0);
			for (uint32_t l = 0; st && l < WARP; l++)
				for (int k = 0; k < nr; k++)
					v[k][l] = V(&xi->s[k], l);
			if (interp_wmma_ldst(L, w, xi, m, base, ld, v, st))
				return RUN_FAULT;
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, v[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_MMA)
		CASE(X_WMMA) {
			/* the warp's fragments in, D's out (mma.c, wmma.c) */
			uint64_t v[24][WARP], d[8][WARP];
			for (uint32_t l = 0; l < WARP; l++)
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
			(xi->x == X_MMA ? interp_mma : interp_wmma_mma)(xi, v, d);
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, d[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_WGMMA) {
			/* the registers of all 32 lanes: s[0..nd) is D, read and written */
			uint64_t v[WGMMA_MAXOPS][WARP];
			for (uint32_t l = 0; l < WARP; l++)
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
			if (interp_wgmma(L, w, xi, v))
				return RUN_FAULT;
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->s[k], l, v[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_MBAR)
		CASE(X_BULK)
		CASE(X_CLU)
		CASE(X_TMAP) {
			/* mbarrier.c, bulk.c, tensormap.c: the lanes' addresses and sources in, one destination out */
			uint64_t ad[WARP], v[XNS][WARP], d[WARP];
			int rc;
			FOR_LANES(m, l) {
				ad[l] = ADDR(xi, l);
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
				d[l] = 0;
			}
			rc = xi->x == X_MBAR ? interp_mbar(L, w, xi, m, ad, v, d) :
			    xi->x == X_BULK ? interp_bulk(L, w, xi, m, ad, v) :
			    xi->x == X_CLU ? interp_clu(L, w, xi, m, ad, v, d) : interp_tmap(L, w, xi, m, ad, v);
			if (rc == XR_FAULT)
				return RUN_FAULT;
			if (rc == XR_WAIT)
				return RUN_BLOCKED;
			if (xi->nd)
				FOR_LANES(m, l)
					SET(&xi->d[0], l, d[l]);
			t->pc++;
			if (rc == XR_PAUSE)
				return RUN_BLOCKED;
			NEXT;
		}
		CASE(X_TEX) {
			/* tex.c, surf.c: the lanes' sources in, up to eight destinations out */
			uint64_t v[TEXNS][WARP], d[8][WARP];
			FOR_LANES(m, l)
				for (int k = 0; k < xi->ns; k++)
					v[k][l] = V(&xi->s[k], l);
			if (interp_tex(L, w, xi, m, v, d))
				return RUN_FAULT;
			FOR_LANES(m, l)
				for (int k = 0; k < xi->nd; k++)
					SET(&xi->d[k], l, d[k][l]);
			t->pc++;
			NEXT;
		}
		CASE(X_UNSUPPORTED) {
			interp_fault(L, w, __builtin_ctz(m), xi, PTX_FAULT_UNSUPPORTED, 0, 0,
			    "the interpreter does not implement '%s'", ir_opinfo[xi->in->op].name);
			return RUN_FAULT;
		}
#ifndef INTERP_COMPUTED_GOTO
		default:
			interp_fault(L, w, -1, xi, PTX_FAULT_UNSUPPORTED, 0, 0, "bad decoded instruction");
			return RUN_FAULT;
#endif
		}
	next:
		if (L->fault)
			return RUN_FAULT;
		settle = !straight[xi->x];
		if (!settle)
			pc = t->pc;
	}
	return RUN_SLICE;
}
