// A program's own SIGSEGV handler (installed after the preload's) is still called for its own faults, and KFENCE still reports the faults in its pool first.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t default 2>&1 | FileCheck %s --check-prefix=DFL --implicit-check-not=KFENCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *page;
static volatile int calls;

static void handler(int sig, siginfo_t *si, void *uc)
{
	calls++;
	/* the program's own guard page: open it and retry */
	if ((char *)si->si_addr == page + 8)
		mprotect(page, 4096, PROT_READ | PROT_WRITE);
	else
		_exit(3);
}

int main(int argc, char **argv)
{
	struct sigaction sa, old;
	volatile char *p;

	setvbuf(stdout, 0, _IONBF, 0);
	page = mmap(0, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (argc > 1) {
		/* no handler: the default action, unchanged */
		*(volatile int *)0 = 1;
		return 0;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, &old);
	page[8] = 1;
	printf("own handler called %d times\n", calls);
	p = malloc(64);
	free((void *)p);
	p[1] = 2;	/* KFENCE's, not the program's */
	printf("handler calls after the use-after-free: %d\n", calls);
	sigaction(SIGSEGV, 0, &old);
	printf("the program sees its handler: %d\n", old.sa_sigaction == handler);
	return 0;
}

// CHECK: own handler called 1 times
// CHECK: BUG: KFENCE: use-after-free write in main+
// CHECK: handler calls after the use-after-free: 1
// CHECK-NEXT: the program sees its handler: 1
// CHECK-NEXT: STATUS: exit 0{{$}}

// DFL: STATUS: signal SIGSEGV{{$}}
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
