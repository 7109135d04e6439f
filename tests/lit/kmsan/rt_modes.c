// Runtime: the same bug through the asan and json layouts, a static
// executable, `ulimit -v 8G` (nothing reserved up front), halt_on_error=0
// reporting each (pc, origin) once, a stack variable's origin, and the
// report callback (struct ksan_report: kind, origin).
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t2 heap 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %t2 heap 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %ts heap 2>&1 | FileCheck %s --check-prefix=KERN
// RUN: bash -c 'ulimit -v 8388608; exec bash %S/../Inputs/status.sh %t2 heap' 2>&1 | FileCheck %s --check-prefix=KERN
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %t0 loop 2>&1 | FileCheck %s --check-prefix=DEDUP
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %ts loop 2>&1 | FileCheck %s --check-prefix=DEDUP
// RUN: bash %S/../Inputs/status.sh %t0 stack 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t0 stack 2>&1 | FileCheck %s --check-prefix=ASTACK
// RUN: bash %S/../Inputs/status.sh %t2 callback 2>&1 | FileCheck %s --check-prefix=CB --implicit-check-not=KMSAN:
// RUN: bash %S/../Inputs/status.sh %t2 clean 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// ASAN: =={{[0-9]+}}==WARNING: MemorySanitizer: use-of-uninitialized-value
// ASAN-NEXT: {{^    #0 0x[0-9a-f]+ in check .*rt_modes.c:}}
// ASAN: {{^  Uninitialized value was created by a heap allocation$}}
// ASAN-NEXT: {{^    #0 0x[0-9a-f]+ in malloc$}}
// ASAN: SUMMARY: MemorySanitizer: use-of-uninitialized-value {{.*}}rt_modes.c:{{[0-9]+}} in check
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} uninit-value | check | main{{$}}
// ASAN-NEXT: STATUS: exit 1
// JSON: {"detector":"KMSAN","type":"uninit-value","asan_type":"use-of-uninitialized-value","function":"check+0x{{.*}}"stack":[{"pc":{{.*}}"function":"check"{{.*}}"origins":[{"kind":"heap","stack":[{"pc":"0x{{[0-9a-f]+}}","function":"malloc"
// JSON: STATUS: exit 1
// KERN: BUG: KMSAN: uninit-value in check+0x
// KERN: Uninit was created at:
// KERN-NEXT: {{^ malloc$}}
// DEDUP-COUNT-1: BUG: KMSAN: uninit-value in check
// DEDUP: BUG: KMSAN: uninit-value in check
// DEDUP-NOT: BUG: KMSAN
// DEDUP: reports=2
// DEDUP-NEXT: STATUS: exit 0
// STACK: BUG: KMSAN: uninit-value in main
// STACK: Local variable local created at:
// STACK-NEXT: {{^ main\+0x}}
// ASTACK: Uninitialized value was created by an allocation of 'local' in the stack frame of function 'main'
// CB: callback: UNINIT origin!=0 detector=KMSAN type=uninit-value
// CB-NEXT: reports=1
// CB-NEXT: STATUS: exit 0
// OK: reports=0
// OK-NEXT: STATUS: exit 0
#include <ksan/ksan.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;

__attribute__((noinline)) int check(int *p)
{
	volatile int r = 0;

	if (p[1] == 42)
		r = 1;
	return r;
}

static int on_report(const struct ksan_report *r, void *arg)
{
	printf("callback: %s origin%s0 detector=%s type=%s\n",
	       r->kind == KSAN_BUG_UNINIT ? "UNINIT" : "?", r->origin ? "!=" : "==",
	       r->detector, r->bug_type);
	return 1;
}

int main(int argc, char **argv)
{
	const char *m = argv[1];

	if (!strcmp(m, "stack")) {
		int local;

		sink = &local;
		if (local == 7)
			puts("seven");
		return 0;
	}
	if (!strcmp(m, "callback"))
		ksan_set_report_callback(on_report, 0);
	for (int i = 0; i < (strcmp(m, "loop") ? 1 : 3); i++) {
		/* two origins: the same pc reports once per origin */
		int *p = malloc(16), *q = malloc(16);

		if (!strcmp(m, "clean"))
			memset(p, 0, 16);
		sink = q;
		check(p);
		if (!strcmp(m, "loop"))
			check(i ? p : q);
		free(q);
		/* p leaks on purpose: a new object each time, new origin?
		 * no: same stack, same depot record, same origin */
	}
	printf("reports=%lu\n", ksan_report_count());
	return 0;
}
