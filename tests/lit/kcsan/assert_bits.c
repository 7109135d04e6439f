// kcsan_test test_assert_exclusive_bits_change / _nochange: KSAN_ASSERT_EXCLUSIVE_BITS(flags, mask) fires when another thread changes one of the masked bits (with marked accesses: "write (marked)"; the report shows which bits changed under which mask), and stays silent when the other thread changes only bits outside the mask; the plain read that follows the assertion is treated as marked, so it does not race with those writes either.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t change 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t nochange 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

#define CHANGE_BITS 0xff00UL

unsigned long flags = 0x12345678;
volatile unsigned long sink;

kc_noinline void bits_change(long i)
{
	KSAN_ASSERT_EXCLUSIVE_BITS(flags, CHANGE_BITS);	/* L:change */
	sink = flags & ~CHANGE_BITS;
}

kc_noinline void bits_nochange(long i)
{
	KSAN_ASSERT_EXCLUSIVE_BITS(flags, ~CHANGE_BITS);
	sink = flags & ~CHANGE_BITS;
}

/* the kernel's WRITE_ONCE(v, READ_ONCE(v) ^ bits) */
kc_noinline void change_bits(long i)
{
	*(volatile unsigned long *)&flags = *(volatile unsigned long *)&flags ^ CHANGE_BITS;	/* L:flip */
}

int main(int argc, char **argv)
{
	kc_setup();
	printf("flags at %p\n", (void *)&flags);
	if (!strcmp(argv[1], "change"))
		kc_race(bits_change, change_bits, 4000, 1);
	else
		kc_race(bits_nochange, change_bits, 300, 0);
	printf("done\n");
	return 0;
}

// CHECK: {{^}}flags at 0x[[F:[0-9a-f]+]]{{$}}
// CHECK: {{^}}BUG: KCSAN: assert: race in bits_change / change_bits{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}write (marked) to 0x[[F]] of 8 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} change_bits+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}assert_bits.c:27{{$}}
// CHECK: {{^}}assert no writes to 0x[[F]] of 8 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// CHECK-NEXT: {{^}} bits_change+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}assert_bits.c:14{{$}}
// CHECK: {{^}}value changed: 0x{{0*}}1234{{56|a9}}78 -> 0x{{0*}}1234{{56|a9}}78{{$}}
// CHECK-NEXT: {{^}} bits changed: 0x{{0*}}ff00 with mask 0x{{0*}}ff00{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// CHECK: {{^}}done{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}flags at 0x{{[0-9a-f]+}}{{$}}
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
