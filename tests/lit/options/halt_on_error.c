// halt_on_error=0 with the noabort ABI: each distinct (pc, type) is reported once and the program goes on to exit 0; the default (1) stops at the first report with exit 1.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env KSAN_OPTIONS=halt_on_error=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT
#include <stdio.h>
#include <stdlib.h>
#include <ksan/ksan.h>

char *volatile sink;

__attribute__((noinline)) void poke(char *p, int i)
{
	p[i] = 1;	/* the same pc each time */
}

__attribute__((noinline)) int peek(const char *p, int i)
{
	return p[i];
}

int main(void)
{
	char *p = sink = malloc(16);
	int i, sum = 0;

	for (i = 0; i < 3; i++)
		poke(p, 16 + i);	/* 3 bad writes, one report */
	free(p);
	sum += peek(p, 0);	/* use-after-free: a second report */
	printf("after the bugs: %lu reports (%d)\n", ksan_report_count(), sum);
	return 0;
}

// GOON: {{^}}BUG: KASAN: slab-out-of-bounds in poke+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// GOON-NEXT: Write of size 1 at addr
// GOON: {{^}}=================================================================={{$}}
// GOON-NEXT: {{^}}=================================================================={{$}}
// GOON-NEXT: {{^}}BUG: KASAN: slab-use-after-free in peek+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// GOON-NEXT: Read of size 1 at addr
// GOON: {{^}}=================================================================={{$}}
// GOON-NEXT: after the bugs: 2 reports
// GOON-NEXT: STATUS: exit 0{{$}}

// HALT: BUG: KASAN: slab-out-of-bounds in poke
// HALT-NOT: BUG: KASAN
// HALT-NOT: after the bugs
// HALT: STATUS: exit 1{{$}}
