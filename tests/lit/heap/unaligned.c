// An unaligned 8-byte load straddling the last valid granule and the red zone (bytes 92..99 of a 97-byte object).  Outline checks test both granules and report it; the compilers' inline check tests only the first granule and misses it (documented in docs/kasan.md), hence outline only.
// REQUIRES: outline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t 92 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t 89 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;

__attribute__((noinline)) uint64_t load8(const char *p)
{
	return *(const uint64_t *)p;
}

int main(int argc, char **argv)
{
	char *p = sink = malloc(97);

	memset(p, 1, 97);
	printf("%llx\n", (unsigned long long)load8(p + atoi(argv[1])));
	free(p);
	return 0;
}

// CHECK: {{^}}BUG: KASAN: slab-out-of-bounds in load8+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}Read of size 8 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task
// CHECK: load8+0x{{.*}}unaligned.c:15
// CHECK: The buggy address belongs to the object at [[START:0x[0-9a-f]+]]
// CHECK-NEXT: which belongs to the cache kmalloc-128 of size 128
// CHECK-NEXT: The buggy address is located 92 bytes inside of
// CHECK-NEXT: 97-byte region {{\[}}[[START]],
// CHECK: {{^}}>0x{{[0-9a-f]+}}:{{.*}} 01 fc
// CHECK: STATUS: exit 1{{$}}

// OK: 101010101010101
// OK-NEXT: STATUS: exit 0{{$}}
