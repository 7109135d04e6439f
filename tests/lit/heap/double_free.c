// Double free: reported before any state changes, with allocation and first-free stacks; the twin frees once.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void release(char *p)
{
	free(p);
}

int main(int argc, char **argv)
{
	char *p = malloc(100);

	release(p);
	if (!strcmp(argv[1], "bug"))
		release(p);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: double-free in release+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Free of addr {{0*}}[[FADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/[[TID:[0-9]+]]{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: {{^}} release+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}double_free.c:11{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}double_free.c:20{{$}}
// CHECK: {{^}}Allocated by task [[TID]]:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}double_free.c:16{{$}}
// CHECK: {{^}}Freed by task [[TID]]:{{$}}
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: {{^}} release+0x{{.*}}double_free.c:11{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}double_free.c:18{{$}}
// CHECK: {{^}}The buggy address belongs to the object at 0x[[FADDR]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-128 of size 128{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 100-byte region {{\[}}0x[[FADDR]], 0x{{[0-9a-f]+}}){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Memory state around the buggy address:
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} fb
// CHECK-NEXT: {{^ +\^$}}
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
