// pthread_join and pthread_tryjoin_np store the thread's result through their second argument without instrumentation: the result is initialised after a join (issue 25: a four-thread sum over joined results was reported; MemorySanitizer is silent), while a result variable no join wrote (a failed tryjoin) is still reported.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0 -pthread
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2 -pthread
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 busy 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 busy 2>&1 | FileCheck %s
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts -pthread
// RUN: bash %S/../Inputs/status.sh %ts ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void *work(void *arg)
{
	return (void *)((intptr_t)arg * 10);
}

static void *wait_forever(void *arg)
{
	pause();
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t[4];
	intptr_t sum = 0;
	void *r;
	int i;

	if (!strcmp(argv[1], "ok")) {
		for (i = 0; i < 4; i++)
			pthread_create(&t[i], 0, work, (void *)(intptr_t)(i + 1));
		for (i = 0; i < 3; i++) {
			pthread_join(t[i], &r);
			sum += (intptr_t)r;
		}
		while (pthread_tryjoin_np(t[3], &r))
			usleep(1000);
		sum += (intptr_t)r;
		if (sum == 100)		/* a branch on the joined results */
			printf("sum %ld\n", (long)sum);
		return 0;
	}
	pthread_create(&t[0], 0, wait_forever, 0);
	if (pthread_tryjoin_np(t[0], &r) == 0)	/* EBUSY: r not written */
		return 2;
	if (r)
		printf("r set\n");
	return 0;
}

// OK: {{^}}sum 100{{$}}
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in main+0x
// CHECK: {{^}}Local variable r created at:
// CHECK: STATUS: exit 1
