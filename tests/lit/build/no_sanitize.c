// ksan-cc honours -fno-sanitize=all, =kernel-address and =address: that unit compiles without KASAN (no cc1 error about -fasan-shadow-offset, no __asan references) and its overflow goes unreported, while an instrumented unit linked beside it is still checked; a later -fsanitize=address turns KASAN back on.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O1 -fno-sanitize=all -c %S/Inputs/overflow_unit.c -o %t.dir/off-all.o
// RUN: %ksan_cc -O1 -fno-sanitize=kernel-address -c %S/Inputs/overflow_unit.c -o %t.dir/off-kasan.o
// RUN: %ksan_cc -O1 -fno-sanitize=address,undefined -c %S/Inputs/overflow_unit.c -o %t.dir/off-asan.o
// RUN: %ksan_cc -O1 --ksan=kasan,ubsan -fno-sanitize=all -c %S/Inputs/overflow_unit.c -o %t.dir/off-both.o
// RUN: %ksan_cc -O1 -fno-sanitize=all -fsanitize=address -c %S/Inputs/overflow_unit.c -o %t.dir/on-again.o
// RUN: nm %t.dir/off-all.o %t.dir/off-kasan.o %t.dir/off-asan.o %t.dir/off-both.o | FileCheck %s --check-prefix=NM-OFF
// RUN: nm %t.dir/on-again.o | FileCheck %s --check-prefix=NM-ON
// The unit without KASAN in an instrumented program: its overflow is silent, the instrumented main's is reported.
// RUN: %ksan_cc -O1 %s %t.dir/off-all.o -o %t.dir/mixed
// RUN: bash %S/../Inputs/status.sh %run %t.dir/mixed unit 2>&1 | FileCheck %s --check-prefix=SILENT --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t.dir/mixed main 2>&1 | FileCheck %s
// The same unit instrumented (-fsanitize=address after -fno-sanitize=all) reports its overflow.
// RUN: %ksan_cc -O1 %s %t.dir/on-again.o -o %t.dir/on
// RUN: bash %S/../Inputs/status.sh %run %t.dir/on unit 2>&1 | FileCheck %s --check-prefix=UNIT
// A whole program built with -fno-sanitize=all still links and runs.
// RUN: %ksan_cc -O1 -fno-sanitize=all %s %S/Inputs/overflow_unit.c -o %t.dir/none
// RUN: bash %S/../Inputs/status.sh %run %t.dir/none unit 2>&1 | FileCheck %s --check-prefix=SILENT --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int overflow_unit(int n);
volatile int past = 8;

int main(int argc, char **argv)
{
	(void)argc;
	if (!strcmp(argv[1], "unit")) {
		printf("unit %d\n", overflow_unit(past) & 0);
	} else {
		volatile char *p = malloc(8);

		p[past] = 1;
		free((void *)p);
	}
	return 0;
}

// NM-OFF-NOT: __asan
// NM-OFF-NOT: __ubsan
// NM-ON: U __asan_

// SILENT: {{^}}unit 0{{$}}
// SILENT-NEXT: {{^}}STATUS: exit 0{{$}}

// UNIT: {{^}}BUG: KASAN: slab-out-of-bounds in overflow_unit+0x
// UNIT: STATUS: exit 1{{$}}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in main+0x
// CHECK: STATUS: exit 1{{$}}
