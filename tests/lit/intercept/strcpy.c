// strcpy into a heap buffer one byte too small (the NUL): reported before the copy, naming strcpy and its caller; with halt_on_error=0 the copy is not made; the twin that fits is silent.
// REQUIRES: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t hello,world 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t hello,world 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t hello 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *dst = sink = malloc(11);

	memset(dst, 0, 11);
	strcpy(dst, argv[1]);
	printf("dst=\"%s\"\n", dst);
	free(dst);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 12 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} strcpy{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}strcpy.c:18{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}strcpy.c:15{{$}}
// CHECK: {{^}}The buggy address belongs to the object at 0x[[ADDR]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-16 of size 16{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 11-byte region {{\[}}0x[[ADDR]], 0x{{[0-9a-f]+}}){{$}}
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 00 03 fc{{.*}}
// CHECK: STATUS: exit 1{{$}}

// GOON: BUG: KASAN: slab-out-of-bounds in main
// GOON: {{^}}dst=""{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}dst="hello"{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
