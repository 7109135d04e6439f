// 2- and 4-byte accesses at every kind of offset in a granule (aligned, unaligned inside one granule, running into the next granule, valid or red zone, and in a partial granule) are reported exactly when a byte they touch is not addressable, with the access's size and address; the twin touching only valid bytes (including an unaligned access that spans two valid granules) is silent.  Outline only: the compilers' inline checks take an int or short access as aligned and test one shadow byte, so an unaligned one running into the next granule passes them (ASan's inline checks alike).
// REQUIRES: outline
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t r4 8 5 2>&1 | FileCheck %s --check-prefixes=CHECK,READ -DSIZE=4 -DOFF=5 -DN=8
// RUN: bash %S/../Inputs/status.sh %run %t r4 6 3 2>&1 | FileCheck %s --check-prefixes=CHECK,READ -DSIZE=4 -DOFF=3 -DN=6
// RUN: bash %S/../Inputs/status.sh %run %t w4 13 10 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE -DSIZE=4 -DOFF=10 -DN=13
// RUN: bash %S/../Inputs/status.sh %run %t r2 8 7 2>&1 | FileCheck %s --check-prefixes=CHECK,READ -DSIZE=2 -DOFF=7 -DN=8
// RUN: bash %S/../Inputs/status.sh %run %t w2 7 6 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE -DSIZE=2 -DOFF=6 -DN=7
// RUN: bash %S/../Inputs/status.sh %run %t ok 0 0 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* plain int and short accesses: the compilers take them as aligned and
 * call the 4- and 2-byte checks; the addresses given here are not */
__attribute__((noinline)) int rd4(volatile char *p)
{
	return *(volatile int *)p;
}

__attribute__((noinline)) void wr4(volatile char *p)
{
	*(volatile int *)p = 0x01020304;
}

__attribute__((noinline)) int rd2(volatile char *p)
{
	return *(volatile short *)p;
}

__attribute__((noinline)) void wr2(volatile char *p)
{
	*(volatile short *)p = 0x0102;
}

int main(int argc, char **argv)
{
	int n = atoi(argv[2]), off = atoi(argv[3]);
	char *p;
	long sum = 0;

	if (!strcmp(argv[1], "ok")) {
		/* 8-byte object: aligned, unaligned inside the granule;
		 * 16-byte object: spanning its two granules; 6-byte object:
		 * inside the partial granule */
		char *a = malloc(8), *b = malloc(16), *c = malloc(6);
		int i;

		memset(a, 1, 8);
		memset(b, 1, 16);
		memset(c, 1, 6);
		for (i = 0; i <= 4; i++) {
			wr4(a + i);
			sum += rd4(a + i);
		}
		for (i = 0; i <= 6; i++) {
			wr2(a + i);
			sum += rd2(a + i);
		}
		for (i = 5; i <= 7; i++) {
			wr4(b + i);
			sum += rd4(b + i);
		}
		wr2(b + 7);
		sum += rd2(b + 7);
		sum += rd4(c + 2) + rd2(c + 4);
		printf("ok %d\n", sum != 0);
		free(a);
		free(b);
		free(c);
		return 0;
	}
	p = malloc(n);
	memset(p, 0, n);
	if (!strcmp(argv[1], "r4"))
		sum = rd4(p + off);
	if (!strcmp(argv[1], "w4"))
		wr4(p + off);
	if (!strcmp(argv[1], "r2"))
		sum = rd2(p + off);
	if (!strcmp(argv[1], "w2"))
		wr2(p + off);
	printf("%ld %d\n", sum, p[0]);
	free(p);
	return 0;
}

// CHECK: BUG: KASAN: slab-out-of-bounds in {{rd|wr}}[[SIZE]]+0x
// READ-NEXT: Read of size [[SIZE]] at addr {{[0-9a-f]+}} by task
// WRITE-NEXT: Write of size [[SIZE]] at addr {{[0-9a-f]+}} by task
// CHECK: The buggy address is located [[OFF]] bytes inside of
// CHECK-NEXT: {{^}} [[N]]-byte region
// CHECK: STATUS: exit 1

// OK: ok 1
// OK-NEXT: STATUS: exit 0
