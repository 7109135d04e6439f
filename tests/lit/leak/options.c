// detect_leaks=0 turns leak detection off (no check at exit, ksan_leak_check() returns 0); leak_check_at_exit=0 leaves only the program's own checks: ksan_leak_check() reports and returns the number of leaked objects, and the program goes on (the leak freed, the next check finds none, the exit is clean).
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: env KSAN_OPTIONS=detect_leaks=0 bash %S/../Inputs/status.sh %run %t exit 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=detect_leaks=0 bash %S/../Inputs/status.sh %run %t check 2>&1 | FileCheck %s --check-prefix=OFFCHECK --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=leak_check_at_exit=0 bash %S/../Inputs/status.sh %run %t exit 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=leak --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=leak_check_at_exit=0 bash %S/../Inputs/status.sh %run %t check 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: bash %S/../Inputs/status.sh %run %t check 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: env KSAN_OPTIONS=detect_leaks=2 bash %S/../Inputs/status.sh %run %t exit 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env KSAN_OPTIONS=help=1 %run %t exit 2>&1 | FileCheck %s --check-prefix=HELP
#include <stdio.h>
#include <ksan/ksan.h>
#include "Inputs/leak.h"

static char **saved;

__attribute__((noinline)) void leaks(const char *how)
{
	char *p = keep(malloc(56));

	/* its address, hidden from the scan (a complemented copy) */
	*saved = (char *)~(uintptr_t)p;
}

int main(int argc, char **argv)
{
	char *hidden;
	int n;

	setvbuf(stdout, NULL, _IONBF, 0);
	saved = &hidden;
	deep(leaks, argv[1]);
	if (!strcmp(argv[1], "check")) {
		n = ksan_leak_check();
		printf("first check: %d\n", n);
		free((char *)~(uintptr_t)hidden);
		wipe_stack();
		n = ksan_leak_check();
		printf("second check: %d\n", n);
	}
	printf("done\n");
	return 0;
}

// OFF: {{^}}done{{$}}
// OFF-NEXT: {{^}}STATUS: exit 0{{$}}

// OFFCHECK: {{^}}first check: 0{{$}}
// OFFCHECK-NEXT: {{^}}second check: 0{{$}}
// OFFCHECK-NEXT: {{^}}done{{$}}
// OFFCHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// CHECK: {{^}}BUG: memory leak{{$}}
// CHECK-NEXT: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 56):{{$}}
// CHECK: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// CHECK-NEXT: {{^}}first check: 1{{$}}
// CHECK-NEXT: {{^}}second check: 0{{$}}
// CHECK-NEXT: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// BAD: {{^}}ksan: bad value for option 'detect_leaks': '2' (accepted: 0, 1, true, false, yes or no){{$}}
// BAD-NEXT: {{^}}STATUS: exit 1{{$}}

// HELP: {{^}}  detect_leaks{{ +}}0 or 1: look for leaked heap objects{{.*}} Default: 1 with generic KASAN
// HELP: {{^}}  leak_check_at_exit{{ +}}with detect_leaks=1
