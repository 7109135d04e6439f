// Recurring accesses (clang: ksan-opt skips the check of an access dominated by an access to the same address): a free between them, on one path or around a loop, keeps the second check and its report; the silent twin frees nothing.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t branch 2>&1 | FileCheck %s --check-prefix=BRANCH
// RUN: bash %S/../Inputs/status.sh %run %t loop 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void drop(int *p, int really)
{
	if (really)
		free(p);
}

/* the second p[3] is dominated by the first; drop() may free on one path */
__attribute__((noinline)) int twice(int *p, int really)
{
	int x = p[3];

	if (x > 1)
		drop(p, really);
	return x + p[3];
}

/* p[1] before the loop dominates the one inside; the free is on the back edge */
__attribute__((noinline)) int around(int *p, int n, int really)
{
	int s = p[1];

	for (int i = 0; i < n; i++) {
		s += p[1];
		if (i == 1)
			drop(p, really);
	}
	return s;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "ok";
	int *p = calloc(8, sizeof(int));
	int really = strcmp(what, "ok") != 0;
	int r = 0;

	p[3] = 2;
	if (!strcmp(what, "branch"))
		r = twice(p, really);
	else if (!strcmp(what, "loop"))
		r = around(p, 4, really);
	else
		r = twice(p, 0) + around(p, 4, 0);
	if (!really)
		free(p);
	printf("done %d\n", r);
	return 0;
}

// BRANCH: BUG: KASAN: slab-use-after-free in twice+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// BRANCH-NEXT: Read of size 4 at addr
// BRANCH: Call Trace:
// BRANCH-NEXT: twice+0x{{.*}}recurring.c:23
// BRANCH: Freed by task
// BRANCH: STATUS: exit 1{{$}}

// LOOP: BUG: KASAN: slab-use-after-free in around+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// LOOP-NEXT: Read of size 4 at addr
// LOOP: Call Trace:
// LOOP-NEXT: around+0x{{.*}}recurring.c:32
// LOOP: STATUS: exit 1{{$}}

// OK: done 4
// OK-NEXT: STATUS: exit 0{{$}}
