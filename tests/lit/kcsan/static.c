// A static executable (-static, compiled with -c first: gcc cannot compile for kcsan and link -static in one command) detects and reports a race with symbolized frames, and the mutex twin stays silent.
// RUN: %kcsan_cc -g -O1 -c %s -o %t.o
// RUN: %kcsan_cc -static %t.o -o %t -pthread
// RUN: readelf -lW %t | FileCheck %s --check-prefix=ELF --implicit-check-not=INTERP
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t mutex 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

int x;
volatile int sink;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void static_reader(long i)
{
	sink = x;	/* L:read */
}

kc_noinline void static_writer(long i)
{
	x = (int)i;	/* L:write */
}

kc_noinline void locked_reader(long i)
{
	pthread_mutex_lock(&lock);
	static_reader(i);
	pthread_mutex_unlock(&lock);
}

kc_noinline void locked_writer(long i)
{
	pthread_mutex_lock(&lock);
	static_writer(i);
	pthread_mutex_unlock(&lock);
}

int main(int argc, char **argv)
{
	kc_setup();
	printf("x at %p\n", (void *)&x);
	if (!strcmp(argv[1], "race"))
		kc_race(static_reader, static_writer, 4000, 1);
	else
		kc_race(locked_reader, locked_writer, 300, 0);
	printf("done\n");
	return 0;
}

// ELF: {{^}}Program Headers:

// CHECK: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in static_reader / static_writer{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}write to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} static_writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}static.c:20{{$}}
// CHECK: {{^}}read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} static_reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}static.c:15{{$}}
// CHECK: {{^}}value changed: 0x{{([0-9a-f]{8})}} -> 0x{{([0-9a-f]{8})}}{{$}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}x at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
