// kcsan_test test_assert_exclusive_writer, test_assert_exclusive_access, test_assert_exclusive_access_writer: KSAN_ASSERT_EXCLUSIVE_WRITER fires against a concurrent writer ("assert: race", "assert no writes") and stays silent against concurrent readers; KSAN_ASSERT_EXCLUSIVE_ACCESS fires against a concurrent reader and a concurrent writer ("assert no accesses") and stays silent when the writers and the assertion hold the same mutex.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t writer 2>&1 | FileCheck %s --check-prefix=WRITER
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t access 2>&1 | FileCheck %s --check-prefix=ACCESS
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t access_writer 2>&1 | FileCheck %s --check-prefix=ACCESSW
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t writer_ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t access_ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

int x;
volatile int sink;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void exclusive_writer(long i)
{
	KSAN_ASSERT_EXCLUSIVE_WRITER(x);	/* L:aw */
}

kc_noinline void exclusive_access(long i)
{
	KSAN_ASSERT_EXCLUSIVE_ACCESS(x);	/* L:aa */
}

kc_noinline void reader(long i)
{
	sink = x;	/* L:read */
}

kc_noinline void writer(long i)
{
	x = (int)i;	/* L:write */
}

kc_noinline void locked_exclusive_access(long i)
{
	pthread_mutex_lock(&lock);
	KSAN_ASSERT_EXCLUSIVE_ACCESS(x);
	x = (int)i;
	pthread_mutex_unlock(&lock);
}

kc_noinline void locked_writer(long i)
{
	pthread_mutex_lock(&lock);
	x = (int)-i;
	sink = x;
	pthread_mutex_unlock(&lock);
}

int main(int argc, char **argv)
{
	const char *m = argv[1];

	kc_setup();
	printf("x at %p\n", (void *)&x);
	if (!strcmp(m, "writer"))
		kc_race(exclusive_writer, writer, 4000, 1);
	else if (!strcmp(m, "access"))
		kc_race(exclusive_access, reader, 4000, 1);
	else if (!strcmp(m, "access_writer"))
		kc_race(exclusive_access, writer, 4000, 1);
	else if (!strcmp(m, "writer_ok"))
		kc_race(exclusive_writer, reader, 300, 0);
	else if (!strcmp(m, "access_ok"))
		kc_race(locked_exclusive_access, locked_writer, 300, 0);
	printf("done\n");
	return 0;
}

// WRITER: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// WRITER: {{^}}BUG: KCSAN: assert: race in exclusive_writer / writer{{$}}
// WRITER-EMPTY:
// WRITER-NEXT: {{^}}write to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// WRITER-NEXT: {{^}} writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}assert_exclusive.c:31{{$}}
// WRITER: {{^}}assert no writes to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// WRITER-NEXT: {{^}} exclusive_writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}assert_exclusive.c:16{{$}}
// WRITER: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// WRITER: {{^}}done{{$}}
// WRITER-NEXT: {{^}}STATUS: exit 0{{$}}

// ACCESS: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// ACCESS: {{^}}BUG: KCSAN: assert: race in exclusive_access / reader{{$}}
// ACCESS-EMPTY:
// ACCESS-NEXT: {{^}}read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// ACCESS-NEXT: {{^}} reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}assert_exclusive.c:26{{$}}
// ACCESS: {{^}}assert no accesses to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// ACCESS-NEXT: {{^}} exclusive_access+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}assert_exclusive.c:21{{$}}
// ACCESS: {{^}}done{{$}}
// ACCESS-NEXT: {{^}}STATUS: exit 0{{$}}

// ACCESSW: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// ACCESSW: {{^}}BUG: KCSAN: assert: race in exclusive_access / writer{{$}}
// ACCESSW-EMPTY:
// ACCESSW-NEXT: {{^}}write to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// ACCESSW-NEXT: {{^}} writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}assert_exclusive.c:31{{$}}
// ACCESSW: {{^}}assert no accesses to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// ACCESSW-NEXT: {{^}} exclusive_access+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}assert_exclusive.c:21{{$}}
// ACCESSW: {{^}}done{{$}}
// ACCESSW-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}x at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
