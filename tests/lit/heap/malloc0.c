// malloc(0) returns a unique pointer whose every byte is out of bounds; the twin only compares and frees such pointers.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *a = sink = malloc(0);
	char *b = sink = malloc(0);

	printf("non-null %d, unique %d\n", a != 0 && b != 0, a != b);
	if (!strcmp(argv[1], "bug"))
		printf("%d\n", sink[0]);
	free(a);
	free(b);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: main+0x{{.*}}malloc0.c:18
// CHECK: The buggy address belongs to the object at 0x[[ADDR]]
// CHECK-NEXT: which belongs to the cache kmalloc-16 of size 16
// CHECK-NEXT: The buggy address is located 0 bytes to the right of
// CHECK-NEXT: 0-byte region {{\[}}0x[[ADDR]], 0x[[ADDR]])
// CHECK: STATUS: exit 1{{$}}

// OK: non-null 1, unique 1
// OK-NEXT: done
// OK-NEXT: STATUS: exit 0{{$}}
