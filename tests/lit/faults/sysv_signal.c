// A strict ISO C program's signal() is glibc's SysV one (__sysv_signal under -std=c99, called by that name here): ksan keeps it as it keeps signal() and sigaction(), so the runtime's own faults (shadow mapped on first touch, mmap'ed memory far from the heap) never reach the program's handler, and the program's own fault still does, once.  KASAN's twin of kmsan/sysv_signal.c (zstd's crash handler).
// RUN: %ksan_cc -O1 %s -o %t
// (before the fix it hung: the time limit makes that a failure)
// RUN: timeout 60 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN
// CHECK: sum 16384{{$}}
// CHECK-NEXT: handler 11{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* what <signal.h> names signal() under -std=c99 (MAP_ANONYMOUS needs more
 * than ISO C here, so it is called by its own name) */
extern __sighandler_t __sysv_signal(int sig, __sighandler_t h);

static void on_segv(int sig)
{
	printf("handler %d\n", sig);
	fflush(stdout);
	_Exit(0);
}

/* unchecked: the fault itself, not an outline check's report, is the
 * program's */
__attribute__((no_sanitize_address, noinline)) static void fault(void)
{
	*(volatile int *)16 = 1;
}

int main(void)
{
	size_t n = (size_t)64 << 20, i;
	long sum = 0;
	char *p;

	if (__sysv_signal(SIGSEGV, on_segv) == SIG_ERR)
		return 2;
	/* memory the runtime did not allocate: its shadow appears on first
	 * touch, through ksan's SIGSEGV handler */
	p = mmap((void *)0x300000000000, n, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return 3;
	memset(p, 1, n);
	for (i = 0; i < n; i += 4096)
		sum += p[i];
	printf("sum %ld\n", sum);
	fflush(stdout);
	fault();	/* the program's own fault: its handler */
	return 1;
}
