// memcpy whose destination (write) or source (read) range runs past a heap object: reported by the checked memcpy, naming its caller; the twin copies in bounds.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t dst 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t src 2>&1 | FileCheck %s --check-prefix=SRC
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t dst 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	char *dst = sink = malloc(100);
	char *src = sink = malloc(200);
	char *after = sink = malloc(100);	/* canary: a skipped copy leaves it alone */
	size_t n = 100;

	memset(src, 'x', 200);
	memset(dst, 0, 100);
	if (!strcmp(argv[1], "dst"))
		n = 101;
	memcpy(dst, src, n);
	if (!strcmp(argv[1], "src"))
		memcpy(src, dst, 104);
	printf("dst[0]=%d\n", dst[0]);
	free(after);
	free(src);
	free(dst);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 101 at addr {{0*}}[[DST:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Call Trace:
// CHECK-NEXT: {{^}} memcpy{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}memcpy_oob.c:24{{$}}
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: main+0x{{.*}}memcpy_oob.c:15
// CHECK: The buggy address belongs to the object at 0x[[DST]]
// CHECK-NEXT: which belongs to the cache kmalloc-128 of size 128
// CHECK: 100-byte region {{\[}}0x[[DST]], 0x{{[0-9a-f]+}})
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 04 fc
// CHECK: STATUS: exit 1{{$}}

// SRC: BUG: KASAN: slab-out-of-bounds in main
// SRC-NEXT: Read of size 104 at addr
// SRC: Call Trace:
// SRC-NEXT: {{^}} memcpy{{$}}
// SRC-NEXT: main+0x{{.*}}memcpy_oob.c:26
// SRC: 100-byte region
// SRC: STATUS: exit 1{{$}}

// The bad copy is reported and not performed; the program goes on.
// GOON: BUG: KASAN: slab-out-of-bounds in main
// GOON: dst[0]=0
// GOON-NEXT: done
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: dst[0]=120
// OK-NEXT: done
// OK-NEXT: STATUS: exit 0{{$}}
