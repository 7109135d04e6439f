// Stack-use-after-return (GCC, --ksan-uar): off by default, reported with detect_stack_use_after_return=1 naming the dead frame; clang 14 cannot instrument for it in kernel mode (ksan-cc warns), so this runs for GCC only.
// REQUIRES: gcc
// RUN: %ksan_cc --ksan-uar -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=1 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>

__attribute__((noinline)) char *leak_local(void)
{
	char buf[32];
	char *volatile p = buf;

	buf[0] = 7;
	return p;
}

__attribute__((noinline)) int use_local(void)
{
	char buf[32];
	volatile char *p = buf;

	p[0] = 7;
	return p[0];
}

int main(int argc, char **argv)
{
	if (argc > 1) {
		printf("%d\n", use_local());
		return 0;
	}
	printf("%d\n", leak_local()[0]);
	return 0;
}

// OFF: STATUS: exit 0{{$}}
// CHECK: BUG: KASAN: stack-use-after-return in main+0x
// CHECK: The buggy address belongs to stack of task {{.*}}/{{[0-9]+}}
// CHECK: {{^}} leak_local{{$}}
// CHECK: 'buf'
// CHECK: STATUS: exit 1{{$}}
// OK: STATUS: exit 0{{$}}
