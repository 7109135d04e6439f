// -O0 keeps blocks nothing jumps to: ksan-opt (clang) must skip them, not crash; the reachable overflow is still reported, its twin is silent.
// RUN: %ksan_cc -O0 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int f(int *p, int i, int c)
{
	int x = p[i];

	return x;
again:	/* unreachable: only its own goto leads here */
	x += p[i];
	if (c)
		goto again;
	return x;
}

int main(int argc, char **argv)
{
	int *p = calloc(4, sizeof(int));
	int r = f(p, strcmp(argc > 1 ? argv[1] : "ok", "bad") ? 3 : 4, 0);

	free(p);
	printf("done %d\n", r);
	return 0;
}

// BAD: BUG: KASAN: slab-out-of-bounds in f+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// BAD-NEXT: Read of size 4 at addr
// BAD: Call Trace:
// BAD-NEXT: f+0x{{.*}}unreachable.c:11
// BAD: STATUS: exit 1{{$}}

// OK: done 0
// OK-NEXT: STATUS: exit 0{{$}}
