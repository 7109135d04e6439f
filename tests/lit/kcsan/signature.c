// KCSAN's crash signature: a race has two stacks, and which access is printed first depends on which thread set the watchpoint; the signature lists both sides' frames in byte order, so the reports of one race (two writers, kcsan_strict=1, every report made: kcsan_report_once_ms=0) have one signature whichever side came first, in the kernel, asan and json layouts alike.  A race between other functions has another.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1:kcsan_report_once_ms=0 bash %S/../Inputs/status.sh %t writers 2>&1 | python3 %S/Inputs/kcsan_sig.py | FileCheck %s --check-prefix=BOTH
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1:report_format=asan bash %S/../Inputs/status.sh %t writers 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1:report_format=json bash %S/../Inputs/status.sh %t writers 2>&1 | python3 %S/Inputs/kcsan_json.py --signature | FileCheck %s --check-prefix=JSON --implicit-check-not='JSON ERROR'
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t reader 2>&1 | FileCheck %s --check-prefix=READER
#include "Inputs/race.h"

int x;
volatile int sink;

kc_noinline void store_a(long i)
{
	x = (int)i;
}

kc_noinline void store_b(long i)
{
	x = (int)-i;
}

kc_noinline void load(long i)
{
	sink = x;
}

int main(int argc, char **argv)
{
	kc_setup();
	if (!strcmp(argv[1], "writers"))
		kc_race(store_a, store_b, 5000, 30);
	else
		kc_race(load, store_b, 5000, 1);
	printf("done\n");
	return 0;
}

// Both orders seen, one signature for all of them.
// BOTH: {{^}}first: store_a store_b{{$}}
// BOTH-NEXT: {{^}}signatures: 1{{$}}
// BOTH-NEXT: {{^}}signature: data-race | store_a | kc_loop / store_b | kc_loop{{$}}

// ASAN: {{^}}SUMMARY: ThreadSanitizer: data race {{.*}}signature.c:{{[0-9:]+}} in store_{{[ab]}}{{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} data-race | {{.+}}{{$}}

// JSON: {{^}}json KCSAN data-race known function=store_a / store_b value=
// JSON-NEXT: {{^}}json signature data-race | store_a | kc_loop / store_b | kc_loop{{$}}

// READER: {{^}}BUG: KCSAN: data-race in load / store_b{{$}}
// READER: {{^}}Crash signature: {{([0-9a-f]{16})}} data-race | load | kc_loop / store_b | kc_loop{{$}}
// READER: {{^}}done{{$}}
