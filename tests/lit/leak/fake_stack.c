// With stack-use-after-return on (GCC, --ksan-uar: clang 14 cannot instrument for it in kernel mode), an instrumented function's locals live in a fake frame outside the thread's stack: the frames in use are roots too.  A pointer held only in such a local keeps its object through a check made below it; dropped, the object is reported.
// REQUIRES: gcc
// RUN: %ksan_cc --ksan-uar -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=1 bash %S/../Inputs/status.sh %run %t hold 2>&1 | FileCheck %s --check-prefix=HOLD
// RUN: env KSAN_OPTIONS=detect_stack_use_after_return=1 bash %S/../Inputs/status.sh %run %t drop 2>&1 | FileCheck %s --check-prefix=DROP
// RUN: bash %S/../Inputs/status.sh %run %t hold 2>&1 | FileCheck %s --check-prefix=HOLD
#include <stdio.h>
#include <unistd.h>
#include <ksan/ksan.h>
#include "Inputs/leak.h"

__attribute__((noinline)) void fill(char **slot, const char *how)
{
	*slot = keep(malloc(64));
	if (!strcmp(how, "drop"))
		*slot = 0;
}

__attribute__((noinline)) int with_local(const char *how)
{
	char *local[4];		/* address taken: in the (fake) frame */
	int n;

	fill(&local[1], how);
	wipe_stack();
	n = ksan_leak_check();
	printf("on the fake stack: %s\n",
	       (uintptr_t)local - (uintptr_t)__builtin_frame_address(0) + 65536 < 131072 ? "no" : "yes");
	__asm__ volatile("" : : "r"(local) : "memory");
	return n;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("leaked objects: %d\n", with_local(argv[1]));
	_exit(0);	/* the check above is the one */
}

// HOLD: {{^}}on the fake stack: {{yes|no}}{{$}}
// HOLD-NEXT: {{^}}leaked objects: 0{{$}}
// HOLD-NEXT: {{^}}STATUS: exit 0{{$}}

// DROP: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 64):{{$}}
// DROP: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// DROP-NEXT: {{^}}on the fake stack: yes{{$}}
// DROP-NEXT: {{^}}leaked objects: 1{{$}}
// DROP-NEXT: {{^}}STATUS: exit 0{{$}}
