// Objects reachable from the program's data are not leaks: a pointer in .bss, one in .data, a function's static, a chain through heap objects from there, and a pointer in a shared library's data; the same objects dropped are reported (one leak each).
// RUN: %ksan_cc -O1 -g -fPIC -shared -DLIB %s -o %t.so
// RUN: %ksan_cc -O1 -g %s -o %t %t.so -Wl,-rpath,%T
// RUN: bash %S/../Inputs/status.sh %run %t keep 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t drop 2>&1 | FileCheck %s
// UNSUPPORTED: aarch64
#include <stdio.h>
#include "Inputs/leak.h"

#ifdef LIB
void *lib_ptr;	/* a shared library's bss */

void lib_keep(void *p)
{
	lib_ptr = p;
}
#else
void lib_keep(void *p);

void *in_bss, *chain_head;
void *in_data = (void *)1;
struct chain {
	struct chain *next;
	char pad[24];
};

/* returns what it kept before: the static is read, so it stays */
__attribute__((noinline)) void *in_static(void *p, int drop)
{
	static void *kept;
	void *old = kept;

	kept = drop ? 0 : p;
	return old;
}

__attribute__((noinline)) void setup(const char *how)
{
	int drop = !strcmp(how, "drop");
	struct chain *a = keep(malloc(sizeof(*a)));

	a->next = keep(malloc(sizeof(*a)));
	a->next->next = keep(malloc(sizeof(*a)));
	a->next->next->next = 0;
	in_bss = keep(malloc(100));
	in_data = keep(malloc(200));
	if (in_static(keep(malloc(300)), drop))
		abort();
	lib_keep(keep(malloc(400)));
	chain_head = a;
	if (drop) {
		in_bss = in_data = chain_head = 0;
		lib_keep(0);
	}
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(setup, argv[1]);
	printf("done\n");
	return 0;
}
#endif

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// kmemleak's order: directly leaked first, the larger first
// CHECK: {{^}}done{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 400):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 300):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 200):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 100):{{$}}
// CHECK: {{^}}  direct leak in {{[A-Za-z0-9_]+}}: 1 object(s), 32 byte(s) allocated from this backtrace{{$}}
// CHECK: {{^}}  indirect leak in {{[A-Za-z0-9_]+}}: 1 object(s), 32 byte(s) allocated from this backtrace (only leaked objects point to them){{$}}
// CHECK: {{^}}  indirect leak in {{[A-Za-z0-9_]+}}: 1 object(s), 32 byte(s) allocated from this backtrace (only leaked objects point to them){{$}}
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} memory-leak | {{.+}}{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}kmemleak: 7 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 23{{$}}
