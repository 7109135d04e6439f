// A second ksan_pool_free() of an object is a double-free naming the pool, with the object's allocation and free stacks, whether the object was recycled at once (no release function), still sits in the quarantine, or was released and not handed out again; in the kasan, asan and json layouts.  ksan_pool_free() returns 0 for it (halt_on_error=0 goes on: the allocator does not put the slot on its free list twice, so the next two allocations are different slots).  "once" is the silent twin.
// RUN: %ksan_cc -O1 -g %s -o %t -pthread
// RUN: bash %S/../Inputs/status.sh %run %t recycled 2>&1 | FileCheck %s --check-prefixes=CHECK,HALT
// RUN: bash %S/../Inputs/status.sh %run %t quarantined 2>&1 | FileCheck %s --check-prefixes=CHECK,HALT
// RUN: env KSAN_OPTIONS=pool_quarantine_size=0 bash %S/../Inputs/status.sh %run %t released 2>&1 | FileCheck %s --check-prefixes=CHECK,HALT
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t recycled 2>&1 | FileCheck %s --check-prefixes=CHECK,GOON
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t quarantined 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t quarantined 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t once 2>&1 | FileCheck %s --check-prefix=ONCE --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>
#include "Inputs/slots.h"

static struct slots bufs;

__attribute__((noinline)) static void put_buf(void *p)
{
	slots_free(&bufs, p);
}

int main(int argc, char **argv)
{
	int quarantine = strcmp(argv[1], "recycled") != 0;
	char *a, *b, *c;
	int r;

	setvbuf(stdout, NULL, _IONBF, 0);
	slots_init(&bufs, "buf_pool", 32, 8, quarantine);
	a = slots_alloc(&bufs, 32);
	put_buf(a);
	if (strcmp(argv[1], "once")) {
		r = KSAN_POOL_FREE(bufs.pool, a);
		printf("second free returned %d\n", r);
		if (r)
			slots_push(&bufs, a);
	}
	b = slots_alloc(&bufs, 32);
	c = slots_alloc(&bufs, 32);
	printf("distinct %d\n", b != c);
	put_buf(b);
	put_buf(c);
	slots_destroy(&bufs);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: double-free in main+
// CHECK-NEXT: {{^}}Free of addr {{0*}}[[FADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} ksan_pool_free{{$}}
// CHECK-NEXT: {{^}} main+
// CHECK: {{^}}Allocated by task
// CHECK-NEXT: {{^}} ksan_pool_alloc{{$}}
// CHECK-NEXT: {{^}} slots_alloc+
// CHECK: {{^}}Freed by task
// CHECK-NEXT: {{^}} ksan_pool_free{{$}}
// CHECK-NEXT: {{^}} slots_free+
// CHECK-NEXT: {{^}} put_buf+
// CHECK: {{^}}The buggy address belongs to the object at 0x[[FADDR]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache buf_pool of size 32{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 32-byte region [0x[[FADDR]],
// CHECK-NOT: not handed out
// CHECK: {{^}}Memory state around the buggy address:
// HALT: STATUS: exit 1{{$}}
// GOON: {{^}}second free returned 0{{$}}
// GOON-NEXT: {{^}}distinct 1{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// ASAN: ERROR: AddressSanitizer: attempting double-free on [[ADDR:0x[0-9a-f]+]] in thread T0:
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in ksan_pool_free
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}double_free.c:
// ASAN: {{^}}[[ADDR]] is located 0 bytes inside of 32-byte region [[[ADDR]],
// ASAN-NEXT: {{^}}The region is an object of the pool buf_pool of size 32{{$}}
// ASAN-NEXT: {{^}}freed by thread T0 here:{{$}}
// ASAN: {{^}}previously allocated by thread T0 here:{{$}}
// ASAN: {{^}}SUMMARY: AddressSanitizer: double-free {{.*}}double_free.c:{{.*}} in main{{$}}
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=double-free asan_type=double-free access=free size=0 top=ksan_pool_free object=freed/32 cache=buf_pool/32 inside 0 addr_ok=1 alloc0=ksan_pool_alloc free0=ksan_pool_free pool=buf_pool{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// ONCE: {{^}}distinct 1{{$}}
// ONCE-NEXT: STATUS: exit 0{{$}}
