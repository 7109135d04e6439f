// kcsan_test test_unknown_origin: the value under a watchpoint changes but no instrumented access ran into it: a write from a file built without KCSAN, and a write by the kernel (read(2) through syscall(), which nothing intercepts), are "race at unknown origin" with the watched read alone; kcsan_report_unknown_origin=0 keeps the same loops silent.  A memcpy from another thread goes through ksan's checked memcpy, so its race has a known origin: the function that called memcpy.
// RUN: %cc -O1 -c -DUNINSTRUMENTED %s -o %t.w.o
// RUN: %kcsan_cc -g -O1 %s %t.w.o -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t uninstrumented 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t syscall 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t memcpy 2>&1 | FileCheck %s --check-prefix=MEMCPY
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_report_unknown_origin=0 bash %S/../Inputs/status.sh %t uninstrumented twin 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_report_unknown_origin=0 bash %S/../Inputs/status.sh %t syscall twin 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#ifdef UNINSTRUMENTED
extern int x;

/* built by the plain compiler: KCSAN never sees this store */
__attribute__((noinline)) void uninstrumented_writer(long i)
{
	*(volatile int *)&x = (int)i;
}
#else
#include <sys/syscall.h>
#include "Inputs/race.h"

int x;
volatile int sink;
volatile size_t four = 4;
static int pipefd[2];

void uninstrumented_writer(long i);

kc_noinline void reader(long i)
{
	sink = x;	/* L:read */
}

/* the kernel stores into x */
kc_noinline void syscall_writer(long i)
{
	int v = (int)i;

	if (write(pipefd[1], &v, sizeof(v)) != sizeof(v) ||
	    syscall(SYS_read, pipefd[0], &x, sizeof(x)) != sizeof(x))
		abort();
}

kc_noinline void memcpy_writer(long i)
{
	int v = (int)i;

	memcpy(&x, &v, four);	/* L:memcpy */
}

int main(int argc, char **argv)
{
	const char *m = argv[1];
	/* a twin (argv[2]) expects no report: it runs its 300 ms in full */
	long ms = argc > 2 ? 300 : 4000;

	kc_setup();
	if (pipe(pipefd))
		abort();
	printf("x at %p\n", (void *)&x);
	kc_any = strcmp(m, "memcpy") != 0;	/* races of unknown origin are the ones wanted */
	if (!strcmp(m, "uninstrumented"))
		kc_race(reader, uninstrumented_writer, ms, 1);
	else if (!strcmp(m, "syscall"))
		kc_race(reader, syscall_writer, ms, 1);
	else if (!strcmp(m, "memcpy"))
		kc_race(reader, memcpy_writer, 4000, 1);
	printf("done\n");
	return 0;
}
#endif

// CHECK: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// CHECK: {{^}}BUG: KCSAN: data-race in reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}race at unknown origin, with read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}unknown_origin.c:30{{$}}
// CHECK: {{^}}value changed: 0x{{([0-9a-f]{8})}} -> 0x{{([0-9a-f]{8})}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// MEMCPY: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// MEMCPY: {{^}}BUG: KCSAN: data-race in memcpy_writer / reader{{$}}
// MEMCPY-EMPTY:
// MEMCPY-NEXT: {{^}}write to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// MEMCPY: {{^}} memcpy_writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}unknown_origin.c:47{{$}}
// MEMCPY: {{^}}read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// MEMCPY-NEXT: {{^}} reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}unknown_origin.c:30{{$}}
// MEMCPY: {{^}}done{{$}}
// MEMCPY-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}x at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
