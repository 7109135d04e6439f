// Threads and aux stacks: a bug in a named thread names the task and shows where the thread was created (kasan and asan layouts); ksan_record_aux_stack's stack is printed as "Last potentially related work creation"; the correct twin is silent.
// RUN: %ksan_cc -O1 %s -o %t -lpthread
// RUN: bash %S/../Inputs/status.sh %run %t thread 2>&1 | FileCheck %s --check-prefix=THR
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t thread 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: bash %S/../Inputs/status.sh %run %t aux 2>&1 | FileCheck %s --check-prefix=AUX
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

static char *shared;
static int bad;

static void *worker(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "worker");
	shared[bad ? 16 : 15] = 1;
	return 0;
}

struct work {
	void (*fn)(struct work *);
	int data;
};

static void finish(struct work *w)
{
	free(w);
}

__attribute__((noinline)) static void queue_work(struct work *w)
{
	KSAN_RECORD_AUX_STACK(w);
}

int main(int argc, char **argv)
{
	pthread_t t;
	struct work *w = malloc(sizeof(*w));

	shared = malloc(16);
	bad = !strcmp(argv[1], "thread");
	pthread_create(&t, 0, worker, 0);
	pthread_join(t, 0);
	w->fn = finish;
	w->data = 1;
	queue_work(w);
	if (!strcmp(argv[1], "aux")) {
		w->fn(w);
		printf("%d\n", ((volatile struct work *)w)->data);
	} else {
		printf("%d\n", w->data);
		free(w);
	}
	free(shared);
	return 0;
}

// THR: BUG: KASAN: slab-out-of-bounds in worker+0x
// THR-NEXT: Write of size 1 at addr {{[0-9a-f]+}} by task worker/[[TID:[0-9]+]]
// THR: Task worker/[[TID]] was created by task {{[0-9]+}}:
// THR-NEXT: {{^}} pthread_create{{$}}
// THR-NEXT: {{^}} main+0x
// THR: STATUS: exit 1{{$}}
// ASAN: WRITE of size 1 at 0x{{[0-9a-f]+}} thread T1 (worker)
// ASAN: Thread T1 (worker) created by T0 here:
// ASAN-NEXT: #0 0x{{[0-9a-f]+}} in pthread_create
// AUX: BUG: KASAN: slab-use-after-free in main+0x
// AUX: Freed by task
// AUX: Last potentially related work creation:
// AUX-NEXT: {{^}} queue_work
// AUX: STATUS: exit 1{{$}}
// OK: STATUS: exit 0{{$}}
