// report_format=asan: KCSAN's stacks end where ThreadSanitizer's do, at the thread's start routine (worker) and, for the main thread's creation stacks, at main: no start_thread, clone or __libc_start_call_main frames below them.  ClusterFuzz builds its crash state from the first frames of the report (account, worker, then the next stack's account, as for TSan's report of this race); a C library frame there would make the same race a different crash.  The kernel layout keeps the whole stack.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:report_format=asan:halt_on_error=1 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --implicit-check-not=start_thread --implicit-check-not=clone --implicit-check-not=__libc_start
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:halt_on_error=1 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=KERNEL
#include <pthread.h>
#include <stdio.h>

long balance;
int go;

__attribute__((noinline)) void account(long i)
{
	balance += i;
}

__attribute__((noinline)) void *worker(void *arg)
{
	while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
		;
	for (long i = 0; i < 20000000; i++)
		account(i);
	return 0;
}

int main(void)
{
	pthread_t t1, t2;

	pthread_create(&t1, 0, worker, 0);
	pthread_create(&t2, 0, worker, 0);
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	pthread_join(t1, 0);
	pthread_join(t2, 0);
	printf("%ld\n", balance);
	return 0;
}

// CHECK: {{^}}WARNING: ThreadSanitizer: data race (pid={{[0-9]+}}){{$}}
// CHECK-NEXT: {{^}}  {{Write|Read}} of size 8 at 0x{{[0-9a-f]+}} by thread T{{[12]}}:{{$}}
// CHECK-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in account {{.*}}asan_thread_stacks.c:13{{.*$}}
// CHECK-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in worker {{.*}}asan_thread_stacks.c:{{[0-9]+}}{{.*$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  Previous {{write|read}} of size 8 at 0x{{[0-9a-f]+}} by thread T{{[12]}}:{{$}}
// CHECK-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in account {{.*}}asan_thread_stacks.c:13{{.*$}}
// CHECK-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in worker {{.*}}asan_thread_stacks.c:{{[0-9]+}}{{.*$}}
// CHECK-EMPTY:
// CHECK: {{^}}  Thread T{{[12]}} (tid={{[0-9]+}}, running) created by main thread at:{{$}}
// CHECK-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in pthread_create{{$}}
// CHECK-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}asan_thread_stacks.c:{{[0-9]+}}{{.*$}}
// CHECK-EMPTY:
// CHECK: {{^}}SUMMARY: ThreadSanitizer: data race {{.*}}asan_thread_stacks.c:13{{.*}} in account{{$}}
// CHECK: {{^}}STATUS: exit 1{{$}}

// the kernel layout: the whole stack, down to the C library's thread start
// KERNEL: {{^}}BUG: KCSAN: data-race in account / account{{$}}
// KERNEL: {{^}} worker+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}asan_thread_stacks.c:{{[0-9]+}}{{$}}
// KERNEL-NEXT: {{^}} start_thread+0x{{[0-9a-f]+}}
