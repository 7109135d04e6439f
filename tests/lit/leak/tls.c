// The main thread's thread-local storage is a root: a pointer in a __thread variable of the executable, one given to pthread_setspecific() (glibc keeps it in the thread descriptor), and one in a __thread variable of a dlopen'ed library (its block is the dynamic loader's allocation, never a leak, and what it points to is reachable).  Dropped, each object is reported.
// RUN: %ksan_cc -O1 -g -fPIC -shared -DLIB %s -o %t-lib.so
// RUN: %ksan_cc -O1 -g %s -o %t -ldl -lpthread
// RUN: bash %S/../Inputs/status.sh %run %t %t-lib.so hold 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t %t-lib.so drop 2>&1 | FileCheck %s
// UNSUPPORTED: aarch64
#include <stdio.h>
#include "Inputs/leak.h"

#ifdef LIB
__thread void *lib_tls;

void lib_set(void *p)
{
	lib_tls = p;
}
#else
#include <dlfcn.h>
#include <pthread.h>

__thread void *exe_tls;
static pthread_key_t key;
static void (*lib_set)(void *);

__attribute__((noinline)) void setup(const char *how)
{
	int drop = !strcmp(how, "drop");

	exe_tls = keep(malloc(111));
	pthread_setspecific(key, keep(malloc(222)));
	lib_set(keep(malloc(333)));
	if (drop) {
		exe_tls = 0;
		pthread_setspecific(key, 0);
		lib_set(0);
	}
}

int main(int argc, char **argv)
{
	void *h = dlopen(argv[1], RTLD_NOW);

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!h || !(lib_set = (void (*)(void *))dlsym(h, "lib_set"))) {
		printf("dlopen: %s\n", dlerror());
		return 1;
	}
	pthread_key_create(&key, 0);
	deep(setup, argv[2]);
	printf("done\n");
	return 0;
}
#endif

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// CHECK: {{^}}done{{$}}
// CHECK: {{^}}Direct leak of 333 byte(s) in 1 object(s) allocated from:{{$}}
// CHECK: {{^}}Direct leak of 222 byte(s) in 1 object(s) allocated from:{{$}}
// CHECK: {{^}}Direct leak of 111 byte(s) in 1 object(s) allocated from:{{$}}
// CHECK: {{^}}SUMMARY: AddressSanitizer: 666 byte(s) leaked in 3 allocation(s).{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 23{{$}}
