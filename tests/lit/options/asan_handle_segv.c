// ASAN_OPTIONS=handle_segv takes ASan's values: 0 (and false) leaves the fault to the system, 1 and 2 (ASan's "and keep the program's own handler out", ksan's 1) report it; KSAN_OPTIONS=handle_segv=1 wins over ASAN_OPTIONS=handle_segv=0.  Inline only, as handle_segv.c.
// REQUIRES: inline
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env ASAN_OPTIONS=handle_segv=0 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: env ASAN_OPTIONS=handle_segv=false bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: env KSAN_OPTIONS=handle_segv=0 ASAN_OPTIONS=handle_segv=2 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=KASAN
// RUN: env ASAN_OPTIONS=handle_segv=0 KSAN_OPTIONS=handle_segv=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s
// RUN: env KSAN_OPTIONS=handle_segv=0:verbosity=1 ASAN_OPTIONS=handle_segv=3 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefixes=BAD,OFF --implicit-check-not=KASAN
// RUN: %ksan_cc -O1 -DHOOK %s -o %t.hook
// RUN: env ASAN_OPTIONS=handle_segv=2 bash %S/../Inputs/status.sh %run %t.hook 2>&1 | FileCheck %s
// RUN: env ASAN_OPTIONS=handle_segv=1 bash %S/../Inputs/status.sh %run %t.hook 2>&1 | FileCheck %s
#include <stdint.h>

#ifdef HOOK
const char *__asan_default_options(void)
{
	return "handle_segv=0";
}
#endif

volatile uintptr_t addr = 64;

int main(void)
{
	return *(int *)addr;
}

// BAD: {{^}}ksan: ASAN_OPTIONS: bad value for option 'handle_segv': '3' (accepted: 0, 1, true, false, yes or no); ignored{{$}}

// OFF: STATUS: signal SIGSEGV{{$}}

// CHECK: BUG: KASAN: null-ptr-deref in main
// CHECK: STATUS: exit 1{{$}}
