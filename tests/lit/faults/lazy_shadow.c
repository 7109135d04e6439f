// Shadow still appears on first touch wherever application memory exists: memory mmap'ed behind the runtime's back (touched far apart, poisoned with ksan_poison, and reported with its memory state), a big stack array and deep recursion in the main thread's not-yet-grown stack, and threads; all at -O0 and -O1, silent where correct.
// RUN: %ksan_cc -O0 %s -o %t0 -lpthread
// RUN: %ksan_cc -O1 %s -o %t1 -lpthread
// RUN: bash %S/../Inputs/status.sh %run %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t1 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t0 poisoned 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t1 poisoned 2>&1 | FileCheck %s
#include <ksan/ksan.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define MAPPED (256ul << 20)

__attribute__((noinline)) long deep(long n)
{
	volatile char pad[512];

	pad[n & 511] = (char)n;
	return n ? deep(n - 1) + pad[n & 511] : 0;
}

__attribute__((noinline)) long big_frame(void)
{
	volatile char big[2 << 20];	/* 2 MiB below the stack grown so far */

	big[0] = 1;
	big[sizeof(big) - 1] = 2;
	return big[0] + big[sizeof(big) - 1];
}

static void *worker(void *arg)
{
	return (void *)(deep(1000) + big_frame() + (long)arg);
}

int main(int argc, char **argv)
{
	char *m = mmap(0, MAPPED, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	unsigned long i, sum = 0;
	pthread_t t;
	void *r;

	if (m == MAP_FAILED)
		return 2;
	for (i = 0; i < MAPPED; i += MAPPED / 64 + 4097)
		m[i] = (char)i;
	for (i = 0; i < MAPPED; i += MAPPED / 64 + 4097)
		sum += (unsigned char)m[i];
	sum += (unsigned long)deep(10000) + (unsigned long)big_frame();
	if (pthread_create(&t, 0, worker, 0) || pthread_join(t, &r))
		return 3;
	ksan_poison(m + MAPPED - 4096, 64);
	if (!strcmp(argv[1], "poisoned"))
		sum += (unsigned char)m[MAPPED - 4096 + 8];
	ksan_unpoison(m + MAPPED - 4096, 64);
	printf("sum %lu %ld\n", sum, (long)r);
	return 0;
}

// OK: sum {{[0-9]+}} {{-?[0-9]+}}{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// CHECK: {{^}}BUG: KASAN: use-after-poison in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size 1 at addr {{[0-9a-f]+}} by task
// CHECK: {{^}}Memory state around the buggy address:
// CHECK: {{^}}>0x{{[0-9a-f]+}}: {{.*}}f7 f7 f7 f7 f7 f7 f7 f7
// CHECK: STATUS: exit 1{{$}}
