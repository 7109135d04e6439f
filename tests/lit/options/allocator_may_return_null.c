// allocator_may_return_null=1 turns an impossible allocation into NULL with errno ENOMEM (default 0: a report, exit 1).
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=allocator_may_return_null=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=allocator_may_return_null=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void *volatile sink;
volatile size_t n = SIZE_MAX - 4096;

int main(void)
{
	*(volatile int *)&errno = 0;
	sink = malloc(n);
	printf("%s %s\n", sink ? "ptr" : "NULL", *(volatile int *)&errno == ENOMEM ? "ENOMEM" : "?");
	return 0;
}

// NULL: NULL ENOMEM
// NULL-NEXT: STATUS: exit 0{{$}}

// CHECK: {{^}}KASAN: allocation-size-too-big in main
// CHECK: (set allocator_may_return_null=1 to get NULL instead)
// CHECK: STATUS: exit 1{{$}}
