// A wild pointer (0x4141414141414141: a non-canonical address, as from a heap overwritten with 'A's) is reported as wild-memory-access, read and write; it always ends the process.
// Bug (inline mode): the inline check faults on the shadow of the non-canonical
// address (#GP, si_code SI_KERNEL, no fault address), and ksan reports
// "Read at addr 0x0" even for a write to 0x4141414141414141: the direction is
// that of the shadow load and the address is unknown.  The report must name
// the program's access (decode the faulting shadow load's operand to recover
// the address, as the kernel's GPF hook does).
// XFAIL: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t read 2>&1 | FileCheck %s --check-prefixes=CHECK,READ
// RUN: bash %S/../Inputs/status.sh %t write 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct obj {
	long id;
	struct obj *next;
};

__attribute__((noinline)) long get_id(struct obj *o)
{
	return o->id;
}

__attribute__((noinline)) void set_id(struct obj *o, long id)
{
	o->id = id;
}

int main(int argc, char **argv)
{
	struct obj *o = malloc(sizeof(*o));

	o->id = 1;
	o->next = o;
	if (strcmp(argv[1], "ok"))
		memset(&o->next, 'A', sizeof(o->next));	/* a stray overwrite */
	if (!strcmp(argv[1], "write"))
		set_id(o->next, 5);
	printf("id %ld\n", get_id(o->next));
	free(o);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// READ-NEXT: {{^}}BUG: KASAN: wild-memory-access in get_id+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// READ-NEXT: {{^}}Read{{( of size 8)?}} at addr 0x4141414141414141 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// WRITE-NEXT: {{^}}BUG: KASAN: wild-memory-access in set_id+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// WRITE-NEXT: {{^}}Write{{( of size 8)?}} at addr 0x4141414141414141 by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Call Trace:
// READ-NEXT: {{^}} get_id+0x{{.*}}wild_access.c:24{{$}}
// WRITE-NEXT: {{^}} set_id+0x{{.*}}wild_access.c:29{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}wild_access.c:{{41|42}}{{$}}
// CHECK-NOT: Memory state around
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1

// OK: id 1
// OK-NEXT: STATUS: exit 0
