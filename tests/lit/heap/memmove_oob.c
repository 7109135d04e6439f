// memmove shifting an array one slot right without shrinking the count: the destination runs one element past the object; the twin moves n-1.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;

int main(int argc, char **argv)
{
	size_t n = 16, i;
	int *v = sink = malloc(n * sizeof(int));
	size_t count = strcmp(argv[1], "bug") ? n - 1 : n;

	for (i = 0; i < n; i++)
		v[i] = (int)i;
	memmove(v + 1, v, count * sizeof(int));	/* insert at the front */
	v[0] = -1;
	printf("%d %d\n", v[0], v[15]);
	free(v);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 64 at addr {{[0-9a-f]+}} by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} memmove{{$}}
// CHECK-NEXT: main+0x{{.*}}memmove_oob.c:19
// CHECK: which belongs to the cache kmalloc-64 of size 64
// CHECK: 64-byte region
// CHECK: STATUS: exit 1{{$}}

// OK: -1 14
// OK-NEXT: STATUS: exit 0{{$}}
