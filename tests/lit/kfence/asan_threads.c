// KFENCE's asan layout names threads as KASAN's does: T0 for the main thread, T<n> (<name>) for the n-th created thread, in the access line and the allocation and free stacks.
// RUN: %ksan_cc --ksan=kfence -g -O0 %s -o %t -lpthread
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:report_format=asan bash %S/../Inputs/status.sh %run %t main 2>&1 | FileCheck %s --check-prefix=MAIN
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:report_format=asan bash %S/../Inputs/status.sh %run %t thread 2>&1 | FileCheck %s --check-prefix=THREAD
// RUN: %cc -g -O0 %s -o %t.plain -lpthread
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:report_format=asan bash %S/../Inputs/status.sh %run %t.plain main 2>&1 | FileCheck %s --check-prefix=MAIN
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

char *volatile obj;

static void *worker(void *arg)
{
	pthread_setname_np(pthread_self(), "worker");
	obj[3] = 1;	/* use after free, in the thread */
	return arg;
}

int main(int argc, char **argv)
{
	obj = malloc(24);
	free(obj);
	if (!strcmp(argv[1], "main")) {
		obj[3] = 1;
	} else {
		pthread_t t;

		pthread_create(&t, 0, worker, 0);
		pthread_join(t, 0);
	}
	return 0;
}

// MAIN: ERROR: AddressSanitizer: heap-use-after-free on address 0x{{[0-9a-f]+}} at pc 0x{{[0-9a-f]+}} (KFENCE)
// MAIN-NEXT: {{^}}WRITE of size 1 at 0x{{[0-9a-f]+}} thread T0{{$}}
// MAIN: {{^}}freed by thread T0 here:{{$}}
// MAIN: {{^}}previously allocated by thread T0 here:{{$}}
// MAIN: STATUS: exit 0{{$}}

// THREAD: ERROR: AddressSanitizer: heap-use-after-free on address
// THREAD-NEXT: {{^}}WRITE of size 1 at 0x{{[0-9a-f]+}} thread T1 (worker){{$}}
// THREAD: {{^}}freed by thread T0 here:{{$}}
// THREAD: {{^}}previously allocated by thread T0 here:{{$}}
// THREAD: STATUS: exit 0{{$}}
// Not on aarch64: half of it runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
