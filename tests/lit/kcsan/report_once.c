// kcsan_report_once_ms: the same race (the same pair of racing accesses) keeps happening for 600 ms and is reported once (default 3000 ms window), while a race between another pair of functions in that window is still reported; with kcsan_report_once_ms=0 the same race is reported again and again; with a 100 ms window it is reported again after a 300 ms pause.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t once 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_report_once_ms=0 bash %S/../Inputs/status.sh %t every 2>&1 | FileCheck %s --check-prefix=EVERY
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_report_once_ms=100 bash %S/../Inputs/status.sh %t window 2>&1 | FileCheck %s --check-prefix=WINDOW
#include "Inputs/race.h"

int x, y;
volatile int sink;

kc_noinline void reader(long i) { sink = x; }
kc_noinline void writer(long i) { x = (int)i; }
kc_noinline void other_reader(long i) { sink = y; }
kc_noinline void other_writer(long i) { y = (int)i; }

kc_uninstr static void phase(const char *name, kc_fn a, kc_fn b, long ms, unsigned long wanted)
{
	/* kc_known counts the reports with both sides known (a rare race of
	 * unknown origin is another pair, with its own window) */
	unsigned long before = __atomic_load_n(&kc_known, __ATOMIC_RELAXED);

	kc_race(a, b, ms, wanted);
	printf("%s: known reports %lu\n", name, __atomic_load_n(&kc_known, __ATOMIC_RELAXED) - before);
}

int main(int argc, char **argv)
{
	const char *m = argv[1];

	kc_setup();
	if (!strcmp(m, "once")) {
		/* stops early only if a second report came: it must not */
		phase("same pair", reader, writer, 600, 2);
		phase("other pair", other_reader, other_writer, 4000, 1);
	} else if (!strcmp(m, "every")) {
		phase("same pair", reader, writer, 4000, 3);
	} else {
		phase("first", reader, writer, 4000, 1);
		usleep(300000);
		phase("after the window", reader, writer, 4000, 1);
	}
	printf("done\n");
	return 0;
}

// ONCE: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// ONCE-NOT: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// ONCE: {{^}}same pair: known reports 1{{$}}
// ONCE: {{^}}BUG: KCSAN: data-race in other_reader / other_writer{{$}}
// ONCE-NOT: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// ONCE: {{^}}other pair: known reports {{[1-9][0-9]*}}{{$}}
// ONCE-NEXT: {{^}}done{{$}}
// ONCE-NEXT: {{^}}STATUS: exit 0{{$}}

// EVERY: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// EVERY: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// EVERY: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// EVERY: {{^}}same pair: known reports {{[3-9]|[1-9][0-9]+}}{{$}}
// EVERY-NEXT: {{^}}done{{$}}
// EVERY-NEXT: {{^}}STATUS: exit 0{{$}}

// WINDOW: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// WINDOW: {{^}}first: known reports {{[1-9][0-9]*}}{{$}}
// WINDOW: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// WINDOW: {{^}}after the window: known reports {{[1-9][0-9]*}}{{$}}
// WINDOW-NEXT: {{^}}done{{$}}
// WINDOW-NEXT: {{^}}STATUS: exit 0{{$}}
