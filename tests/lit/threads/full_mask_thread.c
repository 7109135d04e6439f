// A thread created under a full signal mask (inherited from its creator, or given by pthread_attr_setsigmask_np) touches a large stack array and fresh mmap'ed memory: no SIGSEGV may be needed for ksan's shadow; it still reads back its full mask, and a stack overflow in it is still reported.
// RUN: %ksan_cc -O1 %s -o %t -pthread
// RUN: bash %S/../Inputs/status.sh %run %t inherit 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t attr 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t overflow 2>&1 | FileCheck %s --check-prefix=OVF
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static volatile int idx;
static int overflow;

__attribute__((noinline)) static int big_frame(void)
{
	char a[512 << 10];	/* half a MiB of stack, fresh shadow */
	size_t i;

	for (i = 0; i < sizeof(a); i += 512)
		a[i] = (char)i;
	memset(a + 1000, 7, 100000);
	if (overflow)
		a[sizeof(a) + idx] = 1;		/* stack-out-of-bounds */
	return a[idx + 1000] + a[idx + 512];	/* 7 + 0 */
}

static void *thread(void *arg)
{
	sigset_t cur;
	char *m;

	(void)arg;
	pthread_sigmask(SIG_SETMASK, 0, &cur);
	if (!sigismember(&cur, SIGSEGV) || !sigismember(&cur, SIGTERM))
		return (void *)1;
	m = mmap(0, 8 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	m[(8 << 20) - 1] = 3;
	m[4 << 20] = 4;
	if (big_frame() != 7)
		return (void *)2;
	return (void *)(long)(m[(8 << 20) - 1] + m[4 << 20] - 7);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "inherit";
	pthread_attr_t attr;
	pthread_t t;
	sigset_t all, cur;
	void *r = (void *)-1;

	overflow = !strcmp(mode, "overflow");
	sigfillset(&all);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 2 << 20);
	if (!strcmp(mode, "attr"))
		pthread_attr_setsigmask_np(&attr, &all);
	else
		pthread_sigmask(SIG_SETMASK, &all, 0);
	pthread_create(&t, &attr, thread, 0);
	pthread_attr_destroy(&attr);
	pthread_join(t, &r);
	pthread_sigmask(SIG_SETMASK, 0, &cur);
	printf("thread %ld, main blocked SIGSEGV %d\n", (long)r, sigismember(&cur, SIGSEGV));
	return 0;
}

// OK: thread 0, main blocked SIGSEGV {{[01]}}
// OK-NEXT: STATUS: exit 0{{$}}

// OVF: BUG: KASAN: stack-out-of-bounds in big_frame
// OVF: STATUS: exit 1{{$}}
