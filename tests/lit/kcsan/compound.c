// A compound x++ in two threads at once is a data race (a read-modify-write is never assumed atomic; clang instruments it as one read-write access, gcc as a read and a write), reported with both sides in the same function; the same increments under a mutex stay silent, also with kcsan_strict=1.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1 bash %S/../Inputs/status.sh %t mutex 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

long counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void bump(long i)
{
	counter++;	/* L:inc */
}

kc_noinline void locked_bump(long i)
{
	pthread_mutex_lock(&lock);
	counter++;
	pthread_mutex_unlock(&lock);
}

int main(int argc, char **argv)
{
	kc_setup();
	printf("counter at %p\n", (void *)&counter);
	if (!strcmp(argv[1], "race"))
		kc_race(bump, bump, 4000, 1);
	else
		kc_race(locked_bump, locked_bump, 300, 0);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}counter at 0x[[C:[0-9a-f]+]]{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in bump / bump{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}{{read-write|write|read}} to 0x[[C]] of 8 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} bump+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}compound.c:12{{$}}
// CHECK: {{^}}{{read-write|read}} to 0x[[C]] of 8 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} bump+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}compound.c:12{{$}}
// CHECK: {{^}}value changed: 0x{{([0-9a-f]{16})}} -> 0x{{([0-9a-f]{16})}}{{$}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}counter at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
