// An instrumented shared library (-shared, -Wl,--no-undefined) reaches the leak detection calls through the forwarders to the executable's runtime: its __lsan_disable() region keeps an object from being a leak, its ksan_leak_check() reports the one it drops (found from the library's allocation stack) and returns 1.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -g -fPIC -shared -Wl,--no-undefined -DLIB %s -o %t.dir/libleaky.so
// RUN: %ksan_cc -O1 -g %s -o %t.dir/main -L%t.dir -lleaky -Wl,-rpath,%t.dir
// RUN: bash %S/../Inputs/status.sh %run %t.dir/main 2>&1 | FileCheck %s
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <unistd.h>
#include <ksan/ksan.h>
#include "Inputs/leak.h"

#ifdef LIB
__attribute__((noinline)) void lib_leaks(const char *how)
{
	__lsan_disable();
	keep(malloc(123));	/* ignored */
	__lsan_enable();
	keep(malloc(321));
}

int lib_check(void)
{
	deep(lib_leaks, "");
	return ksan_leak_check();
}
#else
int lib_check(void);

int main(void)
{
	int n;

	setvbuf(stdout, NULL, _IONBF, 0);
	n = lib_check();
	printf("library's check: %d\n", n);
	_exit(0);
}
#endif

// CHECK: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 321):{{$}}
// CHECK: {{^}}    [<{{[0-9a-f]+}}>] lib_leaks+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}shared_lib.c:{{[0-9]+}}{{$}}
// CHECK: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}library's check: 1{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
