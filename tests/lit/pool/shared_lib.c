// An instrumented shared library (-shared, -Wl,--no-undefined) runs a checked pool through the forwarders to the executable's runtime: a use after free of its object in the executable is slab-use-after-free naming the library's pool with the library's stacks, a read past the 24 bytes handed out is slab-out-of-bounds in the slot's tail, and the library's destroy reports an object left in use.  "ok" is the silent twin.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -g -fPIC -shared -Wl,--no-undefined -pthread %S/Inputs/libslots.c -o %t.dir/libslots.so
// RUN: %ksan_cc -O1 -g %s -o %t.dir/main -L%t.dir -lslots -Wl,-rpath,%t.dir
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main uaf 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main tail 2>&1 | FileCheck %s --check-prefix=TAIL
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main leak 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <string.h>

void lib_init(void);
void *lib_get(void);
void lib_put(void *p);
void lib_fini(void);

int main(int argc, char **argv)
{
	char *a, *b;

	setvbuf(stdout, NULL, _IONBF, 0);
	lib_init();
	a = lib_get();
	b = lib_get();
	memset(a, 1, 24);
	if (!strcmp(argv[1], "tail"))
		printf("tail %d\n", a[24]);
	lib_put(a);
	if (!strcmp(argv[1], "uaf"))
		printf("uaf %d\n", a[3]);
	if (strcmp(argv[1], "leak"))
		lib_put(b);
	lib_fini();
	printf("done\n");
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-use-after-free in main+
// CHECK: {{^}}Allocated by task
// CHECK-NEXT: {{^}} ksan_pool_alloc{{$}}
// CHECK-NEXT: {{^}} slots_alloc+{{.*}}slots.h:
// CHECK-NEXT: {{^}} lib_get+{{.*}}libslots.c:
// CHECK: {{^}}Freed by task
// CHECK-NEXT: {{^}} ksan_pool_free{{$}}
// CHECK-NEXT: {{^}} slots_free+{{.*}}slots.h:
// CHECK-NEXT: {{^}} lib_put+{{.*}}libslots.c:
// CHECK: {{^}} which belongs to the cache lib_pool of size 32{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 3 bytes inside of{{$}}
// CHECK: STATUS: exit 1{{$}}

// TAIL: {{^}}BUG: KASAN: slab-out-of-bounds in main+
// TAIL: {{^}} which belongs to the cache lib_pool of size 32{{$}}
// TAIL-NEXT: {{^}}The buggy address is located 0 bytes to the right of{{$}}
// TAIL-NEXT: {{^}} 24-byte region
// TAIL: STATUS: exit 1{{$}}

// LEAK: {{^}}KASAN: objects-remaining in {{slots_destroy|lib_fini}}+
// LEAK-NEXT: {{^}}Pool lib_pool destroyed with 1 object in use by task
// LEAK: STATUS: exit 1{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
