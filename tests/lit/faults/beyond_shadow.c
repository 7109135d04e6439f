// A wild pointer just past the top of user space (2^47 + 0x1000: non-canonical, but its shadow byte is canonical and above the shadow range, so the check's shadow load faults with an address, not a general protection fault) is reported as a wild-memory-access of the pointer (inline checks: its granule's range, as for a non-canonical pointer whose shadow is non-canonical too; outline checks: the access itself), read and write; never as an access to the shadow byte; the correct twin is silent.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t read 2>&1 | FileCheck %s --check-prefixes=CHECK,READ
// RUN: bash %S/../Inputs/status.sh %run %t write 2>&1 | FileCheck %s --check-prefixes=CHECK,WRITE
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdint.h>
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) int peek(volatile int *p)
{
	return *p;
}

__attribute__((noinline)) void poke(volatile int *p, int v)
{
	*p = v;
}

int main(int argc, char **argv)
{
	int local = 3;
	volatile uintptr_t bad = (1ull << 47) + 0x1000;
	volatile int *p = strcmp(argv[1], "ok") ? (volatile int *)bad : &local;

	if (!strcmp(argv[1], "write"))
		poke(p, 5);
	printf("value %d\n", peek(p));
	return 0;
}
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NOT: 10007fff8
// READ: {{^}}{{(KASAN: wild-memory-access in range \[0x0000800000001000-0x0000800000001007\]|Read of size 4 at addr 0000800000001000 by task .*)}}{{$}}
// WRITE: {{^}}{{(KASAN: wild-memory-access in range \[0x0000800000001000-0x0000800000001007\]|Write of size 4 at addr 0000800000001000 by task .*)}}{{$}}
// CHECK-NOT: 10007fff8
// CHECK: {{^}}Call Trace:{{$}}
// READ-NEXT: {{^}} peek+0x{{.*}}beyond_shadow.c:12{{$}}
// WRITE-NEXT: {{^}} poke+0x{{.*}}beyond_shadow.c:17{{$}}
// CHECK: STATUS: exit 1{{$}}
// OK: value 3
// OK-NEXT: STATUS: exit 0{{$}}
// Not on aarch64: the address is a tagged or out-of-range pointer there, faulting differently under qemu-user.
// UNSUPPORTED: aarch64
