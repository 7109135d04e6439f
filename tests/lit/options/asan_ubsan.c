// UBSAN_OPTIONS reaches UBSAN.  UBSAN_OPTIONS=halt_on_error concerns UBSAN alone (ksan's ubsan_halt_on_error): true stops at the first UB report with exitcode (UBSAN_OPTIONS' too), false lets UBSAN go on while ksan's halt_on_error=1 (from ASAN_OPTIONS or KSAN_OPTIONS) would stop it; __ubsan_default_options does the same, UBSAN_OPTIONS wins over it.  print_stacktrace=1 adds the stack to the asan layout's report; ASAN_OPTIONS=print_stacktrace is ignored (not ASan's key), as is UBSAN_OPTIONS=suppressions (UBSan's file format is not ksan's).
// RUN: %ksan_cc -O0 -g --ksan=ubsan %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env UBSAN_OPTIONS=halt_on_error=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=1
// RUN: env UBSAN_OPTIONS=halt_on_error=true:exitcode=9 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=9
// RUN: env ASAN_OPTIONS=halt_on_error=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=1
// RUN: env ASAN_OPTIONS=halt_on_error=1 UBSAN_OPTIONS=halt_on_error=false bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env KSAN_OPTIONS=halt_on_error=1 UBSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env UBSAN_OPTIONS=halt_on_error=1 KSAN_OPTIONS=ubsan_halt_on_error=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env UBSAN_OPTIONS=print_stacktrace=1 KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: env ASAN_OPTIONS=print_stacktrace=1 KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NOSTACK
// RUN: printf 'signed-integer-overflow:asan_ubsan.c\n' > %t.supp
// RUN: env UBSAN_OPTIONS=suppressions=%t.supp:verbosity=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=UBSUPP
// RUN: %ksan_cc -O0 -g --ksan=ubsan -DUBSAN_HOOK %s -o %t.hook
// RUN: bash %S/../Inputs/status.sh %run %t.hook 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=1
// RUN: env UBSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t.hook 2>&1 | FileCheck %s --check-prefix=GOON
#include <limits.h>
#include <stdio.h>

#ifdef UBSAN_HOOK
const char *__ubsan_default_options(void)
{
	return "halt_on_error=1";
}
#endif

volatile int big = INT_MAX;

__attribute__((noinline)) int add1(int x)
{
	return x + 1;
}

__attribute__((noinline)) int add2(int x)
{
	return x + 2;
}

int main(void)
{
	int a, b;

	setvbuf(stdout, NULL, _IONBF, 0);
	a = add1(big);
	b = add2(big);

	printf("went on: %d\n", a ^ b);
	return 0;
}

// UBSUPP: {{^}}ksan: UBSAN_OPTIONS: not implemented, ignored: suppressions{{$}}
// UBSUPP: {{^}}UBSAN: signed-integer-overflow in {{.*}}asan_ubsan.c:31:
// UBSUPP: {{^}}UBSAN: signed-integer-overflow in {{.*}}asan_ubsan.c:36:
// UBSUPP: {{^}}went on:
// UBSUPP: {{^}}STATUS: exit 0{{$}}

// GOON: {{^}}UBSAN: signed-integer-overflow in {{.*}}asan_ubsan.c:31:
// GOON: {{^}}UBSAN: signed-integer-overflow in {{.*}}asan_ubsan.c:36:
// GOON: {{^}}went on:
// GOON-NEXT: {{^}}STATUS: exit 0{{$}}

// HALT: {{^}}UBSAN: signed-integer-overflow in {{.*}}asan_ubsan.c:31:
// HALT-NOT: UBSAN
// HALT-NOT: went on
// HALT: {{^}}STATUS: exit [[CODE]]{{$}}

// STACK: asan_ubsan.c:31:{{[0-9]+}}: runtime error: signed integer overflow
// STACK-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in add1
// STACK: {{^}}STATUS: exit 0{{$}}

// NOSTACK: asan_ubsan.c:31:{{[0-9]+}}: runtime error: signed integer overflow
// NOSTACK-NOT: #0
// NOSTACK: {{^}}STATUS: exit 0{{$}}
