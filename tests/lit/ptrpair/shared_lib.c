// An instrumented shared library linked with -Wl,--no-undefined and a version script that keeps only its API ("local: *"): its comparisons and subtractions reach the executable's runtime through the forwarders (libksan_shlib.a), so pairs of the library's own globals (registered by its constructor) and of the executable's heap objects are reported, in the library's function; pairs inside one global are silent.  Also when the library is dlopen'ed.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: printf '{ global: lib_*; local: *; };\n' > %t.dir/lib.map
// RUN: %ksan_cc -O1 -fPIC -shared -Wl,--no-undefined -Wl,--version-script=%t.dir/lib.map -fsanitize=pointer-compare,pointer-subtract -DLIB %s -o %t.dir/libpairs.so
// RUN: nm -D --defined-only %t.dir/libpairs.so | FileCheck %s --check-prefix=DYN
// RUN: %ksan_cc -O1 %s -o %t.dir/main -L%t.dir -lpairs -Wl,-rpath,%t.dir
// RUN: %ksan_cc -O1 %s -o %t.dir/dlopen -DDLOPEN -ldl
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=0 bash %S/../Inputs/status.sh %run %t.dir/main 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=0 bash %S/../Inputs/status.sh %run %t.dir/dlopen %t.dir/libpairs.so 2>&1 | FileCheck %s
// UNSUPPORTED: aarch64
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef LIB
/* static: GCC gives red zones only to globals that cannot be interposed */
static char first[40], second[40];

char *lib_global(int i)
{
	return i ? second : first;
}

long lib_distance(char *a, char *b)
{
	return a - b;
}

int lib_before(char *a, char *b)
{
	return a < b;
}
#else
int main(int argc, char **argv)
{
	long (*distance)(char *, char *);
	int (*before)(char *, char *);
	char *(*global)(int);
	char *first, *second;
	char *a = malloc(10), *b = malloc(10);
#ifdef DLOPEN
	void *h = dlopen(argv[1], RTLD_NOW);

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 2;
	}
	distance = (long (*)(char *, char *))dlsym(h, "lib_distance");
	before = (int (*)(char *, char *))dlsym(h, "lib_before");
	global = (char *(*)(int))dlsym(h, "lib_global");
#else
	extern long lib_distance(char *, char *);
	extern int lib_before(char *, char *);
	extern char *lib_global(int);

	(void)argc;
	(void)argv;
	distance = lib_distance;
	before = lib_before;
	global = lib_global;
#endif
	first = global(0);
	second = global(1);
	setvbuf(stdout, NULL, _IONBF, 0);
	puts("globals");
	distance(first, second);
	puts("heap");
	before(a, b);
	puts("same");
	distance(first + 40, first);
	before(a, a + 10);
	puts("end");
	free(a);
	free(b);
	return 0;
}
#endif

// DYN-NOT: __sanitizer
// DYN-NOT: __asan

// CHECK-LABEL: globals
// CHECK: {{^}}KASAN: invalid-pointer-pair in lib_distance+
// CHECK-NEXT: {{^}}Subtraction of
// CHECK: {{^}} first of size 40 defined in
// CHECK: {{^}} second of size 40 defined in
// CHECK-LABEL: heap
// CHECK: {{^}}KASAN: invalid-pointer-pair in lib_before+
// CHECK-NEXT: {{^}}Comparison of
// CHECK-LABEL: same
// CHECK-NOT: KASAN
// CHECK-LABEL: end
// CHECK-NEXT: STATUS: exit 0{{$}}
