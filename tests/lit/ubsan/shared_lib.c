// UB inside an instrumented shared library (also linked with -Wl,--no-undefined, and loaded with dlopen) is reported by the executable's handlers; neither the library nor the executable needs libubsan.
// REQUIRES: inline
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -fPIC -shared --ksan=ubsan -Wl,--no-undefined %S/Inputs/libub.c -o %t.dir/libub.so
// RUN: %ksan_cc -O1 --ksan=ubsan %s -o %t.dir/linked -L%t.dir -lub -Wl,-rpath,%t.dir
// RUN: %ksan_cc -O1 --ksan=ubsan %s -o %t.dir/dlopen -DDLOPEN -ldl
// RUN: bash %S/../Inputs/status.sh %run %t.dir/linked 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen %t.dir/libub.so 2>&1 | FileCheck %s
// RUN: readelf -d %t.dir/libub.so %t.dir/linked | FileCheck %s --check-prefix=NEEDED
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>

int lib_add(int a, int b);
volatile int big = INT_MAX;

int main(int argc, char **argv)
{
	int (*add)(int, int) = lib_add;

#ifdef DLOPEN
	void *h = dlopen(argv[1], RTLD_NOW);

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 2;
	}
	add = (int (*)(int, int))dlsym(h, "lib_add");
#endif
	(void)argc;
	(void)argv;
	printf("%d\n", add(big, 1) & 0);
	return 0;
}
// CHECK: {{^}}UBSAN: signed-integer-overflow in {{.*}}libub.c:4:11{{$}}
// CHECK-NEXT: {{^}}signed integer overflow: {{2147483647 \+ 1|1 \+ 2147483647}} cannot be represented in type 'int'{{$}}
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} lib_add+0x
// CHECK: STATUS: exit 0{{$}}

// NEEDED-NOT: libubsan
