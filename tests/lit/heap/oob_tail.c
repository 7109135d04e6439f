// Access inside the poisoned tail of a size class (past the requested size, before the class capacity); the correct twin is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 110 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t 127 2>&1 | FileCheck %s --check-prefix=LAST
// RUN: bash %S/../Inputs/status.sh %run %t 99 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *p = sink = malloc(100);	/* kmalloc-128: bytes 100..127 are the tail */
	int i = atoi(argv[1]);

	sink[i] = 1;
	free(p);
	printf("done\n");
	return 0;
}

// CHECK: BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: main+0x{{.*}}oob_tail.c:16
// CHECK: The buggy address belongs to the object at [[START:0x[0-9a-f]+]]
// CHECK-NEXT: which belongs to the cache kmalloc-128 of size 128
// CHECK-NEXT: The buggy address is located 10 bytes to the right of
// CHECK-NEXT: 100-byte region {{\[}}[[START]], 0x{{[0-9a-f]+}})
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} fc
// CHECK: STATUS: exit 1{{$}}

// LAST: BUG: KASAN: slab-out-of-bounds in main
// LAST: which belongs to the cache kmalloc-128 of size 128
// LAST-NEXT: The buggy address is located 27 bytes to the right of
// LAST: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
