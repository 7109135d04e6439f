// kmsan_test test_params / test_uninit_multiple_params / test_printk, and return values: with eager checks (-msan-eager-checks, the kernel's CONFIG_KMSAN_CHECK_PARAM_RETVAL) an uninitialised argument is reported at the call, in the caller, also when it goes to printf; an uninitialised value returned by a function is reported where the caller uses it, with the callee's allocation as origin.  The correct variants are silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 param 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: bash %S/../Inputs/status.sh %t2 param 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: bash %S/../Inputs/status.sh %t0 multi 2>&1 | FileCheck %s --check-prefix=MULTI
// RUN: bash %S/../Inputs/status.sh %t2 multi 2>&1 | FileCheck %s --check-prefix=MULTI
// RUN: bash %S/../Inputs/status.sh %t0 printf 2>&1 | FileCheck %s --check-prefix=PRINTF
// RUN: bash %S/../Inputs/status.sh %t2 printf 2>&1 | FileCheck %s --check-prefix=PRINTF
// RUN: bash %S/../Inputs/status.sh %t0 retval 2>&1 | FileCheck %s --check-prefix=RETVAL
// RUN: bash %S/../Inputs/status.sh %t2 retval 2>&1 | FileCheck %s --check-prefix=RETVAL
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;
volatile int result;

/* an int from the heap, initialised or not, that the optimizer cannot see through */
__attribute__((noinline)) static int *heap_int(int init, int value)
{
	int *p = malloc(sizeof(*p));	/* L:alloc */

	if (init)
		*p = value;
	sink = p;
	return sink;
}

__attribute__((noinline)) static void take(int a)
{
	result = a;
}

__attribute__((noinline)) static int sum3(int a, int b, int c)
{
	return a + b + c;
}

/* returns what the heap holds, initialised or not */
__attribute__((noinline)) static int fetch(int init)
{
	return *heap_int(init, 5);	/* L:fetch */
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	int a = *heap_int(1, 1), b = *heap_int(1, 2);

	if (!strcmp(mode, "param") || ok) {
		int x = *heap_int(ok, 7);

		take(x);	/* L:param */
	}
	if (!strcmp(mode, "multi") || ok) {
		int c = *heap_int(ok, 3);

		result = sum3(a, b, c);	/* L:multi */
	}
	if (!strcmp(mode, "printf") || ok) {
		int v = *heap_int(ok, 9);

		printf("value %d\n", v);	/* L:printf */
	}
	if (!strcmp(mode, "retval") || ok) {
		if (fetch(ok) == 5)	/* L:retval */
			puts("five");
		else
			printf("not five\n");
	}
	printf("done %d\n", result);
	return 0;
}

// PARAM: {{^}}====================================================={{$}}
// PARAM-NEXT: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PARAM-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:57{{$}}
// PARAM: {{^}}Uninit was created at:{{$}}
// PARAM-NEXT: {{^}} malloc{{$}}
// PARAM-NEXT: {{^}} heap_int+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:24{{$}}
// PARAM: {{^}}====================================================={{$}}
// PARAM-NEXT: STATUS: exit 1{{$}}

// MULTI: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// MULTI-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:62{{$}}
// MULTI: {{^}}Uninit was created at:{{$}}
// MULTI-NEXT: {{^}} malloc{{$}}
// MULTI-NEXT: {{^}} heap_int+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:24{{$}}
// MULTI: STATUS: exit 1{{$}}

// PRINTF: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PRINTF-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:67{{$}}
// PRINTF: {{^}}Uninit was created at:{{$}}
// PRINTF-NEXT: {{^}} malloc{{$}}
// PRINTF-NEXT: {{^}} heap_int+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:24{{$}}
// PRINTF-NOT: {{^}}value
// PRINTF: STATUS: exit 1{{$}}

// RETVAL: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// RETVAL-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:70{{$}}
// RETVAL: {{^}}Uninit was created at:{{$}}
// RETVAL-NEXT: {{^}} malloc{{$}}
// RETVAL-NEXT: {{^}} heap_int+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:24{{$}}
// RETVAL-NEXT: {{^}} fetch+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_params.c:45{{$}}
// RETVAL-NOT: five
// RETVAL: STATUS: exit 1{{$}}

// OK: {{^}}value 9{{$}}
// OK-NEXT: {{^}}five{{$}}
// OK-NEXT: {{^}}done 6{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
