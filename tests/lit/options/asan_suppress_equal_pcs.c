// ASan's recovery mode deduplicates reports by pc (suppress_equal_pcs=true, its default; compiler-rt's halt_on_error_suppress_equal_pcs test): with ASAN_OPTIONS=halt_on_error=false, five bad stores at five pcs, each made ten times, are five reports, and the program goes on to exit 0.  ksan always does so: suppress_equal_pcs=false (each access reported) is not implemented, still five reports, and listed as ignored at verbosity=1.
// RUN: %ksan_cc -fsanitize-recover=address -O1 %s -o %t
// RUN: env ASAN_OPTIONS=halt_on_error=false bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=ksan:
// RUN: env ASAN_OPTIONS=halt_on_error=false:suppress_equal_pcs=true bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=ksan:
// RUN: env ASAN_OPTIONS=halt_on_error=false:suppress_equal_pcs=false:verbosity=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefixes=LISTED,CHECK
// RUN: env ASAN_OPTIONS=halt_on_error=true bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=HALT
#include <stdio.h>
#include <ksan/ksan.h>

volatile int ten = 10;

int main(void)
{
	char a[10];
	unsigned i;

	setvbuf(stdout, NULL, _IONBF, 0);
	for (i = 0; i < 10; i++) {
		int k = ten;

		a[k] = 1;
		a[k + 1] = 2;
		a[k + 2] = 3;
		a[k + 3] = 4;
		a[k + 4] = 5;
		__asm__ volatile("" : : "r"(a) : "memory");
	}
	printf("went on: %lu reports\n", ksan_report_count());
	return 0;
}

// LISTED: {{^}}ksan: ASAN_OPTIONS: not implemented, ignored: suppress_equal_pcs{{$}}

// CHECK-COUNT-5: {{^}}BUG: KASAN: stack-out-of-bounds in main
// CHECK-NOT: BUG: KASAN
// CHECK: {{^}}went on: 5 reports{{$}}
// CHECK: {{^}}STATUS: exit 0{{$}}

// HALT: {{^}}BUG: KASAN: stack-out-of-bounds in main
// HALT-NOT: BUG: KASAN
// HALT-NOT: went on
// HALT: {{^}}STATUS: exit 1{{$}}
