// kcsan_test test_basic: a plain read racing with a plain write of an int is reported in the kernel's layout (title with both functions sorted, the writer that ran into the watchpoint first, the stalled reader second, both at the int's address, 4 bytes, the value change); KCSAN goes on after a report (halt_on_error=0 by default, the program finishes with its own status), halt_on_error=1 stops at the first.  Twins: the same loops under a mutex, and with the reader's access inside KSAN_DATA_RACE, stay silent.
// RUN: %kcsan_cc -g -O0 %s -o %t0 -pthread
// RUN: %kcsan_cc -g -O2 %s -o %t2 -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t0 race 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t2 race 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:halt_on_error=1 bash %S/../Inputs/status.sh %t2 race 2>&1 | FileCheck %s --check-prefix=HALT
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t0 mutex 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t2 mutex 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t2 data_race 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

int x;
volatile int sink;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void reader(long i)
{
	sink = x;	/* L:read */
}

kc_noinline void writer(long i)
{
	x = (int)i;	/* L:write */
}

kc_noinline void locked_reader(long i)
{
	pthread_mutex_lock(&lock);
	sink = x;
	pthread_mutex_unlock(&lock);
}

kc_noinline void locked_writer(long i)
{
	pthread_mutex_lock(&lock);
	x = (int)i;
	pthread_mutex_unlock(&lock);
}

kc_noinline void annotated_reader(long i)
{
	sink = KSAN_DATA_RACE(x);
}

int main(int argc, char **argv)
{
	kc_setup();
	printf("x at %p\n", (void *)&x);
	if (!strcmp(argv[1], "race"))
		printf("reports %lu\n", kc_race(reader, writer, 4000, 1));
	else if (!strcmp(argv[1], "mutex"))
		kc_race(locked_reader, locked_writer, 300, 0);
	else if (!strcmp(argv[1], "data_race"))
		kc_race(annotated_reader, writer, 300, 0);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in reader / writer{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}write to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}basic.c:23{{$}}
// CHECK: {{^}}read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}basic.c:18{{$}}
// CHECK: {{^}}value changed: 0x{{([0-9a-f]{8})}} -> 0x{{([0-9a-f]{8})}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// CHECK: {{^}}=================================================================={{$}}
// CHECK: {{^}}reports {{[1-9][0-9]*}}{{$}}
// CHECK-NEXT: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// HALT: {{^}}BUG: KCSAN: data-race in reader{{( / writer|\+0x[0-9a-f]+/0x[0-9a-f]+)}}{{$}}
// HALT: {{^}}=================================================================={{$}}
// HALT-NOT: done
// HALT: {{^}}STATUS: exit 1{{$}}

// OK: {{^}}x at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
