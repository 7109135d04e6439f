// After fork() the child has its own copy of the pool: its use-after-free is reported in the child, the parent's object stays valid, and both go on allocating from KFENCE.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	volatile char *p = malloc(48);
	int st;
	pid_t pid;

	strcpy((char *)p, "parent's");
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		for (int i = 0; i < 1000; i++)
			free(malloc(i + 1));
		free((void *)p);
		printf("child %d read %d\n", (int)getpid(), p[0]);
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &st, 0);
	for (int i = 0; i < 1000; i++)
		free(malloc(i + 1));
	printf("child exit %d, parent still has %s\n", WEXITSTATUS(st), (char *)p);
	free((void *)p);
	return 0;
}

// CHECK: BUG: KFENCE: use-after-free read in main+
// CHECK: allocated by task [[PARENT:[0-9]+]]:
// CHECK: freed by task [[CHILD:[0-9]+]]:
// CHECK: child [[CHILD]] read 112
// CHECK: child exit 0, parent still has parent's
// CHECK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
