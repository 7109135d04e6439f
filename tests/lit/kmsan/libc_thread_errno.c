// errno of a new thread is initialised: before any call, and after a failing C library call that KMSAN does not intercept (unlink), also when the thread runs on a stack the program allocated with malloc (pthread_attr_setstack: the C library puts the thread's TLS, errno included, in that poisoned block; reported before the fix) and when its TLS reuses the stack block of an exited thread that stored an uninitialised value into its errno.  A thread reading the uninitialised value it stored into errno itself is reported (origin: its local variable).  -O0 and -O2.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0 -lpthread
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2 -lpthread
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t0 bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: bash %S/../Inputs/status.sh %t2 bad 2>&1 | FileCheck %s --check-prefix=BAD
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int *volatile errno_at[3];

__attribute__((noinline)) static void store_garbage(void)
{
	volatile int junk;	/* never written */

	errno = junk;
}

static void *poison_errno(void *arg)
{
	(void)arg;
	errno_at[0] = &errno;
	store_garbage();
	return 0;
}

static void *read_first(void *arg)
{
	(void)arg;
	if (!errno_at[1])
		errno_at[1] = &errno;
	if (errno != 0)		/* before any call */
		puts("errno not 0 at start");
	return 0;
}

static void *read_after_failure(void *arg)
{
	(void)arg;
	if (!errno_at[2])
		errno_at[2] = &errno;
	if (unlink("/nonexistent/ksan-test") == 0 || errno != ENOENT)
		puts("unlink did not fail with ENOENT");
	return 0;
}

static void *read_own_garbage(void *arg)
{
	(void)arg;
	store_garbage();
	if (errno == 12345)	/* L:bad */
		puts("odd");
	return 0;
}

static void run(void *(*fn)(void *))
{
	pthread_t t;

	pthread_create(&t, 0, fn, 0);
	pthread_join(t, 0);
}

/* on a stack from malloc: uninitialised, and errno lives at its top */
static void run_on_heap(void *(*fn)(void *))
{
	size_t size = 1 << 20;
	void *stack = malloc(size);
	pthread_attr_t a;
	pthread_t t;

	pthread_attr_init(&a);
	pthread_attr_setstack(&a, stack, size);
	pthread_create(&t, &a, fn, 0);
	pthread_join(t, 0);
	pthread_attr_destroy(&a);
	free(stack);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "bad")) {
		run(read_own_garbage);
		return 0;
	}
	run(poison_errno);
	run(read_first);
	run(poison_errno);
	run(read_after_failure);
	run_on_heap(read_first);
	run_on_heap(read_after_failure);
	/* the point of the test: the threads' errno at the same address */
	printf("same errno: %d %d\n", errno_at[0] == errno_at[1], errno_at[0] == errno_at[2]);
	printf("done\n");
	return 0;
}
// OK: {{^}}same errno: 1 1{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0
// BAD: {{^}}BUG: KMSAN: uninit-value in read_own_garbage
// BAD: {{^}}Local variable junk created at:
// BAD: STATUS: exit 1
