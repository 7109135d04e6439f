// kmsan_test test_uaf: without KASAN, freed memory is poisoned with the free as its origin: reading it is reported as "use-after-free" with the free stack (writing it out, "infoleak-after-free", is in kunit_infoleak.c).  Read before the free, it is silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: bash %S/../Inputs/status.sh %t2 read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *volatile sink;

volatile int released;

__attribute__((noinline)) static void release(int *p)
{
	free(p);	/* L:free */
	released++;	/* no tail call: release stays on the free stack */
}

__attribute__((noinline)) static void show(const int *p)
{
	if (*p == 3)	/* L:use */
		puts("three");
	else
		printf("not three\n");
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int *p = malloc(4 * sizeof(int));

	sink = p;
	p = sink;
	p[0] = p[1] = p[2] = p[3] = 3;
	if (!strcmp(mode, "ok"))
		show(p);
	release(p);	/* L:release */
	if (!strcmp(mode, "read"))
		show(sink);	/* L:show */
	puts("end");
	return 0;
}

// READ: {{^}}====================================================={{$}}
// READ-NEXT: {{^}}BUG: KMSAN: use-after-free in show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// READ-NEXT: {{^}} show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uaf.c:24{{$}}
// READ-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uaf.c:42{{$}}
// READ: {{^}}Uninit was created at:{{$}}
// READ-NEXT: {{^}} free{{$}}
// READ-NEXT: {{^}} release+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uaf.c:18{{$}}
// READ-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_uaf.c:40{{$}}
// READ-NOT: three
// READ-NOT: end
// READ: STATUS: exit 1{{$}}

// OK: {{^}}three{{$}}
// OK-NEXT: {{^}}end{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
