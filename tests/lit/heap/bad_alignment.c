// Invalid alignments (0, 3, not a power of two; posix_memalign: not a multiple of sizeof(void *)) report invalid-allocation-alignment in ASan's words, or return NULL/EINVAL (posix_memalign: EINVAL, *p untouched) with allocator_may_return_null=1; valid ones (memalign(0), C17 aligned_alloc(16, 10)) stay silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t aligned_alloc3 2>&1 | FileCheck %s --check-prefix=AA3
// RUN: bash %S/../Inputs/status.sh %run %t aligned_alloc0 2>&1 | FileCheck %s --check-prefix=AA0
// RUN: bash %S/../Inputs/status.sh %run %t memalign3 2>&1 | FileCheck %s --check-prefix=MA3
// RUN: bash %S/../Inputs/status.sh %run %t posix_memalign4 2>&1 | FileCheck %s --check-prefix=PM4
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t aligned_alloc3 2>&1 | FileCheck %s --check-prefix=ASAN-AA3 --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t memalign3 2>&1 | FileCheck %s --check-prefix=ASAN-MA3 --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t posix_memalign3 2>&1 | FileCheck %s --check-prefix=ASAN-PM3 --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t posix_memalign3 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=allocator_may_return_null=1 bash %S/../Inputs/status.sh %run %t null 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile size_t zero = 0, three = 3, four = 4;
void *volatile sink;
#define ERRNO (*(volatile int *)&errno)

static __attribute__((noinline)) void show(const char *what, void *p)
{
	printf("%s: %s %s\n", what, p ? "ptr" : "NULL",
	       ERRNO == EINVAL ? "EINVAL" : ERRNO == ENOMEM ? "ENOMEM" : "-");
	free(p);
}

static __attribute__((noinline)) void pm(size_t align)
{
	void *p = (void *)42;
	int r;

	ERRNO = 0;
	r = posix_memalign(&p, align, 16);
	printf("posix_memalign(%zu): %d %s p=%lx errno=%d\n", align, r,
	       r == EINVAL ? "EINVAL" : "-", (unsigned long)p, ERRNO);
}

int main(int argc, char **argv)
{
	const char *m = argv[1];
	void *p;
	int r;

	if (!strcmp(m, "aligned_alloc3"))
		sink = aligned_alloc(three, 16);
	if (!strcmp(m, "aligned_alloc0"))
		sink = aligned_alloc(zero, 16);
	if (!strcmp(m, "memalign3"))
		sink = memalign(three, 16);
	if (!strcmp(m, "posix_memalign3"))
		pm(three);
	if (!strcmp(m, "posix_memalign4"))
		pm(four);
	if (!strcmp(m, "null")) {
		ERRNO = 0;
		show("aligned_alloc(3)", aligned_alloc(three, 16));
		ERRNO = 0;
		show("aligned_alloc(0)", aligned_alloc(zero, 16));
		ERRNO = 0;
		show("memalign(3)", memalign(three, 16));
		pm(three);
		pm(four);
		pm(zero);
	}
	if (!strcmp(m, "ok")) {
		ERRNO = 0;
		p = memalign(zero, 10);		/* glibc and ASan: as malloc */
		printf("memalign(0): %s\n", p ? "ptr" : "NULL");
		free(p);
		p = aligned_alloc(16, 10);	/* C17: size need not be a multiple */
		printf("aligned_alloc(16, 10): %s %d\n", p ? "ptr" : "NULL",
		       (int)((uintptr_t)p % 16));
		free(p);
		p = aligned_alloc(4096, 4096);
		printf("aligned_alloc(4096): %d\n", (int)((uintptr_t)p % 4096));
		free(p);
		p = memalign(1, 5);
		printf("memalign(1): %s\n", p ? "ptr" : "NULL");
		free(p);
		p = 0;
		r = posix_memalign(&p, 8, 10);
		printf("posix_memalign(8): %d %s\n", r, p ? "ptr" : "NULL");
		free(p);
	}
	printf("done\n");
	return 0;
}

