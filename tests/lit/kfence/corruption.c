// A write into the canary bytes beside a KFENCE object (inside its page, so it does not fault) is found when the object is freed: "memory corruption" with the bytes.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t right 2>&1 | FileCheck %s --check-prefix=RIGHT
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t left 2>&1 | FileCheck %s --check-prefix=LEFT
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KFENCE
#include <stdio.h>
#include <string.h>
#include "Inputs/kfence.h"

int main(int argc, char **argv)
{
	volatile char *l = kfence_object(16, 0);	/* canaries after it */
	volatile char *r = kfence_object(16, 1);	/* canaries before it */

	if (!strcmp(argv[1], "right"))
		l[17] = 0x42;
	if (!strcmp(argv[1], "left"))
		r[-5] = 0x43;
	free((void *)l);
	free((void *)r);
	printf("went on\n");
	return 0;
}

// RIGHT: BUG: KFENCE: memory corruption in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// RIGHT-EMPTY:
// RIGHT-NEXT: Corrupted memory at 0x{{[0-9a-f]+}} [ 0x42 . . . . . . . . . . . . . . . ] (in kfence-#{{[0-9]+}}):
// RIGHT-NEXT: {{^}} free{{$}}
// RIGHT-NEXT: main+{{.*}}corruption.c:20
// RIGHT: size=16, cache=malloc] allocated by task
// RIGHT: freed by task
// RIGHT: went on
// RIGHT-NEXT: STATUS: exit 0{{$}}

// LEFT: BUG: KFENCE: memory corruption in main+
// LEFT: Corrupted memory at 0x{{[0-9a-f]+}} [ 0x43 . . . . ] (in kfence-#{{[0-9]+}}):
// LEFT-NEXT: {{^}} free{{$}}
// LEFT-NEXT: main+{{.*}}corruption.c:21
// LEFT: went on

// OK: went on
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
