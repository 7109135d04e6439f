// A program whose own constructor allocates and overflows: the runtime is ready before any constructor runs, and the bug is reported.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: %ksan_cc -O1 -static %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %run %t.static 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

char *volatile table;

__attribute__((constructor)) static void setup(void)
{
	table = malloc(10);
	table[10] = 0;	/* runs before main */
}

int main(void)
{
	printf("main\n");
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in setup+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: Write of size 1 at addr
// CHECK: {{^}} setup+0x{{.*}}constructor.c:14{{$}}
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} setup+0x{{.*}}constructor.c:13{{$}}
// CHECK-NOT: {{^}}main{{$}}
// CHECK: STATUS: exit 1{{$}}
