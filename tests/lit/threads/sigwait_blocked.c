// The sigwait design: main blocks every signal (sigfillset + pthread_sigmask or sigprocmask), worker threads inherit the mask and touch fresh heap, stack and mmap'ed memory, a dedicated thread takes SIGUSR1 with sigwait; ksan must not need SIGSEGV for its shadow (the kernel kills a thread that faults with SIGSEGV blocked), the program must still read back the mask it set, and a real bug is still reported.
// RUN: %ksan_cc -O1 -Wno-deprecated-declarations %s -o %t -pthread
// RUN: bash %S/../Inputs/status.sh %run %t pthread 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t sigprocmask 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t bsd 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh %run %t stack 2>&1 | FileCheck %s --check-prefix=STACK
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define WORKERS 4
#define MAP_SIZE (64ul << 20)

static const char *mode;
static volatile int got_usr1;
static char *volatile sink;
static volatile int idx = 40;

static int segv_blocked(void)
{
	sigset_t cur;

	if (pthread_sigmask(SIG_BLOCK, 0, &cur))
		abort();
	return sigismember(&cur, SIGSEGV) && sigismember(&cur, SIGBUS) &&
	       sigismember(&cur, SIGUSR1);
}

__attribute__((noinline)) static long deep(int depth)
{
	char buf[4096 * 4];	/* a large frame: fresh stack pages, fresh shadow */

	memset(buf, depth, sizeof(buf));
	if (!strcmp(mode, "stack") && depth == 3)
		buf[sizeof(buf) + idx] = 1;	/* stack-out-of-bounds */
	return depth ? deep(depth - 1) + buf[depth * 7] : buf[100];
}

static void *worker(void *arg)
{
	long id = (long)arg, sum = 0;
	char *m, *h;
	size_t i;

	if (!segv_blocked())
		return (void *)1;	/* the inherited mask must read back full */
	m = mmap(0, MAP_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return (void *)2;
	for (i = id * 4096; i < MAP_SIZE; i += 32768)
		m[i] = (char)i, sum += m[i];	/* every access reads fresh shadow */
	munmap(m, MAP_SIZE);
	h = malloc(1 << 20);
	memset(h, 1, 1 << 20);
	sum += h[id] + deep(8);
	free(h);
	if (!strcmp(mode, "uaf") && id == 2)
		sum += h[10];		/* heap-use-after-free */
	return sum ? 0 : (void *)3;
}

static void *waiter(void *arg)
{
	sigset_t set;
	int sig = 0;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (!sigwait(&set, &sig) && sig == SIGUSR1)
		got_usr1 = 1;
	return 0;
}

int main(int argc, char **argv)
{
	pthread_t w[WORKERS], sw;
	sigset_t all;
	void *r;
	long i, bad = 0;

	mode = argc > 1 ? argv[1] : "pthread";
	sigfillset(&all);
	if (!strcmp(mode, "sigprocmask"))
		sigprocmask(SIG_SETMASK, &all, 0);
	else if (!strcmp(mode, "bsd"))
		sigsetmask(~0);
	else
		pthread_sigmask(SIG_BLOCK, &all, 0);
	if (!segv_blocked())
		printf("main does not see its mask\n");
	pthread_create(&sw, 0, waiter, 0);
	for (i = 0; i < WORKERS; i++)
		pthread_create(&w[i], 0, worker, (void *)i);
	for (i = 0; i < WORKERS; i++) {
		pthread_join(w[i], &r);
		bad |= (long)r;
	}
	sink = malloc(3 << 20);	/* main too: a fresh large object */
	memset(sink, 2, 3 << 20);
	free(sink);
	pthread_kill(sw, SIGUSR1);
	pthread_join(sw, 0);
	printf("workers %ld, sigwait %d\n", bad, got_usr1);
	return 0;
}

// OK-NOT: does not see
// OK: workers 0, sigwait 1
// OK-NEXT: STATUS: exit 0{{$}}

// UAF: BUG: KASAN: use-after-free in worker
// UAF: STATUS: exit 1{{$}}

// STACK: BUG: KASAN: stack-out-of-bounds in deep
// STACK: STATUS: exit 1{{$}}
