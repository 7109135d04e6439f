// Heap objects under -fsanitize=pointer-compare,pointer-subtract with detect_invalid_pointer_pairs=1: two different objects compared (the report names both, each with its allocation stack) or subtracted; pointers into a freed object, near and far apart; a large (page-backed) object compared with a pointer past its end (the far rule: the object's bounds, not the shadow between); pointers inside one object and one past its end are silent, near and far apart.
// RUN: %ksan_cc -O1 -fsanitize=pointer-compare,pointer-subtract %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t cmp 2>&1 | FileCheck %s --check-prefix=CMP
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t sub 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t freed 2>&1 | FileCheck %s --check-prefix=FREED
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t freedfar 2>&1 | FileCheck %s --check-prefix=FREEDFAR
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t far 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t nextslot 2>&1 | FileCheck %s --check-prefix=NEXT
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile long sink;

__attribute__((noinline)) void less(char *p, char *q)
{
	sink = p < q;
}

__attribute__((noinline)) void diff(char *p, char *q)
{
	sink = p - q;
}

int main(int argc, char **argv)
{
	char *a = malloc(42), *b = malloc(42);
	char *big = malloc(100000);
	int i;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(argv[1], "cmp")) {
		less(a, b);
	} else if (!strcmp(argv[1], "sub")) {
		diff(a, b);
	} else if (!strcmp(argv[1], "freed")) {
		char *dead = malloc(16);

		free(dead);
		diff(dead + 8, dead);
	} else if (!strcmp(argv[1], "freedfar")) {
		char *dead = malloc(100000);

		free(dead);
		less(dead + 10, dead + 50000);
	} else if (!strcmp(argv[1], "far")) {
		less(big, big + 100001);
	} else if (!strcmp(argv[1], "nextslot")) {
		/* one past the end, then one more: the next slot's red zone */
		less(a + 42, a + 43);
	} else {
		for (i = 0; i <= 42; i++) {
			less(a, a + i);
			diff(a + i, a);
			less(a + i, a + 42);
		}
		less(big, big + 100000);
		less(big + 99999, big + 100000);
		diff(big + 50000, big + 10);
		less(a, a);
		puts("no report");
	}
	free(a);
	free(b);
	free(big);
	return 0;
}

// CMP: {{^}}=================================================================={{$}}
// CMP-NEXT: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{.*}}
// CMP-NEXT: {{^}}KASAN: invalid-pointer-pair in less+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CMP-NEXT: {{^}}Comparison of 0x[[A:[0-9a-f]+]] and 0x[[B:[0-9a-f]+]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CMP-EMPTY:
// CMP-NEXT: {{^}}Call Trace:{{$}}
// CMP-NEXT: {{^}} less+0x{{.*}}heap.c:18{{$}}
// CMP-NEXT: {{^}} main+0x
// CMP: {{^}}First pointer 0x[[A]]:{{$}}
// CMP-NEXT: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CMP-NEXT: {{^}} malloc{{$}}
// CMP-NEXT: {{^}} main+0x{{.*}}heap.c:28{{$}}
// CMP: {{^}}The buggy address belongs to the object at 0x[[A]]{{$}}
// CMP-NEXT: {{^}} which belongs to the cache kmalloc-64 of size 64{{$}}
// CMP-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CMP-NEXT: {{^}} 42-byte region [0x[[A]], 0x{{[0-9a-f]+}}){{$}}
// CMP-EMPTY:
// CMP-NEXT: {{^}}Second pointer 0x[[B]]:{{$}}
// CMP-NEXT: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CMP: {{^}}The buggy address belongs to the object at 0x[[B]]{{$}}
// CMP: {{^}}Crash signature: {{[0-9a-f]+}} {{.*}}invalid-pointer-pair | less | main{{$}}
// CMP-NEXT: {{^}}=================================================================={{$}}
// CMP-NEXT: STATUS: exit 1{{$}}

// SUB: {{^}}KASAN: invalid-pointer-pair in diff+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// SUB-NEXT: {{^}}Subtraction of 0x[[A:[0-9a-f]+]] and 0x[[B:[0-9a-f]+]] by task
// SUB: {{^}} diff+0x{{.*}}heap.c:23{{$}}
// SUB-NEXT: {{^}} main+0x
// SUB: {{^}}First pointer 0x[[A]]:{{$}}
// SUB: {{^}}Second pointer 0x[[B]]:{{$}}
// SUB: STATUS: exit 1{{$}}

// FREED: {{^}}Subtraction of 0x[[D:[0-9a-f]+]] and 0x{{[0-9a-f]+}} by task
// FREED: {{^}}First pointer 0x[[D]]:{{$}}
// FREED-NEXT: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// FREED: {{^}}Freed by task {{[0-9]+}}:{{$}}
// FREED-NEXT: {{^}} free{{$}}
// FREED: {{^}} which belongs to the cache kmalloc-16 of size 16{{$}}
// FREED-NEXT: {{^}}The buggy address is located 8 bytes inside of{{$}}
// FREED: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// FREED: {{^}}The buggy address is located 0 bytes inside of{{$}}
// FREED: STATUS: exit 1{{$}}

// FREEDFAR: {{^}}Comparison of 0x{{[0-9a-f]+}} and 0x{{[0-9a-f]+}} by task
// FREEDFAR: {{^}}Freed by task {{[0-9]+}}:{{$}}
// FREEDFAR: {{^}} which belongs to the cache kmalloc-large of size {{[0-9]+}}{{$}}
// FREEDFAR-NEXT: {{^}}The buggy address is located 10 bytes inside of{{$}}
// FREEDFAR: {{^}}The buggy address is located 50000 bytes inside of{{$}}
// FREEDFAR: STATUS: exit 1{{$}}

// FAR: {{^}}Comparison of 0x[[P:[0-9a-f]+]] and 0x{{[0-9a-f]+}} by task
// FAR: {{^}}First pointer 0x[[P]]:{{$}}
// FAR: {{^}} which belongs to the cache kmalloc-large of size {{[0-9]+}}{{$}}
// FAR: {{^}}The buggy address is located 0 bytes inside of{{$}}
// FAR: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// FAR: {{^}}The buggy address is located 1 bytes to the right of{{$}}
// FAR-NEXT: {{^}} 100000-byte region [0x[[P]], 0x{{[0-9a-f]+}}){{$}}
// FAR: STATUS: exit 1{{$}}

// NEXT: {{^}}KASAN: invalid-pointer-pair in less
// NEXT: {{^}}The buggy address is located 0 bytes to the right of{{$}}
// NEXT: {{^}}The buggy address is located 1 bytes to the right of{{$}}
// NEXT: STATUS: exit 1{{$}}

// OK: no report
// OK-NEXT: STATUS: exit 0{{$}}
