// The same heap overflow and use-after-free are caught at -O0, -O1, -O2, -O3 and -Os (the subset that runs the optimisation sweep).
// RUN: %ksan_cc -O0 %s -o %t.O0
// RUN: %ksan_cc -O1 %s -o %t.O1
// RUN: %ksan_cc -O2 %s -o %t.O2
// RUN: %ksan_cc -O3 %s -o %t.O3
// RUN: %ksan_cc -Os %s -o %t.Os
// RUN: bash %S/../Inputs/status.sh %run %t.O0 ovf 2>&1 | FileCheck %s --check-prefix=OVF
// RUN: bash %S/../Inputs/status.sh %run %t.O1 ovf 2>&1 | FileCheck %s --check-prefix=OVF
// RUN: bash %S/../Inputs/status.sh %run %t.O2 ovf 2>&1 | FileCheck %s --check-prefix=OVF
// RUN: bash %S/../Inputs/status.sh %run %t.O3 ovf 2>&1 | FileCheck %s --check-prefix=OVF
// RUN: bash %S/../Inputs/status.sh %run %t.Os ovf 2>&1 | FileCheck %s --check-prefix=OVF
// RUN: bash %S/../Inputs/status.sh %run %t.O0 uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh %run %t.O2 uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh %run %t.O3 uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh %run %t.O3 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct stats {
	int n;
	int v[10];
};

__attribute__((noinline)) int sum(const struct stats *s, int upto)
{
	int i, t = 0;

	for (i = 0; i <= upto; i++)
		t += s->v[i];
	return t;
}

int main(int argc, char **argv)
{
	struct stats *s = calloc(1, sizeof(*s));
	int r;

	s->n = 10;
	if (!strcmp(argv[1], "ovf")) {
		r = sum(s, s->n);	/* off by one: reads v[10] */
	} else if (!strcmp(argv[1], "uaf")) {
		free(s);
		r = sum(s, 3);
		s = 0;
	} else {
		r = sum(s, s->n - 1);
	}
	printf("sum %d\n", r);
	free(s);
	return 0;
}

// OVF: {{^}}BUG: KASAN: slab-out-of-bounds in sum+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// OVF-NEXT: {{^}}Read of size 4 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// OVF: {{^}} sum+0x{{.*}}opt_levels.c:30{{$}}
// OVF: The buggy address is located 0 bytes to the right of
// OVF-NEXT: {{^}} 44-byte region {{\[}}0x{{[0-9a-f]+}}, 0x[[ADDR]]){{$}}
// OVF: STATUS: exit 1{{$}}

// UAF: {{^}}BUG: KASAN: slab-use-after-free in sum+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// UAF-NEXT: {{^}}Read of size 4 at addr
// UAF: Freed by task
// UAF: STATUS: exit 1{{$}}

// OK: sum 0
// OK-NEXT: STATUS: exit 0{{$}}
