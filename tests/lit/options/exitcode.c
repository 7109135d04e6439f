// exitcode=N sets the exit status after a halting report (default 1); exitcode=0 is allowed.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=exitcode=7 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s -DCODE=7
// RUN: env KSAN_OPTIONS=exitcode=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s -DCODE=0
// RUN: env KSAN_OPTIONS=exitcode=255 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s -DCODE=255
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s -DCODE=1
#include <stdio.h>
#include <stdlib.h>

char *volatile sink;

int main(void)
{
	char *p = sink = malloc(8);

	p[8] = 0;
	printf("not reached\n");
	return 42;
}

// CHECK: BUG: KASAN: slab-out-of-bounds in main
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit [[CODE]]{{$}}
