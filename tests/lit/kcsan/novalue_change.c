// kcsan_test test_novalue_change: a plain write that stores the value the variable already holds, racing with a plain read, is not reported by default (the watcher sees no value change), and is reported with kcsan_strict=1 (without a "value changed" line).
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1 bash %S/../Inputs/status.sh %t racy 2>&1 | FileCheck %s
#include "Inputs/race.h"

int x = 42;
volatile int sink;

kc_noinline void reader(long i)
{
	sink = x;	/* L:read */
}

kc_noinline void same_value_writer(long i)
{
	x = 42;	/* L:write */
}

int main(int argc, char **argv)
{
	kc_setup();
	printf("x at %p\n", (void *)&x);
	kc_race(reader, same_value_writer, argc > 1 ? 4000 : 300, 1);	/* racy: a report is expected */
	printf("done\n");
	return 0;
}

// OK: {{^}}x at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// CHECK: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in reader / same_value_writer{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}{{read|write}} to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} {{reader\+0x[0-9a-f]+/0x[0-9a-f]+ .*novalue_change.c:12|same_value_writer\+0x[0-9a-f]+/0x[0-9a-f]+ .*novalue_change.c:17}}{{$}}
// CHECK: {{^}}{{read|write}} to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} {{reader\+0x[0-9a-f]+/0x[0-9a-f]+ .*novalue_change.c:12|same_value_writer\+0x[0-9a-f]+/0x[0-9a-f]+ .*novalue_change.c:17}}{{$}}
// CHECK-NOT: value changed
// CHECK: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
