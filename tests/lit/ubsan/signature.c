// UBSAN's crash signature: the check and the program's frames, the same at -O0 and -O2 (where scale is inlined into its caller, and GCC moves the report's path into compute.cold, which the signature names compute) and in the three layouts (the asan layout prints no stack by default, its signature has the frames all the same); two checks at one place, and one check in two functions, give different signatures.
// REQUIRES: inline
// RUN: %ksan_cc -O0 -g --ksan=ubsan %s -o %t0
// RUN: %ksan_cc -O2 -g --ksan=ubsan %s -o %t2
// RUN: bash %S/../Inputs/status.sh %run %t0 shift > %t.s0 2>&1
// RUN: bash %S/../Inputs/status.sh %run %t2 shift > %t.s2 2>&1
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t2 shift > %t.sa 2>&1
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t2 shift > %t.sj 2>&1
// RUN: FileCheck %s --check-prefix=KASAN < %t.s0
// RUN: FileCheck %s --check-prefix=ASAN < %t.sa
// RUN: python3 %S/../formats/Inputs/sigcmp.py O0=%t.s0 O2=%t.s2 asan=%t.sa json=%t.sj | FileCheck %s --check-prefix=SAME
// RUN: bash %S/../Inputs/status.sh %run %t2 add > %t.a 2>&1
// RUN: bash %S/../Inputs/status.sh %run %t2 other > %t.o 2>&1
// RUN: python3 %S/../formats/Inputs/sigcmp.py shift=%t.s2 add=%t.a other=%t.o | FileCheck %s --check-prefix=DIFF
#include <stdio.h>
#include <string.h>

volatile int amount = 40;
volatile int big = 2147483647;

static inline int scale(int v, int by)
{
	return v << by;
}

__attribute__((noinline)) int compute(int v, const char *m)
{
	if (!strcmp(m, "add"))
		return v + big;
	return scale(v, amount);
}

__attribute__((noinline)) int other(int v)
{
	return v << amount;
}

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";
	int r = !strcmp(m, "other") ? other(1) : compute(1, m);

	printf("done %d\n", r & 0);
	return 0;
}

// KASAN: {{^}}UBSAN: shift-out-of-bounds in {{.*}}signature.c:{{[0-9:]+}}{{$}}
// KASAN: {{^}}Call Trace:{{$}}
// KASAN-NEXT: {{^}} scale+0x
// KASAN: {{^}}Crash signature: {{([0-9a-f]{16})}} shift-out-of-bounds | scale | compute | main{{$}}
// KASAN-NEXT: {{^}}={{=+}}{{$}}
// KASAN-NEXT: {{^}}done 0{{$}}

// ASAN: {{^}}SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior {{.*}}signature.c:{{[0-9:]+}} in {{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} shift-out-of-bounds | scale | compute | main{{$}}
// ASAN-NEXT: {{^}}done 0{{$}}

// SAME: {{^}}O0: {{([0-9a-f]{16})}} shift-out-of-bounds | scale | compute | main{{$}}
// SAME: {{^}}signatures: same{{$}}
// SAME: {{^}}hash: ok{{$}}

// DIFF: {{^}}shift: {{([0-9a-f]{16})}} shift-out-of-bounds | scale | compute | main{{$}}
// DIFF: {{^}}add: {{([0-9a-f]{16})}} signed-integer-overflow | compute | main{{$}}
// DIFF: {{^}}other: {{([0-9a-f]{16})}} shift-out-of-bounds | other | main{{$}}
// DIFF: {{^}}signatures: different{{$}}
// DIFF: {{^}}texts: different{{$}}
