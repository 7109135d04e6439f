// --ksan=kasan,ubsan: one build catches undefined behaviour (reported, the program goes on) and a heap overflow (KASAN's report, exit 1); a ubsan-only build runs the same program with ksan's heap but no KASAN checks.
// RUN: %ksan_cc -O0 -g --ksan=kasan,ubsan %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: %ksan_cc -O0 -g --ksan=ubsan %s -o %t.ub
// RUN: bash %S/../Inputs/status.sh %run %t.ub 2>&1 | FileCheck %s --check-prefix=UBONLY
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

volatile int big = INT_MAX, idx = 10;

int main(void)
{
	char *p;
	int s;

	setvbuf(stdout, NULL, _IONBF, 0);
	p = malloc(10);
	s = big + 1;

	printf("after ub %d\n", s);
	p[idx] = 1;
	printf("after overflow\n");
	free(p);
	return 0;
}
// CHECK: {{^}}UBSAN: signed-integer-overflow in {{.*}}combined.c:19:
// CHECK-NEXT: {{^}}signed integer overflow: {{.*}}
// CHECK: {{^}}after ub -2147483648
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main
// CHECK-NOT: after overflow
// CHECK: STATUS: exit 1{{$}}

// UBONLY: {{^}}UBSAN: signed-integer-overflow in {{.*}}combined.c:19:
// UBONLY-NOT: KASAN
// UBONLY: {{^}}after ub -2147483648
// UBONLY-NEXT: {{^}}after overflow
// UBONLY-NEXT: STATUS: exit 0{{$}}
