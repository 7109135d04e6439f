// Double free and interior-pointer free of a KFENCE object are "invalid free" reports; the bad free is ignored and the program goes on.
// REQUIRES: inline
// RUN: %cc -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t double 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t interior 2>&1 | FileCheck %s --check-prefix=INTERIOR
// RUN: bash %S/../Inputs/status.sh env LD_PRELOAD=%build/lib/libksan-kfence.so KSAN_OPTIONS=kfence_sample_every=1 %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KFENCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *volatile sink;

int main(int argc, char **argv)
{
	char *p = malloc(24);

	sink = p;
	if (!strcmp(argv[1], "double")) {
		free(p);
		free(sink);
	} else if (!strcmp(argv[1], "interior")) {
		free((char *)sink + 8);
		free(p);
	} else
		free(p);
	printf("went on\n");
	return 0;
}

// DOUBLE: BUG: KFENCE: invalid free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// DOUBLE-EMPTY:
// DOUBLE-NEXT: Invalid free of 0x{{[0-9a-f]+}} (in kfence-#[[N:[0-9]+]]):
// DOUBLE-NEXT: {{^}} free{{$}}
// DOUBLE-NEXT: main+{{.*}}bad_free.c:20
// DOUBLE: kfence-#[[N]] [{{.*}}, size=24, cache=malloc] allocated by task
// DOUBLE: freed by task
// DOUBLE-NEXT: {{^}} free{{$}}
// DOUBLE-NEXT: main+{{.*}}bad_free.c:19
// DOUBLE: went on
// DOUBLE-NEXT: STATUS: exit 0{{$}}

// INTERIOR: BUG: KFENCE: invalid free in main+
// INTERIOR: Invalid free of 0x{{[0-9a-f]+}}8 (in kfence-#{{[0-9]+}}):
// INTERIOR-NEXT: {{^}} free{{$}}
// INTERIOR-NEXT: main+{{.*}}bad_free.c:22
// INTERIOR-NOT: freed by task
// INTERIOR: went on
// INTERIOR-NEXT: STATUS: exit 0{{$}}

// OK: went on
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: runs a plain program under the KFENCE preload (libksan-kfence.so), which is not built for aarch64.
// UNSUPPORTED: aarch64
