// report_format=asan prints compiler-rt's one-liner "file:line:col: runtime error: message" and its SUMMARY line, with the stack when print_stacktrace=1; report_format=json prints one JSON object per report.
// REQUIRES: inline
// RUN: %ksan_cc -O0 -g --ksan=ubsan %s -o %t
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=asan:print_stacktrace=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t 2>&1 | python3 %S/Inputs/json_lines.py | FileCheck %s --check-prefix=JSON
#include <stdio.h>

volatile unsigned long one = 1;
volatile int amount = 64;

__attribute__((noinline)) unsigned long shl(void)
{
	return one << amount;
}

int main(void)
{
	printf("%lu\n", shl() & 0);
	return 0;
}
// ASAN: {{^}}{{.*}}formats.c:14:13: runtime error: shift exponent 64 is too large for 64-bit type '{{long unsigned int|unsigned long}}'{{$}}
// ASAN-NEXT: {{^}}SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior {{.*}}formats.c:14:13 in {{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} shift-out-of-bounds | shl | main{{$}}
// ASAN-NEXT: {{^}}0{{$}}
// ASAN-NEXT: STATUS: exit 0{{$}}

// STACK: {{^}}{{.*}}formats.c:14:13: runtime error: shift exponent 64 is too large
// STACK-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in shl {{.*}}formats.c:14
// STACK-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}formats.c:19
// STACK: {{^}}SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior

// JSON-NOT: JSON ERROR
// JSON: {{^}}json UBSAN shift-out-of-bounds formats.c:14:13 | shift exponent 64 is too large for 64-bit type '{{long unsigned int|unsigned long}}' | top=shl{{$}}
// JSON-NEXT: {{^}}0{{$}}
// JSON-NEXT: STATUS: exit 0{{$}}
