// Frames left by longjmp and by pthread_exit keep no poison: the stack reused afterwards (deeper calls, later threads) is silent.
// RUN: %ksan_cc -O1 %s -o %t -lpthread
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf jb;

__attribute__((noinline)) void deep(int n)
{
	char buf[64];

	memset(buf, n, sizeof(buf));
	if (!n)
		longjmp(jb, 1);
	deep(n - 1);
}

__attribute__((noinline)) int fresh(void)
{
	char big[4096];

	memset(big, 1, sizeof(big));
	return big[100];
}

static void *worker(void *exit_early)
{
	char buf[256];

	memset(buf, 0, sizeof(buf));
	if (exit_early)
		pthread_exit(0);
	return 0;
}

int main(void)
{
	int i;

	if (!setjmp(jb))
		deep(30);
	for (i = 0; i < 20; i++) {
		pthread_t t;

		pthread_create(&t, 0, worker, (void *)(long)(i & 1));
		pthread_join(t, 0);
	}
	printf("ok %d\n", fresh());
	return 0;
}

// CHECK: ok 1
// CHECK: STATUS: exit 0{{$}}
