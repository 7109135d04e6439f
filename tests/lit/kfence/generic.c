// ksan-cc --ksan=kasan,kfence: allocations are sampled into KFENCE first; an instrumented overflow and one made inside the C library (memset) both fault on the guard page and get KFENCE reports, and a use-after-free too. Without kfence in --ksan=, KFENCE stays off and KASAN reports the same bug.
// RUN: %ksan_cc --ksan=kasan,kfence -g -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh env KSAN_OPTIONS=kfence_sample_every=1 %run %t instrumented 2>&1 | FileCheck %s --check-prefix=INSTR
// RUN: bash %S/../Inputs/status.sh env KSAN_OPTIONS=kfence_sample_every=1 %run %t libc 2>&1 | FileCheck %s --check-prefix=LIBC
// RUN: bash %S/../Inputs/status.sh env KSAN_OPTIONS=kfence_sample_every=1 %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh env KSAN_OPTIONS=kfence_sample_every=1:kfence_stats=1 %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=BUG
// RUN: %ksan_cc -g -O0 %s -o %t.kasan
// RUN: bash %S/../Inputs/status.sh env KSAN_OPTIONS=kfence_sample_every=1:kfence_stats=1 %run %t.kasan instrumented 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KFENCE
#include <stdio.h>
#include <string.h>
#include "Inputs/kfence.h"

static int right_placed(void *p, size_t n)
{
	return ((uintptr_t)p + n) % 4096 == 0;
}

/* the objects stay reachable (no leak at exit): an out-of-bounds write
 * broke their canaries, so they are not freed */
static char *objects[2];

int main(int argc, char **argv)
{
	const char *m = argv[1];
	char *p = objects[0] = malloc(32);
	volatile char *r;

	/* KFENCE on: objects alternate between the page edges */
	if (!right_placed(p, 32)) {
		char *q = objects[1] = malloc(32);

		if (right_placed(q, 32))
			p = q;
	}
	r = p;
	if (!strcmp(m, "instrumented"))
		r[32] = 1;
	if (!strcmp(m, "libc"))
		memset(p, 0, 40);
	if (!strcmp(m, "uaf")) {
		free(p);
		r[0] = 1;
	}
	printf("went on\n");
	return 0;
}

// INSTR: BUG: KFENCE: out-of-bounds write in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// INSTR-EMPTY:
// INSTR-NEXT: Out-of-bounds write at 0x{{[0-9a-f]+}} (1B right of kfence-#{{[0-9]+}}):
// INSTR-NEXT: main+{{.*}}generic.c:37
// INSTR: size=32, cache=kmalloc-32] allocated by task
// INSTR-NEXT: {{^}} malloc{{$}}
// INSTR-NEXT: main+{{.*}}generic.c:{{25|30}}{{$}}
// INSTR: went on
// INSTR-NEXT: STATUS: exit 0{{$}}

// LIBC: BUG: KFENCE: out-of-bounds write in
// LIBC: Out-of-bounds write at 0x{{[0-9a-f]+}} (1B right of kfence-#{{[0-9]+}}):
// LIBC: size=32, cache=kmalloc-32] allocated by task
// LIBC: went on
// LIBC-NEXT: STATUS: exit 0{{$}}

// UAF: BUG: KFENCE: use-after-free write in main+
// UAF: freed by task
// UAF: went on

// OK-DAG: ksan: KFENCE stats (pid {{[0-9]+}}): enabled: 1
// OK-DAG: went on
// OK: STATUS: exit 0{{$}}

// OFF: BUG: KASAN: slab-out-of-bounds in main+
// OFF: STATUS: exit 1{{$}}
