// A fork child that exits normally checks its own heap at exit (LeakSanitizer does too): its leak is reported with status 23, the parent's own exit stays clean; a child leaving through _exit is not checked.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t exit 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t _exit 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=leak --implicit-check-not=BUG
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include "Inputs/leak.h"

__attribute__((noinline)) void child_leaks(const char *how)
{
	keep(malloc(24));
}

int main(int argc, char **argv)
{
	int st;
	pid_t pid;

	setvbuf(stdout, NULL, _IONBF, 0);
	pid = fork();
	if (pid == 0) {
		deep(child_leaks, argv[1]);
		if (!strcmp(argv[1], "_exit"))
			_exit(0);
		exit(0);
	}
	waitpid(pid, &st, 0);
	printf("child status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 0;
}

// CHECK: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 24):{{$}}
// CHECK: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}child status 23{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// QUIET: {{^}}child status 0{{$}}
// QUIET-NEXT: {{^}}STATUS: exit 0{{$}}
