// The check at exit runs after exit(), returning from main and the last thread's pthread_exit(); _exit() and _Exit() skip it, as in LeakSanitizer.
// RUN: %ksan_cc -O1 -g %s -o %t -lpthread
// RUN: bash %S/../Inputs/status.sh %run %t exit 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t return 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t pthread_exit 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t _exit 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t _Exit 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=leak --implicit-check-not=BUG
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include "Inputs/leak.h"

__attribute__((noinline)) void leaks(const char *how)
{
	keep(malloc(40));
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(leaks, argv[1]);
	printf("leaving by %s\n", argv[1]);
	if (!strcmp(argv[1], "exit"))
		exit(0);
	if (!strcmp(argv[1], "_exit"))
		_exit(0);
	if (!strcmp(argv[1], "_Exit"))
		_Exit(0);
	if (!strcmp(argv[1], "pthread_exit"))
		pthread_exit(0);
	return 0;
}

// CHECK: {{^}}leaving by {{.*}}{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 40):{{$}}
// CHECK: {{^}}STATUS: exit 23{{$}}

// QUIET: {{^}}leaving by {{.*}}{{$}}
// QUIET-NEXT: {{^}}STATUS: exit 0{{$}}
