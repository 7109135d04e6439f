// Eight threads hitting the same overflow at once: the location is claimed atomically, so exactly one report; a second location in every thread also reports once.
// REQUIRES: inline
// RUN: %ksan_cc -O1 -g --ksan=ubsan -pthread %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <ksan/ksan.h>

volatile int big = INT_MAX;
static pthread_barrier_t go;

static void *worker(void *arg)
{
	volatile int s;
	int i;

	(void)arg;
	pthread_barrier_wait(&go);
	for (i = 0; i < 1000; i++)
		s = big + 1;
	s = big + 2;
	(void)s;
	return NULL;
}

int main(void)
{
	pthread_t t[8];
	int i;

	pthread_barrier_init(&go, NULL, 8);
	for (i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (i = 0; i < 8; i++)
		pthread_join(t[i], NULL);
	printf("%lu reports\n", ksan_report_count());
	return 0;
}
// CHECK-COUNT-2: {{^}}UBSAN: signed-integer-overflow in {{.*}}threads.c
// CHECK-NOT: UBSAN:
// CHECK: {{^}}2 reports{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}
