// ASan's keys in ASAN_OPTIONS take effect: halt_on_error (0/false/no: two reports and exit 0; true/1: the first only), exitcode (any int, as exit() makes it a status: -1 is 255), malloc_context_size (2: malloc and two callers), ASan's separators (space) and quoting; KSAN_OPTIONS wins over ASAN_OPTIONS for the same key.
// RUN: %ksan_cc -O1 -g -fno-optimize-sibling-calls %s -o %t
// RUN: env ASAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env ASAN_OPTIONS=halt_on_error=false bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env ASAN_OPTIONS=halt_on_error=no bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env ASAN_OPTIONS=halt_on_error=true bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=1
// RUN: env ASAN_OPTIONS=exitcode=7 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=7
// RUN: env ASAN_OPTIONS=exitcode=-1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=255
// RUN: env "ASAN_OPTIONS=exitcode=3 halt_on_error=1" bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=3
// RUN: env "ASAN_OPTIONS=exitcode='4':halt_on_error=\"1\"" bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=4
// RUN: env ASAN_OPTIONS=malloc_context_size=2 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=CONTEXT
// RUN: env ASAN_OPTIONS=halt_on_error=0 KSAN_OPTIONS=halt_on_error=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=1
// RUN: env ASAN_OPTIONS=exitcode=7 KSAN_OPTIONS=exitcode=9 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT -DCODE=9
// RUN: env ASAN_OPTIONS=halt_on_error=1 KSAN_OPTIONS=halt_on_error=false bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=GOON
#include <stdio.h>
#include <stdlib.h>
#include <ksan/ksan.h>

char *volatile sink;

__attribute__((noinline)) char *alloc3(void)
{
	return sink = malloc(16);
}

__attribute__((noinline)) char *alloc2(void)
{
	return alloc3();
}

__attribute__((noinline)) char *alloc1(void)
{
	return alloc2();
}

__attribute__((noinline)) void poke(char *p, int i)
{
	p[i] = 1;
}

__attribute__((noinline)) int peek(const char *p, int i)
{
	return p[i];
}

int main(void)
{
	char *p = alloc1();
	int sum;

	setvbuf(stdout, NULL, _IONBF, 0);
	poke(p, 16);
	free(p);
	sum = peek(p, 0);
	printf("after the bugs: %lu reports (%d)\n", ksan_report_count(), sum);
	return 0;
}

// GOON: {{^}}BUG: KASAN: slab-out-of-bounds in poke
// GOON: {{^}}BUG: KASAN: slab-use-after-free in peek
// GOON: {{^}}after the bugs: 2 reports
// GOON-NEXT: {{^}}STATUS: exit 0{{$}}

// HALT: {{^}}BUG: KASAN: slab-out-of-bounds in poke
// HALT-NOT: BUG: KASAN
// HALT-NOT: after the bugs
// HALT: {{^}}STATUS: exit [[CODE]]{{$}}

// CONTEXT: {{^}}Allocated by task
// CONTEXT-NEXT: {{^}} malloc
// CONTEXT-NEXT: {{^}} alloc3+0x
// CONTEXT-NEXT: {{^}} alloc2+0x
// CONTEXT-NEXT: {{^$}}
// CONTEXT: {{^}}STATUS: exit 1{{$}}
