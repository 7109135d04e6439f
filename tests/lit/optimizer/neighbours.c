// Neighbouring accesses merged (clang: ksan-opt checks field sequences through one pointer, with nothing between that can free or poison, by one shadow test, and on failure checks each access in program order with its own line): a read of the last field past a short allocation and writes to a freed struct are reported with the right type, address, size and line (the first bad access first); the correct calls are silent; a call between two fields that may free splits the sequence; the wrong variant whose cold block checks nothing (KSAN_OPT_BREAK=cold) loses the reports.
// REQUIRES: ksan-opt
// RUN: env KSAN_OPT_DEBUG=1 %ksan_cc -O1 %s -o %t 2>&1 | FileCheck %s --check-prefix=DEBUG
// RUN: bash %S/../Inputs/status.sh %run %t short 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: env KSAN_OPT_BREAK=cold %ksan_cc -O1 %s -o %t.broken
// RUN: bash %S/../Inputs/status.sh %run %t.broken short 2>&1 | FileCheck %s --check-prefix=LOST --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t.broken uaf 2>&1 | FileCheck %s --check-prefix=LOST --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
	int a, b, c, d;
	long e;
};

__attribute__((noinline)) int fields(const struct rec *q)
{
	int s = q->a;

	s += q->b * 2;
	s += q->c * 3;
	s += q->d * 4;
	return s;
}

__attribute__((noinline)) void set(struct rec *q, int v)
{
	q->a = v;
	q->b = v + 1;
	q->c = v + 2;
	q->d = v + 3;
	q->e = v + 4;
}

__attribute__((noinline)) void maybe_free(struct rec *q, int really)
{
	if (really)
		free(q);
}

/* the call between the fields may free: two sequences, not one */
__attribute__((noinline)) int split(struct rec *q, int really)
{
	int s = q->a + q->b;

	maybe_free(q, really);
	return s + q->c + q->d;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "ok";
	int r = 0;

	if (!strcmp(what, "short")) {
		struct rec *q = malloc(12);	/* a, b, c only */

		memset(q, 0, 12);
		printf("bad %016lx\n", (unsigned long)&q->d);
		fflush(stdout);
		r = fields(q);
		free(q);
	} else if (!strcmp(what, "uaf")) {
		struct rec *q = malloc(sizeof(*q));

		free(q);
		printf("bad %016lx\n", (unsigned long)&q->a);
		fflush(stdout);
		set(q, 1);
	} else {
		struct rec *q = malloc(sizeof(*q));

		set(q, 1);
		r = fields(q) + split(q, 0);
		free(q);
	}
	printf("done %d\n", r);
	return 0;
}

// DEBUG-DAG: ksan-opt: {{.*}}neighbours.c:21: 4 neighbouring accesses in fields merged into one check of 16 bytes
// DEBUG-DAG: ksan-opt: {{.*}}neighbours.c:31: 5 neighbouring accesses in set merged into one check of 24 bytes
// DEBUG-DAG: ksan-opt: {{.*}}neighbours.c:47: 2 neighbouring accesses in split merged into one check of 8 bytes
// DEBUG-DAG: ksan-opt: {{.*}}neighbours.c:50: 2 neighbouring accesses in split merged into one check of 8 bytes

// SHORT: bad [[ADDR:[0-9a-f]+]]
// SHORT-NEXT: ==================
// SHORT-NEXT: BUG: KASAN: slab-out-of-bounds in fields+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// SHORT-NEXT: Read of size 4 at addr [[ADDR]] by task
// SHORT: Call Trace:
// SHORT-NEXT: fields+0x{{.*}}neighbours.c:25
// SHORT: STATUS: exit 1{{$}}

// UAF: bad [[ADDR:[0-9a-f]+]]
// UAF-NEXT: ==================
// UAF-NEXT: BUG: KASAN: slab-use-after-free in set+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// UAF-NEXT: Write of size 4 at addr [[ADDR]] by task
// UAF: Call Trace:
// UAF-NEXT: set+0x{{.*}}neighbours.c:31
// UAF: Freed by task
// UAF: STATUS: exit 1{{$}}

// OK: done {{[0-9]+}}
// OK-NEXT: STATUS: exit 0{{$}}

// LOST: bad
// LOST: done
// LOST-NEXT: STATUS: exit 0{{$}}
