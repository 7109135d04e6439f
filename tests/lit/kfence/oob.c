// Out-of-bounds reads and writes on both sides of KFENCE objects in an uninstrumented program under LD_PRELOAD fault on the guard page, are reported in the kernel's layout, and the program goes on (halt_on_error=0); halt_on_error=1 stops it.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t right-read 2>&1 | FileCheck %s --check-prefix=RR
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t right-write 2>&1 | FileCheck %s --check-prefix=RW
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t left-read 2>&1 | FileCheck %s --check-prefix=LR
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t left-write 2>&1 | FileCheck %s --check-prefix=LW
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1:halt_on_error=1 %run %t right-write 2>&1 | FileCheck %s --check-prefix=HALT
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KFENCE
#include <stdio.h>
#include <string.h>
#include "Inputs/kfence.h"

int main(int argc, char **argv)
{
	const char *m = argv[1];
	volatile char *r = kfence_object(32, 1);
	volatile char *l = kfence_object(32, 0);
	int v = 0;

	for (int i = 0; i < 32; i++)
		r[i] = l[i] = (char)i;
	if (!strcmp(m, "right-read"))
		v = r[32];
	if (!strcmp(m, "right-write"))
		r[33] = 1;
	if (!strcmp(m, "left-read"))
		v = l[-1];
	if (!strcmp(m, "left-write"))
		l[-3] = 1;
	printf("went on %d %d\n", v, r[31] + l[0]);
	return 0;
}

// RR: ==================================================================
// RR-NEXT: BUG: KFENCE: out-of-bounds read in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// RR-EMPTY:
// RR-NEXT: Out-of-bounds read at 0x{{[0-9a-f]+}} (1B right of kfence-#[[N:[0-9]+]]):
// RR-NEXT: main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}oob.c:24
// RR: kfence-#[[N]] [0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, size=32, cache=malloc] allocated by task {{[0-9]+}}:
// RR-NEXT: {{^}} malloc{{$}}
// RR-NEXT: kfence_object{{.*}}kfence.h
// RR-NEXT: main+{{.*}}oob.c:17
// RR-NOT: freed by task
// RR: ==================================================================
// RR-NEXT: went on 0 31
// RR-NEXT: STATUS: exit 0{{$}}

// RW: BUG: KFENCE: out-of-bounds write in main+
// RW: Out-of-bounds write at 0x{{[0-9a-f]+}} (2B right of kfence-#{{[0-9]+}}):
// RW: went on 0 31
// RW-NEXT: STATUS: exit 0{{$}}

// LR: BUG: KFENCE: out-of-bounds read in main+
// LR: Out-of-bounds read at 0x{{[0-9a-f]+}} (1B left of kfence-#{{[0-9]+}}):
// LR-NEXT: main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}oob.c:28
// LR: went on 0 31

// LW: BUG: KFENCE: out-of-bounds write in main+
// LW: Out-of-bounds write at 0x{{[0-9a-f]+}} (3B left of kfence-#{{[0-9]+}}):
// LW: went on 0 31

// HALT: BUG: KFENCE: out-of-bounds write in main+
// HALT-NOT: went on
// HALT: STATUS: exit 1{{$}}

// OK: went on 0 31
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
