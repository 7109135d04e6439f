// A use-after-free across threads: allocated by the main thread, freed by a worker thread, used by the main thread; the report names each task with its own thread id.
// RUN: %ksan_cc -O1 %s -o %t -pthread
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

struct job {
	int id;
	int result;
};

static long worker_tid;

static void *worker(void *arg)
{
	struct job *j = arg;

	worker_tid = syscall(SYS_gettid);
	j->result = j->id * 2;
	free(j);	/* the worker owns the job ... */
	return 0;
}

int main(void)
{
	struct job *j = malloc(sizeof(*j));
	pthread_t t;

	j->id = 21;
	pthread_create(&t, 0, worker, j);
	pthread_join(t, 0);
	printf("main %ld worker %ld\n", (long)getpid(), worker_tid);
	fflush(stdout);
	printf("result %d\n", j->result);	/* ... but main still reads it */
	return 0;
}

// CHECK: main [[MAIN:[0-9]+]] worker [[WORKER:[0-9]+]]
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: BUG: KASAN: slab-use-after-free in main
// CHECK-NEXT: Read of size 4 at addr {{[0-9a-f]+}} by task {{[^ ]+}}/[[MAIN]]{{$}}
// CHECK: {{^}}Allocated by task [[MAIN]]:
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}thread_uaf.c:29
// CHECK: {{^}}Freed by task [[WORKER]]:
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: {{^}} worker+0x{{.*}}thread_uaf.c:23
// CHECK: STATUS: exit 1{{$}}
