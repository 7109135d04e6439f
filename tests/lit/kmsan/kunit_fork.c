// fork: the child inherits the parent's shadow and origins; a child that uses a heap int the parent never wrote is reported in the child (its pid on the task line) with the parent's allocation as origin, and the parent goes on and sees the child's exit status.  When the parent wrote it first, the child is silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int *volatile sink;

volatile int code;

__attribute__((noinline)) static void big(void)
{
	code = 3;
}

__attribute__((noinline)) static void small(void)
{
	code = 4;
}

__attribute__((noinline)) static int child(const int *p)
{
	printf("child %ld\n", (long)getpid());
	fflush(stdout);
	if (*p > 10)	/* L:use */
		big();
	else
		small();
	return code;
}

int main(int argc, char **argv)
{
	int *p = malloc(sizeof(int));	/* L:alloc */
	int status;
	pid_t pid;

	sink = p;
	if (!strcmp(argv[1], "ok"))
		*sink = 20;
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(child(sink));	/* L:call */
	waitpid(pid, &status, 0);
	/* the parent's own memory is unchanged by the child's report */
	*sink = 1;
	printf("parent: child exited %d, value %d\n", WEXITSTATUS(status), *sink);
	return 0;
}

// CHECK: {{^}}child [[PID:[0-9]+]]{{$}}
// CHECK-NEXT: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KMSAN: uninit-value in child+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} child+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_fork.c:32{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_fork.c:51{{$}}
// CHECK: {{^}}Uninit was created at:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_fork.c:41{{$}}
// CHECK: {{^}}{{.*}}[[PID]]{{.*$}}
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} uninit-value | child | main{{$}}
// CHECK-NEXT: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}parent: child exited 1, value 1{{$}}
// CHECK-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}child {{[0-9]+}}{{$}}
// OK-NEXT: {{^}}parent: child exited 3, value 1{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
