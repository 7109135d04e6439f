// report_format=asan: when the bad access is in an inlined function, SUMMARY names it (frame #0, as AddressSanitizer does), with its own file:line, not the function it was inlined into.  -O0 (always_inline) and -O2, both compilers and modes.  In bounds, silent.
// RUN: %ksan_cc -O0 %s -o %t0
// RUN: %ksan_cc -O2 %s -o %t2
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t0 8 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t2 8 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t0 7 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=AddressSanitizer
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t2 7 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=AddressSanitizer
#include <stdio.h>
#include <stdlib.h>

static inline __attribute__((always_inline)) void store_at(char *buf, int i)
{
	((volatile char *)buf)[i] = 1;	/* L:store */
}

int main(int argc, char **argv)
{
	char *volatile p = malloc(8);	/* kept: -O2 would drop the block */
	char *buf = p;
	int i = argc > 1 ? atoi(argv[1]) : 0;

	store_at(buf, i);
	printf("stored %d\n", buf[i]);
	free(buf);
	return 0;
}
// CHECK: {{^}}==[[#]]==ERROR: AddressSanitizer: heap-buffer-overflow
// CHECK: {{^}}    #0 0x{{[0-9a-f]+}} in store_at {{.*}}asan_summary_inline.c:13
// CHECK-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}asan_summary_inline.c:22
// CHECK: {{^}}SUMMARY: AddressSanitizer: heap-buffer-overflow {{.*}}asan_summary_inline.c:13{{(:[0-9]+)?}} in store_at{{$}}
// CHECK: STATUS: exit 1
// OK: {{^}}stored 1{{$}}
// OK-NEXT: STATUS: exit 0
