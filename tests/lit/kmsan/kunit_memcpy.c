// kmsan_test test_init_memcpy / test_memcpy_aligned_to_aligned: memcpy and memmove carry shadow and origins; an uninitialised int copied to another buffer and used there is reported with the copy as a stored-to-memory link and its allocation as the origin (the unaligned copy, checked byte by byte at write(2), is in kunit_infoleak.c).  Copies of initialised data are silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 memcpy 2>&1 | FileCheck %s --check-prefix=MEMCPY
// RUN: bash %S/../Inputs/status.sh %t2 memcpy 2>&1 | FileCheck %s --check-prefix=MEMCPY
// RUN: bash %S/../Inputs/status.sh %t0 memmove 2>&1 | FileCheck %s --check-prefix=MEMMOVE
// RUN: bash %S/../Inputs/status.sh %t2 memmove 2>&1 | FileCheck %s --check-prefix=MEMMOVE
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *volatile sink;

__attribute__((noinline)) static void *hide(void *p)
{
	sink = p;
	return sink;
}

__attribute__((noinline)) static void report_sign(int v)
{
	if (v < 0)	/* L:use */
		puts("negative");
	else
		puts("not negative");
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	int *src = hide(malloc(sizeof(int)));	/* L:alloc */
	int *dst = hide(malloc(sizeof(int)));
	char *buf = hide(malloc(16));		/* L:alloc16 */

	if (ok) {
		*src = -4;
		memset(buf, 1, 8);
	}
	if (!strcmp(mode, "memcpy") || ok) {
		memcpy(dst, src, sizeof(int));	/* L:memcpy */
		report_sign(*(volatile int *)dst);	/* L:use1 */
	}
	if (!strcmp(mode, "memmove") || ok) {
		memmove(buf + 4, buf, 8);	/* L:memmove */
		report_sign(*(volatile int *)(buf + 8));	/* L:use2 */
	}
	return 0;
}

// (eager checks: the uninitialised argument is reported at the call, in main)
// MEMCPY: {{^}}====================================================={{$}}
// MEMCPY-NEXT: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// MEMCPY-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memcpy.c:44{{$}}
// (the kernel never shows its own __msan_*/kmsan_* frames: the link starts
// at the caller of memcpy)
// MEMCPY: {{^}}Uninit was stored to memory at:{{$}}
// MEMCPY-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memcpy.c:43{{$}}
// MEMCPY: {{^}}Uninit was created at:{{$}}
// MEMCPY-NEXT: {{^}} malloc{{$}}
// MEMCPY-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memcpy.c:34{{$}}
// MEMCPY-NOT: negative
// MEMCPY: STATUS: exit 1{{$}}

// MEMMOVE: {{^}}BUG: KMSAN: uninit-value in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// MEMMOVE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memcpy.c:48{{$}}
// MEMMOVE: {{^}}Uninit was stored to memory at:{{$}}
// MEMMOVE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memcpy.c:47{{$}}
// (one memmove, one link: bytes 8-11 were copied once, from bytes 4-7)
// MEMMOVE-NOT: {{^}}Uninit was stored
// MEMMOVE: {{^}}Uninit was created at:{{$}}
// MEMMOVE-NEXT: {{^}} malloc{{$}}
// MEMMOVE-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memcpy.c:36{{$}}
// MEMMOVE-NOT: negative
// MEMMOVE: STATUS: exit 1{{$}}

// OK: {{^}}negative{{$}}
// OK-NEXT: {{^}}not negative{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
