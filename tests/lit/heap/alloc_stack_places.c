// Objects allocated and freed at one place (the same malloc and free calls, at the same stack depth) through two call chains that differ only far from malloc: each report's allocation and free stacks name the chain its own object went through, however often the two alternate; also with a short malloc_context_size and one longer than the runtime remembers walks for.  The twin runs the same chains and reports nothing.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t alloc 2>&1 | FileCheck %s --check-prefix=ALLOC
// RUN: bash %S/../Inputs/status.sh %run %t free 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: bash %S/../Inputs/status.sh env KSAN_OPTIONS=malloc_context_size=40 %run %t alloc 2>&1 | FileCheck %s --check-prefix=ALLOC
// RUN: bash %S/../Inputs/status.sh env KSAN_OPTIONS=malloc_context_size=3 %run %t alloc 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEPTH 6

__attribute__((noinline)) char *make(size_t n)
{
	char *p = malloc(n);

	__asm__ volatile("" : : "r"(p) : "memory");	/* no tail call */
	return p;
}

__attribute__((noinline)) void drop(char *p)
{
	free(p);
	__asm__ volatile("" : : : "memory");
}

/* DEPTH frames between the chains' first difference and make/drop */
__attribute__((noinline)) char *rec(int k, char *p)
{
	char *r;

	if (k)
		r = rec(k - 1, p);
	else if (p)
		drop(p), r = 0;
	else
		r = make(24);
	__asm__ volatile("" : : "r"(r) : "memory");
	return r;
}

/* the two chains: same frame size, different code (not folded) */
__attribute__((noinline)) char *via_x(char *p)
{
	char *r = rec(DEPTH, p);

	__asm__ volatile("nop" : : "r"(r) : "memory");
	return r;
}

__attribute__((noinline)) char *via_y(char *p)
{
	char *r = rec(DEPTH, p);

	__asm__ volatile("nop; nop" : : "r"(r) : "memory");
	return r;
}

int main(int argc, char **argv)
{
	char *x, *y;
	int i;

	(void)argc;
	/* each chain over and over, alternating */
	for (i = 0; i < 8; i++) {
		x = via_x(0);
		y = via_y(0);
		via_x(x);
		via_y(y);
	}
	/* the chains once more from other lines of main: still told apart */
	x = via_x(0);
	y = via_y(0);
	if (!strcmp(argv[1], "alloc"))
		y[24] = 1;	/* one past y, made through via_y two lines up */
	via_x(x);
	via_y(y);
	if (!strcmp(argv[1], "free"))
		printf("%d\n", y[0]);	/* y, freed through via_y two lines up */
	printf("done\n");
	return 0;
}

// ALLOC: BUG: KASAN: slab-out-of-bounds in main
// ALLOC: Call Trace:
// ALLOC-NEXT: {{^}} main+0x{{.*}}alloc_stack_places.c:[[#BUG:]]{{$}}
// ALLOC: Allocated by task
// ALLOC-NEXT: {{^}} malloc{{$}}
// ALLOC-NEXT: {{^}} make+0x
// ALLOC-NEXT: {{^}} rec+0x
// ALLOC-NOT: via_x
// ALLOC: {{^}} via_y+0x
// ALLOC-NEXT: {{^}} main+0x{{.*}}alloc_stack_places.c:[[#BUG-2]]{{$}}
// ALLOC: STATUS: exit 1{{$}}

// FREE: BUG: KASAN: slab-use-after-free in main
// FREE: Call Trace:
// FREE-NEXT: {{^}} main+0x{{.*}}alloc_stack_places.c:[[#UAF:]]{{$}}
// FREE: Allocated by task
// FREE-NOT: via_x
// FREE: {{^}} via_y+0x
// FREE-NEXT: {{^}} main+0x{{.*}}alloc_stack_places.c:[[#UAF-6]]{{$}}
// FREE: Freed by task
// FREE-NEXT: {{^}} free{{$}}
// FREE-NEXT: {{^}} drop+0x
// FREE-NEXT: {{^}} rec+0x
// FREE-NOT: via_x
// FREE: {{^}} via_y+0x
// FREE-NEXT: {{^}} main+0x{{.*}}alloc_stack_places.c:[[#UAF-2]]{{$}}
// FREE: STATUS: exit 1{{$}}

// SHORT: BUG: KASAN: slab-out-of-bounds in main
// SHORT: Allocated by task
// SHORT-NEXT: {{^}} malloc{{$}}
// SHORT-NEXT: {{^}} make+0x
// SHORT-NEXT: {{^}} rec+0x
// SHORT-NEXT: {{^}} rec+0x
// SHORT-EMPTY:

// OK: done
// OK-NEXT: STATUS: exit 0{{$}}
