// Without /proc: a heap overflow inside an instrumented library loaded with dlopen is reported with fully symbolized frames in the library and in the executable, the same as with /proc.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -g -O1 -fPIC -shared %S/Inputs/libwork.c -o %t.dir/libwork.so
// RUN: %ksan_cc -g -O1 %s -o %t.dir/dlopen -ldl
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen %t.dir/libwork.so bad 2>&1 | FileCheck %s --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t.dir/dlopen %t.dir/libwork.so bad 2>&1 | FileCheck %s --implicit-check-not=/proc
// RUN: bash %S/../Inputs/status.sh bash %S/Inputs/noproc.sh %run %t.dir/dlopen %t.dir/libwork.so ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN --implicit-check-not=ksan
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	void *h = dlopen(argv[1], RTLD_NOW);
	char *(*upper)(const char *, int);
	char *s;

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 2;
	}
	upper = (char *(*)(const char *, int))dlsym(h, "lib_upper");
	s = upper("hello", !strcmp(argv[2], "bad"));
	printf("%s\n", s);
	free(s);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in lib_upper+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} lib_upper+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}libwork.c:17{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}dlopen.c:24{{$}}
// CHECK: {{^}}Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} lib_alloc+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}libwork.c:7{{$}}
// CHECK-NEXT: {{^}} lib_upper+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}libwork.c:13{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}dlopen.c:24{{$}}
// CHECK: 5-byte region {{\[}}0x{{[0-9a-f]+}}, 0x[[ADDR]])
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}HELLO{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
