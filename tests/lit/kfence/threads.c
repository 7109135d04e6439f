// Many threads allocate and free with every allocation sampled (the pool fills and empties), objects are freed by other threads, and realloc moves them: no report, no crash; then a use-after-free in a thread is reported with that thread's task id.
// REQUIRES: inline
// RUN: %cc -g -O1 -pthread %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:kfence_stats=1 %run %t 2>&1 | FileCheck %s --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 8
#define ROUNDS 3000
static void *volatile handoff[THREADS];

static void *work(void *arg)
{
	long id = (long)arg;
	unsigned s = (unsigned)id * 2654435761u;

	for (int i = 0; i < ROUNDS; i++) {
		size_t n = 1 + (s = s * 1103515245 + 12345) % 6000;
		char *p = malloc(n);

		memset(p, (int)id, n);
		if (i % 3 == 0)
			p = realloc(p, n / 2 + 1);
		/* hand every other object to the next thread to free */
		if (i & 1)
			p = __atomic_exchange_n(&handoff[(id + 1) % THREADS], p, __ATOMIC_ACQ_REL);
		free(p);
	}
	return 0;
}

static void *uaf(void *arg)
{
	volatile char *p = malloc(40);

	free((void *)p);
	return (void *)(long)p[3];
}

int main(int argc, char **argv)
{
	pthread_t t[THREADS];

	setvbuf(stdout, 0, _IONBF, 0);
	if (argc > 1) {
		pthread_create(&t[0], 0, uaf, 0);
		pthread_join(t[0], 0);
		printf("joined\n");
		return 0;
	}
	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, work, (void *)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], 0);
	for (int i = 0; i < THREADS; i++)
		free(handoff[i]);
	printf("done\n");
	return 0;
}

// CHECK: done
// CHECK: ksan: KFENCE stats (pid {{[0-9]+}}): enabled: 1
// CHECK-NEXT: currently allocated: {{[0-9]+}}
// CHECK-NEXT: total allocations: {{[1-9][0-9]+}}
// CHECK-NEXT: total frees: {{[1-9][0-9]+}}
// CHECK-NEXT: total bugs: 0
// CHECK: STATUS: exit 0{{$}}

// UAF: BUG: KFENCE: use-after-free read in uaf+
// UAF: Use-after-free read at 0x{{[0-9a-f]+}} (in kfence-#{{[0-9]+}}):
// UAF-NEXT: uaf+
// UAF: joined
// UAF-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
