// A leaked list: its head is a direct leak, the nodes only it reaches are indirect leaks (LeakSanitizer's words and order: direct first); kept in a global, nothing is reported.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t leak 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t keep 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=leak --implicit-check-not=BUG
#include <stdio.h>
#include "Inputs/leak.h"

struct node {
	struct node *next;
	long value;
};
struct list {
	struct node *first;
	char name[40];
};

struct list *kept;

__attribute__((noinline)) struct node *new_node(struct node *next, long v)
{
	struct node *n = malloc(sizeof(*n));

	n->next = next;
	n->value = v;
	return n;
}

__attribute__((noinline)) void build(const char *how)
{
	int leak = !strcmp(how, "leak");
	struct list *l = keep(malloc(sizeof(*l)));
	int i;

	l->first = 0;
	for (i = 0; i < 3; i++)
		l->first = new_node(l->first, i);
	strcpy(l->name, "list");
	if (!leak)
		kept = l;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(build, argv[1]);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 48):{{$}}
// CHECK: {{^}}  direct leak in build: 1 object(s), 48 byte(s) allocated from this backtrace{{$}}
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} memory-leak | build | deep | main{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 16):{{$}}
// CHECK: {{^}}    [<{{[0-9a-f]+}}>] new_node+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}indirect.c:23{{$}}
// CHECK-NEXT: {{^}}    [<{{[0-9a-f]+}}>] build+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}indirect.c:38{{$}}
// CHECK: {{^}}  indirect leak in new_node: 3 object(s), 48 byte(s) allocated from this backtrace (only leaked objects point to them){{$}}
// CHECK-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} memory-leak | new_node | build | deep{{$}}
// CHECK-NEXT: {{^}}={{=+}}{{$}}
// CHECK-NEXT: {{^}}kmemleak: 4 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 23{{$}}

// ASAN: {{^}}Direct leak of 48 byte(s) in 1 object(s) allocated from:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in malloc{{$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in build {{.*}}indirect.c:
// ASAN: {{^}}Indirect leak of 48 byte(s) in 3 object(s) allocated from:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in malloc{{$}}
// ASAN-NEXT: {{^}}    #1 0x{{[0-9a-f]+}} in new_node {{.*}}indirect.c:
// ASAN: {{^}}SUMMARY: AddressSanitizer: 96 byte(s) leaked in 4 allocation(s).{{$}}
// ASAN-NEXT: {{^}}STATUS: exit 23{{$}}

// JSON: {{^}}{"detector":"KMEMLEAK","type":"memory-leak","asan_type":"Direct leak","leak":"direct","function":"build","objects":1,"bytes":48,
// JSON-NEXT: {{^}}{"detector":"KMEMLEAK","type":"memory-leak","asan_type":"Indirect leak","leak":"indirect","function":"new_node","objects":3,"bytes":48,
// JSON-NEXT: {{^}}STATUS: exit 23{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
