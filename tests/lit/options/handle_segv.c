// handle_segv=0 leaves faults to the system (plain SIGSEGV, no report); the default reports null-ptr-deref.
// Inline checks let a NULL access reach the hardware; outline checks report
// addresses below 4096 themselves, before any fault, so this is inline only.
// REQUIRES: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=handle_segv=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
#include <stdint.h>

volatile uintptr_t addr = 64;

int main(void)
{
	return *(int *)addr;
}

// OFF: STATUS: signal SIGSEGV{{$}}

// CHECK: BUG: KASAN: null-ptr-deref in main
// CHECK: STATUS: exit 1{{$}}
