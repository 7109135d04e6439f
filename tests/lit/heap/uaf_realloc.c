// Use-after-free through a stale pointer kept across realloc (the old block is freed by realloc); the twin uses the new pointer.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;

__attribute__((noinline)) int first(const int *v)
{
	return v[0];
}

int main(int argc, char **argv)
{
	int *a = sink = malloc(4 * sizeof(int));
	int *b;

	a[0] = 1;
	b = realloc(a, 1000 * sizeof(int));
	printf("%d\n", first(strcmp(argv[1], "bug") ? b : a));
	free(b);
	return 0;
}

// CHECK: BUG: KASAN: slab-use-after-free in first+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Read of size 4 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: first+0x{{.*}}uaf_realloc.c:13
// CHECK-NEXT: main+0x{{.*}}uaf_realloc.c:23
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: main+0x{{.*}}uaf_realloc.c:18
// CHECK: Freed by task
// CHECK-NEXT: {{^}} realloc{{$}}
// CHECK-NEXT: main+0x{{.*}}uaf_realloc.c:22
// CHECK: The buggy address belongs to the object at 0x[[ADDR]]
// CHECK-NEXT: which belongs to the cache kmalloc-16 of size 16
// CHECK-NEXT: The buggy address is located 0 bytes inside of
// CHECK-NEXT: 16-byte region {{\[}}0x[[ADDR]],
// CHECK: STATUS: exit 1{{$}}

// OK: 1
// OK-NEXT: STATUS: exit 0{{$}}
