// The invalid-pointer-pair report in the asan layout (ASan's "ERROR: AddressSanitizer: invalid-pointer-pair: <p> <q>", the stack, each pointer described as ASan describes an address, SUMMARY, ABORTING only when halting) and the json layout (checked by Inputs/check_json.py: access compare or subtract, address and address2, and each pointer's object, global or frame in "pointers"), for heap, global, stack and unknown pointers.
// RUN: %ksan_cc -O1 -fsanitize=pointer-compare,pointer-subtract %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2:report_format=asan bash %S/../Inputs/status.sh %run %t heap 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2:report_format=asan:halt_on_error=0 bash %S/../Inputs/status.sh %run %t all 2>&1 | FileCheck %s --check-prefix=ASANALL
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2:report_format=json:halt_on_error=0 bash %S/../Inputs/status.sh %run %t all quiet 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile long sink;
char g1[32], g2[32];

__attribute__((noinline)) void lt(char *p, char *q)
{
	sink = p < q;
}

__attribute__((noinline)) void minus(char *p, char *q)
{
	sink = p - q;
}

int main(int argc, char **argv)
{
	char *a = malloc(24), *b = malloc(24);
	char x[4], y[4];

	setvbuf(stdout, NULL, _IONBF, 0);
	x[0] = y[0] = 0;
	free(b);
	lt(a, b);
	if (!strcmp(argv[1], "all")) {
		minus(g1, g2);
		lt(x, y);
		minus(a, 0);
	}
	if (argc < 3)
		puts("done");
	free(a);
	return 0;
}

// ASAN: {{^}}================================================================={{$}}
// ASAN-NEXT: {{^}}=={{[0-9]+}}==ERROR: AddressSanitizer: invalid-pointer-pair: 0x[[A:[0-9a-f]+]] 0x[[B:[0-9a-f]+]]{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in lt {{.*}}formats.c:15
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}formats.c
// ASAN: {{^$}}
// ASAN-NEXT: {{^}}0x[[A]] is located 0 bytes inside of 24-byte region [0x[[A]],0x{{[0-9a-f]+}}){{$}}
// ASAN-NEXT: {{^}}allocated by thread T0 here:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in malloc{{$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}formats.c:25
// ASAN: {{^$}}
// ASAN-NEXT: {{^}}0x[[B]] is located 0 bytes inside of 24-byte region [0x[[B]],0x{{[0-9a-f]+}}){{$}}
// ASAN-NEXT: {{^}}freed by thread T0 here:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in free{{$}}
// ASAN: {{^}}previously allocated by thread T0 here:{{$}}
// ASAN: {{^}}SUMMARY: AddressSanitizer: invalid-pointer-pair {{.*}}formats.c:15:{{[0-9]+}} in lt{{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} invalid-pointer-pair | lt | main{{$}}
// ASAN-NEXT: {{^}}=={{[0-9]+}}==ABORTING{{$}}
// ASAN-NEXT: STATUS: exit 1{{$}}

// ASANALL: ERROR: AddressSanitizer: invalid-pointer-pair: 0x{{[0-9a-f]+}} 0x{{[0-9a-f]+}}{{$}}
// ASANALL: SUMMARY: AddressSanitizer: invalid-pointer-pair {{.*}} in lt{{$}}
// ASANALL-NOT: ABORTING
// ASANALL: ERROR: AddressSanitizer: invalid-pointer-pair: 0x{{[0-9a-f]+}} 0x{{[0-9a-f]+}}{{$}}
// ASANALL-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in minus {{.*}}formats.c:20
// ASANALL: {{^}}0x{{[0-9a-f]+}} is located 0 bytes inside of global variable 'g1' defined in '{{.*}}formats.c:11:6' (0x{{[0-9a-f]+}}) of size 32{{$}}
// ASANALL-EMPTY:
// ASANALL-NEXT: {{^}}0x{{[0-9a-f]+}} is located 0 bytes inside of global variable 'g2' defined in '{{.*}}formats.c:11:14' (0x{{[0-9a-f]+}}) of size 32{{$}}
// ASANALL: ERROR: AddressSanitizer: invalid-pointer-pair: 0x{{[0-9a-f]+}} 0x{{[0-9a-f]+}}{{$}}
// ASANALL: {{^}}Address 0x{{[0-9a-f]+}} is located in stack of thread T0 at offset {{[0-9]+}} in frame{{$}}
// ASANALL-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in main
// ASANALL: {{^}}  This frame has 2 object(s):{{$}}
// ASANALL: ERROR: AddressSanitizer: invalid-pointer-pair: 0x{{[0-9a-f]+}} 0x0{{$}}
// ASANALL: {{^}}AddressSanitizer can not describe address in more detail (wild memory access suspected).{{$}}
// ASANALL: SUMMARY: AddressSanitizer: invalid-pointer-pair {{.*}} in minus{{$}}
// ASANALL-NOT: ABORTING
// ASANALL: done
// ASANALL-NEXT: STATUS: exit 0{{$}}

// JSON: report type=invalid-pointer-pair access=compare top=lt first=heap:allocated/24:inside:0:alloc0=malloc second=heap:freed/24:inside:0:alloc0=malloc
// JSON-NEXT: report type=invalid-pointer-pair access=subtract top=minus first=global:g1/32 second=global:g2/32
// JSON-NEXT: report type=invalid-pointer-pair access=compare top=lt first=stack:main second=stack:main
// JSON-NEXT: report type=invalid-pointer-pair access=subtract top=minus first=heap:allocated/24:inside:0:alloc0=malloc second=none
// JSON-NEXT: STATUS: exit 0{{$}}
