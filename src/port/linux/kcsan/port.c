/*
 * This file contains KCSAN's start-up in the Linux port (libksan-kcsan.a):
 * from port_init, in the heap's turn (KCSAN has no heap of its own), it
 * enables the detector, says whether a watchpoint can have anybody to wait
 * for (one thread until the first pthread_create, threads.c), clears the
 * watchpoints in a fork child and prints the counters at exit.  With
 * --ksan=kcsan,kfence, kfence/malloc.c (libksan-kcsan-kfence.a) samples in
 * front of glibc's malloc once start-up is done.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include "../linux.h"

static void kcsan_at_exit(void)
{
	if (core_opt.kcsan_stats)
		kcsan_print_stats();
}

/* heap.h: KCSAN's start-up takes the heap's turn */
void port_heap_init(void)
{
	/* the main thread alone: no stalls until a second thread exists
	 * (unless signal handlers are watched: they interrupt this one) */
	__atomic_store_n(&kcsan_single_threaded, 1, __ATOMIC_RELAXED);
	kcsan_init();
	pthread_atfork(0, 0, kcsan_fork_child);
	atexit(kcsan_at_exit);
}

/* heap.h: the port's "runtime is up" test (sigmask.c) */
int port_heap_ready(void)
{
	return kcsan_enabled;
}

/* kfence/malloc.c: start-up's own allocations (and any before it) go
 * straight to glibc */
int port_kfence_heap_start(void)
{
	extern int port_init_state;

	port_ensure_init();
	return __atomic_load_n(&port_init_state, __ATOMIC_ACQUIRE) == 2;
}

