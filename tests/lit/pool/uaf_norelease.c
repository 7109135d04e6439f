// Without a release function ksan_pool_free() returns nonzero and the allocator recycles the slot at once: a use after free is caught until the slot is handed out again (slab-use-after-free with both stacks and the pool as the cache, kasan and json layouts), and not after (the freshest slot comes back first from a LIFO free list: the quarantine's reason to exist).  The same source built by the plain compiler runs silently.
// RUN: %ksan_cc -O1 -g %s -o %t -pthread
// RUN: bash %S/../Inputs/status.sh %run %t before 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t before 2>&1 | grep -v '^free returned' | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t after 2>&1 | FileCheck %s --check-prefix=AFTER --implicit-check-not=KASAN
// RUN: %cc -O1 -g -I%root/include %s -o %t.plain -pthread
// RUN: bash %S/../Inputs/status.sh %run %t.plain before 2>&1 | FileCheck %s --check-prefix=PLAIN
#include <stdio.h>
#include <string.h>
#include "Inputs/slots.h"

struct req {
	char hdr[8];		/* the free list's link goes here */
	long id;
	char body[32];
};

static struct slots reqs;

int main(int argc, char **argv)
{
	struct req *a, *b;
	int r;

	setvbuf(stdout, NULL, _IONBF, 0);
	slots_init(&reqs, "req_pool", sizeof(struct req), 16, 0);
	a = slots_alloc(&reqs, sizeof(*a));
	a->id = 7;
	r = KSAN_POOL_FREE(reqs.pool, a);
	printf("free returned %d\n", r);
	if (r)
		slots_push(&reqs, a);
	if (!strcmp(argv[1], "after")) {
		b = slots_alloc(&reqs, sizeof(*b));
		b->id = 8;
		printf("same slot %d, id %ld\n", b == a, a->id);	/* a is b now */
		slots_free(&reqs, b);
	} else {
		printf("id %ld\n", a->id);
	}
	slots_destroy(&reqs);
	return 0;
}

// CHECK: {{^}}free returned 1{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-use-after-free in main+
// CHECK-NEXT: {{^}}Read of size 8 at addr
// CHECK: {{^}}Allocated by task
// CHECK-NEXT: {{^}} ksan_pool_alloc{{$}}
// CHECK-NEXT: {{^}} slots_alloc+
// CHECK: {{^}}Freed by task
// CHECK-NEXT: {{^}} ksan_pool_free{{$}}
// CHECK-NEXT: {{^}} main+{{.*}}uaf_norelease.c:{{[0-9]+}}
// CHECK: {{^}} which belongs to the cache req_pool of size 48{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 8 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 48-byte region
// CHECK: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=slab-use-after-free asan_type=heap-use-after-free access=read size=8 top=main object=freed/48 cache=req_pool/48 inside 8 addr_ok=1 alloc0=ksan_pool_alloc free0=ksan_pool_free{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// AFTER: {{^}}free returned 1{{$}}
// AFTER-NEXT: {{^}}same slot 1, id 8{{$}}
// AFTER-NEXT: STATUS: exit 0{{$}}

// PLAIN: {{^}}free returned 1{{$}}
// PLAIN-NEXT: {{^}}id 7{{$}}
// PLAIN-NEXT: STATUS: exit 0{{$}}
