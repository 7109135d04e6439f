// memcpy and strcpy with overlapping source and destination: memcpy-param-overlap and strcpy-param-overlap, in the kasan, asan and json layouts; memcpy of a buffer onto itself (struct self-assignment) and memmove are let through.
// REQUIRES: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t memcpy 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t memcpy 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t memcpy 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t strcpy 2>&1 | FileCheck %s --check-prefix=STRCPY
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t strcpy 2>&1 | FileCheck %s --check-prefix=ASAN-STRCPY
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t memcpy 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;
volatile size_t len = 40;

int main(int argc, char **argv)
{
	char *p = sink = malloc(64);
	char *q = p;

	memset(p, 'a', 63);
	p[63] = 0;
	p[0] = 'b';
	if (!strcmp(argv[1], "memcpy"))
		memcpy(p + 10, p, len);
	else if (!strcmp(argv[1], "strcpy"))
		strcpy(p + 1, p + 2);
	printf("p[10]=%c\n", p[10]);
	__asm__ volatile("" : "+r"(q));
	memcpy(p, q, len);
	memmove(p + 10, p, len);
	printf("moved: p[10]=%c\n", p[10]);
	free(p);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: memcpy-param-overlap in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}memcpy of overlapping ranges {{\[}}[[DST:0x[0-9a-f]+]], [[DEND:0x[0-9a-f]+]]) and {{\[}}[[SRC:0x[0-9a-f]+]], [[SEND:0x[0-9a-f]+]]) by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size {{[0-9]+}} at addr {{([0-9a-f]{16})}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} memcpy{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}overlap.c:27{{$}}
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}overlap.c:20{{$}}
// CHECK: {{^}}The buggy address belongs to the object at [[SRC]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-64 of size 64{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 10 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 64-byte region {{\[}}[[SRC]], 0x{{[0-9a-f]+}}){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} memcpy-param-overlap | main{{$}}
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// ASAN: {{^}}================================================================={{$}}
// ASAN-NEXT: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: memcpy-param-overlap: memory ranges {{\[}}[[DST:0x[0-9a-f]+]],0x{{[0-9a-f]+}}) and {{\[}}[[SRC:0x[0-9a-f]+]], 0x{{[0-9a-f]+}}) overlap{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in memcpy{{( .*)?$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}overlap.c:27{{(:[0-9]+)?$}}
// ASAN: {{^}}[[DST]] is located 10 bytes inside of 64-byte region {{\[}}[[SRC]],0x{{[0-9a-f]+}}){{$}}
// ASAN-NEXT: {{^}}allocated by thread T0 here:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in malloc{{( .*)?$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}overlap.c:20{{(:[0-9]+)?$}}
// ASAN: {{^}}SUMMARY: AddressSanitizer: memcpy-param-overlap {{.*}}overlap.c:27{{(:[0-9]+)?}} in main{{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} memcpy-param-overlap | main{{$}}
// ASAN-NEXT: {{^}}==[[PID]]==ABORTING{{$}}
// ASAN-NEXT: STATUS: exit 1{{$}}

// JSON: {{^}}{"detector":"KASAN","type":"memcpy-param-overlap","asan_type":"memcpy-param-overlap","access":"write","address":"[[DST:0x[0-9a-f]+]]","size":40,"pc":"0x{{[0-9a-f]+}}","task":"{{[^"]+}}","stack":[{"pc":"0x{{[0-9a-f]+}}","function":"memcpy",{{.*}}},{"pc":"0x{{[0-9a-f]+}}","function":"main","file":"{{.*}}overlap.c","line":27{{.*}}],"ranges":[{"address":"[[DST]]","size":40},{"address":"0x{{[0-9a-f]+}}","size":40}],"signature":"memcpy-param-overlap | main","signature_hash":"{{([0-9a-f]{16})}}"}{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// STRCPY: {{^}}BUG: KASAN: strcpy-param-overlap in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// STRCPY-NEXT: {{^}}strcpy of overlapping ranges {{\[}}0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) and {{\[}}0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// STRCPY-NEXT: {{^}}Read of size {{[0-9]+}} at addr {{([0-9a-f]{16})}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// STRCPY-EMPTY:
// STRCPY-NEXT: {{^}}Call Trace:{{$}}
// STRCPY-NEXT: {{^}} strcpy{{$}}
// STRCPY-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}overlap.c:29{{$}}
// STRCPY: STATUS: exit 1{{$}}

// ASAN-STRCPY: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: strcpy-param-overlap: memory ranges {{\[}}0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}) and {{\[}}0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) overlap{{$}}
// ASAN-STRCPY-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in strcpy{{( .*)?$}}
// ASAN-STRCPY: {{^}}SUMMARY: AddressSanitizer: strcpy-param-overlap {{.*}}overlap.c:29{{(:[0-9]+)?}} in main{{$}}

// The overlapping copy is reported and not made.
// GOON: BUG: KASAN: memcpy-param-overlap in main
// GOON: {{^}}p[10]=a{{$}}
// GOON-NEXT: {{^}}moved: p[10]=b{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: {{^}}p[10]=a{{$}}
// OK-NEXT: {{^}}moved: p[10]=b{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
