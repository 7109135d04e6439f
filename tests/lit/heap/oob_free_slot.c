// An out-of-bounds access that lands in a free slot (never allocated, or freed and recycled) names the nearest live object, as ASan does ("located 1000 bytes to the left of 5000-byte region") with its allocation stack; the twin touches only the objects' own bytes.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t left 2>&1 | FileCheck %s --check-prefix=LEFT
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t left 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t left 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=JSON
// RUN: env KSAN_OPTIONS=quarantine_size_mb=0 bash %S/../Inputs/status.sh %run %t right 2>&1 | FileCheck %s --check-prefix=RIGHT
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdlib.h>
#include <string.h>

/* 5000 bytes: a size class (8 KiB) nothing else here uses, so the slots
 * around these objects are free.  Slots are handed out downwards. */
char *volatile a, *volatile b;
volatile int far_left = -1000, far_right = 8448 + 100;

int main(int argc, char **argv)
{
	a = malloc(5000);
	if (!strcmp(argv[1], "left"))
		a[far_left] = 1;	/* in the never-used slot below a */
	b = malloc(5000);		/* the slot below a */
	if (!strcmp(argv[1], "right")) {
		free(a);		/* quarantine_size_mb=0: recycled at once */
		a = 0;
		b[far_right] = 1;	/* in a's recycled slot, above b */
	}
	if (!strcmp(argv[1], "ok")) {
		a[0] = a[4999] = b[0] = b[4999] = 1;
		free(a);
	}
	free(b);
	return 0;
}

// LEFT: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// LEFT: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// LEFT-NEXT: {{^}} malloc{{$}}
// LEFT-NEXT: main+0x{{.*}}oob_free_slot.c:18
// LEFT: {{^}}The buggy address belongs to the object at 0x[[OBJ:[0-9a-f]+]]{{$}}
// LEFT-NEXT: {{^}} which belongs to the cache kmalloc-8192 of size 8192{{$}}
// LEFT-NEXT: {{^}}The buggy address is located 1000 bytes to the left of{{$}}
// LEFT-NEXT: {{^}} 5000-byte region [0x[[OBJ]], 0x{{[0-9a-f]+}}){{$}}
// LEFT: STATUS: exit 1{{$}}

// ASAN: ERROR: AddressSanitizer: heap-buffer-overflow on address
// ASAN: {{^}}0x{{[0-9a-f]+}} is located 1000 bytes to the left of 5000-byte region [0x{{[0-9a-f]+}},0x{{[0-9a-f]+}}){{$}}
// ASAN-NEXT: {{^}}allocated by thread T0 here:{{$}}
// ASAN-NEXT: #0 0x{{[0-9a-f]+}} in malloc
// ASAN-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}oob_free_slot.c:18
// ASAN: STATUS: exit 1{{$}}

// JSON-NOT: JSON ERROR
// JSON: report type=slab-out-of-bounds {{.*}} object=allocated/5000 cache=kmalloc-8192/8192 left 1000 addr_ok=1 alloc0=malloc{{$}}

// RIGHT: {{^}}BUG: KASAN: slab-use-after-free in main
// RIGHT: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// RIGHT-NEXT: {{^}} malloc{{$}}
// RIGHT-NEXT: main+0x{{.*}}oob_free_slot.c:21
// RIGHT: {{^}}The buggy address is located 3548 bytes to the right of{{$}}
// RIGHT-NEXT: {{^}} 5000-byte region
// RIGHT: STATUS: exit 1{{$}}

// OK: STATUS: exit 0{{$}}
