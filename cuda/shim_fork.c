/*
 * shim_fork.c -- a process forked after cuInit, as the driver treats it:
 * the contexts, memory and modules are the parent's, so the child cannot
 * use them, and every call it makes answers CUDA_ERROR_NOT_INITIALIZED,
 * cuInit included (a child that wants the device is started afresh, with
 * exec or the spawn start method).  A child forked before cuInit is not
 * touched: it initialises as any process does.
 *
 * The fork handlers hold the LOCK across fork(), so the child never
 * inherits it held by a thread that does not exist there: a fork waits
 * for the call in progress (a launch) to end.
 */
#include <pthread.h>
#include "cuda/shim.h"

static _Atomic int forked;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void
prepare(void)
{
	LOCK();
}

static void
parent(void)
{
	UNLOCK();
}

static void
child(void)
{
	forked = 1;
	shim.inited = 0;     /* every query and call: not initialised */
	UNLOCK();            /* this thread took it in prepare() */
}

static void
watch(void)
{
	pthread_atfork(prepare, parent, child);
}

/* From cuInit, once it has initialised; not under LOCK. */
void
shim_fork_watch(void)
{
	pthread_once(&once, watch);
}

int
shim_forked(void)
{
	return forked;
}
