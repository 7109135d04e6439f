// kfence_stats=1: each process's statistics at exit name its pid, so the blocks of a parent and its forked children can be told apart (libksan and the LD_PRELOAD library).
// RUN: %ksan_cc --ksan=kfence -O1 %s -o %t
// RUN: env KSAN_OPTIONS=kfence_sample_every=1:kfence_stats=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: %cc -O1 %s -o %t.plain
// RUN: env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:kfence_stats=1 bash %S/../Inputs/status.sh %run %t.plain 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kfence_sample_every=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=stats
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

void *volatile sink;

int main(void)
{
	for (int i = 0; i < 2; i++) {
		pid_t c = fork();

		if (c == 0) {
			sink = malloc(32);
			free(sink);
			fprintf(stderr, "child %d\n", (int)getpid());
			exit(0);
		}
		waitpid(c, 0, 0);
	}
	fprintf(stderr, "parent %d\n", (int)getpid());
	return 0;
}

// CHECK: {{^}}child [[C1:[0-9]+]]{{$}}
// CHECK-NEXT: {{^}}ksan: KFENCE stats (pid [[C1]]): enabled: 1{{$}}
// CHECK: {{^}}child [[C2:[0-9]+]]{{$}}
// CHECK-NEXT: {{^}}ksan: KFENCE stats (pid [[C2]]): enabled: 1{{$}}
// CHECK: {{^}}parent [[P:[0-9]+]]{{$}}
// CHECK-NEXT: {{^}}ksan: KFENCE stats (pid [[P]]): enabled: 1{{$}}
// CHECK: STATUS: exit 0{{$}}

// OFF: child
// OFF: parent
// OFF-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: half of it runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
