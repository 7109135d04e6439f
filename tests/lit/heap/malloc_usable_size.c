// malloc_usable_size returns the requested size (as ASan does), so the size-class tail stays poisoned: using "usable" bytes past the request is still reported.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) void clear(char *p, size_t n)
{
	memset(p, 0, n);
}

int main(int argc, char **argv)
{
	char *p = sink = malloc(100);
	char *big = sink = malloc(50000);
	char *z = sink = malloc(0);
	size_t n = malloc_usable_size(p);

	printf("usable %zu %zu %zu null %zu\n", n, malloc_usable_size(big), malloc_usable_size(z),
	       malloc_usable_size(NULL));
	fflush(stdout);
	clear(p, n);
	if (!strcmp(argv[1], "bug"))
		clear(p, 128);	/* "the class is 128 anyway" */
	free(z);
	free(big);
	free(p);
	return 0;
}

// CHECK: usable 100 50000 0 null 0
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: BUG: KASAN: slab-out-of-bounds in clear
// CHECK-NEXT: Write of size 128 at addr
// CHECK: 100-byte region
// CHECK: STATUS: exit 1{{$}}

// OK: usable 100 50000 0 null 0
// OK-NEXT: STATUS: exit 0{{$}}
