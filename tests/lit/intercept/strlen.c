// strlen of an unterminated heap string reads into the red zone: reported by the strlen interceptor (first frame " strlen", BUG line naming the caller), in the kasan and asan layouts; with halt_on_error=0 strlen still returns; a terminated twin is silent.
// REQUIRES: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) size_t measure(const char *s)
{
	return strlen(s);
}

int main(int argc, char **argv)
{
	char *p = sink = malloc(10);

	memset(p, 'x', 10);
	if (!strcmp(argv[1], "ok"))
		p[9] = 0;
	printf("len >= %d\n", measure(p) >= 9);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in measure+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size {{[0-9]+}} at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} strlen{{$}}
// CHECK-NEXT: {{^}} measure+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}strlen.c:16{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}strlen.c:26{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}strlen.c:21{{$}}
// CHECK: {{^}}The buggy address belongs to the object at 0x[[ADDR]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-16 of size 16{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 10-byte region {{\[}}0x[[ADDR]], 0x{{[0-9a-f]+}}){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Memory state around the buggy address:{{$}}
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 00 02 fc{{.*}}
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// ASAN: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: heap-buffer-overflow on address [[ADDR:0x[0-9a-f]+]] at pc 0x{{[0-9a-f]+}} bp 0x{{[0-9a-f]+}} sp 0x{{[0-9a-f]+}}{{$}}
// ASAN-NEXT: {{^}}READ of size {{[0-9]+}} at [[ADDR]] thread T0{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in strlen{{( .*)?$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in measure {{.*}}strlen.c:16{{(:[0-9]+)?$}}
// ASAN: {{^}}[[ADDR]] is located 0 bytes inside of 10-byte region {{\[}}[[ADDR]],0x{{[0-9a-f]+}}){{$}}
// ASAN: {{^}}SUMMARY: AddressSanitizer: heap-buffer-overflow {{.*}}strlen.c:16{{(:[0-9]+)?}} in measure{{$}}
// ASAN: {{^}}==[[PID]]==ABORTING{{$}}

// A read-only function still runs after its report.
// GOON: BUG: KASAN: slab-out-of-bounds in measure
// GOON: {{^}}len >= 1{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}len >= 1{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
