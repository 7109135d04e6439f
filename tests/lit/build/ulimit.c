// Under an 8 GiB address-space limit (ulimit -v 8388608, where ASan cannot even start) a ksan program starts, runs and reports its heap bug.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash -c 'ulimit -v 8388608; exec bash %S/../Inputs/status.sh %run %t ok' 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: bash -c 'ulimit -v 8388608; exec bash %S/../Inputs/status.sh %run %t bug' 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

int main(int argc, char **argv)
{
	size_t total = 0;
	int i;

	/* real work first: 64 MB in objects of every size class, and back */
	for (i = 0; i < 4096; i++) {
		size_t n = (size_t)(i % 64 + 1) * 256;
		char *p = sink = malloc(n);

		memset(p, i, n);
		total += n;
		free(p);
	}
	printf("allocated %zu MB\n", total >> 20);
	if (!strcmp(argv[1], "bug")) {
		char *p = sink = malloc(1000);

		p[1000] = 1;
	}
	return 0;
}

// OK: allocated 32 MB
// OK-NEXT: STATUS: exit 0{{$}}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK: 1000-byte region
// CHECK: STATUS: exit 1{{$}}
