// Threads still running at exit are stopped and their stacks, registers and thread-local storage scanned: objects only they hold are not leaks.  A worker blocked in pause() holds one on its stack, a spinning worker one in a register, a worker one in a __thread variable; the twins drop theirs before exit and each is reported.
// RUN: %ksan_cc -O2 -g %s -o %t -lpthread
// RUN: bash %S/../Inputs/status.sh %run %t hold 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t drop 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include "Inputs/leak.h"

static int drop;
static volatile int started;
__thread char *tls_ptr;	/* not static: a static one never read is optimised away */

__attribute__((noinline)) char *alloc_named(size_t n, const char *what)
{
	char *p = malloc(n);

	strcpy(p, what);
	return p;
}

/* the pointer lives in the caller's slot only */
__attribute__((noinline)) void fill(char *volatile *slot)
{
	*slot = alloc_named(64, "stack");
}

static void *on_stack(void *arg)
{
	char *volatile slot;

	fill(&slot);
	if (drop) {
		slot = 0;
		wipe_stack();	/* and the registers a call may use */
	}
	__atomic_add_fetch(&started, 1, __ATOMIC_RELEASE);
	for (;;)
		pause();
	return 0;
}

static void *in_register(void *arg)
{
	char *p = alloc_named(80, "register");

	if (drop) {
		p = 0;
		wipe_stack();
	}
	__atomic_add_fetch(&started, 1, __ATOMIC_RELEASE);
	for (;;)
		__asm__ volatile("" : "+r"(p));	/* p never leaves its register */
	return 0;
}

static void *in_tls(void *arg)
{
	tls_ptr = alloc_named(96, "tls");
	if (drop) {
		tls_ptr = 0;
		wipe_stack();
	}
	__atomic_add_fetch(&started, 1, __ATOMIC_RELEASE);
	for (;;)
		pause();
	return 0;
}

int main(int argc, char **argv)
{
	pthread_t t[3];

	setvbuf(stdout, NULL, _IONBF, 0);
	drop = !strcmp(argv[1], "drop");
	pthread_create(&t[0], 0, on_stack, 0);
	pthread_create(&t[1], 0, in_register, 0);
	pthread_create(&t[2], 0, in_tls, 0);
	while (__atomic_load_n(&started, __ATOMIC_ACQUIRE) < 3)
		usleep(1000);
	printf("done\n");
	return 0;	/* the workers still run */
}

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// CHECK: {{^}}done{{$}}
// CHECK: {{^}}Direct leak of 96 byte(s) in 1 object(s) allocated from:{{$}}
// CHECK: {{^}}    #2 0x{{[0-9a-f]+}} in in_tls {{.*}}threads.c
// CHECK: {{^}}Direct leak of 80 byte(s) in 1 object(s) allocated from:{{$}}
// CHECK: {{^}}    #2 0x{{[0-9a-f]+}} in in_register {{.*}}threads.c
// CHECK: {{^}}Direct leak of 64 byte(s) in 1 object(s) allocated from:{{$}}
// CHECK: {{^}}    #3 0x{{[0-9a-f]+}} in on_stack {{.*}}threads.c
// CHECK: {{^}}SUMMARY: AddressSanitizer: 240 byte(s) leaked in 3 allocation(s).{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 23{{$}}
