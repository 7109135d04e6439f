// clang's inline checks keep their report calls off the hot path: ksan-cc includes kasan_cold.h, so the branch to an 8- or 16-byte access's report call is taken only on a bad access (jne to the call, not je over it); one copy of the table that declares the calls cold per program; not in -E output, nothing in a preprocessed assembler file; the checks still recover (halt_on_error=0 reports both accesses and goes on).
// REQUIRES: clang-inline, x86_64
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc -O2 -S -o - %s | FileCheck %s --check-prefix=ASM
// RUN: %ksan_cc -O2 -E %s | FileCheck %s --check-prefix=PRE --implicit-check-not=__ksan_cold_reports
// RUN: %ksan_cc -c %S/Inputs/regs.S -o %t.dir/regs.o
// RUN: %ksan_cc -O2 -c %s -o %t.dir/a.o
// RUN: %ksan_cc -O2 -DSECOND -c %s -o %t.dir/b.o
// RUN: %ksan_cc %t.dir/a.o %t.dir/b.o -o %t.dir/prog
// RUN: nm %t.dir/prog | grep -c __ksan_cold_reports | FileCheck %s --check-prefix=ONE
// RUN: bash %S/../Inputs/status.sh env KSAN_OPTIONS=halt_on_error=0 %run %t.dir/prog 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long pair __attribute__((vector_size(16)));	/* one 16-byte access */

#ifndef SECOND
// ASM-LABEL: load8:
// ASM: cmpb $0, 2147450880(%r{{[a-z0-9]+}})
// ASM-NEXT: jne
// ASM-LABEL: .Lfunc_end0:
__attribute__((noinline)) long load8(const long *p)
{
	return *p;
}

// ASM-LABEL: load16:
// ASM: cmpw $0, 2147450880(%r{{[a-z0-9]+}})
// ASM-NEXT: jne
// ASM-LABEL: .Lfunc_end1:
__attribute__((noinline)) pair load16(const pair *p)
{
	return *p;
}

// PRE: int main(void)
long load16_b(const pair *p);

int main(void)
{
	long *l = malloc(4);		// 8-byte load, 4 bytes in bounds
	pair *q = malloc(12);		// 16-byte load, 12 bytes in bounds
	volatile long sum;

	memset(l, 0, 4);
	memset(q, 0, 12);
	sum = load8(l);
	sum += load16_b(q);
	printf("went on\n");
	free(l);
	free(q);
	return 0;
}
#else
long load16_b(const pair *p)
{
	pair v = *(const volatile pair *)p;

	return v[0] + v[1];
}
#endif

// ONE: {{^}}1{{$}}

// CHECK: BUG: KASAN: slab-out-of-bounds in load8
// CHECK: Read of size 8
// CHECK: BUG: KASAN: slab-out-of-bounds in load16_b
// CHECK: Read of size 16
// CHECK: went on
// CHECK: STATUS: exit 0
