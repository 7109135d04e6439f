// The kernel layout of the reports that have no access (docs/report-format.md, "Read by"): an allocation that cannot be made, an invalid pointer pair, a pool destroyed with objects in use.  A "BUG: KASAN:" title with no "Read/Write of size" line is corrupted in syzkaller; these print the kernel's WARN line, "WARNING: CPU: c PID: p at file:line fn+0x../0x.." (syzkaller: "WARNING in fn", type WARNING), then the detector's words "KASAN: <type> in fn+0x../0x..", the report's own lines and a Call Trace; no "BUG:" line follows (syzkaller would end the report there).  check_rules.py checks the rules on each report.
// UNSUPPORTED: aarch64
// RUN: %ksan_cc -O1 -g -fsanitize=pointer-compare %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t calloc 2>&1 | FileCheck %s --check-prefix=CALLOC --implicit-check-not=BUG:
// RUN: bash %S/../Inputs/status.sh %run %t aligned 2>&1 | FileCheck %s --check-prefix=ALIGNED --implicit-check-not=BUG:
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 bash %S/../Inputs/status.sh %run %t pair 2>&1 | FileCheck %s --check-prefix=PAIR --implicit-check-not=BUG:
// RUN: bash %S/../Inputs/status.sh %run %t pool 2>&1 | FileCheck %s --check-prefix=POOL --implicit-check-not=BUG:
// RUN: %run %t calloc > %t.calloc.txt 2>&1 || true
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=1 %run %t pair > %t.pair.txt 2>&1 || true
// RUN: %run %t pool > %t.pool.txt 2>&1 || true
// RUN: python3 %S/../../../tools/parsers/check_rules.py %t.calloc.txt %t.pair.txt %t.pool.txt
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

static char buf[64];

__attribute__((noinline)) static long parse(const char *how)
{
	volatile size_t n = (size_t)1 << 62, a = 24;
	void *volatile r = NULL;
	long v = 0;

	if (!strcmp(how, "calloc"))
		r = calloc(n, 8);
	if (!strcmp(how, "aligned"))
		r = aligned_alloc(a, 48);
	if (!strcmp(how, "pair")) {
		char *p = malloc(8), *q = malloc(8);

		v = p < q;
	}
	if (!strcmp(how, "pool")) {
		struct ksan_pool *pl = KSAN_POOL_CREATE("parse_pool", 32, NULL, NULL);

		KSAN_POOL_ADD_MEMORY(pl, buf, sizeof(buf));
		KSAN_POOL_ALLOC(pl, buf, 20);
		KSAN_POOL_DESTROY(pl);
	}
	return v + (r != NULL);
}

int main(int argc, char **argv)
{
	printf("%ld\n", parse(argv[1]));
	return 0;
}

// CALLOC: {{^}}=================================================================={{$}}
// CALLOC-NEXT: {{^}}WARNING: CPU: {{[0-9]+}} PID: {{[0-9]+}} at {{[^ ]*}}read_by_warning.c:26 parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CALLOC-NEXT: {{^}}KASAN: calloc-overflow in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CALLOC-NEXT: {{^}}calloc of 4611686018427387904 elements of 8 bytes overflows by task {{[^ ]+}}/{{[0-9]+}}{{$}}
// CALLOC-EMPTY:
// CALLOC-NEXT: {{^}}Call Trace:{{$}}
// CALLOC-NEXT: {{^}} calloc{{$}}
// CALLOC-NEXT: {{^}} parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read_by_warning.c:26{{$}}
// CALLOC: {{^}}Crash signature: {{[0-9a-f]+}} calloc-overflow | parse | main{{$}}
// CALLOC: STATUS: exit 1

// ALIGNED: {{^}}WARNING: CPU: {{[0-9]+}} PID: {{[0-9]+}} at {{[^ ]*}}read_by_warning.c:28 parse+
// ALIGNED-NEXT: {{^}}KASAN: invalid-allocation-alignment in parse+
// ALIGNED-NEXT: {{^}}aligned_alloc of 48 bytes with alignment 24: not a power of two by task

// PAIR: {{^}}WARNING: CPU: {{[0-9]+}} PID: {{[0-9]+}} at {{[^ ]*}}read_by_warning.c:32 parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PAIR-NEXT: {{^}}KASAN: invalid-pointer-pair in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PAIR-NEXT: {{^}}Comparison of 0x{{[0-9a-f]+}} and 0x{{[0-9a-f]+}} by task
// PAIR-EMPTY:
// PAIR-NEXT: {{^}}Call Trace:{{$}}
// PAIR-NEXT: {{^}} parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}read_by_warning.c:32{{$}}

// POOL: {{^}}WARNING: CPU: {{[0-9]+}} PID: {{[0-9]+}} at {{[^ ]*}}read_by_warning.c:39 parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// POOL-NEXT: {{^}}KASAN: objects-remaining in parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// POOL-NEXT: {{^}}Pool parse_pool destroyed with 1 object in use by task
// POOL-EMPTY:
// POOL-NEXT: {{^}}Call Trace:{{$}}