// AA3: {{^}}=================================================================={{$}}
// AA3-NEXT: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{.*}}
// AA3-NEXT: {{^}}KASAN: invalid-allocation-alignment in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// AA3-NEXT: {{^}}aligned_alloc of 16 bytes with alignment 3: not a power of two by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// AA3-EMPTY:
// AA3-NEXT: Call Trace:
// AA3-NEXT: {{^}} aligned_alloc{{$}}
// AA3-NEXT: main+0x{{.*}}bad_alignment.c:49
// AA3: {{^}}=================================================================={{$}}
// AA3-NEXT: STATUS: exit 1{{$}}

// AA0: {{^}}KASAN: invalid-allocation-alignment in main
// AA0-NEXT: {{^}}aligned_alloc of 16 bytes with alignment 0: not a power of two by task
// AA0: {{^}} aligned_alloc{{$}}
// AA0: STATUS: exit 1{{$}}

// MA3: {{^}}KASAN: invalid-allocation-alignment in main
// MA3-NEXT: {{^}}memalign of 16 bytes with alignment 3: not a power of two by task
// MA3: {{^}} memalign{{$}}
// MA3: STATUS: exit 1{{$}}

// PM4: {{^}}KASAN: invalid-allocation-alignment in pm
// PM4-NEXT: {{^}}posix_memalign of 16 bytes with alignment 4: not a power of two multiple of 8 by task
// PM4: {{^}} posix_memalign{{$}}
// PM4: STATUS: exit 1{{$}}

// ASAN-AA3: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: invalid alignment requested in aligned_alloc: 3, alignment must be a power of two and the requested size 0x10 must be a multiple of alignment (thread T0){{$}}
// ASAN-AA3-NEXT: #0 0x{{[0-9a-f]+}} in __interceptor_aligned_alloc{{$}}
// ASAN-AA3-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}bad_alignment.c:
// ASAN-AA3: {{^}}HINT: if you don't care about these errors you may set allocator_may_return_null=1{{$}}
// ASAN-AA3-NEXT: {{^}}SUMMARY: AddressSanitizer: invalid-aligned-alloc-alignment {{.*}}bad_alignment.c:{{.*}} in main{{$}}
// ASAN-AA3-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} invalid-allocation-alignment | main{{$}}
// ASAN-AA3-NEXT: {{^}}==[[PID]]==ABORTING{{$}}
// ASAN-AA3-NEXT: STATUS: exit 1{{$}}

// ASAN-MA3: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: invalid allocation alignment: 3, alignment must be a power of two (thread T0){{$}}
// ASAN-MA3-NEXT: #0 0x{{[0-9a-f]+}} in memalign{{$}}
// ASAN-MA3: {{^}}SUMMARY: AddressSanitizer: invalid-allocation-alignment {{.*}} in main{{$}}
// ASAN-MA3: STATUS: exit 1{{$}}

// ASAN-PM3: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: invalid alignment requested in posix_memalign: 3, alignment must be a power of two and a multiple of sizeof(void*) == 8 (thread T0){{$}}
// ASAN-PM3-NEXT: #0 0x{{[0-9a-f]+}} in posix_memalign{{$}}
// ASAN-PM3-NEXT: #1 0x{{[0-9a-f]+}} in pm {{.*}}bad_alignment.c:
// ASAN-PM3: {{^}}SUMMARY: AddressSanitizer: invalid-posix-memalign-alignment {{.*}} in pm{{$}}
// ASAN-PM3: STATUS: exit 1{{$}}

// JSON: {{^}}{"detector":"KASAN","type":"invalid-allocation-alignment","asan_type":"invalid-posix-memalign-alignment","access":"alloc","size":16,"alignment":3,{{.*}}}{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// NULL: aligned_alloc(3): NULL EINVAL
// NULL-NEXT: aligned_alloc(0): NULL EINVAL
// NULL-NEXT: memalign(3): NULL EINVAL
// NULL-NEXT: posix_memalign(3): 22 EINVAL p=2a errno=0
// NULL-NEXT: posix_memalign(4): 22 EINVAL p=2a errno=0
// NULL-NEXT: posix_memalign(0): 22 EINVAL p=2a errno=0
// NULL-NEXT: done
// NULL-NEXT: STATUS: exit 0{{$}}

// OK: memalign(0): ptr
// OK-NEXT: aligned_alloc(16, 10): ptr 0
// OK-NEXT: aligned_alloc(4096): 0
// OK-NEXT: memalign(1): ptr
// OK-NEXT: posix_memalign(8): 0 ptr
// OK-NEXT: done
// OK-NEXT: STATUS: exit 0{{$}}
