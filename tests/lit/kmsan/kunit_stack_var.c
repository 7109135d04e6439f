// kmsan_test test_uninit_stack_var / test_init_stack_var: a local variable used before it is written is reported with "Local variable <name> created at:" and the function that owns it; written first, it is silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 uninit 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 uninit 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 init 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 init 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t2 uninit 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=KMSAN
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static void yes(void)
{
	puts("yes");
}

__attribute__((noinline)) static void no(void)
{
	puts("no");
}

/* volatile keeps the variable in memory at -O2 (as the kernel's test does) */
__attribute__((noinline)) static void check_flag(int init)
{
	volatile int cond;

	if (init)
		cond = 1;
	if (cond)	/* L:use */
		yes();
	else
		no();
}

int main(int argc, char **argv)
{
	check_flag(!strcmp(argv[1], "init"));	/* L:call */
	return 0;
}

// CHECK: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KMSAN: uninit-value in check_flag+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} check_flag+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_stack_var.c:29{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_stack_var.c:37{{$}}
// CHECK-NOT: {{^}}Uninit was
// CHECK: {{^}}Local variable cond created at:{{$}}
// CHECK-NEXT: {{^}} check_flag+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{( .*kunit_stack_var.c:[0-9]+)?$}}
// CHECK: {{^}}====================================================={{$}}
// CHECK-NOT: {{^(yes|no)$}}
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}yes{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// ASAN: {{^}}==[[PID:[0-9]+]]==WARNING: MemorySanitizer: use-of-uninitialized-value{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in check_flag {{.*}}kunit_stack_var.c:29{{(:[0-9]+)?$}}
// ASAN: {{^}}  Uninitialized value was created by an allocation of 'cond' in the stack frame of function 'check_flag'{{$}}
// ASAN: STATUS: exit 1{{$}}
