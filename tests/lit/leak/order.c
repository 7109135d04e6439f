// The check at exit runs after the program's atexit handlers and its destructors (each drops an object: both are reported), in a dynamic and in a static executable; their output comes first, and stdio's buffers are flushed before the status 23.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: %ksan_cc -O1 -g -static %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %run %t.static 2>&1 | FileCheck %s
// RUN: %run %t > %t.out 2>/dev/null; cat %t.out | FileCheck %s --check-prefix=BUFFERED
#include <stdio.h>
#include <unistd.h>
#include "Inputs/leak.h"

__attribute__((noinline)) void leak_in_handler(const char *how)
{
	keep(malloc(111));
}

__attribute__((noinline)) void leak_in_destructor(const char *how)
{
	keep(malloc(222));
}

static void handler(void)
{
	deep(leak_in_handler, "");
	fprintf(stderr, "atexit handler ran\n");
}

__attribute__((destructor)) static void destructor(void)
{
	deep(leak_in_destructor, "");
	fprintf(stderr, "destructor ran\n");
}

int main(void)
{
	atexit(handler);
	printf("buffered output");	/* no newline: flushed at exit */
	return 0;
}

// CHECK-DAG: {{^}}atexit handler ran{{$}}
// CHECK-DAG: {{^}}destructor ran{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 222):{{$}}
// CHECK: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 111):{{$}}
// CHECK: {{^}}kmemleak: 2 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}buffered outputSTATUS: exit 23{{$}}

// BUFFERED: {{^}}buffered output{{$}}
