// Aligned allocations (posix_memalign, aligned_alloc, memalign, valloc, pvalloc) honour their alignment and bounds; bad alignments give EINVAL under allocator_may_return_null=1 (else a report: heap/bad_alignment.c); overflow past an aligned object is reported.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=allocator_may_return_null=1 bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=allocator_may_return_null=1 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef __GLIBC__
void *pvalloc(size_t);	/* GNU's: musl's <malloc.h> leaves it out, ksan defines it */
#endif

void *volatile sink;
#define ERRNO (*(volatile int *)&errno)

static int aligned(void *p, size_t a)
{
	return p && ((uintptr_t)p & (a - 1)) == 0;
}

int main(int argc, char **argv)
{
	void *p = 0;
	char *q;
	int r;
	volatile size_t bad_align = 24, not_pow2 = 48;

	r = posix_memalign(&p, 256, 100);
	sink = p;
	printf("posix_memalign: %d %d\n", r, aligned(p, 256));
	free(p);
	r = posix_memalign(&p, bad_align, 100);
	printf("posix_memalign(24): %s\n", r == EINVAL ? "EINVAL" : "?");
	q = sink = aligned_alloc(64, 128);
	printf("aligned_alloc: %d\n", aligned(q, 64));
	free(q);
	ERRNO = 0;
	q = sink = aligned_alloc(not_pow2, 96);
	printf("aligned_alloc(48): %s %s\n", q ? "ptr" : "NULL", ERRNO == EINVAL ? "EINVAL" : "?");
	q = sink = memalign(4096, 10);
	printf("memalign: %d\n", aligned(q, 4096));
	free(q);
	q = sink = valloc(10);
	printf("valloc: %d\n", aligned(q, 4096));
	free(q);
	q = sink = pvalloc(10);
	printf("pvalloc: %d usable %zu\n", aligned(q, 4096), malloc_usable_size(q));
	free(q);

	q = sink = aligned_alloc(128, 100);
	q[99] = 1;
	if (!strcmp(argv[1], "bug"))
		((char *)sink)[100] = 1;
	free(q);
	printf("done\n");
	return 0;
}

// CHECK: BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// CHECK-NEXT: Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: main+0x{{.*}}aligned_oob.c:55
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} aligned_alloc{{$}}
// CHECK-NEXT: main+0x{{.*}}aligned_oob.c:52
// CHECK: The buggy address belongs to the object at [[START:0x[0-9a-f]*]]{{[08]}}0{{$}}
// CHECK: The buggy address is located 0 bytes to the right of
// CHECK-NEXT: 100-byte region {{\[}}[[START]]{{[08]}}0, 0x[[ADDR]])
// CHECK: STATUS: exit 1{{$}}

// OK: posix_memalign: 0 1
// OK-NEXT: posix_memalign(24): EINVAL
// OK-NEXT: aligned_alloc: 1
// OK-NEXT: aligned_alloc(48): NULL EINVAL
// OK-NEXT: memalign: 1
// OK-NEXT: valloc: 1
// OK-NEXT: pvalloc: 1 usable 4096
// OK-NEXT: done
// OK-NEXT: STATUS: exit 0{{$}}
