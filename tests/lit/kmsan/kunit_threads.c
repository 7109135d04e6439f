// Threads: each thread has its own context state (parameter and return shadow), so eight threads calling instrumented functions with arguments and return values concurrently stay silent; a worker that uses a field main never wrote is reported in the worker, with the worker's thread id on the task line and main's allocation as origin.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0 -pthread
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2 -pthread
// RUN: bash %S/../Inputs/status.sh %t0 bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

struct job {
	int id;
	int limit;
	long result;
};

__attribute__((noinline)) static long step(long acc, int i, int id)
{
	return acc * 31 + i + id;
}

__attribute__((noinline)) static long run(struct job *j)
{
	long acc = 0;
	int i;

	for (i = 0; i < j->limit; i++)	/* L:use */
		acc = step(acc, i, j->id);
	return acc;
}

__attribute__((noinline)) static void *worker(void *arg)
{
	struct job *j = arg;

	j->result = run(j);	/* L:run */
	return NULL;
}

static void *bad_worker(void *arg)
{
	printf("worker %ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);
	return worker(arg);
}

int main(int argc, char **argv)
{
	pthread_t t[8];
	struct job *jobs = calloc(8, sizeof(*jobs));
	struct job *bad = malloc(sizeof(*bad));	/* L:alloc */
	long sum = 0;
	int i;

	for (i = 0; i < 8; i++) {
		jobs[i].id = i;
		jobs[i].limit = 100000;
		pthread_create(&t[i], NULL, worker, &jobs[i]);
	}
	for (i = 0; i < 8; i++) {
		pthread_join(t[i], NULL);
		sum += jobs[i].result & 0xff;
	}
	printf("sum %ld\n", sum);
	fflush(stdout);
	if (!strcmp(argv[1], "bug")) {
		bad->id = 9;	/* limit never written */
		pthread_create(&t[0], NULL, bad_worker, bad);
		pthread_join(t[0], NULL);
	}
	return 0;
}

// CHECK: {{^}}sum [[SUM:[0-9]+]]{{$}}
// CHECK-NEXT: {{^}}worker [[TID:[0-9]+]]{{$}}
// CHECK-NEXT: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KMSAN: uninit-value in run+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} run+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_threads.c:31{{$}}
// CHECK-NEXT: {{^}} worker+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_threads.c:40{{$}}
// CHECK: {{^}}Uninit was created at:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_threads.c:55{{$}}
// CHECK: {{^}}{{.*}}[[TID]]{{.*$}}
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} uninit-value | run | worker | bad_worker{{$}}
// CHECK-NEXT: {{^}}====================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// OK: {{^}}sum [[SUM:[0-9]+]]{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
