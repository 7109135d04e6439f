// kmsan_test test_memset16/32/64: memset initialises what it covers, whatever the fill byte and size (2, 4, 8 and 100 bytes), so using it is silent; a heap buffer of which memset covered only the first half is reported when its second half is used, with the allocation as origin.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 half 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 half 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *volatile sink;

__attribute__((noinline)) static void *hide(void *p)
{
	sink = p;
	return sink;
}

__attribute__((noinline)) static void *alloc(size_t n)
{
	return hide(malloc(n));	/* L:alloc */
}

volatile int zeros;

/* a call in the else branch keeps the branch a branch at -O2 (no select) */
__attribute__((noinline)) static void zero_byte(void)
{
	zeros++;
}

__attribute__((noinline)) static unsigned long sum(const unsigned char *p, size_t n)
{
	unsigned long s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])	/* L:use */
			s += p[i];
		else
			zero_byte();
	return s;
}

int main(int argc, char **argv)
{
	uint16_t *p16 = alloc(2);
	uint32_t *p32 = alloc(4);
	uint64_t *p64 = alloc(8);
	unsigned char *big = alloc(100);
	unsigned long total = 0;

	memset(p16, 0x11, 2);
	memset(p32, 0x22, 4);
	memset(p64, 0, 8);
	total += sum((unsigned char *)p16, 2) + sum((unsigned char *)p32, 4) +
		 sum((unsigned char *)p64, 8);
	memset(big, 1, strcmp(argv[1], "half") ? 100 : 50);
	total += sum(big, 100);	/* L:half */
	printf("total %lu\n", total);
	return 0;
}

// CHECK: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KMSAN: uninit-value in sum+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} sum+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memset.c:40{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memset.c:61{{$}}
// CHECK: {{^}}Uninit was created at:{{$}}
// CHECK-NEXT: {{^}} malloc{{$}}
// CHECK-NEXT: {{^}} alloc+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_memset.c:23{{$}}
// CHECK-NEXT: {{^}} main+
// CHECK-NOT: total
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}total 270{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
