/*
 * align.c — alignment and bounds of memory accesses (not implemented yet).
 *
 * Planned: known-bits and interval analysis of addresses from declared
 * .align, .ptr.align and constant offsets, to report misaligned scalar and
 * vector accesses, constant offsets past shared/local/const arrays or the
 * parameter block, and .extern .shared offsets beyond the target's maximum.
 * The checks alignment and bounds exist in the table so that options and
 * outputs are stable; this pass reports nothing yet.
 */
#include "verify.h"

void
verify_align(Verify *v)
{
	(void)v;
}
