/*
 * cg.c -- cooperative groups' part of the device runtime: the cudaCG*
 * functions of libcudadevrt, which PTX calls as body-less .extern .func
 * (numba-cuda's this_grid() and grid.sync(), and code built against the
 * declarations of cuda_device_runtime_api.h with -rdc):
 *
 *   cudaCGGetIntrinsicHandle(scope) -> for cudaCGScopeGrid (1), the
 *       launch's grid workspace, the %envreg1:%envreg2 pair the driver
 *       fills for a cooperative launch; 0 in a plain launch, and for any
 *       other scope (the multi-grid one is gone from CUDA 13);
 *   cudaCGSynchronize(handle, flags), cudaCGSynchronizeGrid(handle, flags)
 *       -> cudaSuccess once every thread of the grid that has not exited
 *       has called one of them;
 *   cudaCGGetSize(&threads, &grids, handle), cudaCGGetRank(&thread,
 *       &grid, handle) -> the grid's threads and 1 grid; the calling
 *       thread's rank in the grid (x fastest, block by block, as
 *       grid_group::thread_rank) and grid rank 0.  A NULL pointer is not
 *       written.  A handle that is not the launch's workspace answers
 *       cudaErrorInvalidValue and writes nothing.
 *
 * The grid barrier holds the calling lanes (w->gpark) until the arrivals
 * and the threads that exited since the launch began account for every
 * thread of the grid; then the generation moves and sched.c wakes the
 * waiting warps.  Since sm_70 the barrier counts threads: lanes of a warp
 * may reach it apart, or return before it while the others wait (numba-
 * cuda's grid-stride loops end so), and the warp's other lanes run on
 * meanwhile (exec.c parks the waiting ones); the warp blocks
 * (BLOCKED_GRID) when nothing of it can run.  A cooperative launch's
 * CTAs are all live from the start (sched.c cooperative(); a kernel that
 * calls the barrier counts as polling, so its CTAs interleave finely and
 * the launch runs on one host worker).  A sync called with a handle that is not the launch's
 * workspace -- 0 in a plain launch -- traps, as a plain launch's grid sync
 * does on the GPU (an unspecified launch failure).
 *
 * Which of these answers the GPU gives with a handle of 0, and whether
 * GetSize/GetRank take a grid-scope handle at all, has not been checked
 * on a GPU: tests/shim/cg.c holds what this file answers, for a GPU to
 * confirm.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <inttypes.h>
#include <string.h>
#include "interp.h"

enum { SCOPE_GRID = 1, ERR_INVALID_VALUE = 1 };

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
	int l0 = __builtin_ctz(m);
	uint64_t h = interp_arg(L, w, xi, 0, (uint32_t)l0, 0, 8);

	if (!h || h != L->gridws) {
		interp_fault(L, w, l0, xi, PTX_FAULT_TRAP, h, 0, "grid sync with handle 0x%" PRIx64 ", which is not "
		    "this launch's grid: %s", h, L->gridws ? "not the value cudaCGGetIntrinsicHandle returned" : "not a cooperative launch");
		return -1;
	}
	for (uint32_t mm = m; mm; mm &= mm - 1)
		interp_setret(w, xi, (uint32_t)__builtin_ctz(mm), 0, 4);
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
		uint32_t l = (uint32_t)__builtin_ctz(mm), rc = 0;
		uint64_t h = interp_arg(L, w, xi, 2, l, 0, 8);
		const Cta *c = w->cta;

		switch (bi) {
		case BI_CG_HANDLE:
			interp_setret(w, xi, l, interp_arg(L, w, xi, 0, l, 0, 4) == SCOPE_GRID ? L->gridws : 0, 8);
			continue;
		case BI_CG_SIZE:
			if (!h || h != L->gridws)
				rc = ERR_INVALID_VALUE;
			else if (put(L, w, xi, l, interp_arg(L, w, xi, 0, l, 0, 8), (uint32_t)threads(L)) ||
			    put(L, w, xi, l, interp_arg(L, w, xi, 1, l, 0, 8), 1))
				return -1;
			break;
		case BI_CG_RANK: {
			/* a cooperative grid is at most a few thousand CTAs: 32 bits hold the rank */
			uint64_t cta = c->id[0] + (uint64_t)L->grid[0] * (c->id[1] + (uint64_t)L->grid[1] * c->id[2]);
			if (!h || h != L->gridws)
				rc = ERR_INVALID_VALUE;
			else if (put(L, w, xi, l, interp_arg(L, w, xi, 0, l, 0, 8),
			    (uint32_t)(cta * L->nthreads + (uint32_t)w->id * WARP + l)) ||
			    put(L, w, xi, l, interp_arg(L, w, xi, 1, l, 0, 8), 0))
				return -1;
			break;
		}
		}
		if (rc)
			w->cdperr[l] = (uint8_t)rc;
		interp_setret(w, xi, l, rc, 4);
	}
	return 0;
}
