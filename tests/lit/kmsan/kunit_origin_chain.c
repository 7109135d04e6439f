// kmsan_test test_long_origin_chain: each store of an uninitialised value adds an "Uninit was stored to memory at:" link to its origin, newest first, down to the allocation; after 16 copies the chain stops growing at the kernel's depth of 7 (the report says "<Zero or more stacks not recorded to save memory>" and still shows 7 links and the allocation).  The same copies of an initialised value are silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 three 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: bash %S/../Inputs/status.sh %t2 three 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: bash %S/../Inputs/status.sh %t0 long 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: bash %S/../Inputs/status.sh %t2 long 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;

/* each copy is one store, in its own function, on its own line */
__attribute__((noinline)) static void copy_a(int *d, const int *s)
{
	*d = *s;	/* L:a */
}

__attribute__((noinline)) static void copy_b(int *d, const int *s)
{
	*d = *s;	/* L:b */
}

__attribute__((noinline)) static void copy_c(int *d, const int *s)
{
	*d = *s;	/* L:c */
}

__attribute__((noinline)) static void copy_loop(int *d, const int *s)
{
	*d = *s;	/* L:loop */
}

__attribute__((noinline)) static void check(const int *p)
{
	if (*p == 42)	/* L:use */
		puts("42");
	else
		printf("not 42\n");
}

int main(int argc, char **argv)
{
	int *cells = malloc(20 * sizeof(int));	/* L:alloc */
	int i, last;

	sink = cells;
	cells = sink;
	if (!strcmp(argv[1], "ok"))
		cells[0] = 42;
	if (!strcmp(argv[1], "long")) {
		for (i = 0; i < 16; i++)
			copy_loop(&cells[i + 1], &cells[i]);
		last = 16;
	} else {
		copy_a(&cells[1], &cells[0]);	/* L:calla */
		copy_b(&cells[2], &cells[1]);	/* L:callb */
		copy_c(&cells[3], &cells[2]);	/* L:callc */
		last = 3;
	}
	check(&cells[last]);	/* L:check */
	return 0;
}

// THREE: {{^}}====================================================={{$}}
// THREE-NEXT: {{^}}BUG: KMSAN: uninit-value in check+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// THREE-NEXT: {{^}} check+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:39{{$}}
// THREE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:64{{$}}
// THREE: {{^}}Uninit was stored to memory at:{{$}}
// THREE-NEXT: {{^}} copy_c+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:29{{$}}
// THREE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:61{{$}}
// THREE: {{^}}Uninit was stored to memory at:{{$}}
// THREE-NEXT: {{^}} copy_b+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:24{{$}}
// THREE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:60{{$}}
// THREE: {{^}}Uninit was stored to memory at:{{$}}
// THREE-NEXT: {{^}} copy_a+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:19{{$}}
// THREE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:59{{$}}
// THREE-NOT: {{^}}Uninit was stored
// THREE: {{^}}Uninit was created at:{{$}}
// THREE-NEXT: {{^}} malloc{{$}}
// THREE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:47{{$}}
// THREE: STATUS: exit 1{{$}}

// (the kernel's order: the note comes first, before the newest link it
// concerns, and a blank line follows it)
// LONG: {{^}}BUG: KMSAN: uninit-value in check+
// LONG-NOT: {{^}}Uninit was
// LONG: {{^}}<Zero or more stacks not recorded to save memory>{{$}}
// LONG-EMPTY:
// LONG-NEXT: {{^}}Uninit was stored to memory at:{{$}}
// LONG-COUNT-6: {{^}}Uninit was stored to memory at:{{$}}
// LONG-NOT: {{^}}Uninit was stored
// LONG: {{^}}Uninit was created at:{{$}}
// LONG-NEXT: {{^}} malloc{{$}}
// LONG-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_origin_chain.c:47{{$}}
// LONG: STATUS: exit 1{{$}}

// OK: {{^}}42{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
