// Loop versioning (clang: ksan-opt gives a loop with affine accesses an unchecked copy, taken when one range check before the loop finds every byte it can touch addressable): a read past the end, a write below the start (negative step) and a read of freed memory in versioned loops are reported by the checked loop with the right type, address, size and line; the correct calls are silent; a loop with a call that may free is not versioned; the wrong variant that always takes the copy (KSAN_OPT_BREAK=fallback) loses the reports.
// REQUIRES: ksan-opt
// RUN: env KSAN_OPT_DEBUG=1 %ksan_cc -O1 -fno-vectorize -fno-unroll-loops %s -o %t 2>&1 | FileCheck %s --check-prefix=DEBUG
// RUN: bash %S/../Inputs/status.sh %run %t read 2>&1 | FileCheck %s --check-prefix=READ
// RUN: bash %S/../Inputs/status.sh %run %t write 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
// RUN: env KSAN_OPT_BREAK=fallback %ksan_cc -O1 -fno-vectorize -fno-unroll-loops %s -o %t.broken
// RUN: bash %S/../Inputs/status.sh %run %t.broken read 2>&1 | FileCheck %s --check-prefix=LOST --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t.broken write 2>&1 | FileCheck %s --check-prefix=LOST --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) long sum(const int *p, int n)
{
	long s = 0;

	for (int i = 0; i < n; i++)
		s += p[i];
	return s;
}

__attribute__((noinline)) void fill(int *p, int n, int v)
{
	for (int i = n - 1; i >= -1; i--)
		p[i] = v + i;
}

__attribute__((noinline)) void maybe_free(int *p, int really)
{
	if (really)
		free(p);
}

/* the call may free: this loop keeps its checks, no copy */
__attribute__((noinline)) long sum_call(int *p, int n)
{
	long s = 0;

	for (int i = 0; i < n; i++) {
		s += p[i];
		maybe_free(p, 0);
	}
	return s;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "ok";
	int n = 32;
	int *p = malloc(n * sizeof(int));
	int *base = malloc((n + 1) * sizeof(int));
	long r;

	fill(base + 1, n, 1);	/* writes base[0..n] */
	memset(p, 0, n * sizeof(int));
	if (!strcmp(what, "read")) {
		printf("bad %016lx\n", (unsigned long)(p + n));
		fflush(stdout);
		r = sum(p, n + 1);
	} else if (!strcmp(what, "write")) {
		printf("bad %016lx\n", (unsigned long)(p - 1));
		fflush(stdout);
		fill(p, n, 2);
		r = 0;
	} else if (!strcmp(what, "uaf")) {
		free(base);
		printf("bad %016lx\n", (unsigned long)base);
		fflush(stdout);
		r = sum(base, n);
		base = NULL;
	} else {
		r = sum(p, n) + sum(base, n + 1) + sum_call(p, n);
	}
	printf("done %ld\n", r);
	free(p);
	free(base);
	return 0;
}

// DEBUG-DAG: ksan-opt: {{.*}}versioning.c:20: loop in sum versioned: 1 accesses unchecked in its copy, 1 range checks
// DEBUG-DAG: ksan-opt: {{.*}}versioning.c:27: loop in fill versioned: 1 accesses unchecked in its copy, 1 range checks
// DEBUG-NOT: loop in sum_call versioned

// READ: bad [[ADDR:[0-9a-f]+]]
// READ-NEXT: ==================
// READ-NEXT: BUG: KASAN: slab-out-of-bounds in sum+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// READ-NEXT: Read of size 4 at addr [[ADDR]] by task
// READ: Call Trace:
// READ-NEXT: sum+0x{{.*}}versioning.c:20
// READ: STATUS: exit 1{{$}}

// WRITE: bad [[ADDR:[0-9a-f]+]]
// WRITE-NEXT: ==================
// WRITE-NEXT: BUG: KASAN: slab-out-of-bounds in fill+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// WRITE-NEXT: Write of size 4 at addr [[ADDR]] by task
// WRITE: Call Trace:
// WRITE-NEXT: fill+0x{{.*}}versioning.c:27
// WRITE: STATUS: exit 1{{$}}

// UAF: bad [[ADDR:[0-9a-f]+]]
// UAF-NEXT: ==================
// UAF-NEXT: BUG: KASAN: slab-use-after-free in sum+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}
// UAF-NEXT: Read of size 4 at addr [[ADDR]] by task
// UAF: Call Trace:
// UAF-NEXT: sum+0x{{.*}}versioning.c:20
// UAF: Freed by task
// UAF: STATUS: exit 1{{$}}

// OK: done {{[0-9]+}}
// OK-NEXT: STATUS: exit 0{{$}}

// LOST: bad
// LOST: done
// LOST-NEXT: STATUS: exit 0{{$}}
