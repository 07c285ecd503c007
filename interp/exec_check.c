/*
 * exec_check.c -- the executor of a checked launch (ptx_set_checks):
 * exec.c compiled a second time with INTERP_CHECK defined, which names its
 * run loop interp_run_check and compiles in the calls to the dynamic
 * checks (check*.c).  sched.c picks one of the two loops once per launch,
 * so an unchecked launch runs exactly the code it ran before the checks
 * existed.
 */
#define INTERP_CHECK 1
#include "exec.c"
