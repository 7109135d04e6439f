// Invalid free of an interior pointer of a live heap object; the object stays usable (no state change); the twin frees the start.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s --check-prefix=GOON
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	char *p = malloc(100);

	strcpy(p, "still alive");
	if (!strcmp(argv[1], "bug"))
		free(p + 8);
	printf("%s\n", p);
	free(p);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KASAN: invalid-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Free of addr {{0*}}[[FADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: main+0x{{.*}}invalid_free_interior.c:16
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NOT: Freed by task
// CHECK: The buggy address belongs to the object at [[START:0x[0-9a-f]+]]
// CHECK-NEXT: which belongs to the cache kmalloc-128 of size 128
// CHECK-NEXT: The buggy address is located 8 bytes inside of
// CHECK-NEXT: 100-byte region {{\[}}[[START]],
// CHECK: STATUS: exit 1{{$}}

// GOON: BUG: KASAN: invalid-free
// GOON: still alive
// GOON-NEXT: done
// GOON-NEXT: STATUS: exit 0{{$}}

// OK: still alive
// OK-NEXT: done
// OK-NEXT: STATUS: exit 0{{$}}
