// abort_on_error=1 ends the process with abort() (SIGABRT) after the report instead of exit(exitcode).
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=abort_on_error=1 not --crash %run %t 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env KSAN_OPTIONS=abort_on_error=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=abort_on_error=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=EXIT
#include <stdio.h>
#include <stdlib.h>

char *volatile sink;

int main(void)
{
	char *p = sink = malloc(32);

	free(p);
	p[0] = 1;
	printf("not reached\n");
	return 0;
}

// REPORT: BUG: KASAN: slab-use-after-free in main
// REPORT: {{^}}=================================================================={{$}}

// CHECK: BUG: KASAN: slab-use-after-free in main
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NOT: not reached
// CHECK: STATUS: signal SIGABRT{{$}}

// EXIT: BUG: KASAN: slab-use-after-free in main
// EXIT: STATUS: exit 1{{$}}
