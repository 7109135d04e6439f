// Use-after-free reads and writes of a KFENCE object (its freed page stays protected) are reported with the allocation and free stacks; the program goes on.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KFENCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static void release(void *p)
{
	free(p);
}

int main(int argc, char **argv)
{
	volatile char *p = malloc(100);
	int v = 0;

	p[5] = 7;
	release((void *)p);
	if (!strcmp(argv[1], "read"))
		v = p[5];
	if (!strcmp(argv[1], "write"))
		p[10] = 1;
	printf("went on %d\n", v);
	return 0;
}

// READ: BUG: KFENCE: use-after-free read in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// READ-EMPTY:
// READ-NEXT: Use-after-free read at 0x{{[0-9a-f]+}} (in kfence-#[[N:[0-9]+]]):
// READ-NEXT: main+{{.*}}uaf.c:24
// READ: kfence-#[[N]] [0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, size=100, cache=malloc] allocated by task {{[0-9]+}}:
// READ-NEXT: {{^}} malloc{{$}}
// READ-NEXT: main+{{.*}}uaf.c:18
// READ: {{^}}freed by task {{[0-9]+}}:
// READ-NEXT: {{^}} free{{$}}
// READ-NEXT: release+{{.*}}uaf.c:13
// READ-NEXT: main+{{.*}}uaf.c:22
// READ: went on 7
// READ-NEXT: STATUS: exit 0{{$}}

// WRITE: BUG: KFENCE: use-after-free write in main+
// WRITE: Use-after-free write at 0x{{[0-9a-f]+}} (in kfence-#{{[0-9]+}}):
// WRITE: freed by task
// WRITE: went on 0
// WRITE-NEXT: STATUS: exit 0{{$}}

// OK: went on 0
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
