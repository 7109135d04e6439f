// Stack red zones: an overflow and an underflow of a local array through a callee's pointer are stack-out-of-bounds, naming the frame and the variable; in-bounds accesses are silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 32 2>&1 | FileCheck %s --check-prefixes=CHECK,OVER
// RUN: bash %S/../Inputs/status.sh %run %t -1 2>&1 | FileCheck %s --check-prefixes=CHECK,UNDER
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 32 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: bash %S/../Inputs/status.sh %run %t 31 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) int peek(volatile char *p, int i)
{
	return p[i];
}

__attribute__((noinline)) int parse(int i)
{
	char buf[32];

	memset(buf, 'x', sizeof(buf));
	return peek(buf, i);
}

int main(int argc, char **argv)
{
	printf("%d\n", parse(atoi(argv[1])));
	return 0;
}

// CHECK: BUG: KASAN: stack-out-of-bounds in peek+0x
// CHECK-NEXT: Read of size 1 at addr {{[0-9a-f]+}} by task {{.*}}/{{[0-9]+}}
// CHECK: The buggy address belongs to stack of task {{.*}}/{{[0-9]+}}
// OVER-NEXT: and is located at offset [[#]] in frame:
// UNDER-NEXT: and is located at offset [[#]] in frame:
// CHECK-NEXT: {{^}} parse{{$}}
// CHECK: This frame has 1 object(s):
// CHECK-NEXT: {{^}} [[[#]], [[#]]) 'buf'
// CHECK: STATUS: exit 1{{$}}
// ASAN: ERROR: AddressSanitizer: stack-buffer-overflow on address
// ASAN: is located in stack of thread T0 at offset {{[0-9]+}} in frame
// ASAN: 'buf'{{.*}} <== Memory access at offset {{[0-9]+}} overflows this variable
// ASAN: SUMMARY: AddressSanitizer: stack-buffer-overflow
// OK: STATUS: exit 0{{$}}
