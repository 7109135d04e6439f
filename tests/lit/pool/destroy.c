// ksan_pool_destroy() with objects still handed out is one objects-remaining report: the pool, how many, and the oldest of them with its allocation stack, in the kasan, asan and json layouts (halt_on_error=0 goes on: the destroy still gives the memory back and releases the quarantine).  "clean" is the silent twin: every object freed, the quarantined ones come back through the release function during the destroy.  "static": a pool over a static buffer, destroyed, leaves the buffer addressable for whatever the program does with it next.
// RUN: %ksan_cc -O1 -g %s -o %t -pthread
// RUN: bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t leak 2>&1 | grep -v "^released" | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t clean 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t static 2>&1 | FileCheck %s --check-prefix=STATIC --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>
#include "Inputs/slots.h"

static struct slots sess;
static char buffer[16 * 32];

__attribute__((noinline)) static void *first_user(void)
{
	return slots_alloc(&sess, 48);
}

int main(int argc, char **argv)
{
	void *a, *b, *c, *d;
	struct ksan_pool *p;
	int i;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(argv[1], "static")) {
		p = KSAN_POOL_CREATE("buf_pool", 32, NULL, NULL);
		KSAN_POOL_ADD_MEMORY(p, buffer, sizeof(buffer));
		for (i = 0; i < 4; i++)
			KSAN_POOL_ALLOC(p, buffer + 32 * i, 20);
		KSAN_POOL_FREE(p, buffer + 32);
		KSAN_POOL_FREE(p, buffer + 64);
		KSAN_POOL_FREE(p, buffer);
		KSAN_POOL_FREE(p, buffer + 96);
		KSAN_POOL_DESTROY(p);
		for (i = 0; i < (int)sizeof(buffer); i++)	/* every byte, as any memory */
			buffer[i] = (char)i;
		printf("buffer %d\n", buffer[200]);
		return 0;
	}
	slots_init(&sess, "sess_pool", 64, 16, 1);
	a = first_user();
	b = slots_alloc(&sess, 64);
	c = slots_alloc(&sess, 64);
	d = slots_alloc(&sess, 64);
	slots_free(&sess, b);
	slots_free(&sess, d);
	if (!strcmp(argv[1], "clean")) {
		slots_free(&sess, a);
		slots_free(&sess, c);
	}
	printf("released before destroy %lu\n", sess.released);
	KSAN_POOL_DESTROY(sess.pool);
	printf("released by destroy %lu\n", sess.released);
	return 0;
}

// CHECK: {{^}}released before destroy 0{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{.*}}
// CHECK-NEXT: {{^}}KASAN: objects-remaining in main+
// CHECK-NEXT: {{^}}Pool sess_pool destroyed with 2 objects in use by task {{.*}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} ksan_pool_destroy{{$}}
// CHECK-NEXT: {{^}} main+{{.*}}destroy.c:
// CHECK: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} ksan_pool_alloc{{$}}
// CHECK-NEXT: {{^}} slots_alloc+
// CHECK-NEXT: {{^}} first_user+
// CHECK-NOT: Freed by task
// CHECK: {{^}}The buggy address belongs to the object at 0x
// CHECK-NEXT: {{^}} which belongs to the cache sess_pool of size 64{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 0 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 48-byte region
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} objects-remaining | main{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: objects-remaining in pool sess_pool: 2 objects in use at destroy in thread T0:
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in ksan_pool_destroy
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in main {{.*}}destroy.c:
// ASAN: {{^}}0x{{[0-9a-f]+}} is located 0 bytes inside of 48-byte region
// ASAN-NEXT: {{^}}The region is an object of the pool sess_pool of size 64{{$}}
// ASAN-NEXT: {{^}}allocated by thread T0 here:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in ksan_pool_alloc
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in slots_alloc
// ASAN-NEXT: {{^}}    #2 0x{{[0-9a-f]+}} in first_user
// ASAN: {{^}}SUMMARY: AddressSanitizer: objects-remaining {{.*}}destroy.c:{{.*}} in main{{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} objects-remaining | main{{$}}
// ASAN-NEXT: ==ABORTING
// ASAN-NEXT: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}report type=objects-remaining asan_type=objects-remaining access=free size=0 top=ksan_pool_destroy object=allocated/48 cache=sess_pool/64 inside 0 addr_ok=1 alloc0=ksan_pool_alloc pool=sess_pool in_use=2{{$}}
// JSON-NEXT: STATUS: exit 1{{$}}

// GOON: {{^}}KASAN: objects-remaining in main+
// GOON: {{^}}released by destroy 2{{$}}
// GOON-NEXT: STATUS: exit 0{{$}}

// CLEAN: {{^}}released before destroy 0{{$}}
// CLEAN-NEXT: {{^}}released by destroy 4{{$}}
// CLEAN-NEXT: STATUS: exit 0{{$}}

// STATIC: {{^}}buffer -56{{$}}
// STATIC-NEXT: STATUS: exit 0{{$}}
