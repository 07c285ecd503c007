/*
 * async.c — asynchronous-copy, mbarrier and wgmma protocols (not
 * implemented yet).
 *
 * Planned: cp.async destinations read before cp.async.wait_*, mbarrier use
 * before mbarrier.init, wgmma accumulators touched between wgmma.fence and
 * wgmma.wait_group, bulk copies without fence.proxy.async.  The check
 * async exists in the table; this pass reports nothing yet.
 */
#include "verify.h"

void
verify_async(Verify *v)
{
	(void)v;
}
