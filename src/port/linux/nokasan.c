/*
 * This file contains what the Linux port's shared files expect from the
 * parts libksan-kmsan.a and libksan-kcsan.a leave out (KASAN's interceptors
 * and ucontext support): the answers "no interceptors to set up" and "no
 * makecontext stacks known".
 */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>
#include "linux.h"

/* KMSAN's libc model (kmsan_libc*.c) finds what it needs on first use;
 * KCSAN intercepts only mem* (kcsan/mem.c, through mem.c's real_*). */
void port_intercept_init(void)
{
}

/* Without ucontext.c the port knows no makecontext stacks: the unwinder
 * bounds frames by the thread's own stack. */
int port_user_stack(uintptr_t addr, uintptr_t *lo, uintptr_t *hi)
{
	return -1;
}
