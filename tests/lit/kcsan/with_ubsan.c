// --ksan=kcsan,ubsan: one build reports undefined behaviour (UBSAN, the program goes on) and a data race (KCSAN) in the same run; the race-free, UB-free twin is silent.
// RUN: %ksan_cc --ksan=kcsan,ubsan -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t bug 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN --implicit-check-not=UBSAN
#include <limits.h>
#include "Inputs/race.h"

int x;
volatile int sink, big = INT_MAX, one = 1;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void reader(long i) { sink = x; }
kc_noinline void writer(long i) { x = (int)i; }
kc_noinline void locked_reader(long i) { pthread_mutex_lock(&lock); sink = x; pthread_mutex_unlock(&lock); }
kc_noinline void locked_writer(long i) { pthread_mutex_lock(&lock); x = (int)i; pthread_mutex_unlock(&lock); }

kc_noinline int add(int a, int b)
{
	return a + b;	/* L:ub */
}

int main(int argc, char **argv)
{
	int bug = !strcmp(argv[1], "bug");

	kc_setup();
	printf("sum %d\n", add(bug ? big : big - 1, one));
	if (bug)
		kc_race(reader, writer, 4000, 1);
	else
		kc_race(locked_reader, locked_writer, 300, 0);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}UBSAN: signed-integer-overflow in {{.*}}with_ubsan.c:19:
// CHECK: {{^}}sum -2147483648{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}sum 2147483647{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
