/*
 * cg.c -- cooperative groups' part of the device runtime: the cudaCG*
 * functions of libcudadevrt, which PTX calls as body-less .extern .func
 * (numba-cuda's this_grid() and grid.sync(), and code built against the
 * declarations of cuda_device_runtime_api.h with -rdc).  libcudadevrt.a's
 * own (CUDA 13.0, sm_90) are thin wrappers of the driver's
 * __cuda_syscall_CGS_* functions, and an H200 (driver 580) answered as
 * follows (tests/shim/cg.c, cg.gpu):
 *
 *   cudaCGGetIntrinsicHandle(scope) -> for cudaCGScopeGrid (1), a handle
 *       of the launch's grid in a cooperative launch (not the address the
 *       driver passes in %envreg1:%envreg2; here the same value), 0 in a
 *       plain one, even where the stream's earlier cooperative launch left
 *       its workspace in %envreg1:2 (the syscall answers 0), and 0 for
 *       every other scope (the wrapper asks only for scope 1);
 *   cudaCGSynchronize(h, flags), cudaCGSynchronizeGrid(h, flags) -> with
 *       the launch's handle, cudaSuccess once every thread of the grid
 *       that has not exited has called one of them; with 0 (the wrapper
 *       checks) or a handle the launch did not give, cudaErrorUnknown
 *       (999) at once: no trap, no wait;
 *   cudaCGGetSize(&threads, &grids, h), cudaCGGetRank(&thread, &grid, h)
 *       -> with the launch's handle, cudaSuccess: the grid's threads and
 *       1 grid; the calling thread's rank in the grid (x fastest, block
 *       by block, as grid_group::thread_rank) and grid rank 1.  With 0,
 *       or any handle in a plain launch, cudaErrorUnknown, and 0 written
 *       through each pointer; with another handle in a cooperative
 *       launch, cudaSuccess and nothing written.  A NULL pointer is never
 *       written.
 *
 * The grid barrier holds the calling lanes (w->gpark) until the arrivals
 * and the threads that exited since the launch began account for every
 * thread of the grid; then the generation moves and sched.c wakes the
 * waiting warps.  The barrier counts threads: lanes of a warp may reach it
 * apart, or return before it while the others wait (numba-cuda's
 * grid-stride loops end so), and the warp's other lanes run on meanwhile
 * (exec.c parks the waiting ones); the warp blocks (BLOCKED_GRID) when
 * nothing of it can run.  On the GPU the syscall meets the block at CTA
 * barrier 0 first (cudaCGSynchronizeGrid's wrapper does so around it):
 * one warp of a block waiting at __syncthreads() while another enters the
 * grid sync goes on, and the launch completes (cg.c's stuck).  So the
 * lanes that reach the grid barrier arrive at CTA barrier 0 too, without
 * waiting there.  A cooperative launch's CTAs are all live from the start
 * (sched.c cooperative(); a kernel that calls the barrier counts as
 * polling, so its CTAs interleave finely and the launch runs on one host
 * worker).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "interp.h"

enum { SCOPE_GRID = 1, ERR_UNKNOWN = 999 };   /* cudaErrorUnknown */

static const struct { const char *name; int bi; } names[] = {
	{ "cudaCGGetIntrinsicHandle", BI_CG_HANDLE }, { "cudaCGSynchronize", BI_CG_SYNC },
	{ "cudaCGSynchronizeGrid", BI_CG_SYNC }, { "cudaCGGetSize", BI_CG_SIZE },
	{ "cudaCGGetRank", BI_CG_RANK },
};

int
interp_cg_builtin(const char *name)
{
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(name, names[i].name) == 0)
			return names[i].bi;
	return BI_NONE;
}

/* The grid's threads: at most 2^31 - 1 x 65535 x 65535 CTAs of 1024, which fits 64 bits. */
static uint64_t
threads(const Launch *L)
{
	return (uint64_t)L->grid[0] * L->grid[1] * L->grid[2] * L->nthreads;
}

