// detect_invalid_pointer_pairs: 0 (the default, as ASan's) checks nothing; 1 checks pairs of non-null pointers only; 2 also a null pointer with a known object's (heap, global, stack); a null pointer with one ksan knows nothing of, and two pointers into memory it knows nothing of (an mmap'd region, far apart), are never reported; a pointer into such memory with a heap object's is.  With halt_on_error=0 each (function, call site) is reported once: three call sites of one comparing function, one of them in a loop, give three reports.  A value out of 0..2 stops the program at start-up naming the option; help lists it.
// RUN: %ksan_cc -O1 -fsanitize=pointer-compare,pointer-subtract %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t pairs 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=0 bash %S/../Inputs/status.sh %run %t pairs 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t null 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2 bash %S/../Inputs/status.sh %run %t null 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2 bash %S/../Inputs/status.sh %run %t unknown 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2 bash %S/../Inputs/status.sh %run %t mixed 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1:halt_on_error=0 bash %S/../Inputs/status.sh %run %t pairs 2>&1 | FileCheck %s --check-prefix=RECOVER
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=3 bash %S/../Inputs/status.sh %run %t pairs 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=-1 bash %S/../Inputs/status.sh %run %t pairs 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env KSAN_OPTIONS=help=1 %run %t pairs 2>&1 | FileCheck %s --check-prefix=HELP
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

volatile long sink;
volatile int rounds = 3;
char global[64];

__attribute__((noinline)) void le(char *p, char *q)
{
	sink = p <= q;
}

int main(int argc, char **argv)
{
	char *a = malloc(16), *b = malloc(16);
	char local[8];
	int i;

	setvbuf(stdout, NULL, _IONBF, 0);
	local[0] = 0;
	if (!strcmp(argv[1], "pairs")) {
		le(a, b);
		for (i = 0; i < rounds; i++)
			le(b, a);
		le(global, a);
		puts("done");
	} else if (!strcmp(argv[1], "null")) {
		le(0, 0);
		le((char *)0, (char *)16);
		puts("null and unknown: silent");
		le(a, 0);
		le(0, global);
		le(local, 0);
		puts("done");
	} else {
		char *m = mmap(0, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		le(m, m + 100);
		le(m + 4096, m + 500000);
		le(m + 500000, 0);
		puts("unknown memory: silent");
		if (!strcmp(argv[1], "mixed"))
			le(m, a);
		puts("done");
	}
	free(a);
	free(b);
	return 0;
}

// OFF: done
// OFF-NEXT: STATUS: exit 0{{$}}

// ONE: null and unknown: silent
// ONE-NEXT: done
// ONE-NEXT: STATUS: exit 0{{$}}

// TWO: null and unknown: silent
// TWO-NEXT: {{^}}=================================================================={{$}}
// TWO-NEXT: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{.*}}
// TWO-NEXT: {{^}}KASAN: invalid-pointer-pair in le+
// TWO-NEXT: {{^}}Comparison of 0x{{[0-9a-f]+}} and 0x0 by task
// TWO: {{^}}Second pointer 0x0:{{$}}
// TWO-NEXT: {{^}}The address belongs to no object KASAN knows of{{$}}
// TWO: STATUS: exit 1{{$}}

// UNKNOWN: unknown memory: silent
// UNKNOWN-NEXT: done
// UNKNOWN-NEXT: STATUS: exit 0{{$}}

// MIXED: unknown memory: silent
// MIXED-NEXT: {{^}}=================================================================={{$}}
// MIXED-NEXT: {{^}}WARNING: {{(CPU: [0-9]+ )?}}PID: {{[0-9]+}} at {{.*}}
// MIXED-NEXT: {{^}}KASAN: invalid-pointer-pair in le+
// MIXED: {{^}}First pointer 0x{{[0-9a-f]+}}:{{$}}
// MIXED-NEXT: {{^}}The address belongs to no object KASAN knows of{{$}}
// MIXED: {{^}}Second pointer 0x{{[0-9a-f]+}}:{{$}}
// MIXED-NEXT: {{^}}Allocated by task
// MIXED: STATUS: exit 1{{$}}

// RECOVER-COUNT-3: {{^}}KASAN: invalid-pointer-pair in le+
// RECOVER-NOT: KASAN:
// RECOVER: done
// RECOVER-NEXT: STATUS: exit 0{{$}}

// BAD: ksan: bad value for option 'detect_invalid_pointer_pairs': '{{-?[0-9]}}' (accepted: 0 (off), 1 (both pointers not null) or 2 (also a null one))
// BAD-NEXT: STATUS: exit 1{{$}}

// HELP: detect_invalid_pointer_pairs{{.*}}0 off, 1 unless one is null, 2 also when one is null
