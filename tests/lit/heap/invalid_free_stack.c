// Invalid free of a stack address; the twin frees a heap pointer.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void release(void *p)
{
	free(p);
}

int main(int argc, char **argv)
{
	char buf[32];

	strcpy(buf, "on the stack");
	release(strcmp(argv[1], "bug") ? strdup(buf) : buf);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: invalid-free in release+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Free of addr {{[0-9a-f]+}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Call Trace:
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: release+0x{{.*}}invalid_free_stack.c:11
// CHECK-NEXT: main+0x{{.*}}invalid_free_stack.c:19
// CHECK-NOT: Allocated by task
// CHECK-NOT: The buggy address belongs to the object
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
