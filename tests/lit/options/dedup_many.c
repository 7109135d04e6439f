// halt_on_error=0 reports each distinct (pc, type) once however many there are (issue 25: the engine's table stopped taking pairs at 3072 and reprinted every later one each time): 5000 distinct bad reads are 5000 reports, and running them all again adds none.  The table grows with the port's memory; tests/lit/kmsan/dedup_many.c is KMSAN's (pc, origin) twin.
// RUN: %ksan_cc -O0 %s -o %t
// RUN: env KSAN_OPTIONS=halt_on_error=0 %run %t 1 2>&1 | grep -c '^BUG: KASAN: slab-out-of-bounds in main' | FileCheck %s
// RUN: env KSAN_OPTIONS=halt_on_error=0 %run %t 3 2>&1 | grep -c '^BUG: KASAN: slab-out-of-bounds in main' | FileCheck %s
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t 2 2>&1 | FileCheck %s --check-prefix=END --implicit-check-not=ksan:
#include <stdio.h>
#include <stdlib.h>

char *volatile sink;
volatile int v;

/* each expansion is its own read instruction: a distinct pc */
#define S { v += sink[16]; }
#define S10 S S S S S S S S S S
#define S100 S10 S10 S10 S10 S10 S10 S10 S10 S10 S10
#define S1000 S100 S100 S100 S100 S100 S100 S100 S100 S100 S100

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 1;

	sink = malloc(16);
	for (i = 0; i < n; i++) {
		S1000 S1000 S1000 S1000 S1000
	}
	printf("done\n");
	return 0;
}

// CHECK: {{^}}5000{{$}}
// END: {{^}}done{{$}}
// END-NEXT: {{^}}STATUS: exit 0{{$}}
