// kmsan_test test_uninit_kmalloc / test_init_kmalloc / test_init_kzalloc: an int from malloc used in a branch is reported with its allocation as the origin (kernel layout and, with report_format=asan, MemorySanitizer's words); written first, or taken from calloc, it is silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 uninit 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 uninit 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 init 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN --implicit-check-not=MemorySanitizer
// RUN: bash %S/../Inputs/status.sh %t2 init 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN --implicit-check-not=MemorySanitizer
// RUN: bash %S/../Inputs/status.sh %t0 zalloc 2>&1 | FileCheck %s --check-prefix=ZERO --implicit-check-not=KMSAN --implicit-check-not=MemorySanitizer
// RUN: bash %S/../Inputs/status.sh %t2 zalloc 2>&1 | FileCheck %s --check-prefix=ZERO --implicit-check-not=KMSAN --implicit-check-not=MemorySanitizer
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t2 uninit 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;	/* hides where the int came from from the optimizer */

__attribute__((noinline)) static void big(void)
{
	puts("big");
}

__attribute__((noinline)) static void small(void)
{
	puts("small");
}

int main(int argc, char **argv)
{
	if (!strcmp(argv[1], "zalloc"))
		sink = calloc(1, sizeof(int));
	else
		sink = malloc(sizeof(int));	/* L:alloc */
	if (!strcmp(argv[1], "init"))
		*sink = 3;
	if (*sink > 2)	/* L:use */
		big();
	else
		small();
	return 0;
}

// CHECK: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uninit_malloc.c:35{{$}}
// CHECK-NOT: {{^}}Uninit was stored to memory at:
// CHECK: {{^}}Uninit was created at:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uninit_malloc.c:32{{$}}
// CHECK-NOT: {{^}}Bytes
// CHECK-NOT: {{^}}Memory access of size
// CHECK: {{^}}====================================================={{$}}
// CHECK-NOT: {{big|small}}
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}big{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// ZERO: {{^}}small{{$}}
// ZERO-NEXT: STATUS: exit 0{{$}}

// ASAN: {{^}}==[[PID:[0-9]+]]==WARNING: MemorySanitizer: use-of-uninitialized-value{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in main {{.*}}kunit_uninit_malloc.c:35{{(:[0-9]+)?$}}
// ASAN: {{^}}  Uninitialized value was created by a heap allocation{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in malloc{{( .*)?$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}kunit_uninit_malloc.c:32{{(:[0-9]+)?$}}
// ASAN: {{^}}SUMMARY: MemorySanitizer: use-of-uninitialized-value {{.*}}kunit_uninit_malloc.c:35{{(:[0-9]+)?}} in main{{$}}
// ASAN: STATUS: exit 1{{$}}
