// Instrumented shared libraries: one linked into the executable, one loaded with dlopen; a heap bug inside each is reported (the library binds to the runtime in the executable); the library also links with -Wl,--no-undefined.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -fPIC -shared %S/Inputs/libparse.c -o %t.dir/libparse.so
// RUN: %ksan_cc -O1 -fPIC -shared -Wl,--no-undefined %S/Inputs/libparse.c -o %t.dir/libparse-nu.so
// RUN: %ksan_cc -O1 %s -o %t.dir/linked -DLINKED -L%t.dir -lparse -Wl,-rpath,%t.dir
// RUN: %ksan_cc -O1 %s -o %t.dir/dlopen -ldl
// RUN: bash %S/../Inputs/status.sh %run %t.dir/linked 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen %t.dir/libparse.so ovf 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t.dir/dlopen %t.dir/libparse-nu.so uaf 2>&1 | FileCheck %s --check-prefix=UAF
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef LINKED
char *lib_dup_upper(const char *s);

int main(void)
{
	char *s = lib_dup_upper("hello");

	printf("%s\n", s);
	free(s);
	return 0;
}
#else
int main(int argc, char **argv)
{
	void *h = dlopen(argv[1], RTLD_NOW);
	char *(*dup)(const char *);
	int (*uaf)(void);

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 2;
	}
	dup = (char *(*)(const char *))dlsym(h, "lib_dup_upper");
	uaf = (int (*)(void))dlsym(h, "lib_use_after_free");
	if (!strcmp(argv[2], "ovf"))
		printf("%s\n", dup("hello"));
	else
		printf("%d\n", uaf());
	return 0;
}
#endif

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in lib_dup_upper+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: Call Trace:
// CHECK-NEXT: {{^}} lib_dup_upper+0x{{.*}}libparse.c:13{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}shared_lib.c:{{[0-9]+}}{{$}}
// CHECK: Allocated by task
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} lib_dup_upper+0x{{.*}}libparse.c:8{{$}}
// CHECK: 5-byte region {{\[}}0x{{[0-9a-f]+}}, 0x[[ADDR]])
// CHECK: STATUS: exit 1{{$}}

// UAF: {{^}}BUG: KASAN: slab-use-after-free in lib_use_after_free+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// UAF: {{^}} lib_use_after_free+0x{{.*}}libparse.c:24{{$}}
// UAF: Freed by task
// UAF-NEXT: {{^}} free{{$}}
// UAF-NEXT: {{^}} lib_use_after_free+0x{{.*}}libparse.c:23{{$}}
// UAF: STATUS: exit 1{{$}}
