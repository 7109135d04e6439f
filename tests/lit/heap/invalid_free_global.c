// Invalid free of a global (static storage) address; the twin frees a heap pointer.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char table[64] = "a global table";

int main(int argc, char **argv)
{
	char *p = strcmp(argv[1], "bug") ? strdup(table) : table;

	free(p);
	printf("done\n");
	return 0;
}

// CHECK: BUG: KASAN: invalid-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Free of addr {{[0-9a-f]+}} by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: main+0x{{.*}}invalid_free_global.c:15
// CHECK-NOT: The buggy address belongs to the object
// CHECK: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
