// Huge sizes in every malloc-family function report (reallocarray-overflow, pvalloc-overflow, allocation-size-too-big) or, with allocator_may_return_null=1, return NULL with ENOMEM; zero sizes return freeable pointers (realloc(p, 0) frees) and stay silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t reallocarray 2>&1 | FileCheck %s --check-prefix=RA
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t reallocarray 2>&1 | FileCheck %s --check-prefix=ASAN-RA --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t pvalloc 2>&1 | FileCheck %s --check-prefix=PV
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t pvalloc 2>&1 | FileCheck %s --check-prefix=ASAN-PV --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t valloc 2>&1 | FileCheck %s --check-prefix=VA
// RUN: bash %S/../Inputs/status.sh %run %t calloc 2>&1 | FileCheck %s --check-prefix=CA
// RUN: env KSAN_OPTIONS=allocator_may_return_null=1 bash %S/../Inputs/status.sh %run %t null 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t zero 2>&1 | FileCheck %s --check-prefix=ZERO --implicit-check-not=KASAN
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef __GLIBC__
void *pvalloc(size_t);	/* GNU's: musl's <malloc.h> leaves it out, ksan defines it */
#endif

volatile size_t huge = (size_t)1 << 45, max = SIZE_MAX, one = 1, zero = 0;
void *volatile sink;
#define ERRNO (*(volatile int *)&errno)

static __attribute__((noinline)) void show(const char *what, void *p)
{
	printf("%s: %s %s\n", what, p ? "ptr" : "NULL", ERRNO == ENOMEM ? "ENOMEM" : "-");
	free(p);
}

int main(int argc, char **argv)
{
	const char *m = argv[1];
	char *q = malloc(16);

	if (!strcmp(m, "reallocarray"))
		sink = reallocarray(q, max / 2, 3);
	if (!strcmp(m, "pvalloc"))
		sink = pvalloc(max - 10);
	if (!strcmp(m, "valloc"))
		sink = valloc(huge);
	if (!strcmp(m, "calloc"))
		sink = calloc(huge, one);
	if (!strcmp(m, "null")) {
		ERRNO = 0;
		sink = reallocarray(q, max / 2, 3);
		printf("reallocarray: %s %s\n", sink ? "ptr" : "NULL", ERRNO == ENOMEM ? "ENOMEM" : "-");
		q[15] = 1;	/* the old block stays valid */
		ERRNO = 0;
		sink = pvalloc(max - 10);
		show("pvalloc", sink);
		ERRNO = 0;
		sink = valloc(huge);
		show("valloc", sink);
		ERRNO = 0;
		sink = calloc(huge, one);
		show("calloc", sink);
		ERRNO = 0;
		sink = realloc(NULL, max);
		show("realloc(NULL)", sink);
		ERRNO = 0;
		sink = aligned_alloc(64, max - 32);
		show("aligned_alloc", sink);
	}
	if (!strcmp(m, "zero")) {
		char *p;

		sink = malloc(zero);
		show("malloc(0)", sink);
		sink = calloc(zero, 8);
		show("calloc(0, 8)", sink);
		sink = calloc(8, zero);
		show("calloc(8, 0)", sink);
		sink = valloc(zero);
		show("valloc(0)", sink);
		p = pvalloc(zero);
		printf("pvalloc(0): page-aligned %d, usable %zu\n",
		       (int)((uintptr_t)p % 4096 == 0), malloc_usable_size(p));
		p[4095] = 1;
		free(p);
		sink = aligned_alloc(64, zero);
		show("aligned_alloc(64, 0)", sink);
		p = 0;
		printf("posix_memalign(64, 0): %d\n", posix_memalign((void **)&p, 64, zero));
		free(p);
		p = reallocarray(0, zero, 8);
		show("reallocarray(NULL, 0, 8)", p);
		p = malloc(10);
		printf("realloc(p, 0): %s\n", realloc(p, zero) ? "ptr" : "NULL");
	}
	free(q);
	printf("done\n");
	return 0;
}

// RA: {{^}}KASAN: reallocarray-overflow in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// RA-NEXT: {{^}}reallocarray of 9223372036854775807 elements of 3 bytes overflows by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// RA: {{^}} reallocarray{{$}}
// RA-NEXT: main+0x{{.*}}huge_sizes.c:37
// RA: STATUS: exit 1{{$}}

// ASAN-RA: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: reallocarray parameters overflow: count * size (9223372036854775807 * 3) cannot be represented in type size_t (thread T0){{$}}
// ASAN-RA-NEXT: #0 0x{{[0-9a-f]+}} in reallocarray{{$}}
// ASAN-RA: {{^}}SUMMARY: AddressSanitizer: reallocarray-overflow {{.*}} in main{{$}}
// ASAN-RA: STATUS: exit 1{{$}}

// PV: {{^}}KASAN: pvalloc-overflow in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PV-NEXT: {{^}}pvalloc of 0xfffffffffffffff5 bytes overflows when rounded up to the page size 0x1000 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// PV: {{^}} pvalloc{{$}}
// PV: STATUS: exit 1{{$}}

// ASAN-PV: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: pvalloc parameters overflow: size 0xfffffffffffffff5 rounded up to system page size 0x1000 cannot be represented in type size_t (thread T0){{$}}
// ASAN-PV-NEXT: #0 0x{{[0-9a-f]+}} in pvalloc{{$}}
// ASAN-PV: {{^}}SUMMARY: AddressSanitizer: pvalloc-overflow
// ASAN-PV: STATUS: exit 1{{$}}

// VA: {{^}}KASAN: allocation-size-too-big in main
// VA: {{^}} valloc{{$}}
// VA: STATUS: exit 1{{$}}

// CA: {{^}}KASAN: allocation-size-too-big in main
// CA: {{^}} calloc{{$}}
// CA: STATUS: exit 1{{$}}

// NULL: reallocarray: NULL ENOMEM
// NULL-NEXT: pvalloc: NULL ENOMEM
// NULL-NEXT: valloc: NULL ENOMEM
// NULL-NEXT: calloc: NULL ENOMEM
// NULL-NEXT: realloc(NULL): NULL ENOMEM
// NULL-NEXT: aligned_alloc: NULL ENOMEM
// NULL-NEXT: done
// NULL-NEXT: STATUS: exit 0{{$}}

// ZERO: malloc(0): ptr -
// ZERO-NEXT: calloc(0, 8): ptr -
// ZERO-NEXT: calloc(8, 0): ptr -
// ZERO-NEXT: valloc(0): ptr -
// ZERO-NEXT: pvalloc(0): page-aligned 1, usable 4096
// ZERO-NEXT: aligned_alloc(64, 0): ptr -
// ZERO-NEXT: posix_memalign(64, 0): 0
// ZERO-NEXT: reallocarray(NULL, 0, 8): ptr -
// ZERO-NEXT: realloc(p, 0): NULL
// ZERO-NEXT: done
// ZERO-NEXT: STATUS: exit 0{{$}}