/* Completes the open grid barrier when every thread is accounted for. */
static void
complete(Launch *L)
{
	if (L->cgarrived && L->cgarrived + L->cgexited >= threads(L)) {
		L->cgarrived = 0;
		L->cggen++;   /* sched.c clu_run wakes the warps of older generations */
	}
}

void
interp_cg_exited(Launch *L, uint32_t n)
{
	L->cgexited += n;
	complete(L);   /* the waiting threads may have been all that was left */
}

/* Stores v (4 bytes) at the generic address a unless a is NULL: 0, or -1 after a fault. */
static int
put(Launch *L, Warp *w, const XIns *xi, uint32_t l, uint64_t a, uint32_t v)
{
	uint8_t *p;

	if (!a)
		return 0;
	if (!(p = interp_xlate(L, w, (int)l, MS_GENERIC, a, 4, 1, xi)))
		return -1;
	memcpy(p, &v, 4);
	if (L->chk & PTX_CHECK_INITCHECK)
		interp_chk_unpoison(L->cx, p, 4);
	return 0;
}

static int
sync(Launch *L, Warp *w, const XIns *xi, uint32_t m)
{
	uint32_t off = 0;

	for (uint32_t mm = m; mm; mm &= mm - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(mm);
		uint64_t h = interp_arg(L, w, xi, 0, l, 0, 8);

		/* no grid, or not this launch's: the device runtime answers at once */
		if (!h || h != L->cghandle)
			off |= 1u << l;
		interp_setret(w, xi, l, h && h == L->cghandle ? 0 : ERR_UNKNOWN, 4);
	}
	if (!(m &= ~off))
		return 0;
	if (interp_bar_arrive(L, w, xi, 0, 0, m, 0, 0, 0))
		return -1;
	L->cgarrived += (uint64_t)__builtin_popcount(m);
	w->cggen = L->cggen;
	complete(L);
	if (w->cggen != L->cggen) {
		w->gpark = 0;   /* the last to arrive goes on, and those of its warp that waited */
		return 0;
	}
	/* these lanes wait; the others of their warp run on, since they may
	 * be what the barrier waits for (threads that return before it), and
	 * the warp blocks when nothing of it can run (exec.c) */
	w->gpark |= m;
	w->bmask = w->gpark;
	if (!(w->live & ~w->gpark))
		w->blocked = BLOCKED_GRID;
	return 0;
}

int
interp_cg_call(Launch *L, Warp *w, const XIns *xi, int bi, uint32_t m)
{
	if (!m)
		return 0;
	if (bi == BI_CG_SYNC)
		return sync(L, w, xi, m);
	for (uint32_t mm = m; mm; mm &= mm - 1) {
		uint32_t l = (uint32_t)__builtin_ctz(mm), rc = 0, v0, v1;
		uint64_t h = interp_arg(L, w, xi, 2, l, 0, 8);
		const Cta *c = w->cta;

		if (bi == BI_CG_HANDLE) {
			interp_setret(w, xi, l, interp_arg(L, w, xi, 0, l, 0, 4) == SCOPE_GRID ? L->cghandle : 0, 8);
			continue;
		}
		if (bi == BI_CG_SIZE) {
			v0 = (uint32_t)threads(L);
			v1 = 1;
		} else {
			/* a cooperative grid is at most a few thousand CTAs: 32 bits hold the rank */
			uint64_t cta = c->id[0] + (uint64_t)L->grid[0] * (c->id[1] + (uint64_t)L->grid[1] * c->id[2]);
			v0 = (uint32_t)(cta * L->nthreads + (uint32_t)w->id * WARP + l);
			v1 = 1;
		}
		if (!h || !L->cghandle)   /* no grid: zeros written, cudaErrorUnknown */
			v0 = v1 = 0, rc = ERR_UNKNOWN;
		if (h == L->cghandle || rc) {   /* another grid's handle: nothing written */
			if (put(L, w, xi, l, interp_arg(L, w, xi, 0, l, 0, 8), v0) ||
			    put(L, w, xi, l, interp_arg(L, w, xi, 1, l, 0, 8), v1))
				return -1;
		}
		interp_setret(w, xi, l, rc, 4);
	}
	return 0;
}
