// halt_on_error=0 reports each distinct (pc, origin) once however many there are (issue 25: the engine's table stopped taking pairs at 3072, and one branch on 4000 malloc sites' memory printed 5856 reports): 5000 allocation sites' uninitialised bytes used at one branch are 5000 reports, and using them all again adds none.  tests/lit/options/dedup_many.c is KASAN's (pc, type) twin.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t 1 2>&1 | grep -c '^BUG: KMSAN: uninit-value in main' | FileCheck %s
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t 3 2>&1 | grep -c '^BUG: KMSAN: uninit-value in main' | FileCheck %s
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %t 2 2>&1 | FileCheck %s --check-prefix=END --implicit-check-not=ksan:
#include <stdio.h>
#include <stdlib.h>

static char *p[5000];
static int np;

/* each expansion is its own malloc call: a distinct allocation stack,
 * so a distinct origin */
#define S { p[np++] = malloc(8); }
#define S10 S S S S S S S S S S
#define S100 S10 S10 S10 S10 S10 S10 S10 S10 S10 S10
#define S1000 S100 S100 S100 S100 S100 S100 S100 S100 S100 S100

int main(int argc, char **argv)
{
	int i, j, n = argc > 1 ? atoi(argv[1]) : 1, hits = 0;

	S1000 S1000 S1000 S1000 S1000
	for (i = 0; i < n; i++)
		for (j = 0; j < np; j++)
			if (*p[j])	/* one pc, 5000 origins */
				hits++;
	printf("done %d\n", hits >= 0);
	return 0;
}

// CHECK: {{^}}5000{{$}}
// END: {{^}}done 1{{$}}
// END-NEXT: {{^}}STATUS: exit 0{{$}}
