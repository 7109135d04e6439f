// Each leak goes to the report callback first (kind KSAN_BUG_LEAK, detector KMEMLEAK, the lowest object's address and size, the bytes of all the stack's objects, the allocator's caller as pc); a leak the callback handles is not printed and does not count (a check at exit with every leak handled ends with status 0).  10000 objects from one stack are one leak.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t handle-none 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t handle-all 2>&1 | FileCheck %s --check-prefix=ALL --implicit-check-not=leak --implicit-check-not=BUG
#include <stdio.h>
#include <ksan/ksan.h>
#include "Inputs/leak.h"

static int handle_all;
static uintptr_t hidden_first;	/* the lowest 16-byte object, complemented */

static int on_report(const struct ksan_report *r, void *arg)
{
	if (r->kind != KSAN_BUG_LEAK)
		return 0;
	fprintf(stderr, "callback: %s %s %s size %zu object_size %zu first %s pc %s\n", r->detector,
		r->bug_type, r->asan_type, r->size, r->object_size,
		r->object == r->addr && (r->object_size != 16 || r->addr == ~hidden_first) ?
		"ok" : "wrong", r->pc ? "set" : "none");
	return handle_all;
}

__attribute__((noinline)) void many(const char *how)
{
	uintptr_t lowest = ~(uintptr_t)0;
	int i;

	for (i = 0; i < 10000; i++) {
		uintptr_t p = (uintptr_t)keep(malloc(16));

		if (p < lowest)
			lowest = p;
	}
	hidden_first = ~lowest;	/* no pointer left */
	keep(malloc(5000));
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	handle_all = !strcmp(argv[1], "handle-all");
	ksan_set_report_callback(on_report, 0);
	deep(many, argv[1]);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}callback: KMEMLEAK memory-leak Direct leak size 160000 object_size 16 first ok pc set{{$}}
// CHECK: {{^}}  direct leak in {{[A-Za-z0-9_]+}}: 10000 object(s), 160000 byte(s) allocated from this backtrace{{$}}
// CHECK: {{^}}callback: KMEMLEAK memory-leak Direct leak size 5000 object_size 5000 first ok pc set{{$}}
// CHECK: {{^}}kmemleak: 10001 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 23{{$}}

// ALL: {{^}}done{{$}}
// ALL-NEXT: {{^}}callback: KMEMLEAK memory-leak Direct leak size 160000 object_size 16 first ok pc set{{$}}
// ALL-NEXT: {{^}}callback: KMEMLEAK memory-leak Direct leak size 5000 object_size 5000 first ok pc set{{$}}
// ALL-NEXT: {{^}}STATUS: exit 0{{$}}
