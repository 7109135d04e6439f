// suppressions=FILE: lines "ubsan:<check>:<glob>" silence a check in matching files or functions, but not one built not to recover (it stops the program, so it is reported); comments are skipped; a missing file is an error at start-up (suppressions_bad.c has the other errors).
// REQUIRES: inline
// RUN: %ksan_cc -O0 -g --ksan=ubsan %s -o %t
// RUN: echo "# ksan suppressions" > %t.fn
// RUN: echo "ubsan:signed-integer-overflow:over*" >> %t.fn
// RUN: env KSAN_OPTIONS=suppressions=%t.fn bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=FN
// RUN: echo "ubsan:*:suppress*.c" > %t.file
// RUN: env KSAN_OPTIONS=suppressions=%t.file bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=BYFILE
// RUN: echo "ubsan:shift-out-of-bounds:nomatch.c" > %t.none
// RUN: env KSAN_OPTIONS=suppressions=%t.none bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %ksan_cc -O0 -g --ksan=ubsan -fsanitize=undefined -fno-sanitize-recover=signed-integer-overflow %s -o %t.abort
// RUN: env KSAN_OPTIONS=suppressions=%t.fn bash %S/../Inputs/status.sh %run %t.abort 2>&1 | FileCheck %s --check-prefix=ABORT
// RUN: env KSAN_OPTIONS=suppressions=%t.missing bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=MISSING
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
// FN-NOT: signed-integer-overflow
// FN: {{^}}UBSAN: shift-out-of-bounds in {{.*}}suppressions.c:
// FN-NOT: UBSAN
// FN: {{^}}end 0
// FN-NEXT: STATUS: exit 0{{$}}

// BYFILE-NOT: UBSAN
// BYFILE: {{^}}end 0
// BYFILE-NEXT: STATUS: exit 0{{$}}

// NONE: {{^}}UBSAN: signed-integer-overflow in
// NONE: {{^}}UBSAN: shift-out-of-bounds in
// NONE: {{^}}end 0

// MISSING: {{^}}ksan: cannot open suppressions file '{{.*}}.missing' (No such file or directory){{$}}
// MISSING-NOT: end 0
// MISSING: STATUS: exit 1{{$}}

// ABORT: {{^}}UBSAN: signed-integer-overflow in {{.*}}suppressions.c:
// ABORT-NOT: end 0
// ABORT: STATUS: exit 1{{$}}
