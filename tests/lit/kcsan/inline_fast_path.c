// clang 14 with ksan-opt, asked for (--ksan-opt; KCSAN builds leave the
// plugin out by default): KCSAN's fast path is emitted in line before each
// plain access (tools/ksan-opt/KcsanInline.cpp): the watchpoint slot's
// counter and the countdown are read in the function itself and the
// runtime is called only when it must be.  KSAN_OPT_STATS says how many
// accesses got it; the races are found as with the calls (the same
// report, both sides named), and the correct twin is silent.  A shared
// library keeps its calls (the counters are the executable's).
// REQUIRES: ksan-opt
// RUN: env KSAN_OPT_STATS=1 %kcsan_cc --ksan-opt -g -O1 %s -o %t -pthread 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: env KSAN_OPT_STATS=1 %kcsan_cc --ksan-opt -g -O1 -fPIC -shared %s -o %t.so 2>&1 | FileCheck %s --check-prefix=SHARED --allow-empty
// RUN: %kcsan_cc --ksan-opt -g -O1 -S -o - %s | FileCheck %s --check-prefix=ASM
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

long x;
long counts[64];
volatile long sink;

kc_noinline void reader(long i) { sink = x; }
kc_noinline void writer(long i) { x = i; }
/* each thread its own element: no race */
kc_noinline void own0(long i) { counts[0] += i; }
kc_noinline void own1(long i) { counts[32] += i; }

int main(int argc, char **argv)
{
	kc_setup();
	if (!strcmp(argv[1], "race"))
		kc_race(reader, writer, 4000, 1);
	else
		kc_race(own0, own1, 300, 0);
	printf("done\n");
	return 0;
}

// STATS: ksan-opt: {{.*}}inline_fast_path.c: KCSAN fast path inline at {{[1-9][0-9]*}} accesses
// SHARED-NOT: KCSAN fast path inline
// ASM-LABEL: {{^}}reader:
// ASM: kcsan_near
// ASM: kcsan_tls@
// ASM: __tsan_read8
// RACE: {{^}}BUG: KCSAN: data-race in {{reader / writer|writer / reader}}{{$}}
// RACE: {{^}}STATUS: exit 0{{$}}
// OK: {{^}}done{{$}}
// OK: {{^}}STATUS: exit 0{{$}}
