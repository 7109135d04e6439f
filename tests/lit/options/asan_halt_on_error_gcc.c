// GCC's own recovery tests (gcc/testsuite/c-c++-common/asan/halt_on_error-1.c and -2.c), as GCC runs them: built with -fsanitize-recover=address, ASAN_OPTIONS=halt_on_error=false gives the four reports (the memset's write of 11 bytes, then the read, write and read of x[10], each at its own pc) and exit 0; halt_on_error=true stops after the first with a failure.  In the asan layout (their dg-output lines) and the kasan one, at -O0 and -O2.
// RUN: %ksan_cc -fsanitize-recover=address -O0 -g %s -o %t.O0
// RUN: %ksan_cc -fsanitize-recover=address -O2 -g %s -o %t.O2
// RUN: env ASAN_OPTIONS=halt_on_error=false KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t.O0 2>&1 | FileCheck %s --check-prefix=RECOVER
// RUN: env ASAN_OPTIONS=halt_on_error=false KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t.O2 2>&1 | FileCheck %s --check-prefix=RECOVER
// RUN: env ASAN_OPTIONS=halt_on_error=false bash %S/../Inputs/status.sh %run %t.O2 2>&1 | FileCheck %s --check-prefix=KASAN
// RUN: env ASAN_OPTIONS=halt_on_error=true KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t.O0 2>&1 | FileCheck %s --check-prefix=HALT
// RUN: env ASAN_OPTIONS=halt_on_error=true KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t.O2 2>&1 | FileCheck %s --check-prefix=HALT
#include <string.h>

volatile int ten = 10;

int main(void)
{
	char x[10];

	memset(x, 0, ten + 1);
	__asm__ volatile("" : : : "memory");
	volatile int res = x[ten];
	x[ten] = res + 3;
	res = x[ten];
	return 0;
}

// RECOVER: {{^}}WRITE of size 11 at 0x{{[0-9a-f]+}} thread T0
// RECOVER: {{^}}READ of size 1 at 0x{{[0-9a-f]+}} thread T0
// RECOVER: {{^}}WRITE of size 1 at 0x{{[0-9a-f]+}} thread T0
// RECOVER: {{^}}READ of size 1 at 0x{{[0-9a-f]+}} thread T0
// RECOVER-NOT: of size
// RECOVER: {{^}}STATUS: exit 0{{$}}

// KASAN: {{^}}Write of size 11 at addr
// KASAN: {{^}}Read of size 1 at addr
// KASAN: {{^}}Write of size 1 at addr
// KASAN: {{^}}Read of size 1 at addr
// KASAN-NOT: of size
// KASAN: {{^}}STATUS: exit 0{{$}}

// HALT: {{^}}WRITE of size 11 at 0x{{[0-9a-f]+}} thread T0
// HALT-NOT: of size 1
// HALT: {{^}}STATUS: exit 1{{$}}
