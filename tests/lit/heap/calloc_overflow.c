// calloc whose element count times size overflows: a calloc-overflow report (exit 1), or NULL with errno ENOMEM under allocator_may_return_null=1; calloc zeroes memory.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=allocator_may_return_null=1 bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile size_t count = 3;
long *volatile sink;
#define ERRNO (*(volatile int *)&errno)

int main(int argc, char **argv)
{
	size_t n = !strcmp(argv[1], "bug") ? SIZE_MAX / 8 + 2 : count;
	long *v;
	size_t i, nonzero = 0;

	ERRNO = 0;
	v = sink = calloc(n, 8);
	if (!v) {
		printf("NULL, errno %s\n", ERRNO == ENOMEM ? "ENOMEM" : "other");
		return 0;
	}
	for (i = 0; i < n; i++)
		nonzero += v[i] != 0;
	printf("%zu elements, %zu nonzero\n", n, nonzero);
	free(v);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{.*}}
// CHECK-NEXT: {{^}}KASAN: calloc-overflow in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}calloc of 2305843009213693953 elements of 8 bytes overflows by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Call Trace:
// CHECK-NEXT: {{^}} calloc{{$}}
// CHECK-NEXT: main+0x{{.*}}calloc_overflow.c:23
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// NULL: NULL, errno ENOMEM
// NULL-NEXT: STATUS: exit 0{{$}}

// OK: 3 elements, 0 nonzero
// OK-NEXT: STATUS: exit 0{{$}}
