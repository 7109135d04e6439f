// Signal handlers share nothing with the code they interrupt: a handler runs instrumented code that passes uninitialised structs by value and returns them (the parameter and return-value shadow of the context state), while main, interrupted three thousand times, passes a struct (copied from the heap) whose one field is initialised and the other not, and branches on the initialised one: silent, as the kernel keeps a context state per interrupt level.  A branch on the uninitialised field after the loop is still reported, with main's malloc as origin.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0 -pthread
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2 -pthread
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// (twice: one run of a shared state reports in about 9 of 10)
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t0 bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 bug 2>&1 | FileCheck %s
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

struct pair {
	int a, b;
};

static volatile sig_atomic_t handled, stop;
static volatile int sink;
static pid_t main_tid;
struct pair *volatile hidden;

/* the handler's calls: every field of their structs uninitialised */
__attribute__((noinline)) static void take(struct pair p)
{
	sink = 1;
}

__attribute__((noinline)) static struct pair give(void)
{
	struct pair p;

	return p;
}

static void on_signal(int sig, siginfo_t *info, void *uctx)
{
	struct pair p, q;

	take(p);
	q = give();
	take(q);
	if (info->si_signo == SIGUSR1)	/* the kernel wrote it: initialised */
		handled++;
}

/* main's callee: reads only the field main initialised */
__attribute__((noinline)) static int use_b(struct pair p)
{
	if (p.b > 0)	/* a branch at every -O: a volatile store is never a select */
		sink = 2;
	return 1;
}

/* returns a struct with a clean field b, read by main */
__attribute__((noinline)) static struct pair make(int b)
{
	struct pair p;

	sink = 3;
	p.b = b;
	return p;
}

__attribute__((noinline)) static int use_a(struct pair p)
{
	if (p.a > 0)	/* L:use_a */
		sink = 4;
	return 1;
}

static void *sender(void *arg)
{
	while (!stop)
		syscall(SYS_tgkill, getpid(), main_tid, SIGUSR1);
	return NULL;
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	struct pair p;
	pthread_t t;
	long i, sum = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR1, NULL, &sa);	/* the program reads back its own */
	if (sa.sa_sigaction != on_signal || !(sa.sa_flags & SA_SIGINFO))
		printf("sigaction reads back another handler\n");
	main_tid = (pid_t)syscall(SYS_gettid);
	hidden = malloc(sizeof(p));	/* L:alloc */
	hidden->b = 1;	/* a stays uninitialised */
	p = *hidden;
	pthread_create(&t, NULL, sender, NULL);
	for (i = 0; handled < 3000 && i < 100000000; i++) {
		sum += use_b(p);
		if (make(2).b > 0)
			sum++;
	}
	stop = 1;
	pthread_join(t, NULL);
	printf("signals %s\n", handled > 100 ? "many" : "few");
	fflush(stdout);
	if (!strcmp(argv[1], "bug"))
		sum += use_a(p);	/* L:bug */
	return sum == 0;
}

// OK-NOT: another handler
// OK: {{^}}signals many{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// CHECK: {{^}}signals many{{$}}
// CHECK-NEXT: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KMSAN: uninit-value in use_a+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} use_a+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_signal.c:71{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_signal.c:112{{$}}
// CHECK: {{^}}Uninit was created at:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_signal.c:98{{$}}
// CHECK: STATUS: exit 1{{$}}
