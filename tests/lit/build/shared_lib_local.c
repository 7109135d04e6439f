// Instrumented shared libraries whose runtime entry points cannot be preempted by the executable's (a version script with "local: *", -Bsymbolic, -Bsymbolic-functions, --exclude-libs): heap and global overflows inside them are still reported, and a correct call is silent.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -fPIC -shared -Wl,--version-script=%S/Inputs/libapi.map %S/Inputs/libapi.c -o %t.dir/libv.so
// RUN: %ksan_cc -O1 -fPIC -shared -Wl,--no-undefined -Wl,-Bsymbolic %S/Inputs/libapi.c -o %t.dir/libb.so
// RUN: %ksan_cc -O1 -fPIC -shared -Wl,-Bsymbolic-functions %S/Inputs/libapi.c -o %t.dir/libf.so
// RUN: %ksan_cc -O1 -fPIC -shared -Wl,--exclude-libs,ALL %S/Inputs/libapi.c -o %t.dir/libx.so
// The version script really hides the runtime's names: nothing but the API is exported.
// RUN: nm -D --defined-only %t.dir/libv.so | FileCheck %s --check-prefix=DYN
// RUN: %ksan_cc -O1 %s -o %t.dir/linked -L%t.dir -lv -Wl,-rpath,%t.dir
// RUN: %ksan_cc -O1 %s -o %t.dir/dlopen -DDLOPEN -ldl
// RUN: bash %S/../Inputs/status.sh %run %t.dir/linked heap 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %run %t.dir/linked global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: bash %S/../Inputs/status.sh %run %t.dir/linked ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen heap %t.dir/libv.so 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen global %t.dir/libb.so 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen heap %t.dir/libb.so 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen global %t.dir/libf.so 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen heap %t.dir/libx.so 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen ok %t.dir/libb.so 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int api_heap_overflow(int n);
int api_global_overflow(int n);
int api_ok(void);
volatile int past = 5;

int main(int argc, char **argv)
{
	int (*heap)(int) = 0, (*global)(int) = 0, (*ok)(void) = 0;

	(void)argc;
#ifdef DLOPEN
	void *h = dlopen(argv[2], RTLD_NOW);

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 2;
	}
	heap = (int (*)(int))dlsym(h, "api_heap_overflow");
	global = (int (*)(int))dlsym(h, "api_global_overflow");
	ok = (int (*)(void))dlsym(h, "api_ok");
#else
	heap = api_heap_overflow;
	global = api_global_overflow;
	ok = api_ok;
#endif
	if (!strcmp(argv[1], "heap"))
		printf("%d\n", heap(past));
	else if (!strcmp(argv[1], "global"))
		printf("%d\n", global(past + 5));
	else
		printf("%d\n", ok());
	return 0;
}

// DYN-NOT: __asan
// DYN-NOT: __ubsan
// DYN-NOT: ksan

// HEAP: {{^}}BUG: KASAN: slab-out-of-bounds in api_heap_overflow+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// HEAP-NEXT: {{^}}Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// HEAP: Call Trace:
// HEAP-NEXT: {{^}} api_heap_overflow+0x{{.*}}libapi.c:15{{$}}
// HEAP-NEXT: {{^}} main+0x{{.*}}shared_lib_local.c:{{[0-9]+}}{{$}}
// HEAP: 5-byte region {{\[}}0x{{[0-9a-f]+}}, 0x[[ADDR]])
// HEAP: STATUS: exit 1{{$}}

// GLOBAL: {{^}}BUG: KASAN: global-out-of-bounds in api_global_overflow+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// GLOBAL-NEXT: {{^}}Read of size 1 at addr
// GLOBAL: {{^}} api_global_overflow+0x{{.*}}libapi.c:24{{$}}
// GLOBAL: table
// GLOBAL: STATUS: exit 1{{$}}

// OK: {{^}}97{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
