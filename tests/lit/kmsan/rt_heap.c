// Runtime: an uninitialised heap int read in a branch is reported with its
// malloc stack; the calloc twin is silent.  -O0 and -O2.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 malloc 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 malloc 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 calloc 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 calloc 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// CHECK: {{^=====================================================$}}
// CHECK-NEXT: BUG: KMSAN: uninit-value in check+0x
// CHECK-NEXT: {{^ check\+0x.*rt_heap.c:31}}
// CHECK: Uninit was created at:
// CHECK-NEXT: {{^ malloc$}}
// CHECK-NEXT: {{^ main\+0x.*rt_heap.c:38}}
// CHECK: Reported by task
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} uninit-value | {{.+}}{{$}}
// CHECK-NEXT: {{^=====================================================$}}
// CHECK-NEXT: STATUS: exit 1
// OK: ok
// OK-NEXT: STATUS: exit 0
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

int main(int argc, char **argv)
{
	int *p = strcmp(argv[1], "calloc") ? malloc(4 * sizeof(int)) :
		 calloc(4, sizeof(int));

	p[0] = 1;
	sink = p;
	check(p);
	puts("ok");
	return 0;
}
