// A wild pointer (0x4141414141414141: a non-canonical address, as from a heap overwritten with 'A's) is reported as wild-memory-access, read and write; it always ends the process.
// Inline checks fault on the shadow load itself (a general-protection fault without an address): the runtime decodes the load to name the granule, direction unknown, as the kernel does.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t read 2>&1 | FileCheck %s --check-prefixes=CHECK,READ
// RUN: bash %S/../Inputs/status.sh %run %t write 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
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
// READ-NEXT: {{^}}{{(BUG: KASAN: wild-memory-access in get_id\+0x[0-9a-f]+/0x[0-9a-f]+|general protection fault: 0000 \[#1\] KASAN)}}{{$}}
// READ-NEXT: {{^}}{{(Read( of size 8)? at addr 4141414141414141 by task [^ ]+/[0-9]+|KASAN: wild-memory-access in range \[0x4141414141414140-0x4141414141414147\])}}{{$}}
// WRITE-NEXT: {{^}}{{(BUG: KASAN: wild-memory-access in set_id\+0x[0-9a-f]+/0x[0-9a-f]+|general protection fault: 0000 \[#1\] KASAN)}}{{$}}
// WRITE-NEXT: {{^}}{{(Write( of size 8)? at addr 4141414141414141 by task [^ ]+/[0-9]+|KASAN: wild-memory-access in range \[0x4141414141414140-0x4141414141414147\])}}{{$}}
// CHECK: {{^}}Call Trace:{{$}}
// READ-NEXT: {{^}} get_id+0x{{.*}}wild_access.c:18{{$}}
// WRITE-NEXT: {{^}} set_id+0x{{.*}}wild_access.c:23{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}wild_access.c:{{35|36}}{{$}}
// CHECK-NOT: Memory state around
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// OK: id 1
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: top-byte-ignore drops the 0x41 top byte, and qemu-user reports such a fault at address 0.
// UNSUPPORTED: aarch64
