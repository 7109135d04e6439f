// Bad kcsan_* values in KSAN_OPTIONS stop a KCSAN program at start-up, before main, with exactly one line naming the key and what is accepted, and exit 1: kcsan_udelay=0, kcsan_skip_watch=-1 and one past its maximum, kcsan_report_once_ms past a day, kcsan_strict=2, kcsan_interrupt_watcher=on.  Good values at their limits run.
// RUN: %kcsan_cc -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_udelay=0 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=UDELAY
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=-1 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=SKIPNEG
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=1000000001 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=SKIPBIG
// RUN: env KSAN_OPTIONS=kcsan_report_once_ms=86400001 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: env KSAN_OPTIONS=kcsan_strict=2 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: env KSAN_OPTIONS=kcsan_interrupt_watcher=on bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=IRQ
// RUN: env KSAN_OPTIONS=kcsan_udelay=1:kcsan_skip_watch=0:kcsan_report_once_ms=0 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=GOOD
// RUN: env KSAN_OPTIONS=kcsan_udelay=1000000:kcsan_skip_watch=1000000000:kcsan_report_once_ms=86400000:kcsan_strict=1:kcsan_interrupt_watcher=1:kcsan_report_unknown_origin=0 bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=GOOD
#include <stdio.h>

int x;

int main(void)
{
	x++;
	printf("main ran %d\n", x);
	return 0;
}

// UDELAY-NOT: {{.}}
// UDELAY: {{^}}ksan: bad value for option 'kcsan_udelay': '0' (accepted: 1 to 1000000 microseconds){{$}}
// UDELAY-NEXT: {{^}}STATUS: exit 1{{$}}

// SKIPNEG-NOT: {{.}}
// SKIPNEG: {{^}}ksan: bad value for option 'kcsan_skip_watch': '-1' (accepted: {{.*}}1000000000){{$}}
// SKIPNEG-NEXT: {{^}}STATUS: exit 1{{$}}

// SKIPBIG-NOT: {{.}}
// SKIPBIG: {{^}}ksan: bad value for option 'kcsan_skip_watch': '1000000001' (accepted: {{.*}}1000000000){{$}}
// SKIPBIG-NEXT: {{^}}STATUS: exit 1{{$}}

// ONCE-NOT: {{.}}
// ONCE: {{^}}ksan: bad value for option 'kcsan_report_once_ms': '86400001' (accepted: {{.*}}86400000 milliseconds){{$}}
// ONCE-NEXT: {{^}}STATUS: exit 1{{$}}

// STRICT-NOT: {{.}}
// STRICT: {{^}}ksan: bad value for option 'kcsan_strict': '2' (accepted: 0, 1, true, false, yes or no){{$}}
// STRICT-NEXT: {{^}}STATUS: exit 1{{$}}

// IRQ-NOT: {{.}}
// IRQ: {{^}}ksan: bad value for option 'kcsan_interrupt_watcher': 'on' (accepted: 0, 1, true, false, yes or no){{$}}
// IRQ-NEXT: {{^}}STATUS: exit 1{{$}}

// GOOD-NOT: {{.}}
// GOOD: {{^}}main ran 1{{$}}
// GOOD-NEXT: {{^}}STATUS: exit 0{{$}}
