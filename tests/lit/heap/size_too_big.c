// Allocation sizes beyond the documented maximum: allocation-size-too-big report, or NULL/ENOMEM with allocator_may_return_null=1 (malloc, realloc, posix_memalign).
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t malloc 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t realloc 2>&1 | FileCheck %s --check-prefix=REALLOC
// RUN: env KSAN_OPTIONS=allocator_may_return_null=1 bash %S/../Inputs/status.sh %run %t all 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile size_t huge = (size_t)1 << 45;
void *volatile sink;
#define ERRNO (*(volatile int *)&errno)

int main(int argc, char **argv)
{
	const char *what = argv[1];
	size_t n = strcmp(what, "ok") ? huge : 1000;
	void *p, *q = malloc(16);
	int r;

	if (!strcmp(what, "malloc") || !strcmp(what, "all") || !strcmp(what, "ok")) {
		ERRNO = 0;
		p = sink = malloc(n);
		printf("malloc: %s %s\n", p ? "ptr" : "NULL", ERRNO == ENOMEM ? "ENOMEM" : "-");
		free(p);
	}
	if (!strcmp(what, "realloc") || !strcmp(what, "all")) {
		ERRNO = 0;
		p = sink = realloc(q, n);
		printf("realloc: %s %s\n", p ? "ptr" : "NULL", ERRNO == ENOMEM ? "ENOMEM" : "-");
		if (p)
			q = p;
	}
	if (!strcmp(what, "all")) {
		p = 0;
		r = posix_memalign(&p, 64, n);
		sink = p;
		printf("posix_memalign: %d %s\n", r, r == ENOMEM ? "ENOMEM" : "-");
		ERRNO = 0;
		p = sink = malloc(SIZE_MAX);
		printf("malloc(SIZE_MAX): %s %s\n", p ? "ptr" : "NULL", ERRNO == ENOMEM ? "ENOMEM" : "-");
	}
	free(q);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{.*}}
// CHECK-NEXT: {{^}}KASAN: allocation-size-too-big in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Allocation of 0x200000000000 bytes exceeds the maximum 0x{{[0-9a-f]+}} by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Call Trace:
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: main+0x{{.*}}size_too_big.c:26
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// REALLOC: {{^}}KASAN: allocation-size-too-big in main
// REALLOC: Call Trace:
// REALLOC-NEXT: {{^}} realloc{{$}}
// REALLOC: STATUS: exit 1{{$}}

// NULL: malloc: NULL ENOMEM
// NULL-NEXT: realloc: NULL ENOMEM
// NULL-NEXT: posix_memalign: 12 ENOMEM
// NULL-NEXT: malloc(SIZE_MAX): NULL ENOMEM
// NULL-NEXT: done
// NULL-NEXT: STATUS: exit 0{{$}}

// OK: malloc: ptr -
// OK-NEXT: done
// OK-NEXT: STATUS: exit 0{{$}}
