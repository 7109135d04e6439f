// Signal handlers that run with SIGSEGV blocked: a SIGUSR1 handler whose sa_mask is full, and one run inside sigsuspend (and ppoll) under a temporary full mask, touch a large stack array and fresh mmap'ed memory; ksan's shadow must not need SIGSEGV there; the program reads back the sa_mask it installed, and a real bug in such a handler is still reported.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t samask 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t suspend 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t ppoll 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s --check-prefix=BUG
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static volatile int idx, bug, handled;
static volatile long result;

__attribute__((noinline)) static long touch(void)
{
	char a[256 << 10];	/* fresh stack, fresh shadow */
	char *m = mmap(0, 16 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	size_t i;
	long s = 0;

	for (i = 0; i < sizeof(a); i += 256)
		a[i] = 1;
	for (i = 0; i < (16 << 20); i += 65536)
		m[i] = 1, s += m[i];
	if (bug)
		a[sizeof(a) + 32 + idx] = 1;	/* stack-out-of-bounds */
	munmap(m, 16 << 20);
	return s + a[idx];
}

static void on_usr1(int sig)
{
	(void)sig;
	result = touch();
	handled++;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "samask";
	struct sigaction sa, old;
	sigset_t all, none;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigfillset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, 0);
	sigaction(SIGUSR1, 0, &old);
	if (!sigismember(&old.sa_mask, SIGSEGV) || !sigismember(&old.sa_mask, SIGBUS) ||
	    !sigismember(&old.sa_mask, SIGINT))
		printf("sa_mask read back without SIGSEGV\n");
	bug = !strcmp(mode, "bug");
	sigfillset(&all);
	if (!strcmp(mode, "suspend") || !strcmp(mode, "ppoll")) {
		sigset_t tmp = all;

		sa.sa_flags = SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGUSR1, &sa, 0);
		sigprocmask(SIG_SETMASK, &all, 0);	/* SIGUSR1 stays pending */
		raise(SIGUSR1);
		sigdelset(&tmp, SIGUSR1);
		if (!strcmp(mode, "suspend"))
			sigsuspend(&tmp);	/* the handler runs under tmp */
		else
			ppoll(0, 0, 0, &tmp);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, 0);
	} else {
		raise(SIGUSR1);
	}
	printf("handled %d, result %ld\n", handled, result);
	return 0;
}

// OK-NOT: read back without
// OK: handled 1, result 257
// OK-NEXT: STATUS: exit 0{{$}}

// BUG: BUG: KASAN: stack-out-of-bounds in touch
// BUG: STATUS: exit 1{{$}}
