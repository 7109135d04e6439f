// ksan's counterpart of GCC 12's c-c++-common/asan/pointer-subtract-4.c, with the options that test sets, in KSAN_OPTIONS and as GCC sets them, in ASAN_OPTIONS (detect_invalid_pointer_pairs=2, halt_on_error=1): the main thread subtracts a pointer to another thread's local from a pointer to its own; reported (the first pointer in main's frame, the second in the thread's), status 1.  Written for ksan (not a copy).
// RUN: %ksan_cc -O1 -fsanitize=address,pointer-subtract -pthread %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2:halt_on_error=1:report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env "ASAN_OPTIONS=detect_invalid_pointer_pairs=2:halt_on_error=1" KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdio.h>

char *theirs;
pthread_barrier_t gate;

static void *worker(void *arg)
{
	char mine;

	(void)arg;
	theirs = &mine;
	pthread_barrier_wait(&gate);
	pthread_barrier_wait(&gate);
	return 0;
}

int main(void)
{
	pthread_t t;
	char own;
	char *volatile ours = &own;
	volatile long d;

	pthread_barrier_init(&gate, 0, 2);
	pthread_create(&t, 0, worker, 0);
	pthread_barrier_wait(&gate);
	d = ours - theirs;
	pthread_barrier_wait(&gate);
	pthread_join(t, 0);
	pthread_barrier_destroy(&gate);
	printf("no report %ld\n", (long)d);
	return 0;
}

// CHECK: ERROR: AddressSanitizer: invalid-pointer-pair: 0x{{[0-9a-f]+}} 0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in main {{.*}}gcc_pointer_subtract_4.c:32
// CHECK: {{^}}Address 0x{{[0-9a-f]+}} is located in stack of thread T0 at offset {{[0-9]+}} in frame{{$}}
// CHECK-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in main
// CHECK: {{^}}Address 0x{{[0-9a-f]+}} is located in stack of thread T1{{( \(.*\))?}} at offset {{[0-9]+}} in frame{{$}}
// CHECK-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in worker
// CHECK: SUMMARY: AddressSanitizer: invalid-pointer-pair {{.*}} in main
// CHECK-NOT: no report
// CHECK: STATUS: exit 1{{$}}
