// Heap out-of-bounds to the left (an underflow into the left red zone), read and write; the correct twin is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: bash %S/../Inputs/status.sh %run %t write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;

int main(int argc, char **argv)
{
	int *p = sink = malloc(10 * sizeof(int));
	volatile int i = argc > 1 && strcmp(argv[1], "ok") ? -1 : 0;

	if (argc > 1 && !strcmp(argv[1], "write"))
		p[i] = 42;
	else
		printf("%d\n", p[i]);
	free(p);
	printf("done\n");
	return 0;
}

// READ: {{^}}=================================================================={{$}}
// READ-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// READ-NEXT: {{^}}Read of size 4 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// READ: Call Trace:
// READ-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}oob_left.c:20{{$}}
// READ: Allocated by task
// READ-NEXT: {{^}} malloc{{$}}
// READ-NEXT: {{^}} main+0x{{.*}}oob_left.c:14{{$}}
// READ: The buggy address belongs to the object at [[START:0x[0-9a-f]+]]
// READ-NEXT: {{^}} which belongs to the cache kmalloc-64 of size 64{{$}}
// READ-NEXT: {{^}}The buggy address is located 4 bytes to the left of{{$}}
// READ-NEXT: {{^}} 40-byte region {{\[}}[[START]], 0x{{[0-9a-f]+}}){{$}}
// READ: Memory state around the buggy address:
// READ: {{^}}>0x{{[0-9a-f]+}}:{{.*}} fc
// READ-NEXT: {{^ +\^$}}
// READ: {{^}}=================================================================={{$}}
// READ-NEXT: STATUS: exit 1{{$}}

// WRITE: BUG: KASAN: slab-out-of-bounds in main
// WRITE-NEXT: Write of size 4 at addr
// WRITE: The buggy address is located 4 bytes to the left of
// WRITE: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
