// Dereferencing an uninitialised pointer is reported at the dereference, before the access (KMSAN checks pointer operands), with the pointer's origin; the program stops there instead of touching a wild address.  A pointer that was set is silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %t2 heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %t0 stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: bash %S/../Inputs/status.sh %t2 stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	int value;
	struct node *next;
};

struct node *volatile sink;
int target = 42;

__attribute__((noinline)) static int next_value(struct node *n)
{
	return n->next->value;	/* L:deref */
}

__attribute__((noinline)) static int read_through(int set)
{
	int *volatile p;	/* L:local */

	if (set)
		p = &target;
	return *p;		/* L:deref2 */
}

int main(int argc, char **argv)
{
	int ok = !strcmp(argv[1], "ok");
	struct node *n = malloc(sizeof(*n));	/* L:alloc */

	n->value = 1;
	if (ok)
		n->next = n;
	sink = n;
	if (!strcmp(argv[1], "heap") || ok)
		printf("next %d\n", next_value(sink));	/* L:call */
	if (!strcmp(argv[1], "stack") || ok)
		printf("through %d\n", read_through(ok));
	return 0;
}

// HEAP: {{^}}====================================================={{$}}
// HEAP-NEXT: {{^}}BUG: KMSAN: uninit-value in next_value+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// HEAP-NEXT: {{^}} next_value+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uninit_ptr.c:24{{$}}
// HEAP-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uninit_ptr.c:46{{$}}
// HEAP: {{^}}Uninit was created at:{{$}}
// HEAP-NEXT: {{^}} malloc{{$}}
// HEAP-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uninit_ptr.c:39{{$}}
// HEAP: {{^}}====================================================={{$}}
// HEAP-NEXT: STATUS: exit 1{{$}}

// STACK: {{^}}BUG: KMSAN: uninit-value in read_through+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// STACK-NEXT: {{^}} read_through+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uninit_ptr.c:33{{$}}
// STACK: {{^}}Local variable p created at:{{$}}
// STACK-NEXT: {{^}} read_through+
// STACK: {{^}}====================================================={{$}}
// STACK-NEXT: STATUS: exit 1{{$}}

// OK: {{^}}next 1{{$}}
// OK-NEXT: {{^}}through 42{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
