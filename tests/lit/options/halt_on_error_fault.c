// With halt_on_error=0, a NULL or wild access still ends the process after ONE report (docs/report-format.md: faults always end the process).
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t null 2>&1 | FileCheck %s -DTYPE=null-ptr-deref
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %run %t wild 2>&1 | FileCheck %s -DTYPE=wild-memory-access
#include <stdio.h>
#include <stdint.h>
#include <string.h>

__attribute__((noinline)) void store(long *p)
{
	*p = 1;
}

int main(int argc, char **argv)
{
#if defined(__aarch64__)
	/* top-byte-ignore would drop a 0x41 top byte (and qemu-user reports
	 * such a fault at address 0): an unmapped 48-bit address instead */
	volatile uintptr_t a = !strcmp(argv[1], "null") ? 16 : 0x7e0000000000ull;
#else
	volatile uintptr_t a = !strcmp(argv[1], "null") ? 16 : 0x4141414141414141ull;
#endif

	store((long *)a);
	printf("not reached\n");
	return 0;
}

// CHECK: {{^}}{{(BUG: )?}}KASAN: [[TYPE]] in {{(store\+0x[0-9a-f]+/0x[0-9a-f]+|range \[0x[0-9a-f]+-0x[0-9a-f]+\])$}}
// CHECK: {{^}}=================================================================={{$}}
// CHECK-NEXT: STATUS: exit 1{{$}}
