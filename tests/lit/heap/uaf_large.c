// Use-after-free of a large (page-backed) object: "use-after-free", cache kmalloc-large; the twin is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	size_t n = 1 << 20;
	char *p = sink = malloc(n);
	int bug = !strcmp(argv[1], "bug");

	memset(p, 'a', n);
	if (bug)
		free(p);
	printf("%c\n", sink[4096 + 5]);
	if (!bug)
		free(p);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: use-after-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: Read of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: main+0x{{.*}}uaf_large.c:20
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK: Freed by task
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: main+0x{{.*}}uaf_large.c:19
// CHECK: The buggy address belongs to the object at [[START:0x[0-9a-f]+]]
// CHECK-NEXT: which belongs to the cache kmalloc-large of size {{[0-9]+}}
// CHECK-NEXT: The buggy address is located 4101 bytes inside of
// CHECK-NEXT: 1048576-byte region {{\[}}[[START]],
// CHECK: {{^}}>0x{{[0-9a-f]+}}: ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff
// CHECK: STATUS: exit 1{{$}}

// OK: a
// OK-NEXT: STATUS: exit 0{{$}}
