// Heap use-after-free write (a 1-byte store into a freed string buffer); the correct twin is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *s = sink = malloc(64);
	int bug = !strcmp(argv[1], "bug");

	strcpy(s, "hello");
	if (bug)
		free(s);
	sink[3] = 'L';
	if (!bug)
		free(s);
	printf("done\n");
	return 0;
}

// CHECK: BUG: KASAN: slab-use-after-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/[[TID:[0-9]+]]
// CHECK: Call Trace:
// CHECK-NEXT: main+0x{{.*}}uaf_write.c:19
// CHECK: Allocated by task [[TID]]:
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: main+0x{{.*}}uaf_write.c:13
// CHECK: Freed by task [[TID]]:
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: main+0x{{.*}}uaf_write.c:18
// CHECK: The buggy address belongs to the object at [[START:0x[0-9a-f]+]]
// CHECK-NEXT: which belongs to the cache kmalloc-64 of size 64
// CHECK-NEXT: The buggy address is located 3 bytes inside of
// CHECK-NEXT: 64-byte region {{\[}}[[START]],
// CHECK: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
