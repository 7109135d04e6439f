// ksan's counterpart of GCC 12's c-c++-common/asan/pointer-subtract-3.c, with the options that test sets, in KSAN_OPTIONS and as GCC sets them, in ASAN_OPTIONS (detect_invalid_pointer_pairs=1, halt_on_error=1): the main thread subtracts pointers to locals of two other threads.  ASan does not handle this case (its stack rule knows the current thread's stack only; GCC's test expects no report); ksan knows every thread's stack and reports it: both pointers are described in the frames of their threads, and the program stops with status 1.  Written for ksan (not a copy).
// RUN: %ksan_cc -O1 -fsanitize=address,pointer-subtract -pthread %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env "ASAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=1" bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdio.h>

char *locals[2];
pthread_barrier_t gate;

static void *worker(void *arg)
{
	char mine;

	locals[(long)arg] = &mine;
	pthread_barrier_wait(&gate);
	pthread_barrier_wait(&gate);
	return 0;
}

int main(void)
{
	pthread_t t[2];
	volatile long d;

	pthread_barrier_init(&gate, 0, 3);
	pthread_create(&t[0], 0, worker, (void *)0);
	pthread_create(&t[1], 0, worker, (void *)1);
	pthread_barrier_wait(&gate);
	d = locals[0] - locals[1];
	pthread_barrier_wait(&gate);
	pthread_join(t[0], 0);
	pthread_join(t[1], 0);
	pthread_barrier_destroy(&gate);
	printf("no report %ld\n", (long)d);
	return 0;
}

// CHECK: {{^}}KASAN: invalid-pointer-pair in main+
// CHECK: {{^}}First pointer 0x{{[0-9a-f]+}}:{{$}}
// CHECK-NEXT: {{^}}The buggy address belongs to stack of task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// CHECK-NEXT: {{^}} worker{{$}}
// CHECK: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// CHECK-NEXT: {{^}}The buggy address belongs to stack of task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// CHECK-NEXT: {{^}} worker{{$}}
// CHECK-NOT: no report
// CHECK: STATUS: exit 1{{$}}
