// kcsan_stats=1 prints KCSAN's counters (the kernel's debugfs file) once, at exit: after a race with skip_watch=0, watchpoints were set up and at least one data race counted; an assertion failure is counted as one; without kcsan_stats nothing is printed.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_stats=1 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_stats=1 bash %S/../Inputs/status.sh %t assert 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s --check-prefix=NOSTATS --implicit-check-not=watchpoints
#include "Inputs/race.h"

int x;
volatile int sink;

kc_noinline void reader(long i) { sink = x; }
kc_noinline void writer(long i) { x = (int)i; }
kc_noinline void exclusive(long i) { KSAN_ASSERT_EXCLUSIVE_WRITER(x); }

int main(int argc, char **argv)
{
	kc_setup();
	if (!strcmp(argv[1], "race"))
		kc_race(reader, writer, 4000, 1);
	else
		kc_race(exclusive, writer, 4000, 1);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}ksan: KCSAN stats (pid {{[0-9]+}}): enabled: 1{{$}}
// CHECK-NEXT: {{^}}used_watchpoints: 0{{$}}
// CHECK-NEXT: {{^}}setup_watchpoints: {{[1-9][0-9]*}}{{$}}
// CHECK-NEXT: {{^}}data_races: {{[1-9][0-9]*}}{{$}}
// CHECK-NEXT: {{^}}assert_failures: 0{{$}}
// CHECK-NEXT: {{^}}no_capacity: {{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}report_races: {{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}races_unknown_origin: {{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}unencodable_accesses: {{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}encoding_false_positives: {{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}watchpoint_checks: {{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// ASSERT: {{^}}BUG: KCSAN: assert: race in exclusive / writer{{$}}
// ASSERT: {{^}}done{{$}}
// ASSERT-NEXT: {{^}}ksan: KCSAN stats (pid {{[0-9]+}}): enabled: 1{{$}}
// ASSERT: {{^}}assert_failures: {{[1-9][0-9]*}}{{$}}
// ASSERT: {{^}}STATUS: exit 0{{$}}

// NOSTATS: {{^}}done{{$}}
// NOSTATS-NEXT: {{^}}STATUS: exit 0{{$}}
