// An executable built without ksan-cc that links or dlopens an instrumented shared library gets one clear line naming the library and exit status 1, before any instrumented code runs (not a SIGSEGV); the same program built with ksan-cc runs silently.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -fPIC -shared %S/Inputs/libapi.c -o %t.dir/libapi.so
// RUN: %ksan_cc -O1 -fPIC -shared --ksan=ubsan %S/Inputs/libapi.c -o %t.dir/libapi-ub.so
// RUN: %cc -O1 %s -o %t.dir/plain-linked -L%t.dir -lapi -Wl,-rpath,%t.dir
// RUN: %cc -O1 %s -o %t.dir/plain-dlopen -DDLOPEN -ldl
// RUN: %ksan_cc -O1 %s -o %t.dir/ksan-linked -L%t.dir -lapi -Wl,-rpath,%t.dir
// RUN: bash %S/../Inputs/status.sh %run %t.dir/plain-linked 2>&1 | FileCheck %s --check-prefix=LINKED
// RUN: bash %S/../Inputs/status.sh %run %t.dir/plain-dlopen %t.dir/libapi.so 2>&1 | FileCheck %s --check-prefix=DLOPEN
// RUN: bash %S/../Inputs/status.sh %run %t.dir/plain-dlopen %t.dir/libapi-ub.so 2>&1 | FileCheck %s --check-prefix=DLOPEN-UB
// RUN: bash %S/../Inputs/status.sh %run %t.dir/ksan-linked 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=ksan
#include <dlfcn.h>
#include <stdio.h>

int api_ok(void);

int main(int argc, char **argv)
{
	int (*ok)(void);

	(void)argc;
	(void)argv;
	printf("main runs\n");
	fflush(stdout);
#ifdef DLOPEN
	void *h = dlopen(argv[1], RTLD_NOW);

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 2;
	}
	ok = (int (*)(void))dlsym(h, "api_ok");
#else
	ok = api_ok;
#endif
	printf("%d\n", ok());
	return 0;
}

// LINKED-NOT: main runs
// LINKED: {{^}}ksan: {{.*}}/libapi.so is instrumented, but the executable has no ksan runtime: link the executable with ksan-cc{{$}}
// LINKED-NEXT: {{^}}STATUS: exit 1{{$}}

// DLOPEN: {{^}}main runs{{$}}
// DLOPEN-NEXT: {{^}}ksan: {{.*}}/libapi.so is instrumented, but the executable has no ksan runtime: link the executable with ksan-cc{{$}}
// DLOPEN-NEXT: {{^}}STATUS: exit 1{{$}}

// DLOPEN-UB: {{^}}main runs{{$}}
// DLOPEN-UB-NEXT: {{^}}ksan: {{.*}}/libapi-ub.so is instrumented, but the executable has no ksan runtime: link the executable with ksan-cc{{$}}
// DLOPEN-UB-NEXT: {{^}}STATUS: exit 1{{$}}

// OK: {{^}}main runs{{$}}
// OK-NEXT: {{^}}97{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
