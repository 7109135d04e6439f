// A struct assignment copying from a heap object smaller than the struct (the compiler emits the copy itself, not a memcpy call in the source); the twin allocates the full struct.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct msg {
	int kind;
	int len;
	char body[120];
};

struct msg copy;
void *volatile sink;

__attribute__((noinline)) void take(const struct msg *m)
{
	copy = *m;
}

int main(int argc, char **argv)
{
	/* bug: sized for the header only */
	size_t n = strcmp(argv[1], "bug") ? sizeof(struct msg) : 2 * sizeof(int);
	struct msg *m = sink = calloc(1, n);

	m->kind = 1;
	take(m);
	printf("kind %d\n", copy.kind);
	free(m);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in take+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size 128 at addr {{[0-9a-f]+}} by task
// CHECK: Call Trace:
// CHECK: take+0x{{.*}}struct_copy_oob.c:20
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} calloc{{$}}
// CHECK-NEXT: main+0x{{.*}}struct_copy_oob.c:27
// CHECK: which belongs to the cache kmalloc-16 of size 16
// CHECK: 8-byte region
// CHECK: STATUS: exit 1{{$}}

// OK: kind 1
// OK-NEXT: STATUS: exit 0{{$}}
