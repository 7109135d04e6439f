// Suppressions match every function at the report's pc, inlined ones too (the report names them with [inline]): a glob naming the inlined function suppresses, so does one naming the function it was inlined into; a glob naming neither does not.
// REQUIRES: inline
// RUN: %ksan_cc -O0 -g --ksan=ubsan %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: echo "ubsan:signed-integer-overflow:add_inlined" > %t.inner
// RUN: env KSAN_OPTIONS=suppressions=%t.inner bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GONE
// RUN: echo "ubsan:signed-integer-overflow:caller" > %t.outer
// RUN: env KSAN_OPTIONS=suppressions=%t.outer bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GONE
// RUN: echo "ubsan:signed-integer-overflow:add_inline" > %t.other
// RUN: echo "ubsan:signed-integer-overflow:main" >> %t.other
// RUN: env KSAN_OPTIONS=suppressions=%t.other bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NONE
#include <limits.h>
#include <stdio.h>

volatile int big = INT_MAX;

static inline __attribute__((always_inline)) int add_inlined(int a, int b)
{
	return a + b;
}

__attribute__((noinline)) int caller(void)
{
	return add_inlined(big, 1);
}

int main(void)
{
	printf("end %d\n", caller() & 0);
	return 0;
}
// NONE: {{^}}UBSAN: signed-integer-overflow in {{.*}}suppressions_inline.c:19:
// NONE: {{^}}Call Trace:{{$}}
// NONE-NEXT: {{^}} add_inlined {{.*}}suppressions_inline.c:19 [inline]{{$}}
// NONE-NEXT: {{^}} caller+0x
// NONE: {{^}}end 0
// NONE-NEXT: STATUS: exit 0{{$}}

// GONE-NOT: UBSAN
// GONE: {{^}}end 0
// GONE-NEXT: STATUS: exit 0{{$}}
