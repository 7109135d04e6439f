// Heap out-of-bounds to the right: 1-byte read and write, 8- and 16-byte reads crossing the end, a large object; the correct twin is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: bash %S/../Inputs/status.sh %run %t read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: bash %S/../Inputs/status.sh %run %t read8 2>&1 | FileCheck %s --check-prefix=READ8
// RUN: bash %S/../Inputs/status.sh %run %t read16 2>&1 | FileCheck %s --check-prefix=READ16
// RUN: bash %S/../Inputs/status.sh %run %t large 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) char *get(size_t n)
{
	sink = malloc(n);
	return sink;
}

__attribute__((noinline)) void write_past(char *p, size_t n)
{
	p[n] = 'x';
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "ok";
	char *p = get(100);
	volatile char c;

	if (!strcmp(what, "write")) {
		write_past(p, 100);
	} else if (!strcmp(what, "read")) {
		c = p[100];
	} else if (!strcmp(what, "read8")) {
		c = (char)*(volatile uint64_t *)(p + 96);
	} else if (!strcmp(what, "read16")) {
		c = (char)*(volatile __int128 *)(p + 96);
	} else if (!strcmp(what, "large")) {
		char *q = get(100000);
		c = q[100000];
	} else {
		write_past(p, 99);
		c = p[99];
		c = (char)*(volatile uint64_t *)(p + 88);
		c = (char)*(volatile __int128 *)(p + 80);
		c = get(100000)[99999];
	}
	(void)c;
	free(p);
	printf("done\n");
	return 0;
}

// The whole kasan skeleton, once in detail.
// WRITE: {{^}}=================================================================={{$}}
// WRITE-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in write_past+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// WRITE-NEXT: {{^}}Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ /]+}}/[[TID:[0-9]+]]{{$}}
// WRITE-EMPTY:
// WRITE-NEXT: {{^}}Call Trace:{{$}}
// WRITE-NEXT: {{^}} write_past+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}oob_right.c:24{{$}}
// WRITE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}oob_right.c:34{{$}}
// WRITE: {{^}}Allocated by task [[TID]]:{{$}}
// WRITE-NEXT: {{^}} malloc{{$}}
// WRITE-NEXT: {{^}} get+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}oob_right.c:18{{$}}
// WRITE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}oob_right.c:30{{$}}
// WRITE-NOT: Freed by task
// WRITE: {{^}}The buggy address belongs to the object at [[START:0x[0-9a-f]+]]{{$}}
// WRITE-NEXT: {{^}} which belongs to the cache kmalloc-128 of size 128{{$}}
// WRITE-NEXT: {{^}}The buggy address is located 0 bytes to the right of{{$}}
// WRITE-NEXT: {{^}} 100-byte region {{\[}}[[START]], 0x[[ADDR]]){{$}}
// WRITE-EMPTY:
// WRITE-NEXT: {{^}}Memory state around the buggy address:{{$}}
// WRITE-NEXT: {{^}} 0x{{[0-9a-f]+}}:{{( [0-9a-f][0-9a-f]){16}$}}
// WRITE-NEXT: {{^}} 0x{{[0-9a-f]+}}:{{( [0-9a-f][0-9a-f]){16}$}}
// WRITE-NEXT: {{^}}>0x{{[0-9a-f]+}}:{{( [0-9a-f][0-9a-f])*}} 04{{( fc)*$}}
// WRITE-NEXT: {{^ +\^$}}
// WRITE-NEXT: {{^}} 0x{{[0-9a-f]+}}:{{( [0-9a-f][0-9a-f]){16}$}}
// WRITE-NEXT: {{^}} 0x{{[0-9a-f]+}}:{{( [0-9a-f][0-9a-f]){16}$}}
// WRITE-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} slab-out-of-bounds Write | write_past | main{{$}}
// WRITE-NEXT: {{^}}=================================================================={{$}}
// WRITE-NEXT: STATUS: exit 1{{$}}

// READ: BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// READ-NEXT: Read of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// READ: Call Trace:
// READ-NEXT: main+0x{{.*}}oob_right.c:36
// READ: located 0 bytes to the right of
// READ-NEXT: 100-byte region [0x{{[0-9a-f]+}}, 0x[[ADDR]])
// READ: STATUS: exit 1{{$}}

// READ8: BUG: KASAN: slab-out-of-bounds in main
// READ8-NEXT: Read of size 8 at addr
// READ8: located 96 bytes inside of
// READ8-NEXT: 100-byte region
// READ8: STATUS: exit 1{{$}}

// READ16: BUG: KASAN: slab-out-of-bounds in main
// READ16-NEXT: Read of size 16 at addr
// READ16: located 96 bytes inside of
// READ16: STATUS: exit 1{{$}}

// LARGE: BUG: KASAN: slab-out-of-bounds in main
// LARGE-NEXT: Read of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// LARGE: The buggy address belongs to the object at [[START:0x[0-9a-f]+]]
// LARGE-NEXT: which belongs to the cache kmalloc-large of size {{[0-9]+}}
// LARGE-NEXT: located 0 bytes to the right of
// LARGE-NEXT: 100000-byte region {{\[}}[[START]], 0x[[ADDR]])
// LARGE: >0x{{[0-9a-f]+}}:{{.*}} fe
// LARGE: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
