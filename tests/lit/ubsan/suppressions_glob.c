// Suppression globs match in linear time: a pattern with many stars against a 200-character file name ends at once instead of backtracking for minutes; '?' and '*' match as in the shell, anchored at both ends, against the file, its base name or the function.
// REQUIRES: inline
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cp %s %t.dir/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.c
// RUN: %ksan_cc -O0 -g --ksan=ubsan %t.dir/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.c -o %t
// RUN: echo "ubsan:*:*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b" > %t.slow
// RUN: echo "ubsan:*:*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*aab" >> %t.slow
// RUN: env KSAN_OPTIONS=suppressions=%t.slow:symbolize=0 bash %S/../Inputs/status.sh timeout 5 %run %t 2>&1 | FileCheck %s --check-prefix=SLOW
// RUN: echo "ubsan:signed-integer-overflow:ov?rfl*w" > %t.wild
// RUN: echo "ubsan:shift-out-of-bounds:*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*.c" >> %t.wild
// RUN: env KSAN_OPTIONS=suppressions=%t.wild bash %S/../Inputs/status.sh timeout 60 %run %t 2>&1 | FileCheck %s --check-prefix=WILD
// RUN: echo "ubsan:signed-integer-overflow:overflo" > %t.anchored
// RUN: echo "ubsan:shift-out-of-bounds:aaaa" >> %t.anchored
// RUN: echo "ubsan:shift-out-of-bounds:hift" >> %t.anchored
// RUN: echo "ubsan:shift-out-of-bounds:?shift" >> %t.anchored
// RUN: env KSAN_OPTIONS=suppressions=%t.anchored bash %S/../Inputs/status.sh timeout 60 %run %t 2>&1 | FileCheck %s --check-prefix=ANCHORED
#include <limits.h>
#include <stdio.h>

volatile int big = INT_MAX, amount = 40;

__attribute__((noinline)) int overflow(void) { return big + 1; }
__attribute__((noinline)) int shift(void) { return 1 << amount; }

int main(void)
{
	int s = overflow() + shift();
	printf("end %d\n", s & 0);
	return 0;
}
// SLOW: {{^}}UBSAN: signed-integer-overflow in {{.*}}/aaaaaaaaaa{{a*}}.c:
// SLOW: {{^}}UBSAN: shift-out-of-bounds in {{.*}}/aaaaaaaaaa{{a*}}.c:
// SLOW: {{^}}end 0
// SLOW-NEXT: STATUS: exit 0{{$}}

// WILD-NOT: UBSAN
// WILD: {{^}}end 0
// WILD-NEXT: STATUS: exit 0{{$}}

// ANCHORED: {{^}}UBSAN: signed-integer-overflow in
// ANCHORED: {{^}}UBSAN: shift-out-of-bounds in
// ANCHORED: {{^}}end 0
// ANCHORED-NEXT: STATUS: exit 0{{$}}
