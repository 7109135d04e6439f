// ksan_pool_free() of an address the pool did not hand out is an invalid-free naming the pool: a slot never handed out (its nearest object described, and the line saying the pool did not hand the address out), a pointer inside a live object ("located 8 bytes inside of"), a heap object that never was the pool's (the heap's description) and another pool's object (that pool's description); in the kasan, asan and json layouts.  It returns 0 (halt_on_error=0 goes on, and the allocator keeps the pointer off its free list).  "good" is the silent twin.
// RUN: %ksan_cc -O1 -g %s -o %t -pthread
// RUN: bash %S/../Inputs/status.sh %run %t never 2>&1 | FileCheck %s --check-prefixes=CHECK,NEVER
// RUN: bash %S/../Inputs/status.sh %run %t interior 2>&1 | FileCheck %s --check-prefixes=CHECK,INTERIOR
// RUN: bash %S/../Inputs/status.sh %run %t heap 2>&1 | FileCheck %s --check-prefixes=CHECK,HEAP
// RUN: bash %S/../Inputs/status.sh %run %t other 2>&1 | FileCheck %s --check-prefixes=CHECK,OTHER
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t interior 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t never 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t never 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON-NEVER
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t interior 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON-INTERIOR
// RUN: bash %S/../Inputs/status.sh %run %t good 2>&1 | FileCheck %s --check-prefix=GOOD --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/slots.h"

static struct slots msgs, other;

int main(int argc, char **argv)
{
	char *a, *bad, *b;
	int r;

	setvbuf(stdout, NULL, _IONBF, 0);
	slots_init(&msgs, "msg_pool", 64, 8, 1);
	slots_init(&other, "other_pool", 64, 8, 1);
	a = slots_alloc(&msgs, 64);	/* the arena's first slot */
	if (!strcmp(argv[1], "never"))
		bad = msgs.arena + 3 * 64;
	else if (!strcmp(argv[1], "interior"))
		bad = a + 8;
	else if (!strcmp(argv[1], "heap"))
		bad = malloc(64);
	else if (!strcmp(argv[1], "other"))
		bad = slots_alloc(&other, 64);
	else
		bad = a;
	r = KSAN_POOL_FREE(msgs.pool, bad);
	printf("free returned %d\n", r);
	b = slots_alloc(&msgs, 64);
	printf("next slot is %s\n", b == bad ? "the bad pointer" : "another");
	slots_free(&msgs, b);
	if (bad != a)
		slots_free(&msgs, a);
	slots_destroy(&msgs);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: invalid-free in main+
// CHECK-NEXT: {{^}}Free of addr {{0*}}[[FADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} ksan_pool_free{{$}}
// CHECK-NEXT: {{^}} main+
// NEVER: {{^}}Allocated by task
// NEVER-NEXT: {{^}} ksan_pool_alloc{{$}}
// NEVER: {{^}} which belongs to the cache msg_pool of size 64{{$}}
// NEVER-NEXT: {{^}}The buggy address is located 128 bytes to the right of{{$}}
// NEVER: {{^}}The buggy address was not handed out by the cache msg_pool{{$}}
// INTERIOR: {{^}} which belongs to the cache msg_pool of size 64{{$}}
// INTERIOR-NEXT: {{^}}The buggy address is located 8 bytes inside of{{$}}
// INTERIOR-NOT: not handed out
// HEAP: {{^}}Allocated by task
// HEAP-NEXT: {{^}} malloc{{$}}
// HEAP: {{^}} which belongs to the cache kmalloc-64 of size 64{{$}}
// HEAP-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// HEAP: {{^}}The buggy address was not handed out by the cache msg_pool{{$}}
// OTHER: {{^}} which belongs to the cache other_pool of size 64{{$}}
// OTHER-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// OTHER: {{^}}The buggy address was not handed out by the cache msg_pool{{$}}
// CHECK: {{^}}Memory state around the buggy address:
// CHECK: STATUS: exit 1{{$}}

// GOON: {{^}}BUG: KASAN: invalid-free in main+
// GOON: {{^}}free returned 0{{$}}
// GOON-NEXT: {{^}}next slot is another{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// ASAN: ERROR: AddressSanitizer: attempting free on address which was not malloc()-ed: [[ADDR:0x[0-9a-f]+]] in thread T0:
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in ksan_pool_free
// ASAN: {{^}}[[ADDR]] is located 128 bytes to the right of 64-byte region
// ASAN-NEXT: {{^}}The region is an object of the pool msg_pool of size 64{{$}}
// ASAN: {{^}}[[ADDR]] was not handed out by the pool msg_pool{{$}}
// ASAN: {{^}}SUMMARY: AddressSanitizer: bad-free {{.*}}invalid_free.c:{{.*}} in main{{$}}
// ASAN: STATUS: exit 1{{$}}

// JSON-NEVER-NOT: JSON ERROR
// JSON-NEVER: {{^}}report type=invalid-free asan_type=bad-free access=free size=0 top=ksan_pool_free object=allocated/64 cache=msg_pool/64 right 128 addr_ok=1 alloc0=ksan_pool_alloc pool=msg_pool{{$}}
// JSON-NEVER-NEXT: STATUS: exit 1{{$}}
// JSON-INTERIOR-NOT: JSON ERROR
// JSON-INTERIOR: {{^}}report type=invalid-free asan_type=bad-free access=free size=0 top=ksan_pool_free object=allocated/64 cache=msg_pool/64 inside 8 addr_ok=1 alloc0=ksan_pool_alloc pool=msg_pool{{$}}

// GOOD: {{^}}free returned 0{{$}}
// GOOD-NEXT: {{^}}next slot is another{{$}}
// GOOD-NEXT: STATUS: exit 0{{$}}
