// Heap use-after-free read: report with allocation and free stacks; the correct twin (read before free) is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bug 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	long key;
	long value;
	struct node *next;
};

struct node *volatile sink;

__attribute__((noinline)) struct node *make(long key)
{
	struct node *n = malloc(sizeof(*n));

	n->key = key;
	n->value = key * 2;
	n->next = 0;
	return sink = n;
}

__attribute__((noinline)) void drop(struct node *n)
{
	free(n);
}

int main(int argc, char **argv)
{
	struct node *n = make(7);
	long v;

	if (!strcmp(argv[1], "bug")) {
		drop(n);
		v = sink->value;
	} else {
		v = sink->value;
		drop(n);
	}
	printf("value %ld\n", v);
	return 0;
}

// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KASAN: slab-use-after-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size 8 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{[^ ]+}}/[[TID:[0-9]+]]{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Call Trace:{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}uaf_read.c:39{{$}}
// CHECK: {{^}}Allocated by task [[TID]]:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} make+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}uaf_read.c:19{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}uaf_read.c:34{{$}}
// CHECK: {{^}}Freed by task [[TID]]:{{$}}
// CHECK-NEXT: {{^}} free{{$}}
// CHECK-NEXT: {{^}} drop+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}uaf_read.c:29{{$}}
// CHECK-NEXT: {{^}} main+0x{{.*}}uaf_read.c:38{{$}}
// CHECK: {{^}}The buggy address belongs to the object at [[START:0x[0-9a-f]+]]{{$}}
// CHECK-NEXT: {{^}} which belongs to the cache kmalloc-32 of size 32{{$}}
// CHECK-NEXT: {{^}}The buggy address is located 8 bytes inside of{{$}}
// CHECK-NEXT: {{^}} 24-byte region {{\[}}[[START]], 0x{{[0-9a-f]+}}){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: Memory state around the buggy address:
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} fb fb fb
// CHECK-NEXT: {{^ +\^$}}
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}

// OK: value 14
// OK-NEXT: STATUS: exit 0{{$}}
