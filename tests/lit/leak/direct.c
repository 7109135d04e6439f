// A direct leak reported at exit in the three layouts, with exit status 23 (LeakSanitizer's); freed, the twin exits 0 without a word.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t leak 2>&1 | python3 -c 'import json,sys; print("JSON OK", len([json.loads(l) for l in sys.stdin if l.startswith("{")]))' | FileCheck %s --check-prefix=VALID
// RUN: bash %S/../Inputs/status.sh %run %t free 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t free 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=Leak
#include <stdio.h>
#include "Inputs/leak.h"

__attribute__((noinline)) void make_leak(const char *how)
{
	char *p = keep(malloc(32));

	memcpy(p, "leaked bytes", 13);
	if (strcmp(how, "leak"))
		free(p);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(make_leak, argv[1]);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 32):{{$}}
// CHECK-NEXT: {{^}}  comm "{{[^"]+}}", pid {{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}  hex dump (first 32 bytes):{{$}}
// CHECK-NEXT: {{^}}    6c 65 61 6b 65 64 20 62 79 74 65 73 00 {{.*}}  leaked bytes....{{$}}
// CHECK-NEXT: {{^}}    {{.*}}{{$}}
// CHECK-NEXT: {{^}}  backtrace:{{$}}
// CHECK-NEXT: {{^}}    [<{{[0-9a-f]+}}>] malloc{{$}}
// CHECK-NEXT: {{^}}    [<{{[0-9a-f]+}}>] make_leak+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}direct.c:14{{$}}
// CHECK-NEXT: {{^}}    [<{{[0-9a-f]+}}>] deep+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}leak.h:{{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}    [<{{[0-9a-f]+}}>] main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}direct.c:24{{$}}
// CHECK: {{^}}  direct leak in make_leak: 1 object(s), 32 byte(s) allocated from this backtrace{{$}}
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} memory-leak | make_leak | deep | main{{$}}
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 23{{$}}

// ASAN: {{^}}done{{$}}
// ASAN-EMPTY:
// ASAN-NEXT: {{^}}================================================================={{$}}
// ASAN-NEXT: {{^}}=={{[0-9]+}}==ERROR: LeakSanitizer: detected memory leaks{{$}}
// ASAN-EMPTY:
// ASAN-NEXT: {{^}}Direct leak of 32 byte(s) in 1 object(s) allocated from:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in malloc{{$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in make_leak {{.*}}direct.c:14{{(:[0-9]+)?$}}
// ASAN-NEXT: {{^}}    #2 0x{{[0-9a-f]+}} in deep {{.*}}leak.h:{{[0-9]+(:[0-9]+)?$}}
// ASAN-NEXT: {{^}}    #3 0x{{[0-9a-f]+}} in main {{.*}}direct.c:24{{(:[0-9]+)?$}}
// ASAN: {{^}}Crash signature: {{([0-9a-f]{16})}} memory-leak | make_leak | deep | main{{$}}
// ASAN-EMPTY:
// ASAN: {{^}}SUMMARY: AddressSanitizer: 32 byte(s) leaked in 1 allocation(s).{{$}}
// ASAN-NEXT: {{^}}STATUS: exit 23{{$}}

// JSON: {{^}}{"detector":"KMEMLEAK","type":"memory-leak","asan_type":"Direct leak","leak":"direct","function":"make_leak","objects":1,"bytes":32,"pid":{{[0-9]+}},"object":{"start":"0x{{[0-9a-f]+}}","size":32,"alloc_task":{{[0-9]+}}},"alloc_stack":[{"pc":"0x{{[0-9a-f]+}}","function":"malloc","file":"","line":0,"column":0},{"pc":"0x{{[0-9a-f]+}}","function":"make_leak","file":"{{.*}}direct.c","line":14,{{.*}}"signature":"memory-leak | make_leak | deep | main","signature_hash":"{{([0-9a-f]{16})}}"}{{$}}
// JSON-NEXT: {{^}}STATUS: exit 23{{$}}

// VALID: {{^}}JSON OK 1{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
