// A use after free of a slot while the allocator recycles other slots: with a release function and a quarantine of 8 slots (pool_quarantine_size=512), the freed connection is not handed out again while the 8 freed before it come back through the release function and are reused; reading it is slab-use-after-free with its allocation and free stacks and the pool named as the cache, in the kasan, asan and json layouts.  "ok" is the silent twin (the same run without the read).  The plain compiler's build of the same source runs silently, and there the freed slot is handed out again at once: the use after free no tool on the heap sees.
// RUN: %ksan_cc -O1 -g %s -o %t -pthread
// RUN: env KSAN_OPTIONS=pool_quarantine_size=512 bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefixes=CHECK,KSAN
// RUN: env KSAN_OPTIONS=pool_quarantine_size=512:report_format=asan bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=pool_quarantine_size=512:report_format=json bash %S/../Inputs/status.sh %run %t uaf 2>&1 | grep -v "^handed out" | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=pool_quarantine_size=512 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: %cc -O1 -g -I%root/include %s -o %t.plain -pthread
// RUN: bash %S/../Inputs/status.sh %run %t.plain uaf 2>&1 | FileCheck %s --check-prefix=PLAIN
#include <stdio.h>
#include <string.h>
#include "Inputs/slots.h"

struct conn {
	char peer[16];		/* the free list's link goes here */
	int fd;
	char pad[44];
};

static struct slots conns;

__attribute__((noinline)) static struct conn *conn_open(int fd)
{
	struct conn *c = slots_alloc(&conns, sizeof(*c));

	c->fd = fd;
	strcpy(c->peer, "10.0.0.1");
	return c;
}

__attribute__((noinline)) static void conn_close(struct conn *c)
{
	slots_free(&conns, c);
}

int main(int argc, char **argv)
{
	struct conn *warm[8], *a, *b;
	int i, again = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	slots_init(&conns, "conn_pool", sizeof(struct conn), 32, 1);
	for (i = 0; i < 8; i++)
		warm[i] = conn_open(100 + i);
	for (i = 0; i < 8; i++)
		conn_close(warm[i]);
	a = conn_open(3);
	conn_close(a);
	for (i = 0; i < 5; i++) {
		b = conn_open(10 + i);
		again += b == a;
		conn_close(b);
	}
	printf("handed out again: %d, released: %lu\n", again, conns.released);
	if (!strcmp(argv[1], "uaf"))
		printf("fd %d\n", a->fd);
	slots_destroy(&conns);
	printf("done\n");
	return 0;
}

// KSAN: {{^}}handed out again: 0, released: 6{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-use-after-free in main+
// CHECK-NEXT: {{^}}Read of size 4 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} ksan_pool_alloc{{$}}
// CHECK-NEXT: {{^}} slots_alloc+{{.*}}slots.h:
// CHECK-NEXT: {{^}} conn_open+{{.*}}uaf_reuse.c:
// CHECK-NEXT: {{^}} main+{{.*}}uaf_reuse.c:
// CHECK: {{^}}Freed by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} ksan_pool_free{{$}}
// CHECK-NEXT: {{^}} slots_free+{{.*}}slots.h:
// CHECK-NEXT: {{^}} conn_close+{{.*}}uaf_reuse.c:
// CHECK-NEXT: {{^}} main+{{.*}}uaf_reuse.c:
// CHECK: {{^}}The buggy address belongs to the object at 0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache conn_pool of size 64{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 16 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 64-byte region [0x
// CHECK: {{^}}>0x{{[0-9a-f]+}}: {{.*}}fb fb
// CHECK: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: heap-use-after-free on address [[ADDR:0x[0-9a-f]+]]
// ASAN: {{^}}READ of size 4 at [[ADDR]] thread T0{{$}}
// ASAN: {{^}}[[ADDR]] is located 16 bytes inside of 64-byte region [0x
// ASAN-NEXT: {{^}}The region is an object of the pool conn_pool of size 64{{$}}
// ASAN-NEXT: {{^}}freed by thread T0 here:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in ksan_pool_free
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in slots_free
// ASAN: {{^}}previously allocated by thread T0 here:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in ksan_pool_alloc
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in slots_alloc
// ASAN: {{^}}SUMMARY: AddressSanitizer: heap-use-after-free {{.*}}uaf_reuse.c:{{[0-9]+}}{{.*}} in main{{$}}
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=slab-use-after-free asan_type=heap-use-after-free access=read size=4 top=main object=freed/64 cache=conn_pool/64 inside 16 addr_ok=1 alloc0=ksan_pool_alloc free0=ksan_pool_free{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// OK: {{^}}handed out again: 0, released: 6{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// PLAIN: {{^}}handed out again: 5, released: 0{{$}}
// PLAIN-NEXT: {{^}}fd 14{{$}}
// PLAIN-NEXT: {{^}}done{{$}}
// PLAIN-NEXT: STATUS: exit 0{{$}}
