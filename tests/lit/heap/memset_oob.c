// memset running past the end of a heap object (a length in elements confused with bytes); the twin clears exactly the object.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

short *volatile sink;

__attribute__((noinline)) void clear(short *v, size_t bytes)
{
	memset(v, 0, bytes);
}

int main(int argc, char **argv)
{
	size_t n = 20;
	short *v = sink = malloc(n * sizeof(short));

	clear(v, strcmp(argv[1], "bug") ? n * sizeof(short) : n * sizeof(int));
	free(v);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in clear+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 80 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} memset{{$}}
// CHECK-NEXT: clear+0x{{.*}}memset_oob.c:13
// CHECK-NEXT: main+0x{{.*}}memset_oob.c:21
// CHECK: The buggy address belongs to the object at 0x[[ADDR]]
// CHECK-NEXT: which belongs to the cache kmalloc-64 of size 64
// CHECK: 40-byte region {{\[}}0x[[ADDR]], 0x{{[0-9a-f]+}})
// CHECK: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
