// clang 14 with ksan-opt (--ksan-opt): KCSAN's inline fast path takes the
// countdown once per batch (the plain accesses of one block with no call
// between them, tools/ksan-opt/KcsanInline.cpp), and when the countdown
// runs out inside a batch every access of it calls the runtime, so the
// watched access is still the one the countdown picks.  The race here can
// only be found by watching the reader's LAST access of its batch: 16 reads
// of its own array, then the read of x (its address depends on them, so it
// comes last); the writer's aligned 8-byte store is assumed atomic (never
// watched), it only runs into the reader's watchpoint.  kcsan_skip_watch=40
// (countdowns of 1..40: a batch of 17 is counted at once in most calls, and
// runs out in the others) finds it; the silent twin writes another
// variable.  KSAN_OPT_BREAK=batch builds the wrong variant (only a batch's
// first access calls when its countdown runs out): the same run loses the
// race.  The IR shows one countdown for the batch of 17, one test per
// access, a call ending a batch (two countdowns in split()), the count
// kept in a register from one batch to the next (twoblocks()), and read
// from kcsan_tls at every batch where the function calls setjmp (jumpy()).
// REQUIRES: ksan-opt
// RUN: env KSAN_OPT_STATS=1 %kcsan_cc --ksan-opt -g -O1 %s -o %t -pthread 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: env KSAN_OPT_BREAK=batch %kcsan_cc --ksan-opt -g -O1 %s -o %t.broken -pthread
// RUN: %kcsan_cc --ksan-opt -O1 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=IR
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=40 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=40 bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=40 bash %S/../Inputs/status.sh %t.broken race 2>&1 | FileCheck %s --check-prefix=LOST --implicit-check-not=KCSAN
#include "Inputs/race.h"
#include <setjmp.h>

long own[16];
long x[1], y[1];
volatile long sink;

kc_noinline void reader(long i)
{
	long s = own[0] + own[1] + own[2] + own[3] + own[4] + own[5] + own[6] + own[7] +
		 own[8] + own[9] + own[10] + own[11] + own[12] + own[13] + own[14] + own[15];

	sink = x[s];	/* s is 0: the batch's 17th access reads x[0] */
}
kc_noinline void writer(long i) { x[0] = i; }
kc_noinline void other(long i) { y[0] = i; }

kc_noinline void opaque(void) { __asm__ __volatile__("" ::: "memory"); }
kc_noinline long split(void)
{
	long a = own[0];

	opaque();
	return a + own[1];
}
/* two batches, no call between: the second takes the count from a register */
kc_noinline void twoblocks(long i)
{
	own[4] = i;
	if (i & 1)
		own[5] = i;
}
/* setjmp: the count is read from kcsan_tls at every batch */
jmp_buf jb;
kc_noinline void jumpy(long i)
{
	if (setjmp(jb))
		return;
	own[6] = i;
	if (i & 1)
		own[7] = i;
}

int main(int argc, char **argv)
{
	unsigned long n;

	kc_setup();
	if (!strcmp(argv[1], "race"))
		n = kc_race(reader, writer, 4000, 1);
	else
		n = kc_race(reader, other, 300, 0);
	printf("done: %s\n", n ? "reported" : "none");
	return split() != 0;
}

// STATS: ksan-opt: {{.*}}inline_batch.c: KCSAN fast path inline at {{[1-9][0-9]*}} accesses, {{[1-9][0-9]*}} countdowns
// IR-LABEL: define {{.*}}@reader(
// IR-NEXT: [[S:%[0-9]+]] = load volatile i64, i64* @kcsan_tls
// IR-NEXT: icmp sge i64 [[S]], 17
// IR: [[RAN:%[0-9]+]] = zext i1 %{{[0-9]+}} to i8
// IR-COUNT-17: or i8 %{{[0-9]+}}, [[RAN]]
// IR-NOT: icmp sge
// IR-LABEL: define {{.*}}@writer(
// IR-LABEL: define {{.*}}@split(
// IR: icmp sge i64 %{{[0-9]+}}, 1
// IR: call void @opaque()
// IR: icmp sge i64 %{{[0-9]+}}, 1
// IR-LABEL: define {{.*}}@twoblocks(
// IR: [[C:%[0-9]+]] = load volatile i64, i64* @kcsan_tls
// IR-NEXT: icmp sge i64 [[C]], 1
// IR: [[P:%[0-9]+]] = phi i64
// IR: icmp sge i64 [[P]], 1
// IR-LABEL: define {{.*}}@jumpy(
// IR-NOT: phi i64
// IR: icmp sge i64 %{{[0-9]+}}, 1
// IR-NOT: phi i64
// IR: icmp sge i64 %{{[0-9]+}}, 1
// IR-NOT: phi i64
// IR-LABEL: define {{.*}}@main(
// RACE: {{^}}BUG: KCSAN: data-race in {{reader / writer|writer / reader}}{{$}}
// RACE: {{^}}done: reported{{$}}
// RACE: {{^}}STATUS: exit 0{{$}}
// OK: {{^}}done: none{{$}}
// OK: {{^}}STATUS: exit 0{{$}}
// LOST: {{^}}done: none{{$}}
// LOST: {{^}}STATUS: exit 0{{$}}
