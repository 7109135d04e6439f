// With stack-use-after-return on (GCC, --ksan-uar), locals live in fake frames outside the thread's stack: pointers inside one fake-frame array and one past its end are silent, near and far apart (a 5000-byte array); a callee's local and its caller's (two fake frames) and two locals of one fake frame are reported, each described in its frame.
// REQUIRES: gcc
// RUN: %ksan_cc --ksan-uar -O1 -fsanitize=pointer-compare %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:detect_stack_use_after_return=1:halt_on_error=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <stdio.h>

volatile long sink;

__attribute__((noinline)) void lt(char *p, char *q)
{
	sink = p < q;
}

__attribute__((noinline)) void inner(char *outer)
{
	char mine[100];

	mine[0] = 0;
	lt(mine, mine + 100);
	puts("frames");
	lt(mine, outer);
}

int main(void)
{
	char big[5000], other[16];

	setvbuf(stdout, NULL, _IONBF, 0);
	big[0] = other[0] = 0;
	lt(big, big + 5000);
	lt(big + 10, big + 4000);
	puts("same");
	inner(big);
	puts("one frame");
	lt(big, other);
	puts("end");
	return 0;
}

// CHECK-LABEL: same
// CHECK-NOT: KASAN
// CHECK-LABEL: frames
// CHECK: {{^}}KASAN: invalid-pointer-pair in lt+
// CHECK: {{^}}First pointer 0x{{[0-9a-f]+}}:{{$}}
// CHECK-NEXT: {{^}}The buggy address belongs to stack of task
// CHECK-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// CHECK-NEXT: {{^}} inner{{$}}
// CHECK: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// CHECK-NEXT: {{^}}The buggy address belongs to stack of task
// CHECK-NEXT: {{^}} and is located at offset {{[0-9]+}} in frame:{{$}}
// CHECK-NEXT: {{^}} main{{$}}
// CHECK-LABEL: one frame
// CHECK: {{^}}KASAN: invalid-pointer-pair in lt+
// CHECK-LABEL: end
// CHECK-NEXT: STATUS: exit 0{{$}}
