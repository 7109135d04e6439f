// Each source location reports once: a loop hitting the same overflow 10 times gives one report (compiler-rt's convention, the location's column swapped to ~0), another location reports again; the report callback sees detector UBSAN and the check as bug_type.
// REQUIRES: inline
// RUN: %ksan_cc -O0 -g --ksan=ubsan %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t callback 2>&1 | FileCheck %s --check-prefix=CB
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <ksan/ksan.h>

volatile int big = INT_MAX;
static int calls;

static int on_report(const struct ksan_report *r, void *arg)
{
	(void)arg;
	calls++;
	printf("callback: %s %s\n", r->detector, r->bug_type);
	return 1;	/* handled: nothing printed */
}

__attribute__((noinline)) int bump(int i)
{
	return big + i;	/* one location */
}

int main(int argc, char **argv)
{
	int i, s = 0;

	if (argc > 1 && !strcmp(argv[1], "callback"))
		ksan_set_report_callback(on_report, 0);
	for (i = 1; i <= 10; i++)
		s += bump(i) & 1;
	s += big + 5;	/* a second location */
	printf("sum %d, %lu reports, %d callbacks\n", s, ksan_report_count(), calls);
	return 0;
}
// CHECK: {{^}}UBSAN: signed-integer-overflow in {{.*}}dedup.c:24:13{{$}}
// CHECK-NEXT: {{^}}signed integer overflow: {{2147483647 \+ 1|1 \+ 2147483647}} cannot be represented in type 'int'{{$}}
// CHECK-NOT: dedup.c:24:
// CHECK: {{^}}UBSAN: signed-integer-overflow in {{.*}}dedup.c:35:
// CHECK-NEXT: {{^}}signed integer overflow: {{2147483647 \+ 5|5 \+ 2147483647}} cannot be represented in type 'int'{{$}}
// CHECK-NOT: UBSAN
// CHECK: {{^}}sum {{.*}}, 2 reports, 0 callbacks
// CHECK-NEXT: STATUS: exit 0{{$}}
// CB-NOT: UBSAN
// CB: {{^}}callback: UBSAN signed-integer-overflow{{$}}
// CB-NEXT: {{^}}callback: UBSAN signed-integer-overflow{{$}}
// CB-NEXT: {{^}}sum {{.*}}, 2 reports, 2 callbacks
