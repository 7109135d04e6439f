// strncpy(d, s, n) writes exactly n bytes, padding with NULs after a short s: n larger than the destination overflows it through the padding alone and is reported as a write of size n by the strncpy interceptor, before anything is written (halt_on_error=0: d unchanged); n equal to the destination's size is silent and pads.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;
const char *volatile short_src = "ab";
volatile size_t n;

__attribute__((noinline)) void copy(char *d, size_t len)
{
	strncpy(d, short_src, len);
}

int main(int argc, char **argv)
{
	char *d = sink = malloc(10);

	memset(d, 'z', 10);
	n = !strcmp(argv[1], "bad") ? 24 : 10;
	copy(d, n);
	printf("%d %d %d %d\n", d[0], d[2], d[9], (int)strnlen(d, 10));
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in copy+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 24 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} strncpy{{$}}
// CHECK-NEXT: {{^}} copy+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}strncpy.c:16{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}strncpy.c:21{{$}}
// CHECK: {{^}}The buggy address belongs to the object at 0x[[ADDR]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-16 of size 16{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 10-byte region {{\[}}0x[[ADDR]], 0x{{[0-9a-f]+}}){{$}}
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 00 02 fc{{.*}}
// CHECK: STATUS: exit 1{{$}}

// Nothing was written: d still holds its 'z's.
// GOON: BUG: KASAN: slab-out-of-bounds in copy
// GOON: {{^}}122 122 122 10{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}97 0 0 2{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
