// The rules syzkaller reads a leak report by (docs/report-format.md, "Read by"): the kernel's kmemleak header "BUG: memory leak" (its title format; syzkaller then titles the report "memory leak in make_node" from the first backtrace frame that is not the allocator's, and types it LEAK), followed by "unreferenced object", and the "backtrace:" block of "[<pc>] fn+0x../0x.." frames.  The function ksan blames is on the summary line.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KMEMLEAK:
#include <stdio.h>
#include "Inputs/leak.h"

struct node {
	struct node *next;
	char name[24];
};

__attribute__((noinline)) struct node *make_node(void)
{
	return keep(malloc(sizeof(struct node)));
}

__attribute__((noinline)) void build(const char *how)
{
	make_node();
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(build, "");
	printf("done\n");
	return 0;
}

// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 32):{{$}}
// CHECK: {{^}}  backtrace:{{$}}
// CHECK-NEXT: {{^}}    [<{{[0-9a-f]+}}>] malloc{{$}}
// CHECK-NEXT: {{^}}    [<{{[0-9a-f]+}}>] make_node+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read_by.c:14{{$}}
// CHECK: {{^}}  direct leak in make_node: 1 object(s), 32 byte(s) allocated from this backtrace{{$}}
// CHECK: {{^}}STATUS: exit 23{{$}}
