// Aligned volatile accesses are marked (the kernel's READ_ONCE/WRITE_ONCE): a volatile reader and a volatile writer never race, but a plain read racing with a volatile write is a data race with the writer "(marked)".  An unaligned volatile access (in a packed struct) is not marked: a volatile reader races with a volatile writer there.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t plain 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t unaligned 2>&1 | FileCheck %s --check-prefix=UNALIGNED
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t volatile 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

int x;
volatile struct __attribute__((packed)) packed {
	char c;
	int v;
} p;
volatile int sink;

kc_noinline void plain_reader(long i)
{
	sink = x;	/* L:plain */
}

kc_noinline void volatile_reader(long i)
{
	sink = *(volatile int *)&x;
}

kc_noinline void volatile_writer(long i)
{
	*(volatile int *)&x = (int)i;	/* L:vwrite */
}

kc_noinline void unaligned_volatile_reader(long i)
{
	sink = p.v;	/* L:ureader */
}

kc_noinline void unaligned_volatile_writer(long i)
{
	p.v = (int)i;	/* L:uwriter */
}

int main(int argc, char **argv)
{
	const char *m = argv[1];

	kc_setup();
	printf("x at %p, p.v at %p\n", (void *)&x, (void *)&p.v);
	if (!strcmp(m, "plain"))
		kc_race(plain_reader, volatile_writer, 4000, 1);
	else if (!strcmp(m, "unaligned"))
		kc_race(unaligned_volatile_reader, unaligned_volatile_writer, 4000, 1);
	else
		kc_race(volatile_reader, volatile_writer, 300, 0);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}x at 0x[[X:[0-9a-f]+]], p.v at
// CHECK: {{^}}BUG: KCSAN: data-race in plain_reader / volatile_writer{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}write (marked) to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} volatile_writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}volatile.c:27{{$}}
// CHECK: {{^}}read to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} plain_reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}volatile.c:17{{$}}
// CHECK: {{^}}value changed:
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// UNALIGNED: {{^}}x at 0x{{[0-9a-f]+}}, p.v at 0x[[V:[0-9a-f]+]]{{$}}
// UNALIGNED: {{^}}BUG: KCSAN: data-race in unaligned_volatile_reader / unaligned_volatile_writer{{$}}
// UNALIGNED-EMPTY:
// UNALIGNED-NEXT: {{^}}{{read|write}} to 0x[[V]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// UNALIGNED: {{^}}{{read|write}} to 0x[[V]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// UNALIGNED: {{^}}done{{$}}
// UNALIGNED-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}x at 0x{{[0-9a-f]+}}, p.v at
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
