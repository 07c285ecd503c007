/*
 * ir/once.h -- a table built once a process, on first use, from any thread:
 * ops.c's name indexes, verify/types.c's accepted types and modifiers.
 *
 *	static ir_once_t built = IR_ONCE_INIT;
 *	ir_once(&built, build);     (build: void (void), run exactly once)
 */
#ifndef IR_ONCE_H
#define IR_ONCE_H

/* C11 call_once where <threads.h> exists, pthread_once otherwise.  Under
 * ThreadSanitizer pthread_once is used as well: glibc's call_once reaches
 * pthread_once through an internal alias that the sanitizer does not see. */
#if defined(__SANITIZE_THREAD__)
#  define IR_TSAN 1
#elif defined(__has_feature)
#  if __has_feature(thread_sanitizer)
#    define IR_TSAN 1
#  endif
#endif
#if !defined(IR_TSAN) && !defined(__STDC_NO_THREADS__)
#  if defined(__has_include)
#    if __has_include(<threads.h>)
#      define IR_C11_THREADS 1
#    endif
#  else
#    define IR_C11_THREADS 1
#  endif
#endif

#ifdef IR_C11_THREADS
#  include <threads.h>
typedef once_flag ir_once_t;
#  define IR_ONCE_INIT ONCE_FLAG_INIT
#  define ir_once(flag, fn) call_once((flag), (fn))
#else
#  include <pthread.h>
typedef pthread_once_t ir_once_t;
#  define IR_ONCE_INIT PTHREAD_ONCE_INIT
#  define ir_once(flag, fn) ((void)pthread_once((flag), (fn)))
#endif

#endif
